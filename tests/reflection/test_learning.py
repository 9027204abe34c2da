"""reflection.learning: offline extraction (language.names rules) and the learn() report, on real memory."""

from __future__ import annotations

from typing import Any

import pytest

from language.names import find_unknown_names, self_statement
from reflection.learning import LearnedItem, learn, offline_extract


def _messages(*pairs: tuple[str, str]) -> list[dict[str, Any]]:
    return [
        {"id": f"m{i}", "room": "lobby", "author": author, "text": text, "ts": f"2026-11-23T10:00:{i:02d}Z"}
        for i, (author, text) in enumerate(pairs)
    ]


def test_unknown_names_become_curiosities_in_french() -> None:
    items = offline_extract(
        _messages(
            ("David", "je vais bosser sur Kraken FM cet aprèm"),
            ("Mickael", "Corentin a mergé un truc de ouf sur lemapp"),
            ("David", "Bonjour Mickael ! Demain on en parle avec David."),
            ("Eko", "Qui est Zorglub ?"),
        ),
        bot_name="Eko",
        known_names={"Mickael"},
    )
    assert [(i.kind, i.text, i.about, i.author) for i in items] == [
        ("goal", "C'est quoi Kraken FM ?", "Kraken FM", "David"),
        ("goal", "Qui est Corentin ?", "Corentin", "Mickael"),
    ]
    assert items[0].source == {"room": "lobby", "message_id": "m0"}


def test_unknown_names_in_english() -> None:
    items = offline_extract(
        _messages(("alice", "I'll work on the Kraken FM app with Simon today")),
        bot_name="Eko",
        known_names=set(),
        language="en",
    )
    assert [i.text for i in items] == ["What is Kraken FM?", "Who is Simon?"]


def test_known_names_sentence_starters_and_repeats_are_skipped() -> None:
    assert find_unknown_names("Demain, Mickael et Éko vont voir Corentin.", {"mickael"}) == [
        find_unknown_names("voir Corentin")[0]
    ]
    items = offline_extract(
        _messages(("a", "Simon est là ?"), ("b", "oui avec Simon")), bot_name="Eko", known_names=set()
    )
    assert [i.text for i in items] == ["Qui est Simon ?"]


def test_places_and_possessives_are_no_one_to_ask_about_and_employers_are_things() -> None:
    def found(text: str, language: Any = "fr") -> list[tuple[str, bool]]:
        return [(m.name, m.is_person) for m in find_unknown_names(text, {"dmitri"}, language)]

    assert found("I'm in Bristol, near the harbour", "en") == []
    assert found("what's Dmitri's favourite film?", "en") == []  # Dmitri, whom the Lobby knows
    assert found("j'habite à Lyon avec Corentin") == [("Corentin", True)]
    assert found("il vient d'Angers, on part en Islande") == []
    assert found("demande à Paul") == [("Paul", True)]  # "à" without a verb of place
    assert found("je bosse chez Qonto") == [("Qonto", False)]
    assert found("Camille works at Qonto", "en") == [("Camille", True), ("Qonto", False)]
    assert found("je déjeune chez Paul") == [("Paul", True)]


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        ("Eko, tu es le bot de l'équipe", "fr", "Eko est le bot de l'équipe"),
        ("@eko tu peux répondre en anglais aussi", "fr", "Eko peut répondre en anglais aussi"),
        ("t'es trop fort Éko !", "fr", "Eko est trop fort"),
        ("Eko, tu es là ?", "fr", None),
        ("Mickael, tu es le CTO", "fr", None),
        ("Eko, you are the team's bot", "en", "Eko is the team's bot"),
    ],
)
def test_self_statements(text: str, language: Any, expected: str | None) -> None:
    assert self_statement(text, "Eko", language) == expected


def test_self_statement_is_extracted_for_self() -> None:
    items = offline_extract(_messages(("David", "Eko, tu es le bot de l'équipe")), "Eko", set())
    assert items == [
        LearnedItem(
            "self",
            "Eko est le bot de l'équipe",
            about="Eko",
            author="David",
            source={"room": "lobby", "message_id": "m0"},
        )
    ]


async def test_learn_counts_learned_merged_and_failed(memory: Any) -> None:
    items = [
        LearnedItem("goal", "Qui est Corentin ?", about="Corentin", author="David"),
        LearnedItem("goal", "Qui est Corentin ?", about="Corentin", author="Mickael"),
        LearnedItem("fact", "Corentin est dev chez lemlist", about="Corentin", author="David"),
    ]
    report = await learn(memory, items)
    assert report.as_dict() == {"learned": 2, "merged": 1, "failed": 0}
    again = await learn(memory, items[:1])
    assert again.as_dict() == {"learned": 0, "merged": 1, "failed": 0}


async def test_learn_reports_a_bad_item_without_losing_the_others(memory: Any) -> None:
    items = [
        LearnedItem("fact", "Simon est designer", about="Simon", author="David"),
        LearnedItem("fact", "   ", author="David"),  # empty text: refused by memory
    ]
    report = await learn(memory, items)
    assert report.as_dict() == {"learned": 1, "merged": 0, "failed": 1}
    assert [r.record.text for r in await memory.search("fact", "Simon designer")][:1] == [
        "Simon est designer"
    ]
