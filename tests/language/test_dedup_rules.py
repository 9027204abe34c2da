"""The general rules that raised duplicate recall (issue 10 §3), each on probes written for the rule
(new names — Bastien, Zorglub, Hérisson —, none taken from the labelled sets)."""

from __future__ import annotations

import pytest

from language.curiosity import read_curiosity
from language.equivalence import judge
from language.facets import facet_of, stated_facets
from language.readings import read, translation
from language.text import is_ordinary_word


def test_a_capitalised_sentence_start_is_a_name_unless_ordinary() -> None:
    assert is_ordinary_word("comment") and is_ordinary_word("salle") and is_ordinary_word("dans")
    assert not is_ordinary_word("herisson", "hérisson")  # in the dictionary, but rare (wordfreq)
    assert "herisson" in read("Hérisson, c'est quoi ce projet ?").anchors
    assert "herisson" in read("c'est quoi le prix d'Hérisson ?").anchors  # after an elided article


def test_a_word_standing_for_a_cue_wildcard_is_the_subject() -> None:
    assert read("where does Bastien work?").content == ("bastien",)
    assert read("what does Bastien do for a living?").content == ("bastien",)


@pytest.mark.parametrize(
    ("text", "verb"),
    [
        ("Bastien est arrivé quand ?", "arrive"),  # a participle after an auxiliary
        ("on part où pour la kermesse ?", "part"),  # after a subject clitic
        ("la kermesse ça se passe où ?", "passe"),
        ("la kermesse s'avance à quand ?", "avance"),  # after an elided s' (a noun first for simplemma)
        ("Bastien part où en vacances ?", "part"),  # after a name opening the sentence
        ("on peut venir à quelle heure ?", "venir"),  # after a French modal
    ],
)
def test_verbs_are_read_from_their_place_in_the_sentence(text: str, verb: str) -> None:
    assert verb in read(text).verbs


@pytest.mark.parametrize(
    "text",
    [
        "c'est quoi le wifi invité ?",
        "where is Bastien's car?",
        "where does Bastien work?",
        "who works on Zorglub?",  # English "on" is a preposition, not the French subject clitic
    ],
)
def test_participles_alone_english_possessives_and_english_subjects_are_not_verbs(text: str) -> None:
    assert not read(text).verbs


@pytest.mark.parametrize(
    ("a", "b"),
    [
        # only verbs differ, the subject named or not
        ("la kermesse c'est où ?", "on part où pour la kermesse ?"),
        ("Bastien part où en vacances ?", "c'est où les vacances de Bastien ?"),
        (
            "on peut venir à quelle heure à la boutique Zorglub ?",
            "c'est quoi les horaires de la boutique Zorglub ?",
        ),
        ("Bastien est arrivé quand ?", "depuis quand Bastien est chez nous ?"),
        # wanting to understand asks a definition; English request wrappers
        ("je veux mieux comprendre Zorglub", "c'est quoi Zorglub ?"),
        ("I want to understand Zorglub better", "c'est quoi Zorglub ?"),
        # a relative clause describing a named subject is not what is asked
        ("c'est qui ce Bastien qui a posté dans #random ?", "qui est Bastien ?"),
        # a bare "combien" agrees with a quantity or a price
        ("il a des chats Bastien ? combien ?", "Bastien a combien de chats ?"),
        ("la kermesse, combien ?", "la kermesse coûte combien ?"),
        # an initialism and the words it stands for
        ("c'est quoi le mdp du wifi ?", "le mot de passe du wifi c'est quoi ?"),
        # verbs of being in charge, as the facet reads them (language/facets.py agent cues)
        ("Who handles payroll?", "Who's in charge of payroll?"),
        ("Who oversees the budget?", "Who manages the budget?"),
        ("Qui supervise le recrutement ?", "Qui gère le recrutement ?"),
        ("Qui coordonne le recrutement ?", "Qui gère le recrutement ?"),
        ("Who coordinates hiring?", "Who runs hiring?"),
        # words of one meaning (language/concepts.py synonym classes): guests
        ("c'est quoi le mdp du wifi invités ?", "le wifi des visiteurs c'est quoi le mot de passe ?"),
        # locative pro-adverbs are function words
        ("la salle Zorglub, on peut être combien dedans ?", "on peut être combien dans la salle Zorglub ?"),
    ],
)
def test_questions_read_alike_by_the_recall_rules_are_the_same(a: str, b: str) -> None:
    assert judge("goal", a, b) == "same"
    assert judge("goal", b, a) == "same"


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("where is Bastien's car?", "where is Bastien's bike?"),
        ("la kermesse c'est où ?", "la kermesse d'hiver c'est où ?"),  # a qualifier narrows it
        ("Bastien a combien de chats ?", "le chat de Bastien coûte combien ?"),
        ("c'est qui ce Bastien qui a posté dans #random ?", "qui a posté dans #random ?"),
        # who replaces Bastien is not whom Bastien replaces
        ("qui remplace Bastien ?", "Bastien remplace qui ?"),
    ],
)
def test_questions_the_recall_rules_keep_apart(a: str, b: str) -> None:
    assert judge("goal", a, b) != "same"
    assert judge("goal", b, a) != "same"


