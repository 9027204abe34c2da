"""language.relevance: a fact learned for a curiosity answers that curiosity asked again."""

from __future__ import annotations

import pytest

from language.relevance import answers, asks_again, shared_words

DPO = "DPO : it's Claire Martin from legal (d'après Tom)"
COLOUR = "Couleur préférée de Bob : le bleu (d'après Bob)"


def test_the_same_facet_of_the_same_subject_asked_again_is_answered_whatever_the_score() -> None:
    """ "c'est qui le DPO ?" scored 0.27 against its own fact (the packaged model), under the
    one-word question's 0.6: Eko said it did not know (probe set 3 of issue 10)."""
    assert answers("c'est qui le DPO ?", DPO, 0.27, about="DPO", facet="identity")
    assert not answers("c'est qui le DPO ?", DPO, 0.27, about="DPO")  # not learned for a goal
    assert answers("Bob aime quelle couleur ?", COLOUR, 0.2, about="Bob", facet="preference")


def test_the_words_that_ask_need_not_be_in_the_fact() -> None:
    """What a tool is for is what it is: its definition answers "ça sert à quoi ?", although the
    fact has no word of "sert" (the probe conversation of 2026-11-28 got "je ne sais pas")."""
    tool = "Hibiscus : notre outil de facturation (d'après Maud)"
    assert asks_again("Hibiscus, ça sert à quoi ?", tool, "Hibiscus", "definition")
    assert asks_again("à quoi sert Hibiscus ?", tool, "Hibiscus", "definition")
    # a word that says what is asked still must be there
    assert not asks_again("à quoi sert le module paie de Hibiscus ?", tool, "Hibiscus", "definition")


def test_another_facet_subject_or_word_is_not_asking_again() -> None:
    assert not asks_again("quel est le plat préféré de Bob ?", COLOUR, "Bob", "preference")
    assert not asks_again("où habite le DPO ?", DPO, "DPO", "identity")
    assert not asks_again("c'est qui le DPO de Acme ?", DPO, "DPO", "identity")
    assert not asks_again("c'est qui Bob ?", COLOUR, "Bob", "preference")
    assert not asks_again("Eko, ça va ?", DPO, "DPO", "identity")


def test_an_amount_asked_is_not_answered_by_whom_to_call() -> None:
    """ "quel est le montant de la provision demandée à Garonne Négoce ?" was read as asking what
    it is, and got the client's contact (probe conversation of a law firm, 2026-11-29): "montant"
    asks an amount, which a contact is not."""
    contact = "Interlocuteur chez le client Garonne Négoce : M. Olivier Ferrand, le DAF (d'après Hélène)"
    question = "Eko, quel est le montant de la provision demandée à Garonne Négoce ?"
    assert not answers(question, contact, 0.5, about="client Garonne Négoce", facet="identity")
    provision = "La provision Garonne Négoce est de 5 000 € HT, facture envoyée le 3 octobre"
    assert answers(question, provision, 0.5, about="Garonne Négoce")


def test_a_fact_without_the_kind_of_thing_asked_is_not_quoted() -> None:
    # a value asked: the fact must have one of its shape
    assert not answers("Octave revient quand au boulot ?", "Octave est lead dev backend au boulot", 0.6)
    assert answers("Octave revient quand au boulot ?", "Octave revient au boulot mi-avril", 0.6)
    assert answers("c'est quel jour qu'on reçoit les fruits ?", "Les fruits sont reçus tous les mardis", 0.6)
    # a predicate stating another facet: where he works is not his job
    assert not answers(
        "c'est quoi le métier d'Octave ?", "Le métier d'Octave : il travaille chez Ledger", 0.6
    )
    assert answers("c'est quoi le métier d'Octave ?", "Le métier d'Octave : ingénieur sécurité", 0.6)
    assert answers("where is Octave from?", "Octave is from Brest", 0.6)
    # a number labelling a room is no count (probe conversation of a conservatory: the piano's
    # room quoted for the number of seats); the count is
    piano = "Le Steinway de concert est dans l'auditorium Ravel, salle 012, sous la housse grise"
    assert not answers("combien de places il y a dans l'auditorium Ravel ?", piano, 0.6, about="Steinway")
    seats = "L'auditorium Ravel a 300 places"
    assert answers("combien de places il y a dans l'auditorium Ravel ?", seats, 0.6, about="auditorium Ravel")
    # asked with "where's … from originally" (English probe conversation, 2026-11-28: "I don't
    # know yet" with the fact stored)
    grew_up = "Greta grew up in Gdansk, moved to London in 2015 (according to Greta)"
    assert answers("where's Greta from originally?", grew_up, 0.508, about="Greta", facet="origin")


