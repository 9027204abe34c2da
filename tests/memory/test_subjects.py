"""The same words about two different people are two records: merges never cross subjects."""

from __future__ import annotations

import pytest

from language.curiosity import read_curiosity
from language.equivalence import Attribution, is_equivalent, is_first_person, judge, subject_veto
from memory import Memory, NewRecord
from memory.records import Kind
from tests.memory.legacy import raw_copy

# (kind, text, (about, author) of the first write, (about, author) of the second)
DIFFERENT_SUBJECTS: list[tuple[Kind, str, tuple[str | None, str], tuple[str | None, str]]] = [
    ("fact", "Il habite à Lyon", ("Simon", "Alice"), ("Zoé", "Bob")),
    ("fact", "Sa mère est infirmière", ("David", "Alice"), ("Nadia", "Bob")),
    ("goal", "Il travaille où ?", ("Simon", "Alice"), ("Corentin", "Bob")),
    ("fact", "J'ai deux enfants", (None, "Alice"), (None, "Bob")),
    ("fact", "My dog is called Rex", (None, "Alice"), (None, "Bob")),
    ("goal", "Où est-ce que j'ai garé ma voiture ?", (None, "Alice"), (None, "Bob")),
]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("J'ai deux enfants", True),
        ("Je bosse chez lemapp", True),
        ("Ma sœur vit à Nantes", True),
        ("On a livré, nous aussi", True),
        ("I'm a vegetarian", True),
        ("My dog is called Rex", True),
        ("We ship on Fridays", True),
        ("Il habite à Lyon", False),
        ("Mickael est CTO chez lemapp", False),
        ("La salle fait 5 m de long", False),  # a lone "m" is not "m'"
        ("Simon likes coffee", False),
    ],
)
def test_first_person_texts_are_recognised(text: str, expected: bool) -> None:
    assert is_first_person(text) is expected


def test_the_subject_decides_before_the_words() -> None:
    simon, zoe = Attribution("Simon", "Alice"), Attribution("Zoé", "Bob")
    assert not is_equivalent("fact", "Il habite à Lyon", "Il habite à Lyon", 1.0, simon, zoe)
    # Names are compared without case or accents.
    assert is_equivalent("fact", "Il habite à Lyon", "Il habite à Lyon", 1.0, Attribution("zoe"), zoe)
    # One side with no subject: the text checks decide, as before.
    assert is_equivalent("fact", "Il habite à Lyon", "Il habite à Lyon", 1.0, Attribution(None, "Bob"), simon)
    alice, bob = Attribution(None, "Alice"), Attribution(None, "Bob")
    assert subject_veto("fact", "J'ai deux enfants", alice, "J'ai deux enfants", bob) == "speaker"
    assert (
        subject_veto("fact", "J'ai deux enfants", alice, "J'ai deux enfants", Attribution(None, "alice"))
        is None
    )
    assert subject_veto("fact", "Il a deux enfants", alice, "Il a deux enfants", bob) is None
    # A self record speaks as Eko whoever wrote it down.
    assert subject_veto("self", "Je peux résumer le Lobby", alice, "Je peux résumer le Lobby", bob) is None


@pytest.mark.parametrize(("kind", "text", "first", "second"), DIFFERENT_SUBJECTS)
async def test_add_keeps_records_about_different_subjects_apart(
    memory: Memory, kind: Kind, text: str, first: tuple[str | None, str], second: tuple[str | None, str]
) -> None:
    one = await memory.add(kind, text, about=first[0], author=first[1])
    two = await memory.add(kind, text, about=second[0], author=second[1])
    assert (one.status, two.status) == ("added", "added")
    assert (await memory.get(one.id)).authors == [first[1]]
    stored = await memory.get(two.id)
    assert (stored.about, stored.author, stored.authors) == (second[0], second[1], [second[1]])
    # Each record still absorbs its own subject's repeats.
    again = await memory.add(kind, text, about=second[0], author=second[1])
    assert again.status == "merged" and again.id == two.id


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("C'est quoi l'url du staging ?", "staging URL?"),
        ("Quel est le rôle de soraya dans l'équipe ?", "What's Soraya's role?"),
        ("On utilise quoi pour la compta ?", "C'est quoi l'outil qu'on utilise pour la compta ?"),
    ],
)
async def test_two_readings_of_one_goals_subject_merge(memory: Memory, first: str, second: str) -> None:
    """A goal's ``about`` is read from its own text (bot/answer.py ``_curiosity``): two paraphrases
    read two spellings of one subject ("staging" / "URL"), and the texts decide, not the spellings."""
    one, two = read_curiosity(first), read_curiosity(second)
    assert one is not None and two is not None and one.subject != two.subject
    stored = await memory.add("goal", first, about=one.subject, author="Alice", facet=one.facet)
    again = await memory.add("goal", second, about=two.subject, author="Bob", facet=two.facet)
    assert (again.status, again.id) == ("merged", stored.id)
    assert await memory.count("goal") == 1


def test_a_relative_of_a_goals_subject_is_another_subject() -> None:
    """The texts speak of each other's subject ("Paul"), but one asks about his sister: different,
    not a pair for the model to judge."""
    assert (
        judge("goal", "Où habite Paul ?", "Où habite la sœur de Paul ?", "Paul", "sœur de Paul")
        == "different"
    )
    assert judge("goal", "C'est quoi l'url du staging ?", "staging URL?", "staging", "URL") == "same"


async def test_add_many_keeps_subjects_apart_within_a_batch_and_against_stored(memory: Memory) -> None:
    stored = await memory.add("fact", "Il habite à Lyon", about="Simon", author="Alice")
    results = await memory.add_many(
        [
            NewRecord("fact", "Il habite à Lyon", about="Zoé", author="Bob"),
            NewRecord("fact", "Il habite à Lyon", about="ZOE", author="Carl"),
            NewRecord("fact", "Il habite à Lyon", about="simon", author="Dan"),
            NewRecord("fact", "J'ai deux enfants", author="Alice"),
            NewRecord("fact", "J'ai deux enfants", author="Bob"),
            NewRecord("fact", "J'ai deux enfants", author="Bob"),
        ]
    )
    assert [r.status for r in results] == ["added", "merged", "merged", "added", "added", "merged"]
    assert results[1].id == results[0].id and results[2].id == stored.id
    assert results[5].id == results[4].id
    assert (await memory.get(results[0].id)).authors == ["Bob", "Carl"]
    assert (await memory.get(stored.id)).authors == ["Alice", "Dan"]
    assert await memory.count("fact") == 4


async def test_find_duplicates_and_merge_never_cross_subjects(memory: Memory) -> None:
    simon = await memory.add("fact", "Il habite à Lyon", about="Simon", author="Alice")
    zoe = await raw_copy(memory, simon.id, author="Bob", about="Zoé")
    twin = await raw_copy(memory, simon.id, author="Carl")
    # The copy about Simon is a duplicate; the one about Zoé is another fact.
    clusters = await memory.find_duplicates("fact")
    assert [sorted(r.id for r in cluster) for cluster in clusters] == [sorted([simon.id, twin])]
    with pytest.raises(ValueError, match="different subjects"):
        await memory.merge([await memory.get(simon.id), await memory.get(zoe)])
    assert await memory.count("fact") == 3
