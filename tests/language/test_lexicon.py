"""The FreeDict French-English dictionaries (language/lexicon.py): reading dictd databases, the
missing-data notice, and translations by lemma with the precision rules (one word in each
language, an English "-ing"/"-ed" word reaching its lemma only for a French verb)."""

from __future__ import annotations

import gzip
from collections.abc import Iterator
from pathlib import Path

import pytest

from language import lexicon
from language.equivalence import judge
from language.readings import words_match

BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


def _number(value: int) -> str:
    """A dictd index number: base 64 digits, most significant first."""
    digits = ""
    while True:
        value, rest = divmod(value, 64)
        digits = BASE64[rest] + digits
        if not value:
            return digits


def _database(directory: Path, name: str, entries: dict[str, str]) -> None:
    """A dictd database as dictfmt writes one: the header entries, then the words."""
    body, index = b"", []
    for headword, text in {"00databaseinfo": "a test database\n", **entries}.items():
        data = text.encode()
        index.append(f"{headword}\t{_number(len(body))}\t{_number(len(data))}")
        body += data
    (directory / f"{name}.index").write_text("\n".join(index) + "\n", encoding="utf-8")
    (directory / f"{name}.dict.dz").write_bytes(gzip.compress(body))


@pytest.fixture
def own_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The dictionaries read from ``tmp_path`` for one test, then from the system again."""
    monkeypatch.setattr(lexicon, "DICTD_DIRECTORY", tmp_path)
    lexicon.forget()
    words_match.cache_clear()  # it caches what the dictionaries said
    yield tmp_path
    lexicon.forget()
    words_match.cache_clear()


def test_a_dictd_database_is_read_entry_by_entry(own_directory: Path) -> None:
    _database(
        own_directory,
        "freedict-fra-eng",
        {
            "batteur": "batteur /batœʀ/ <n, masc>\n1. drummer\n2.  [cul] whisk\n",
            "moquette": "moquette /mɔkɛt/ <n, fem>\n(fitted) carpet, wall-to-wall carpet\n",
            "falloir": 'falloir /falwaʀ/ <v>\nbe necessary\n      "Il faut que"\n',
        },
    )
    read = list(lexicon.entries(own_directory, "freedict-fra-eng"))
    assert read == [
        ("batteur", "n, masc", ["drummer", "whisk"]),
        ("moquette", "n, fem", ["carpet", "wall-to-wall carpet"]),
        ("falloir", "v", ["be necessary"]),
    ]


def test_single_words_translate_both_ways_by_lemma(own_directory: Path) -> None:
    _database(own_directory, "freedict-fra-eng", {"tambour": "tambour <n, masc>\ndrum\n"})
    _database(own_directory, "freedict-eng-fra", {"drum": "drum /drʌm/\ntambour\n"})
    assert lexicon.missing_notice() is None
    assert lexicon.translates("tambours", "drums")  # a plural reaches its lemma on both sides
    assert not lexicon.translates("drums", "tambours")  # the French word comes first


def test_either_dictionary_translates_a_word_of_french_alone(own_directory: Path) -> None:
    """The English-French database is small and partial ("bag", "supplier" have no entry, "delivery"
    gives "remise" but not "livraison"): for a word of French alone either dictionary's
    translation counts (2026-11-28, evening: "sac" / "bag" were two words)."""
    _database(
        own_directory,
        "freedict-fra-eng",
        {"sac": "sac <n, masc>\nbag, sack\n", "tambour": "tambour <n, masc>\ndrum\n"},
    )
    _database(
        own_directory,
        "freedict-eng-fra",
        {"sack": "sack\nlicencier\n", "drum": "drum\ntambour\n", "lorry": "lorry\ncamion\n"},
    )
    assert lexicon.translates("sac", "bag")  # no "bag" in the English-French database
    assert lexicon.translates("sac", "sack")  # "sack" there says "licencier", but "sac" says "sack"
    assert lexicon.translates("camion", "lorry")  # no "camion" in the French-English one
    assert not lexicon.translates("sac", "drum")
    assert lexicon.translatable("bag") and lexicon.translatable("lorry")


def test_a_french_word_english_writes_too_translates_where_both_dictionaries_agree(
    own_directory: Path,
) -> None:
    """ "pain", "boutique" are English words too: one dictionary alone does not make them French
    words' translations, both agreeing does ("Tobias adore le pain de seigle" / "Tobias loves rye
    bread", the fourth duplicate set's dev half, 2026-11-28, evening)."""
    _database(
        own_directory,
        "freedict-fra-eng",
        {"pain": "pain <n, masc>\nbread\n", "boutique": "boutique <n, fem>\nshop\n"},
    )
    _database(own_directory, "freedict-eng-fra", {"bread": "bread\npain\n"})
    assert lexicon.translates("pain", "bread")
    assert not lexicon.translates("boutique", "shop")  # the French-English entry alone