def test_a_registration_asked_by_its_plate_is_quoted() -> None:
    """Probe conversation of a taxi company: "rappelle-moi l'immatriculation de la Classe V neuve ?"
    got "je ne sais pas" with "Plaque de la nouvelle Classe V : GH-482-QK" stored (the concept of a
    vehicle's registration, language/concepts.py)."""
    plate = "Plaque de la nouvelle Classe V : GH-482-QK (d'après Mireille)"
    question = "rappelle-moi l'immatriculation de la Classe V neuve ?"
    assert answers(question, plate, 0.4, about="nouvelle Classe V", facet="definition")


def test_guests_in_other_words_are_quoted() -> None:
    """Probe conversation of 2026-11-28: "le wifi des visiteurs c'est quoi le mot de passe ?" got
    "je ne sais pas" with "Code wifi pour les invités : Bienvenue2024" stored (the concept of
    guests, language/concepts.py)."""
    code = "Code wifi pour les invités : Bienvenue2024 (d'après Mathis)"
    assert answers("le wifi des visiteurs c'est quoi le mot de passe ?", code, 0.5)


def test_a_fact_stating_only_another_facet_of_the_subject_is_not_quoted() -> None:
    """Dev items of the blind retrieval set, with their own fact left out: Eko quoted the office's
    seats to "where is it?" and its address to "when does it open?"."""
    seats = "Il y a 22 postes de travail au bureau de Bordeaux."
    address = "Le bureau de Bordeaux est au 8 quai des Chartrons."
    assert not answers("c'est où le bureau de Bordeaux ?", seats, 0.62)
    assert not answers("le bureau de Bordeaux ouvre à quelle heure ?", address, 0.46)
    assert answers("c'est où le bureau de Bordeaux ?", address, 0.62)
    # a place named after "est à", "part … au": a place given, though no verb of place says it
    assert answers(
        "ils sont où les locaux de lemapp ?", "Le bureau de lemapp est à Nantes, près de la gare.", 0.6
    )
    assert answers("Simon il part où en vacs ?", "Simon part en vacances au Japon en avril.", 0.6)
    # "l'entreprise de Bastien" states his employer, whatever else the fact says
    company = "L'entreprise de Bastien s'appelle Zorglub Data, c'est une petite agence."
    assert answers("la boîte de Bastien elle s'appelle comment ?", company, 0.6)
    # a preposition of position is a place whatever number follows (probe conversation of a
    # médiathèque, 2026-11-28, evening: "crochet n°3" made it a count only)
    keys = "Double des clés du bibliobus : dans la boîte à clés du bureau, crochet n°3 (d'après Catherine)"
    assert answers("on le range où le jeu de clés de rechange du bibliobus ?", keys, 0.39)
    assert not answers("on le range où le jeu de clés du bibliobus ?", "Le bibliobus a 3 clés.", 0.6)


