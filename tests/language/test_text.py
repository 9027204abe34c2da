"""Folding: one result whichever path (ASCII shortcut or per character) computes it."""

from __future__ import annotations

import pytest

from language.text import (
    chat_folded,
    fold,
    fold_with_map,
    former_state,
    is_infinitive,
    is_verb_form,
    word_key,
)


def test_folding_takes_the_same_result_on_its_ascii_shortcut() -> None:
    for text in ["Eko, c'est QUI Kraken ?", "l'équipe de Zoé", "ÉKO", "straße ﬁn", ""]:
        assert fold(text) == fold(text + "é")[:-1]  # the second one takes the per-character path
        folded, index = fold_with_map(text)
        slow, slow_index = fold_with_map(text + "é")
        assert (folded, index) == (slow[:-1], slow_index[:-1])
    assert fold("Eko, c'est QUI ?") == "eko, c'est qui ?"
    assert fold_with_map("AbC") == ("abc", [0, 1, 2])


def test_ligatures_fold_to_their_two_letters() -> None:
    # the word lists (language/concepts.py) write "soeur", people write "sœur" as often
    assert fold("Sœur, cœur, Æsop") == "soeur, coeur, aesop"
    assert fold_with_map("sœur") == ("soeur", [0, 1, 1, 2, 3])


def test_folding_a_whole_text_at_once_is_folding_it_character_by_character() -> None:
    """``fold`` decomposes the whole text in one pass, ``fold_with_map`` one character at a time:
    combining marks (reordered by a whole-text decomposition) are dropped, ligatures and compatibility
    forms split, case folded per character — the same text either way."""
    samples = [
        "l'équipe de Zoé à Besançon",
        "e\u0301\u0327 c\u0327\u0301 a\u0345\u0301",  # marks in non-canonical order
        "straße ﬁn ǅ ŉ",
        "İstanbul ΣΑΣ ὒ ᾳ",
        "한국어 각",
        "①²³ ㎏ ｆｕｌｌ",
        "Å Å ẛ̣",
    ]
    samples += [chr(code) for code in range(0x80, 0x3000)]
    for text in samples:
        assert fold(text) == fold_with_map(text)[0], repr(text)


@pytest.mark.parametrize(
    ("text", "former"),
    [
        # the perfect of a state: the state is over
        ("Léa a travaillé chez Criteo", True),
        ("Léa a longtemps habité à Lyon", True),
        ("Léa a été CTO chez Criteo", True),
        ("Tom lived in Leeds", True),
        ("Léa was CTO at Qonto", True),
        ("Lynx had 500 users", True),
        ("where did Odile work?", True),
        # still going on, or an event told in the perfect
        ("Léa a toujours habité à Lyon", False),
        ("Tom has lived in Leeds for years", False),
        ("Léa est arrivée lundi", False),
        ("Caribou a été codé par Léa", False),  # simplemma reads "codé" as an adjective
        ("Anémone a été créée par Ambroise", False),
        ("Lynx was created by Léa", False),
        ("where was Léa born?", False),
        ("when did Odile start?", False),
        ("Léa travaille chez Criteo", False),
    ],
)
def test_the_perfect_of_a_state_is_a_former_state(text: str, former: bool) -> None:
    assert former_state(text) is former


def test_a_folded_feminine_participle_shares_its_masculine_s_key() -> None:
    assert word_key("telechargee") == word_key("telecharge") == word_key("telechargements")
    assert word_key("installees") == word_key("installe")


def test_an_infinitive_is_a_lowercase_dictionary_verb_in_its_own_form() -> None:
    assert is_infinitive("manger") and is_infinitive("arriver") and is_infinitive("lire")
    assert not is_infinitive("mange")  # inflected
    assert not is_infinitive("Angers")  # a town
    assert not is_infinitive("gazelle")  # no verb's ending


def test_a_code_with_digits_is_no_verb() -> None:
    """simplemma reads "7730-a" as a form of "7730-avoir": the fact written from an answer to "la
    7730-A elle est usinée dans quel alu ?" read "Alu de la 7730-A 7075 T7351…", the heading taken
    for a clause (probe conversation of a machining shop)."""
    assert not is_verb_form("7730-a")
    assert not is_verb_form("4521-b")
    assert is_verb_form("arrivé") and is_verb_form("ouvre")


def test_weekdays_and_months_as_chat_abbreviates_them() -> None:
    from language.text import CALENDAR

    assert CALENDAR["tues"] == CALENDAR["tuesday"] == CALENDAR["mardi"]
    assert CALENDAR["dec"] == CALENDAR["decembre"]
    assert not {"sept", "mar", "sat", "sun", "mon", "jan"} & set(CALENDAR)  # each another word too


@pytest.mark.parametrize(
    ("written", "read"),
    [
        # Maghrebi Arabic as French chat writes it: its interrogatives and its thanks (probe
        # conversations of a software company in Tunis)
        ("Eko, chkoun el PO ?", "eko, qui el po ?"),
        ("9addech el TJM ?", "combien el tjm ?"),
        ("Eko ya3tik esse77a", "eko merci"),
        # its "where" before its article, not the English verb
        ("Eko, win el bureau ?", "eko, ou el bureau ?"),
        ("did we win the deal?", "did we win the deal?"),
        ("Win rate is 30%", "win rate is 30%"),
        # the "c'est" of Picard and ch'ti, and "cbien" (probe conversations of a hair salon)
        ("Eko, ch'est combien ?", "eko, c'est combien ?"),
        ("Ch’est qui ?", "c'est qui ?"),
        ("on facture cbien ?", "on facture combien ?"),
        # chat's "pr" before a determiner (probe conversation of an NGO), not a pull request's
        ("qui s'occupe des visas pr le Mali ?", "qui s'occupe des visas pour le mali ?"),
        ("qui review la PR de Julien ?", "qui review la pr de julien ?"),
    ],
)
def test_chat_spellings_of_a_borrowed_language_read_as_the_words(written: str, read: str) -> None:
    assert chat_folded(written) == read