def test_a_bare_how_much_is_an_amount_and_understanding_a_definition() -> None:
    assert facet_of("il a des chats Bastien ? combien ?") == "amount"
    assert facet_of("c'est combien la kermesse ?") == "price"
    assert facet_of("je veux comprendre Zorglub") == "definition"


@pytest.mark.parametrize(
    ("a", "b", "about"),
    [
        # the same facet and values, one side saying no more than the other
        ("L'anniversaire de Bastien c'est le 3 juin.", "Bastien fête son anniv le 3 juin", "Bastien"),
        # currencies are the unit of an amount
        ("Le budget de Zorglub est de 80 000 euros.", "Zorglub a un budget de 80k€", "Zorglub"),
        # only verbs differ
        ("Zorglub sort en prod le 3 juin.", "Zorglub part en prod le 3 juin", "Zorglub"),
        # a word and its translation (one concept, two languages)
        ("Le groupe préféré de Bastien c'est Zorglub.", "Bastien's favourite band is Zorglub", "Bastien"),
        # the subject's own words (about) are not the claim
        ("La salle Zorglub se trouve au troisième", "Zorglub is on the 3rd floor", "salle Zorglub"),
        # both say something stopped
        ("Bastien a quitté Criteo.", "Bastien is no longer at Criteo", "Bastien"),
        # a taste needs no name for its object
        ("Bastien est fan de jazz", "Le style de musique préféré de Bastien c'est le jazz", "Bastien"),
        # an initialism
        ("Le mot de passe du wifi c'est zorglub99.", "le mdp wifi : zorglub99", "wifi"),
        # going away is a facet of its own
        ("Bastien va à Quimper ce week-end.", "Bastien passe le week-end à Quimper", "Bastien"),
        # a birthplace is an origin
        ("Bastien est né à Quimper", "Bastien vient de Quimper", "Bastien"),
        # an age, with its unit or, in English, closing "is"
        ("Bastien a 34 ans", "Bastien is 34", "Bastien"),
        # an hour of the clock, French or English (the fourth set's dev half)
        ("Bastien commence à 2h du mat", "Bastien starts at 2am", "Bastien"),
    ],
)
def test_statements_of_the_same_claim_are_the_same(a: str, b: str, about: str) -> None:
    assert judge("fact", a, b, about, about) == "same"
    assert judge("fact", b, a, about, about) == "same"