def test_a_fact_learned_for_another_facet_is_not_quoted() -> None:
    """Probe conversations (2026-11-28, late morning): "c'est qui notre contact chez le client pour
    Opaline ?" got the date of the Opaline demo, "qui est en charge de Gravillon ?" what it is."""
    demo = "Démo Opaline chez le client : le mardi 17 mars à 14h, à Nantes (d'après Baptiste)"
    contact = "c'est qui notre contact chez le client pour Opaline ?"
    assert not answers(contact, demo, 0.7, about="Opaline", facet="date")
    assert answers("c'est quand la démo Opaline chez le client ?", demo, 0.7, about="Opaline", facet="date")


@pytest.mark.parametrize(
    ("question", "fact", "score", "about", "learned"),
    [
        # facets that answer each other still do: a role tells who someone is, an hour a date
        (
            "c'est qui Axelle ?",
            "Axelle est data analyst chez Tisserin (d'après Axelle)",
            0.7,
            "Axelle",
            "role",
        ),
        (
            "la cantine Hérisson ouvre quand ?",
            "La cantine Hérisson ouvre à 11h30 (d'après Paul)",
            0.7,
            "cantine Hérisson",
            "hours",
        ),
        (
            "Axelle elle fait quoi ?",
            "Axelle : la nouvelle data analyst de Tisserin (d'après Paul)",
            0.7,
            "Axelle",
            "identity",
        ),
        # a vague reading when it was learned, a value asked: the fact's shape decides (probe
        # conversation: "what does Kestrel cost us per seat?" after "Kestrel, what do we pay per seat?")
        (
            "what does Kestrel cost us per seat?",
            "Kestrel: €19 per seat per month (according to Tamsin)",
            0.5,
            "Kestrel",
            "definition",
        ),
        # who someone is and who does a thing both ask a person
        (
            "who's running the Kestrel migration?",
            "Sigrun is in charge of the Kestrel migration (according to Rufus)",
            0.5,
            "Kestrel",
            "agent",
        ),
        # a price and a count, often given together
        (
            "on a combien de sièges Rhubarbe en tout ?",
            "Prix de Rhubarbe : 49 € par mois et par siège, et on a 12 sièges (d'après Perrine)",
            0.5,
            "Rhubarbe",
            "price",
        ),
    ],
)
def test_a_fact_learned_for_a_facet_that_agrees_is_quoted(
    question: str, fact: str, score: float, about: str, learned: str
) -> None:
    assert answers(question, fact, score, about=about, facet=learned)


def test_a_word_of_the_present_time_or_eko_s_name_asks_nothing_more() -> None:
    """ "Eko which city is Wren working from nowadays" was not answered by "Wren's based in Porto
    now…", learned as where Wren is based (probe conversation of 2026-11-28, noon)."""
    fact = "Wren's based in Porto now, she moved there in january"
    assert asks_again("Eko which city is Wren working from nowadays", fact, "Wren", "place")
    assert asks_again("Eko où habite Wren actuellement ?", fact, "Wren", "place")
    assert not asks_again("Eko where does Wren's brother live?", fact, "Wren", "place")


def test_what_is_told_after_the_question_asks_nothing_more() -> None:
    fact = "Le PEB c'est le prêt entre bibliothèques"
    assert asks_again(
        "Eko PEB ça veut dire quoi déjà ? une lectrice m'a demandé et j'ai séché", fact, "PEB", "definition"
    )
    assert asks_again(
        "Eko what does HMO stand for?", "HMO is a house in multiple occupation", "HMO", "definition"
    )


def test_a_price_given_with_its_currency_answers_whatever_the_fact_places() -> None:
    """ "Heure sup le samedi : majorées à 50%, c'est dans l'accord de la boîte" was not quoted to "la
    majoration des heures sup du samedi c'est combien ?": "dans l'accord" placed something (probe
    conversation of a shipyard crew, 2026-11-29). A fact that only places stays unquoted."""
    fact = "Heure sup le samedi : majorées à 50%, c'est dans l'accord de la boîte (d'après Yannick)"
    assert answers("la majoration des heures sup du samedi c'est combien ?", fact, 0.7, about="sup le samedi",
                   facet="price")  # fmt: skip
    placed = "Le parking de Lyon est dans la cour, derrière le bâtiment B"
    assert not answers("combien coûte le parking de Lyon ?", placed, 0.7, about="parking de Lyon")


