"""What a question asks (facet cues) and which words are verbs: the word knowledge the duplicate
rules lean on."""

from __future__ import annotations

import pytest

from language.facets import (
    asks_attribute,
    facet_of,
    gives_a_date_not_a_place,
    names_organisation,
    read_facet,
    read_statement,
    stated_facets,
    states_another_facet,
)
from language.text import is_finite_verb


@pytest.mark.parametrize(
    ("text", "facet"),
    [
        ("c'est quoi le poste de Bastien ?", "role"),
        # "which X" with no other cue asks which thing X is
        ("on a quelle mutuelle ?", "definition"),
        ("which CI do we use?", "definition"),
        ("Bastien habite dans quelle ville ?", "place"),
        ("Lille office address?", "place"),
        # transitive "appeler" reaches someone; reflexive "s'appeler" is a name
        ("comment je peux appeler Bastien ?", "contact"),
        ("on peut téléphoner à Bastien ?", "contact"),
        ("comment s'appelle le chat de Bastien ?", "name"),
        # what one calls a thing is its name (probe conversation of harbour pilots: "la vedette
        # Hève on l'appelle comment à la VHF ?" read as a manner)
        ("la vedette Hève on l'appelle comment à la VHF ?", "name"),
        ("comment on appelle la salle du fond ?", "name"),
        # "what" asking for a day (probe conversation of 2026-11-28, evening: read as a definition,
        # so "legend, cheers Fergal. ta Eko" fitted it); not a noun phrase with "day" in it
        ("what's the last day we can send the build off to Nintendo?", "date"),
        ("c'est quoi le dernier jour pour rendre le dossier ?", "date"),
        ("what's the day rate for Bastien?", "definition"),
        # English "be into" is liking (third and fourth dev halves: "what kind of music is X into?")
        ("what kind of music is Bastien into?", "preference"),
        # a date asked in so many words wins over a verb of paying (probe conversation of
        # 2026-11-28, evening: "Eko, 3 March" did not answer it, read as a price)
        ("Until which date is zorglub.dev paid?", "date"),
        ("how much is the zorglub.dev domain paid?", "price"),
        # "paie" as "paye", the verb after its subject (fourth dev half: "le sac de T80 on le paie
        # combien ?" read as a bare amount); the noun is the pay, whose day is asked
        ("le sac de T80 on le paie combien ?", "price"),
        ("ils payent combien pour le stand ?", "price"),
        ("la paie tombe quand ?", "date"),
        # "quand" / "when" after another interrogative opens a clause of time (probe conversation
        # of a veterinary clinic: "qui on appelle quand la radio tombe en panne ?" asked a date);
        # after a verb of knowing it is what is asked
        ("qui on appelle quand la radio tombe en panne ?", "identity"),
        ("who do we call when the X-ray machine breaks down?", "identity"),
        ("où on se gare quand il pleut ?", "place"),
        ("qui sait quand la réunion commence ?", "date"),
        ("c'est quand la réunion ?", "date"),
        # a bare "how much" is "combien", no manner (probe conversation of a sailing school: "how
        # much c'est le stage cata ?" was about "much")
        ("how much c'est le stage cata d'une semaine pour les teens ?", "amount"),
        ("how much flour do we order?", "amount"),
        ("how much is the room?", "price"),
        # "ou" folded is "or" between alternatives of one shape (probe conversation of a sailing
        # school: "c'est un 40 ou un 60 cv ?" asked where the engine is); "où" unaccented in chat
        # after a verb still asks where, and alternatives of place are places
        ("le moteur du Penn Ar Bed c'est un 40 ou un 60 cv ?", "other"),
        ("c'est 40 ou 60 cv ?", "other"),
        ("il est ou le camion ?", "place"),
        ("Simon est à Lyon ou à Paris ?", "place"),
        ("les titres resto c'est Swile ou Edenred ?", "other"),
        # the place of origin asked first (probe conversation of a print shop: "de quelle ville elle
        # vient Giulia ?" asked where she lives)
        ("de quelle ville il vient Toni ?", "origin"),
        # "poste" after "qui" is the verb, no job (probe conversation of a library)
        ("qui poste sur notre compte LinkedIn ?", "identity"),
        ("c'est quoi le poste de Berthe ?", "role"),
        # "de" and its contractions open alternatives too (probe conversation of a machining shop:
        # "Nadia elle est du matin ou de nuit ?" asked where she is); "de Lyon ou de Paris" stays
        ("Léon il bosse du matin ou de l'aprem ?", "other"),
        ("Léon il est de Lyon ou de Paris ?", "place"),
        ("who has the keys du minibus this week?", "agent"),
        # the noun the interrogative and its article ask for names the facet, whatever else cues one
        # (a Montréal contractor: "la job" read as a job)
        ("c'est quoi l'adresse de la job de salle de bain à Rosemont ?", "place"),
        ("what's the address for the Rosemont bathroom reno?", "place"),
        # a relative "qui" asks no one when another interrogative asks (an importer); alone, the
        # doing it opens is asked
        ("le conteneur d'attiéké qui part d'Abidjan, il arrive quand au Havre ?", "date"),
        ("c'est qui la personne qui gère la paie ?", "agent"),
        # "who's got" is "who has got" (probe conversation of a bike workshop)
        ("who's got the key to the dépôt at the moment?", "agent"),
        ("c'est quoi l'heure limite pour les commandes des services ?", "hours"),
        ("quelle est l'heure de fermeture de la boutique ?", "hours"),
        ("what's the cut-off time for ward orders?", "hours"),
        ("c'est quoi la date limite pour le dossier ?", "date"),
        # "how long" is "combien de temps", a quantity of time, not how it is done (probe
        # conversation of an NGO: "how long is customs clearance taking?")
        ("how long is customs clearance taking?", "quantity"),
        ("combien de temps prend le dédouanement ?", "quantity"),
        ("how does customs clearance work?", "manner"),
        # "from" in a noun phrase before the verb is no origin (probe conversation of a wine estate)
        ("which tank is the pinot from Charmes going into?", "definition"),
        ("is Tom from Spain?", "origin"),
        # coming from which town asks an origin, and "quel pays" is a country, no paying (probe
        # conversation of an architecture firm: "Ousmane il vient de quelle ville au Sénégal ?")
        ("Ousmane il vient de quelle ville au Sénégal ?", "origin"),
        ("il vient de quel pays Paul ?", "origin"),
        ("how much he pays?", "price"),
    ],
)
def test_facet_cues(text: str, facet: str) -> None:
    assert facet_of(text) == facet


