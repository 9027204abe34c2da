"""Lexical terms for hybrid search: folding, stopwords, concepts and names."""

from __future__ import annotations

from memory.sparse import sparse_vector, term_index, terms, weighted_terms


def test_accents_case_and_stopwords_go() -> None:
    assert terms("La mère de David vient de Besançon") == [
        "~mere",
        "mere",
        "david",
        "~origine",
        "vient",
        "besanc",
    ]
    assert terms("le la de du et ?") == []


def test_colloquial_and_english_words_meet_plain_french() -> None:
    question = set(terms("c'était quoi le nom du village de maman ?"))
    fact = set(terms("La mère de David vient de Besançon"))
    assert {"~mere", "~origine"} <= question & fact
    assert "~travail" in set(terms("il bosse où ?")) & set(terms("Simon works remotely"))
    assert "~enfant" in set(terms("combien de gosses")) & set(terms("Sarah a deux enfants"))


def test_inflections_share_a_prefix() -> None:
    assert terms("travaillait")[-1] == terms("travailler")[-1]


def test_names_weigh_more_in_queries() -> None:
    weights = dict(weighted_terms("Mickael il fait quoi ?", name_weight=2.0))
    assert weights["mickae"] == 2.0 and weights["~travail"] == 1.0
    # A capitalised ordinary word (a concept word) is not a name.
    assert dict(weighted_terms("Bagnole de Simon", name_weight=2.0)) == {
        "~voiture": 1.0,
        "~transport": 1.0,
        "bagnol": 1.0,
        "simon": 2.0,
    }


def test_vectors_are_stable_and_sorted() -> None:
    vector = sparse_vector("Simon Simon joue")
    assert vector.indices == sorted(vector.indices)
    assert dict(zip(vector.indices, vector.values, strict=True))[term_index("simon")] == 2.0
    assert sparse_vector("").indices == []


def test_folding_takes_the_same_result_on_its_ascii_shortcut() -> None:
    from memory.learning import fold_with_map
    from memory.sparse import fold

    for text in ["Eko, c'est QUI Kraken ?", "l'équipe de Zoé", "ÉKO", "straße ﬁn", ""]:
        assert fold(text) == fold(text + "é")[:-1]  # the second one takes the per-character path
        folded, index = fold_with_map(text)
        slow, slow_index = fold_with_map(text + "é")
        assert (folded, index) == (slow[:-1], slow_index[:-1])
    assert fold("Eko, c'est QUI ?") == "eko, c'est qui ?"
    assert fold_with_map("AbC") == ("abc", [0, 1, 2])