def test_a_name_s_initials_name_it() -> None:
    """ "Eko rappelle moi le tarif d'un MH 6 personnes en août" met the fact about the mobil-home
    (probe conversation of a campsite, 2026-11-29); initials of nothing in the fact do not."""
    fact = "Nuit en mobil-home 6 places en août : 145 € la nuit (d'après Laetitia)"
    asked = "Eko rappelle moi le tarif d'un MH 6 personnes en août stp"
    assert answers(asked, fact, 0.6, about="nuit en mobil-home 6 places", facet="price")
    other = "Eko rappelle moi le tarif d'un MX 6 personnes en août stp"
    assert not answers(other, fact, 0.6, about="nuit en mobil-home 6 places", facet="price")


def test_boats_are_one_concept() -> None:
    """ "Josiane elle navigue sur quel ferry en ce moment ?" was not answered from "Bateau de Josiane :
    sur le Méditerranée…" (probe conversation of a ferry company, 2026-11-29)."""
    fact = "Bateau de Josiane : sur le Méditerranée jusqu'à dimanche, rotation Alger (d'après Josiane)"
    assert answers("Eko, Josiane elle navigue sur quel ferry en ce moment ?", fact, 0.6, about="Josiane")


def test_a_borrowed_article_is_no_shared_word() -> None:
    """ "NordPay yhostiw el prod fi ama pays ?" shared "NordPay" and the article "el" with NordPay's
    day rate and was answered by it (probe conversation of a software company in Tunis)."""
    rate = "9addech el TJM mte3na m3a NordPay : 450€ HT (d'après Ines)"
    assert not answers("Eko, NordPay yhostiw el prod fi ama pays ?", rate, 0.7, about="TJM", facet="other")
    assert answers("Eko, le TJM de NordPay ?", rate, 0.7, about="TJM", facet="other")


def test_who_said_a_fact_is_no_word_of_it() -> None:
    """ "Rachid il est de perm quel samedi ce mois-ci ?" was answered with the library's Saturday
    closing time, which Rachid had given (probe conversation of a library): the attribution closing a
    fact is no name nor word it says."""
    closing = "Heure de fermeture le samedi : 17h30 (d'après Rachid)"
    assert not answers(
        "Eko, Rachid il est de perm quel samedi ce mois-ci ?", closing, 0.5, about="samedi", facet="hours"
    )
    assert answers("Eko, on ferme à quelle heure le samedi ?", closing, 0.5, about="samedi", facet="hours")


def test_another_day_or_another_subject_is_no_answer() -> None:
    """ "le cours de yoga du mercredi il est à quelle heure ?" and "à quelle heure commence le yoga
    le mercredi ?" were answered with the competition wall's opening, "le mardi 14, on commence à
    8h" (probe conversation of a climbing gym): a day meets only itself, and the fact must meet the
    subject asked."""
    wall = "La prochaine ouverture du mur de compète c'est le mardi 14, on commence à 8h"
    about = "prochaine ouverture du mur de compète"
    assert not answers(
        "Eko, le cours de yoga du mercredi il est à quelle heure ?", wall, 0.5, about=about, facet="date"
    )
    assert not answers(
        "Eko à quelle heure commence le yoga le mercredi ?", wall, 0.5, about=about, facet="date"
    )
    assert answers("Eko elle tombe quand l'ouverture du mur compet ?", wall, 0.5, about=about, facet="date")
    assert shared_words("le marché du mardi ?", "on the tuesday market") == ["mardi"]
    assert shared_words("le cours du mercredi ?", "c'est le mardi 14") == []