@pytest.mark.parametrize(
    ("a", "b", "about"),
    [
        (
            "Le budget de Zorglub est de 2 000 € par personne.",
            "Le budget de Zorglub est de 2 000 € par équipe.",
            "Zorglub",
        ),
        ("Bastien a deux chats.", "Bastien attend son deuxième chat.", "Bastien"),
        ("Bastien est fan de jazz", "Bastien déteste le jazz", "Bastien"),
        ("Bastien habite à Quimper", "Bastien va à Quimper ce week-end", "Bastien"),
        # where one was born is an origin, not where one lives ("né" folds to the particle "ne")
        ("Bastien est né à Quimper", "Bastien habite à Quimper", "Bastien"),
        ("Bastien va à Quimper ce week-end.", "Bastien passe le week-end à Brest", "Bastien"),
        # two words of one concept in one language are kinds of one thing, not one word
        ("Bastien adore les chiens", "Bastien adore les chats", "Bastien"),
        ("Bastien kiffe le rock", "Bastien kiffe le jazz", "Bastien"),
        # "thé" folds to the English article "the", and is no function word for all that
        ("Bastien aime le café", "Bastien aime le thé", "Bastien"),
        # in a French sentence, "an" is a year, not the English article
        ("Le plan Zorglub coûte 20 € par mois", "Le plan Zorglub coûte 20 € par an", "plan Zorglub"),
        # a former state is not the present one
        ("Bastien travaillait chez Criteo", "Bastien travaille chez Criteo", "Bastien"),
        ("Bastien était en congé lundi", "Bastien sera en congé lundi", "Bastien"),
        # the perfect of a state is a state that is over; an event's is its telling
        ("Bastien a travaillé chez Criteo", "Bastien travaille chez Criteo", "Bastien"),
        ("Bastien a longtemps habité à Quimper", "Bastien habite à Quimper", "Bastien"),
        ("Bastien a été CTO chez Criteo", "Bastien est CTO chez Criteo", "Bastien"),
        ("Bastien lived in Leeds", "Bastien lives in Leeds", "Bastien"),
        # a relative named on one side is another person, whatever the records' subject says
        ("Le frère de Bastien bosse chez Criteo", "Bastien bosse chez Criteo", "Bastien"),
        ("Bastien's mom lives in Leeds", "Bastien lives in Leeds", "Bastien"),
        # wanting or aiming at a thing is not having it
        ("Zorglub vise 12 000 utilisateurs", "Zorglub a 12 000 utilisateurs", "Zorglub"),
        ("Bastien veut deux chats", "Bastien a deux chats", "Bastien"),
        # since a date is not until it; a price per day is not a total
        ("Bastien est en congé jusqu'à lundi", "Bastien est en congé depuis lundi", "Bastien"),
        ("Le séminaire coûte 300 €", "Le séminaire coûte 300 € par jour", "séminaire"),
        (
            "Le groupe préféré de Bastien c'est Zorglub",
            "La chanson préférée de Bastien c'est Zorglub",
            "Bastien",
        ),
    ],
)
def test_statements_of_another_claim_stay_apart(a: str, b: str, about: str) -> None:
    assert judge("fact", a, b, about, about) != "same"
    assert judge("fact", b, a, about, about) != "same"


def test_without_an_about_only_verbs_may_differ() -> None:
    assert judge("fact", "Le plan Zorglub coûte 100 euros", "Le plan Zorglub coûte 100 €") == "same"
    assert judge("fact", "Le plan Zorglub coûte 100 dollars", "Le plan Zorglub est à 100 dollars") == "same"
    assert judge("fact", "Bastien a 34 ans", "Le fils de Bastien a 34 ans") != "same"


def test_cardinal_words_state_a_quantity_ordinals_do_not() -> None:
    assert "quantity" in stated_facets("Bastien a deux chats")
    assert "quantity" not in stated_facets("Bastien attend son deuxième chat")


@pytest.mark.parametrize(
    ("text", "head"),
    [
        ("où est la moto de Gaspard ?", "moto"),  # "le N de X"
        ("who is the coach of Firmin?", "coach"),  # "the N of X"
        ("Combien coûte le forfait Zorglub ?", "forfait"),  # "le N X"
        ("where is Gaspard's helmet?", "helmet"),  # "X's N"
        ("Zorglub garage capacity?", "garage"),  # an English compound "X N"
    ],
)
def test_the_noun_heading_a_named_subject_is_read(text: str, head: str) -> None:
    assert read(text).heads == {head}


@pytest.mark.parametrize(
    "text",
    [
        "Firmin est parti de Zorglub pour quelle raison ?",  # a participle after an auxiliary
        "how did Gaspard meet Firmin?",  # a subject after an English auxiliary
        "Gaspard bosse où ?",  # a French verb after a name
        "Gaspard works where?",  # an inflected English verb after a name
        "Quand part Gaspard en vacances ?",  # a verb before the name, no determiner
    ],
)
def test_verbs_do_not_head_a_named_subject(text: str) -> None:
    assert not read(text).heads