def test_posted_is_a_verb_not_a_position() -> None:
    assert facet_of("Bastien a posté quoi dans #random ?") != "role"
    assert facet_of("Bastien a quel poste ?") == "role"


@pytest.mark.parametrize(
    ("word", "verb"),
    [
        ("ouvre", True),
        ("travaille", True),
        ("commence", True),
        ("invité", False),  # a participle qualifies a noun: "le wifi invité", "la machine réparée"
        ("réparée", False),
        ("cherchant", False),
        ("anniversaire", False),
        ("bureau", False),
    ],
)
def test_finite_verbs(word: str, verb: bool) -> None:
    assert is_finite_verb(word) is verb


@pytest.mark.parametrize(
    ("text", "facet", "stated"),
    [
        # a street type names an address: the number before it is not a quantity
        ("Le bureau de Lille est au 12 bis boulevard Vauban.", "place", True),
        ("Le bureau de Lille est au 12 bis boulevard Vauban.", "quantity", False),
        ("On a 3 places de parking.", "quantity", True),
        # a copula and a determiner define, in the past too
        ("Cassiopée était notre dashboard d'analytics.", "definition", True),
        ("Cassiopée était écrit en Angular.", "definition", False),
        # a number closing "is" is an age
        ("Léa is 34", "age", True),
        ("Léa is 34 today", "age", False),
        # English weekdays are dates as the French ones are (probe conversation of 2026-11-28,
        # evening: "Marek is on 10 to 4, Monday to Wednesday" did not answer "when's Marek around?")
        ("Marek is on 10 to 4, Monday to Wednesday this week", "date", True),
        ("Marek est là de 10h à 16h, du lundi au mercredi", "date", True),
        # weekdays and months as chat abbreviates them (probe conversations of 2026-11-28, evening:
        # "back tues morning 7am", "le samedi 13 déc.")
        ("Luc: back tues morning 7am", "date", True),
        ("l'inventaire c'est le 13 déc.", "date", True),
        ("sept personnes", "date", False),
        # lodging somewhere is where one stays (the fifth answers set's dev half: "Hattie loge chez
        # Ginette au village" was taken for where she comes from)
        ("Hattie loge chez Ginette au village pendant son stage", "place", True),
        # born at a place named by its street word (probe conversation of harbour pilots: "née quai
        # Bérigny" was read as where she lives only); born in a year is no place
        ("je suis de Fécamp, née quai Bérigny", "origin", True),
        ("née en 1985", "origin", False),
    ],
)
def test_stated_facets(text: str, facet: str, stated: bool) -> None:
    assert (facet in stated_facets(text)) is stated