def test_a_word_french_writes_with_an_accent_is_french_once_folded(own_directory: Path) -> None:
    """Folded, "clé" is "cle", which wordfreq reads as neither language; English writes no accents,
    so it is a word of French alone and either dictionary translates it (probe conversation of a
    bike workshop, "qui a la clé du dépôt ?" / "who's got the key to the dépôt?"; the fifth answer
    set's dev half, "the key of the Loutre is in the till drawer")."""
    _database(
        own_directory, "freedict-fra-eng", {"clé": "clé <n, fem>\nkey\n", "pain": "pain <n, masc>\nbread\n"}
    )
    _database(own_directory, "freedict-eng-fra", {"key": "key\nclef\n"})
    assert lexicon.translates("cle", "key")
    assert not lexicon.translates("pain", "bread")  # no accent: English writes "pain" too


def test_without_the_dictionaries_nothing_translates_and_a_line_says_how_to_install_them(
    own_directory: Path,
) -> None:
    notice = lexicon.missing_notice()
    assert notice is not None and "apt-get install dict-freedict-fra-eng dict-freedict-eng-fra" in notice
    assert lexicon.load() is lexicon.EMPTY
    assert not lexicon.translates("equipe", "team")
    assert not words_match("equipe", "team")  # the rules match words as without the dictionary


@pytest.fixture
def installed() -> None:
    """The Debian packages, as scripts/install.sh and the Dockerfile install them."""
    assert lexicon.missing_notice() is None, lexicon.missing_notice()


@pytest.mark.usefixtures("installed")
def test_installed_dictionaries_translate_words_by_their_lemmas() -> None:
    assert lexicon.translates("equipe", "team")  # folded, as the rules write words
    assert lexicon.translates("maintenu", "maintained")  # maintenir ↔ maintain
    assert lexicon.translates("ecrit", "written")  # simplemma reads "écrit" as a noun, "écrite" as écrire
    assert lexicon.translates("repare", "fixed")  # simplemma's lemma of "fixed" is "fixe"
    assert lexicon.translates("ans", "years")  # an ↔ year
    assert words_match("etage", "floor") and words_match("floor", "etage")
    assert not words_match("aime", "hates") and not words_match("travaille", "interview")


@pytest.mark.usefixtures("installed")
def test_an_english_ing_or_ed_word_reaches_its_lemma_only_for_a_french_verb() -> None:
    # "accord" (a noun: agreement, accord) is no translation of the verb "according" (accord).
    assert lexicon.translates("accord", "agreement")
    assert not lexicon.translates("accord", "according")
    assert lexicon.translates("maintenu", "maintained")  # the verb maintenir does reach "maintain"


@pytest.mark.usefixtures("installed")
def test_only_a_french_word_and_an_english_word_translate() -> None:
    # "poste" → "mail, post": but "mail" is as much French as English (wordfreq): not a translation.
    assert not lexicon.translates("poste", "mail")
    # of no clear language but a form of a French word: "cree" (créé; also the English "Cree")
    assert lexicon.translates("cree", "created")
    assert lexicon.translatable("cree")


@pytest.mark.usefixtures("installed")
def test_a_fact_and_its_translation_are_one_fact_and_opposites_stay_apart() -> None:
    same = [
        ("La salle Kili est au 2e étage", "The Kili room is on the 2nd floor", "salle Kili"),
        ("L'équipe de Zoé se réunit le matin", "Zoé's team meets in the morning", "Zoé"),
        ("Zoé a 40 ans", "Zoé is 40 years old", "Zoé"),
    ]
    for french, english, about in same:
        assert judge("fact", french, english, about, about) == "same", (french, english)
    apart = [
        ("La salle Kili est au 2e étage", "The Kili room is on the 4th floor", "salle Kili"),
        ("Zoé aime le jazz", "Zoé hates jazz", "Zoé"),
        ("Zoé travaille chez Doctolib", "Zoé had an interview at Doctolib", "Zoé"),
        ("La machine à café est cassée", "The coffee machine is repaired", "machine à café"),
    ]
    for french, english, about in apart:
        assert judge("fact", french, english, about, about) != "same", (french, english)


def test_verbs_of_opposite_directions_are_two_events_of_one_date() -> None:
    verdict = judge("fact", "Zoé arrive chez Doctolib en mars", "Zoé part de Doctolib en mars", "Zoé", "Zoé")
    assert verdict != "same"
    # Beginning is on the side of arriving, leaving on the side of ending (one aspect, two sides).
    verdict = judge("fact", "Zoé commence chez Doctolib en mars", "Zoé quitte Doctolib en mars", "Zoé", "Zoé")
    assert verdict != "same"
    verdict = judge("fact", "Zoé starts at Doctolib in March", "Zoé leaves Doctolib in March", "Zoé", "Zoé")
    assert verdict != "same"


def test_simplemmas_french_forms_are_read_as_its_stream_with_every_pair_of_its_dictionary() -> None:
    # language/lexicon.py reads the front-coded stream simplemma's low-memory mode reads (55 MB less
    # at peak than its default dict); the pairs must be the dict's, every one of them.
    from simplemma.strategies import DefaultDictionaryFactory

    streamed = dict(lexicon._simplemma_french())
    assert streamed == dict(DefaultDictionaryFactory().get_dictionary("fr").items())
    assert len(streamed) > 200_000