@pytest.mark.parametrize(
    ("a", "b"),
    [
        # another thing of the same named subject: the head nouns differ
        ("où est la moto de Gaspard ?", "où est le scooter de Gaspard ?"),
        ("Qui est le coach de Firmin ?", "Qui est le parrain de Firmin ?"),
        ("Où habite l'oncle de Firmin ?", "Où habite la tante de Firmin ?"),
        ("Combien coûte le forfait Zorglub ?", "Combien coûte la formation Zorglub ?"),
        ("Zorglub kitchen capacity?", "Zorglub garage capacity?"),
        ("who is the coach of Firmin?", "who is the mentor of Firmin?"),
        (
            "c'est quand l'anniversaire de la fille de Firmin ?",
            "c'est quand l'anniversaire du fils de Firmin ?",
        ),
        # two words sharing a category only (transport) are no translation
        ("où est la voiture de Gaspard ?", "where is Gaspard's bike?"),
        # verbs of opposite direction: going away / coming back
        ("Quand part Gaspard en congé ?", "Quand revient Gaspard de congé ?"),
    ],
)
def test_other_things_of_one_named_subject_stay_apart(a: str, b: str) -> None:
    assert judge("goal", a, b) != "same"
    assert judge("goal", b, a) != "same"


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Où bosse Gaspard ?", "Gaspard travaille où ?"),
        ("Firmin commence quand chez nous ?", "c'est quand que Firmin arrive ?"),
        ("la boutique Zorglub ouvre à quelle heure ?", "les horaires de la boutique Zorglub"),
        # the same head: one concept, a translation, the same word
        ("où est la bagnole de Gaspard ?", "où est la voiture de Gaspard ?"),
        ("où est le bouquin de Gaspard ?", "where is Gaspard's book?"),
        ("where is Gaspard's bike?", "où est le vélo de Gaspard ?"),
        ("où est garée la moto de Gaspard ?", "la moto de Gaspard est où ?"),
        ("how did Gaspard meet Firmin?", "Comment Gaspard a rencontré Firmin ?"),
        ("pourquoi Firmin a quitté Zorglub ?", "Firmin est parti de Zorglub pour quelle raison ?"),
    ],
)
def test_one_thing_of_one_named_subject_reworded_is_the_same(a: str, b: str) -> None:
    assert judge("goal", a, b) == "same"
    assert judge("goal", b, a) == "same"


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("La moto de Gaspard est rouge.", "Le scooter de Gaspard est rouge."),
        ("La moto de Gaspard coûte 3000 euros.", "Le scooter de Gaspard coûte 3000 euros."),
        ("L'oncle de Firmin habite à Quimper.", "La tante de Firmin habite à Quimper."),
        ("La voiture de Gaspard coûte 3000 euros.", "Gaspard's bike costs 3000 euros."),
    ],
)
def test_statements_about_other_things_of_one_subject_stay_apart(a: str, b: str) -> None:
    for about in (None, "Gaspard" if "Gaspard" in a else "Firmin"):
        assert judge("fact", a, b, about, about) != "same"
        assert judge("fact", b, a, about, about) != "same"


def test_a_translation_is_one_narrowest_concept_in_two_languages() -> None:
    assert translation("bouquin", "book") and translation("groupe", "band")
    assert not translation("voiture", "bike")  # one category (transport), two things
    assert not translation("moto", "scooter")


def test_a_role_named_by_an_english_compound_asks_who_holds_it() -> None:
    """ "qui est le product owner chez le client ?" was another facet than "chkoun el PO côté
    client ?" (probe conversation of a software company in Tunis): the compound's head holds the
    role, its first word stays in the topic, and the initials ask the same."""
    owner = read_curiosity("qui est le product owner de Zorglub ?")
    assert owner is not None and owner.facet == "agent" and owner.topic == "product owner de Zorglub"
    lead = read_curiosity("who is the tech lead of Kraken?")
    assert lead is not None and lead.facet == "agent" and lead.topic == "tech lead of Kraken"
    po, product_owner = "c'est qui le PO de Zorglub ?", "qui est le product owner de Zorglub ?"
    assert judge("goal", po, product_owner, "PO de Zorglub", "Zorglub", cosine=0.8) == "same"


def test_a_name_a_pronoun_takes_up_is_an_anchor_however_common() -> None:
    """ "Sophie elle rend ses corrections des Heures blanches quand ?" was one question with "Les
    Heures blanches sort quel jour en librairie ?" and answered with the release date (probe
    conversation of a publishing house): a first word taken up by "il", "elle" names someone."""
    from language.curiosity import read_curiosity
    from language.equivalence import judge

    asked = read_curiosity("Eko, Sophie elle rend ses corrections des Heures blanches quand ?")
    other = read_curiosity("Eko, les Heures blanches sort quel jour en librairie ?")
    assert asked is not None and other is not None
    assert judge("goal", asked.text, other.text, asked.subject, other.subject, cosine=0.7) == "different"
