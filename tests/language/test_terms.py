"""Weighted lexical terms: folding, stopwords, concepts and names."""

from __future__ import annotations

from language.terms import acronyms, terms, weighted_terms


def test_accents_case_and_stopwords_go() -> None:
    assert terms("La mère de David vient de Besançon") == (
        "~mere",
        "mere",
        "david",
        "~origine",
        "vient",
        "besanc",
    )
    assert terms("le la de du et ?") == ()


def test_colloquial_and_english_words_meet_plain_french() -> None:
    question = set(terms("c'était quoi le nom du village de maman ?"))
    fact = set(terms("La mère de David vient de Besançon"))
    assert {"~mere", "~origine"} <= question & fact
    assert "~travail" in set(terms("il bosse où ?")) & set(terms("Simon works remotely"))
    assert "~enfant" in set(terms("combien de gosses")) & set(terms("Sarah a deux enfants"))
    # a verb's other forms meet the concept its infinitive or another form is listed under
    # (probe conversation of a bakery: "appris" met no word of "mon apprentissage")
    assert "~apprendre" in set(terms("Sophie a appris où ?")) & set(terms("j'ai fait mon apprentissage"))
    assert "~apprendre" not in set(terms("Sophie a pris le train"))


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


def test_facet_terms_meet_a_question_and_the_facts_that_answer_it() -> None:
    assert ("~f:origin", 1.0) in weighted_terms("Noé vient d'où à la base ?", query=True)
    assert ("~f:origin", 1.0) in weighted_terms("Noé a grandi à Brest")
    assert ("~f:origin", 1.0) not in weighted_terms("Noé habite à Brest")
    assert not any(term.startswith("~f:") for term in terms("Noé a grandi à Brest"))


def test_an_attribute_question_asks_no_definition() -> None:
    """ "c'est quoi le badge de Bastien ?" asks Bastien's badge, not what a badge is: no facet term
    pulls the facts that define or describe Bastien."""
    asked = [term for term, _ in weighted_terms("c'est quoi le badge de Bastien ?", query=True)]
    assert not any(term.startswith("~f:") for term in asked)
    assert ("~f:definition", 1.0) in weighted_terms("c'est quoi Origami ?", query=True)


def test_a_fact_naming_an_organisation_meets_an_employer_question() -> None:
    assert ("~f:employer", 1.0) in weighted_terms("Bastien a bossé quatre ans chez Michelin.")
    assert ("~f:employer", 1.0) in weighted_terms("Bastien bossait où avant ?", query=True)
    assert ("~f:employer", 1.0) not in weighted_terms("Bastien vit encore chez ses parents.")


def test_ete_after_a_determiner_is_the_summer_not_the_participle() -> None:
    assert "ete" in terms("le séminaire d'été c'est où ?")
    assert "ete" in terms("cet été on part")
    assert "ete" not in terms("il a été malade")


def test_a_feminine_in_ee_meets_the_concept_of_its_masculine() -> None:
    # French: a word in "-é" takes an "e" in the feminine ("créé" / "créée", "lancé" / "lancée")
    assert "~creer" in terms("Anémone a été créée par Ambroise")
    assert "~creer" in terms("la webradio qu'il a lancée")
    assert "~creer" in terms("les applis créées l'an dernier")


def test_a_plural_as_long_as_the_prefix_is_its_singular() -> None:
    """ "Mes fleurs préférées c'est les renoncules" from Charlotte did not relate to "la fleur
    préférée de Charlotte" (probe conversation of a florist, 2026-11-28, night): "fleurs" kept its
    "s" within the six letters a term keeps, where "couleurs" loses it by the cut."""
    assert set(terms("Mes fleurs préférées")) >= set(terms("la fleur préférée")) - {"~aime"}
    assert terms("le permis") == terms("les permis")


def test_a_name_of_several_words_and_a_compound_give_their_initials() -> None:
    """ "le pass MBU" met no fact about the "Mont Blanc Unlimited", "un MH 6 personnes" none about
    a "mobil-home" (probe conversations of a ski school and a campsite, 2026-11-29)."""
    assert acronyms("Le Mont Blanc Unlimited 6 jours c'est 397€") == ["mbu"]
    assert acronyms("Nuit en mobil-home 6 places en août") == ["mh"]
    assert "mbu" in terms("Le Mont Blanc Unlimited coûte 397 €")
    # a sentence's first word, a stopword, a one-word name: no initials
    assert acronyms("Bonjour Jean, le week-end à Lyon") == []