def test_a_question_may_ask_an_attribute_rather_than_a_definition() -> None:
    assert asks_attribute("c'est quoi le badge de Bastien ?")
    assert asks_attribute("c quoi le code wifi à Lille")
    assert not asks_attribute("c'est quoi le projet Origami ?")
    assert not asks_attribute("c'est quoi Origami ?")
    # after a preposition, what the interrogative determiner asks for is an attribute
    assert asks_attribute("Origami est codé avec quelles technos ?")
    assert asks_attribute("origami tourne sur quel langage")
    assert not asks_attribute("Origami c'est quelle appli ?")


def test_chez_before_a_proper_name_is_an_organisation() -> None:
    assert names_organisation("Bastien a bossé quatre ans chez Michelin.")
    assert names_organisation("Bastien s'occupe de la paie chez Origami.")
    assert not names_organisation("Bastien vit encore chez ses parents.")
    # a hint for search only: the duplicate rules do not read an employer there
    assert "employer" not in stated_facets("Bastien a passé un entretien chez Michelin.")


def test_first_person_statements_state_their_facet() -> None:
    assert stated_facets("I live in Leeds") == {"place"}
    assert stated_facets("je vis à Lyon") == {"place"}
    assert stated_facets("I work at Alan") >= {"employer"}
    assert stated_facets("I'm from Leeds") == {"origin"}
    assert stated_facets("I'm in a meeting") == set()


def test_venir_de_and_an_infinitive_is_a_recent_past_not_an_origin() -> None:
    assert stated_facets("je viens d'arriver") == set()
    assert stated_facets("Bastien vient de signer chez Michelin") == set()
    assert read_statement("Bastien vient de partir").facet == "other"
    # a town after "de", capitalised or not a verb's dictionary form, is where one comes from
    assert stated_facets("Bastien vient d'Angers") == {"origin"}
    assert stated_facets("Bastien vient de Montpellier") == {"origin"}
    assert stated_facets("il vient de tours") == {"origin"}
    assert read_statement("Bastien vient de Brest").facet == "origin"


def test_a_date_alone_does_not_say_where() -> None:
    assert gives_a_date_not_a_place("place", "L'offsite est prévu du 24 au 26 juin")
    assert not gives_a_date_not_a_place("place", "L'offsite est à Honfleur du 24 au 26 juin")
    assert not gives_a_date_not_a_place("date", "L'offsite est prévu du 24 au 26 juin")


def test_a_cleft_naming_a_person_says_who_not_what() -> None:
    assert states_another_facet("definition", "C'est Séverin qui pilote Lynx.")
    assert not states_another_facet("definition", "c'est un outil qui compile le code")
    assert not states_another_facet("identity", "C'est Séverin qui pilote Lynx.")


# Facets read as a definition in the probe conversations of 2026-11-29, day (docs/bot.md, "Probe
# conversations of the day"): a weekday asked by "quel", dates in the plural, whose day said first.
@pytest.mark.parametrize(
    ("question", "facet"),
    [
        ("la séance de dédicaces avec Léa c'est quel samedi déjà ?", "date"),
        ("il part quel week-end ?", "date"),
        ("c'est quoi les dates de vacances de Klaus ?", "date"),
        ("what's Pieter's day off?", "date"),
        ("what's Pieter's role?", "role"),
        # a length of time asked by "combien" (a hospital lab: read as a price)
        ("le délai de rendu d'un bilan hépatique pour les urgences c'est combien ?", "quantity"),
        ("c'est combien le menu ?", "price"),
    ],
)
def test_facets_of_the_day_s_probe_questions(question: str, facet: str) -> None:
    assert read_facet(question).facet == facet
