"""Duplicate decisions on the hard cases of issues 2 and 10 (pure functions: the cosine is given)."""

from __future__ import annotations

import pytest

from language.equivalence import Attribution, about_veto, analyse, is_equivalent, judge, richer_text, veto

# Cosines as the packaged model gives them for such pairs: high for both sides of the trap.
HIGH = 0.85


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Qui est Corentin ?", "C'est qui Corentin ?"),
        ("Qui est Corentin ?", "Corentin, c'est qui exactement ?"),
        ("Qui est Corentin ?", "Je me demande qui est Corentin"),
        ("Qui est Corentin ?", "Who is Corentin?"),
        ("Combien coûte le plan Max ?", "Le plan Max coûte combien ?"),
    ],
)
def test_paraphrased_goals_merge(a: str, b: str) -> None:
    assert is_equivalent("goal", a, b, HIGH)
    assert is_equivalent("goal", b, a, HIGH)


@pytest.mark.parametrize(
    ("a", "b", "reason"),
    [
        ("Qui est Corentin ?", "Qui est Simon ?", "entity"),
        ("Qui est Corentin ?", "Où travaille Corentin ?", "intent"),
        ("Qui est Simon ?", "Simon fait du vélo ?", "intent"),
        ("C'est quoi Kraken FM ?", "Qu'est-ce que David a mergé sur Kraken FM ?", "entity"),
    ],
)
def test_goals_about_another_entity_or_attribute_never_merge(a: str, b: str, reason: str) -> None:
    assert veto("goal", analyse(a), analyse(b)) == reason
    assert not is_equivalent("goal", a, b, 0.99)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Le plan Max coûte 100 dollars", "Le plan Pro coûte 20 dollars"),
        ("Le plan Max coûte 100 dollars", "Le plan Max coûte 200 dollars"),
        ("David a 34 ans", "David a 43 ans"),
        ("Mickael a deux enfants", "Mickael a trois enfants"),
        ("Simon aime le café", "Simon n'aime pas le café"),
        ("Simon likes coffee", "Simon doesn't like coffee"),
        # found by the benchmark's synthetic facts: near-identical embeddings, different facts
        ("Emma Andre a rejoint l'équipe en septembre 2019", "Emma Andre a rejoint l'équipe en novembre 2019"),
        ("Eva Morel bosse sur le projet Boreal avec Eva", "Alice Morel bosse sur le projet Boreal avec Eva"),
        (
            "Clément travaille chez lemapp comme data scientist",
            "Clément travaille chez Criteo comme data scientist",
        ),
        ("Inès préfère Vim et déteste Vim", "Inès préfère Vim et déteste Elixir"),
        # a number said twice in one and once in the other with another beside it: found by an
        # import of numbered rooms (bench/import_memory.py's facts with the teams numbered apart)
        ("La salle 3 est au 3e étage", "La salle 12 est au 3e étage"),
        ("Le salon numéro 0 accueille l'équipe 0", "Le salon numéro 17 accueille l'équipe 0"),
    ],
)
def test_facts_with_another_number_entity_or_polarity_never_merge(a: str, b: str) -> None:
    assert not is_equivalent("fact", a, b, 0.99)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Léa est la manager de Hugo", "Hugo est le manager de Léa"),
        ("Tom reports to Anna", "Anna reports to Tom"),
        ("Léa a présenté Hugo à Tom", "Hugo a présenté Léa à Tom"),
    ],
)
def test_the_same_words_with_two_names_in_each_other_s_place_never_merge(a: str, b: str) -> None:
    # Same words, other relation: a wrong merge would lose who manages whom.
    assert veto("fact", analyse(a), analyse(b)) == "roles"
    assert not is_equivalent("fact", a, b, 0.99)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Léa et Hugo déjeunent ensemble", "Hugo et Léa déjeunent ensemble"),  # listed as equals
        ("Hugo est managé par Léa", "Léa manage Hugo"),  # a passive
        ("Le manager de Hugo, c'est Léa", "Léa est la manager de Hugo"),  # a cleft
        ("Hugo's manager? It's Léa", "Léa is Hugo's manager"),
    ],
)
def test_names_moved_without_changing_roles_are_not_a_swap(a: str, b: str) -> None:
    assert veto("fact", analyse(a), analyse(b)) != "roles"


def test_dates_and_weekdays_compare_as_values_across_languages() -> None:
    fr = "L'équipe fait un stand-up tous les lundis à 10h"
    # Same values in another language, "10h" as "10am" (the hour mark is notation): the same.
    assert judge("fact", fr, "The team has a stand-up every Monday at 10am") == "same"
    assert not is_equivalent("fact", fr, "L'équipe fait un stand-up tous les jeudis à 10h", 0.99)
    assert judge("fact", fr, "L'équipe fait un stand-up tous les jeudis à 10h") == "different"


def test_same_template_with_a_swapped_word_needs_a_near_identical_embedding() -> None:
    # "père"/"mère" sit in the same slot: the model's ~0.87 is not enough.
    assert not is_equivalent(
        "fact", "La mère de David vient de Besançon", "Le père de David vient de Besançon", 0.87
    )
    assert not is_equivalent(
        "goal", "Quel est le film préféré de Mickael ?", "Quel est le livre préféré de Mickael ?", 0.83
    )


def test_a_fact_adding_a_name_or_a_value_is_another_fact_offline_and_the_model_s_to_merge() -> None:
    short, rich = "Mickael est CTO", "Mickael est CTO chez lemapp depuis 2024"
    assert not is_equivalent("fact", rich, short, 0.99)
    assert judge("fact", rich, short, cosine=0.99) == "borderline"
    assert (
        judge("fact", "L'imprimante est en panne", "L'imprimante est en panne depuis lundi") == "borderline"
    )
    # a month or a weekday is such a value, as a year is
    assert judge("fact", "Léa travaille chez Criteo", "Léa travaille chez Criteo depuis mars") == "borderline"
    # merged by a model, the record keeps the richer text whichever came first
    assert richer_text(short, rich) == rich
    assert richer_text(rich, short) == rich
    assert not is_equivalent("fact", "Léa arrive chez Criteo en mars", "Léa arrive chez Criteo en mai", 0.99)
    # Other words added ("a passé un entretien") make another statement, not a detail.
    assert not is_equivalent(
        "fact", "Salomé est chez Contentsquare", "Salomé a passé un entretien chez Contentsquare", 0.9
    )


def test_richer_text_keeps_the_stored_text_when_both_carry_their_own_words() -> None:
    kept = "La mère de David vient de Besançon"
    assert richer_text(kept, "David's mother is from Besançon, near the Swiss border") == kept


def test_identical_texts_up_to_case_and_accents_merge_whatever_the_cosine() -> None:
    assert is_equivalent("fact", "Mickaël est CTO", "mickael est cto", 0.0)


@pytest.mark.parametrize("text", ["", "   ", "?!", "12", "a" * 5000])
def test_odd_inputs_do_not_crash(text: str) -> None:
    assert isinstance(is_equivalent("goal", text, "Qui est Corentin ?", 0.5), bool)
    assert isinstance(richer_text(text, "Qui est Corentin ?"), str)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Qui est Soraya ?", "qui est cette Soraya dont tout le monde parle ?"),
        ("Où habite Bob ?", "where does Bob live?"),
        ("Bob bosse où ?", "Bob travaille pour quelle boîte ?"),
        ("C'est quoi Kraken ?", "Kraken, c'est quoi ce projet ?"),
        ("c koi kraken", "Kraken, c'est quoi au juste ?"),
        ("Qui a créé Kraken ?", "Kraken a été créé par qui ?"),
        ("l'anniv de Bob c'est quand ?", "c'est quand l'anniversaire de Bob ?"),
        ("Marmotte sort quand ?", "Marmote sort quand ?"),
    ],
)
def test_questions_asking_the_same_facet_of_the_same_subject_are_the_same(a: str, b: str) -> None:
    assert judge("goal", a, b) == "same"
    assert is_equivalent("goal", b, a, 0.5)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Qui est Bob ?", "Bob fait quoi ?"),  # identity / role
        ("Où habite Bob ?", "D'où vient Bob ?"),  # place / origin
        ("Bob bosse où ?", "Bob habite où ?"),  # employer / place
        ("Où habite Bob ?", "Bob part où en vacances ?"),  # home / trip
        ("C'est quoi le mail de Bob ?", "C'est quoi le numéro de Bob ?"),  # contact channel
        ("C'est quoi la couleur préférée de Bob ?", "C'est quoi le film préféré de Bob ?"),
        ("Qui est le CTO ?", "Qui est le CEO ?"),  # anchors name things
        ("Bob a un chien ?", "Bob a un chat ?"),  # members of one concept are not synonyms
        ("Le bureau de Lyon est où ?", "Le bureau de Paris est où ?"),
        ("Qui est Bob ?", "Qui est Alice ?"),
    ],
)
def test_another_facet_or_subject_is_another_question(a: str, b: str) -> None:
    assert judge("goal", a, b) == "different"
    assert not is_equivalent("goal", a, b, 0.95)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Le wifi invité c'est quoi le mot de passe ?", "Le wifi c'est quoi le mot de passe ?"),
        ("C'est quoi la stack de Kraken ?", "C'est quoi Kraken ?"),
    ],
)
def test_same_facet_and_anchors_in_other_words_is_left_to_the_model(a: str, b: str) -> None:
    assert judge("goal", a, b) == "borderline"
    assert not is_equivalent("goal", a, b, 0.9)  # offline, precision first


def test_facts_about_other_subjects_or_stopped_states_are_different() -> None:
    assert judge("fact", "Il habite à Lyon", "Il habite à Lyon", "Simon", "Zoé") == "different"
    assert judge("fact", "Thibaut travaille chez Mirakl", "Thibaut a quitté Mirakl") == "different"
    assert judge("fact", "Farid habite à Annecy", "Farid va à Annecy ce week-end") == "different"
    assert judge("fact", "Kenji vit à Montréal", "Kenji habite à Montréal") == "same"


# --- recall rules (issue 10): probes written for the rules, not taken from the labelled sets -------


@pytest.mark.parametrize(
    ("a", "b"),
    [
        # the same facet of the same named subject, each in its own words
        ("Bastien arrive quand chez nous ?", "c'est quand que Bastien commence ?"),
        ("pourquoi Bastien a quitté Criteo ?", "Bastien est parti de Criteo pour quelle raison ?"),
        # one side only adds a verb restating the facet
        ("c'est quoi les horaires de la boutique Zorglub ?", "la boutique Zorglub ouvre à quelle heure ?"),
        # "dans l'équipe", like "chez nous", situates the question in the team's own context
        ("Bastien a quel rôle dans l'équipe ?", "c'est quoi le poste de Bastien ?"),
        # "comme", "trop", "si": function words and degree adverbs
        ("c'est quoi Zorglub ?", "Zorglub c'est quoi comme outil ?"),
        ("c'est quoi Zorglub ?", "je comprends pas trop ce qu'est Zorglub"),
        # the imperfect of a polite "je me demandais" is no former time
        ("Bastien habite où ?", "je me demandais où habitait Bastien"),
        # the participant asked the same way round or the other
        ("Bastien travaille avec qui ?", "Avec qui travaille Bastien ?"),
        # asking to be reminded of a thing asks what it is
        ("c'est quoi le code du wifi de Zorglub ?", "tu peux me rappeler le code du wifi de Zorglub ?"),
        ("what's the Zorglub wifi password?", "remind me the Zorglub wifi password"),
        # a discourse adverb says how one speaks, not what one asks
        ("comment ça marche Zorglub ?", "Zorglub, ça marche comment concrètement ?"),
        ("Bastien habite où ?", "franchement, Bastien habite où ?"),
        # two words of a beginning, or two of a coming event, name one date
        ("c'est quand le premier jour de Bastien ?", "Bastien arrive quand ?"),
        ("Zorglub sort quand ?", "c'est quand la mise en prod de Zorglub ?"),
    ],
)
def test_reworded_questions_about_a_named_subject_merge(a: str, b: str) -> None:
    assert judge("goal", a, b) == "same"
    assert judge("goal", b, a) == "same"


@pytest.mark.parametrize(
    ("a", "b"),
    [
        # verbs of opposite direction
        ("la boutique Zorglub ouvre à quelle heure ?", "la boutique Zorglub ferme à quelle heure ?"),
        ("Quand ouvre la cantine ?", "Quand ferme la cantine ?"),
        ("Bastien arrive quand ?", "Bastien part quand ?"),
        # a folded feminine participle ("arrivee") still reaches its verb
        ("Quand est-ce que Léa est arrivée ?", "Quand est-ce que Léa va partir ?"),
        # a former state is not the present one
        ("Bastien travaillait où avant ?", "Bastien travaille où ?"),
        ("Where did Bastien work before?", "Where does Bastien work?"),
        ("Zorglub commence quand ?", "Zorglub finit quand ?"),
        # the first day is a beginning, the last an end; "démarrer" begins like "commencer"
        ("c'est quand le premier jour de Bastien ?", "c'est quand son dernier jour à Bastien ?"),
        ("Zorglub a démarré quand ?", "Zorglub s'arrête quand ?"),
        # when a thing began is not the date of its coming event
        ("Zorglub a démarré quand ?", "c'est quand la mise en prod de Zorglub ?"),
        ("Zorglub a commencé quand ?", "when does Zorglub ship?"),
        # for an agent, the verb is what is asked
        ("qui a créé Zorglub ?", "qui maintient Zorglub ?"),
        # "qui" after a preposition asks another participant, not who the subject is; and the verb
        # says which one
        ("Bastien, c'est qui au juste ?", "Bastien, il déjeune avec qui au juste ?"),
        ("Bastien déjeune avec qui ?", "Bastien travaille avec qui ?"),
        ("Who is Bastien?", "Who does Bastien work with?"),
        ("qui est Bastien ?", "Bastien reporte à qui ?"),
        ("qui est Bastien ?", "Bastien parle de qui ?"),
        ("Who is Bastien?", "Who does Bastien report to?"),
        # "quoi", "quel X", "combien de X" ask an open object: the words around them are what is asked
        ("Bastien mange quoi le midi ?", "Bastien code en quoi ?"),
        ("Bastien fait quel sport ?", "Bastien prend quel train ?"),
        ("Bastien a combien de chats ?", "Bastien a combien d'enfants ?"),
        ("What sport does Bastien play?", "What train does Bastien take?"),
        # going away (an English plural too) qualifies what is asked
        ("What does Bastien do on weekends?", "What does Bastien do for a living?"),
        # a qualifier narrows the question
        ("c'est quoi le wifi de Zorglub ?", "c'est quoi le wifi invité de Zorglub ?"),
    ],
)
def test_opposites_agents_and_qualifiers_stay_apart(a: str, b: str) -> None:
    assert judge("goal", a, b) != "same"
    assert judge("goal", b, a) != "same"


def test_an_unnamed_subject_reworded_is_left_to_the_model() -> None:
    assert judge(
        "goal", "pourquoi la photocopieuse est en panne ?", "c'est quoi le souci avec la photocopieuse ?"
    ) == ("borderline")


@pytest.mark.parametrize(
    ("a", "b", "verdict"),
    [
        # "ne … plus" says something stopped, like "a quitté" / "a arrêté"
        ("Bastien a quitté Criteo.", "Bastien ne travaille plus chez Criteo", "same"),
        ("Bastien a arrêté le judo.", "Bastien ne fait plus de judo", "same"),
        ("Bastien ne travaille plus chez Criteo", "Bastien travaille chez Criteo", "different"),
        ("Bastien ne travaille pas chez Criteo", "Bastien ne travaille plus chez Criteo", "different"),
        # ordinals are values
        (
            "La salle Kilimandjaro est au 2e étage.",
            "La salle Kilimandjaro se trouve au deuxième étage",
            "same",
        ),
        (
            "La salle Kilimandjaro est au 2e étage.",
            "La salle Kilimandjaro est au troisième étage",
            "different",
        ),
        # a predicate the facet cues do not know is compared by its words; two known facets differ
        ("Bastien est originaire de Quimper", "Bastien est de Quimper", "same"),
        ("Bastien habite à Quimper", "Bastien vient de Quimper", "different"),
    ],
)
def test_statements_that_stopped_ordinals_and_unknown_predicates(a: str, b: str, verdict: str) -> None:
    assert judge("fact", a, b, "Bastien", "Bastien") == verdict
    assert judge("fact", b, a, "Bastien", "Bastien") == verdict


def test_about_veto_is_the_subject_veto_for_two_named_subjects() -> None:
    """A bulk import skips the pairs ``about_veto`` rules out before the full rules: each is one that
    ``is_equivalent`` refuses whatever the texts and the cosine; names compare folded."""
    text = "Il habite à Lyon depuis 2019"
    for a, b in [("Zoé", "Simon"), ("Simon Martin", "Simon Petit")]:
        assert about_veto(a, b)
        assert not is_equivalent("fact", text, text, 1.0, Attribution(about=a), Attribution(about=b))
    same_or_unnamed = [
        ("Zoé ", "zoe"),
        ("Simon  MARTIN", "simon martin"),
        ("Zoé", None),
        (None, None),
        ("", "Zoé"),
    ]
    for a, b in same_or_unnamed:
        assert not about_veto(a, b)
    assert is_equivalent("fact", text, text, 1.0, Attribution(about="Zoé "), Attribution(about="zoe"))


def test_a_classifier_noun_around_a_name_is_the_same_subject() -> None:
    """ "le projet Hermès" (French puts the noun first) and "the Hermès project" (English after) are
    one subject; the noun alone, or another name, is not (probe conversations of issue 10)."""
    english, french = "What is the Hermès project ?", "C'est quoi le projet Hermès ?"
    assert not about_veto("projet Hermès", "Hermès")
    assert judge("goal", english, french, "Hermès", "projet Hermès") == "same"
    assert about_veto("projet Hermès", "projet Atlas")
    assert about_veto("projet", "Hermès")
    assert (
        judge("goal", "C'est quoi le projet Atlas ?", french, "projet Atlas", "projet Hermès") == "different"
    )


def test_an_elision_written_or_spaced_is_the_same_subject() -> None:
    # a goal's subject keeps its apostrophe, a subject read from tokens has none
    assert not about_veto("soirée d'équipe", "soirée d équipe")
    assert not about_veto("soirée d’équipe", "soirée d'équipe")
    assert about_veto("soirée d'équipe", "soirée de Noël")
    assert not about_veto("stand-up quotidien", "stand up quotidien")


def test_an_initialism_spelled_out_is_the_same_subject() -> None:
    """ "le mdp du wifi invité" / "le mot de passe du wifi invité": one subject, as the duplicate
    rules already read initialisms in the texts (probe conversations of issue 10)."""
    short, long = "C'est quoi le mdp du wifi invité ?", "Quel est le mot de passe du wifi invité ?"
    assert not about_veto("mdp du wifi invité", "mot de passe du wifi invité")
    assert judge("goal", short, long, "mdp du wifi invité", "mot de passe du wifi invité") == "same"
    assert about_veto("mdp du wifi invité", "mot de passe du wifi pro")
    assert about_veto("Zoé", "Simon")


def test_a_subject_translated_word_for_word_is_the_same_subject() -> None:
    """ "la prochaine all-hands" / "the next all-hands": one subject through Debian's FreeDict
    dictionaries (probe set 3 of issue 10 made them two goals); names never translate."""
    english, french = "When is the next all-hands ?", "C'est quand la prochaine all-hands ?"
    assert not about_veto("next all hands", "prochaine all hands")
    assert judge("goal", english, french, "next all hands", "prochaine all hands") == "same"
    assert about_veto("next all hands", "dernière all hands")
    assert about_veto("Marc", "Marco")


def test_the_quick_answer_for_two_names_agrees_with_the_whole_subject_rule() -> None:
    """``same_subject`` decides pairs with no word in common from each key alone (an import compares
    every two names of a batch); on every pair of these subjects it says what the whole rule says:
    names, an initialism, a subject translated word for word."""
    from language.equivalence import _same_subject, same_subject

    subjects = [
        "julie laurent", "raphael mercier", "julie mercier", "laurent", "maison bleue", "house blue",
        "prochain sprint", "next sprint", "mdp", "mot de passe", "mdp du wifi invite",
        "mot de passe du wifi invite", "equipe", "team", "marc", "marco",
    ]  # fmt: skip
    assert same_subject("maison bleue", "house blue")  # no word in common, every word translated
    for a in subjects:
        for b in subjects:
            whole = a == b or (_same_subject(a, b) if a < b else _same_subject(b, a))
            assert same_subject(a, b) == whole, (a, b)


def test_a_verb_of_aversion_is_the_negation_of_liking() -> None:
    assert (
        judge("fact", "Rosalie n'aime pas le vert", "Rosalie déteste le vert", "Rosalie", "Rosalie") == "same"
    )
    assert (
        judge("fact", "Anouk déteste le jazz", "Anouk can't stand jazz", "Anouk", "Anouk", cosine=0.86)
        == "same"
    )
    assert judge("fact", "Anouk ne supporte pas le jazz", "Anouk déteste le jazz", "Anouk", "Anouk") == "same"
    # still the opposite of liking
    assert (
        judge("fact", "Rosalie aime le vert", "Rosalie déteste le vert", "Rosalie", "Rosalie") == "different"
    )
    assert (
        judge("fact", "Anouk adore le jazz", "Anouk hates jazz", "Anouk", "Anouk", cosine=0.8) == "different"
    )


# A meaning said in other words (language/concepts.py, the synonym classes; readings; facets): a
# question ends with "?" and has no subject given, a statement is about ``about``.
_OTHER_WORDS = [
    # being in charge of a thing, in any of its words, is one statement and one question
    ("Bastien gère la paie", "C'est Bastien qui s'occupe de la paie", "Bastien", True),
    ("Bastien est responsable de la paie", "Bastien gère la paie", "Bastien", True),
    ("Qui gère le serveur de build ?", "C'est qui qui s'occupe du serveur de build ?", None, True),
    ("Qui gère le serveur de build ?", "Qui est responsable du serveur de build ?", None, True),
    ("Who's in charge of the design team?", "Who runs the design team?", None, True),
    ("Qui est en charge de la paie ?", "Qui gère la paie ?", None, True),
    ("Who looks after the staging server?", "Who's responsible for the staging server?", None, True),
    ("Bastien takes care of the plants", "Bastien manages the plants", "Bastien", True),
    # the holder of a role of being in charge is who is in charge ("c'est qui le lead de X ?")
    ("Qui pilote Zorglub ?", "C'est qui le lead de Zorglub ?", None, True),
    ("Qui gère le bureau de Nantes ?", "C'est qui le responsable du bureau de Nantes ?", None, True),
    ("Qui est le chef de projet de Zorglub ?", "Qui pilote Zorglub ?", None, True),
    ("C'est qui le chef de Bastien ?", "Qui est le manager de Bastien ?", None, True),
    ("C'est qui le lead de Zorglub ?", "Qui a créé Zorglub ?", None, False),
    ("C'est qui le lead dev de Zorglub ?", "Qui pilote Zorglub ?", None, False),
    # another act, another thing, or no longer is another statement
    ("Bastien gère la paie", "Bastien a créé la paie", "Bastien", False),
    ("Bastien gère la paie", "Bastien gère le recrutement", "Bastien", False),
    ("Bastien gère la paie", "Bastien ne gère plus la paie", "Bastien", False),
    ("Qui gère le serveur de build ?", "Qui a installé le serveur de build ?", None, False),
    # making a thing, in any of its words; another act, thing made or value
    ("Qui a créé Zorglub ?", "C'est qui qui a développé Zorglub ?", None, True),
    ("Who built Zorglub?", "Qui a codé Zorglub ?", None, True),
    ("Zorglub est écrit en Go", "Zorglub est codé en Go", "Zorglub", True),
    ("Qui a codé Zorglub ?", "Qui maintient Zorglub ?", None, False),
    ("Qui a écrit la doc de Zorglub ?", "Qui a créé Zorglub ?", None, False),
    ("Zorglub est codé en Python", "Zorglub a été créé en 2020", "Zorglub", False),
    # out of order and repaired, in any words; "ne marche plus" says it is, not that something
    # stopped; the other state, another machine or a qualified state is another statement
    ("La photocopieuse est en panne", "La photocopieuse marche plus", "photocopieuse", True),
    ("La photocopieuse est en panne", "La photocopieuse est HS", "photocopieuse", True),
    ("La photocopieuse est HS", "The photocopier is broken", "photocopieuse", True),
    ("La photocopieuse a été réparée", "La photocopieuse remarche", "photocopieuse", True),
    ("La photocopieuse est en panne", "La photocopieuse a été réparée", "photocopieuse", False),
    ("La photocopieuse marche plus", "La photocopieuse remarche", "photocopieuse", False),
    ("La photocopieuse du 3e est en panne", "La photocopieuse du 2e est HS", "photocopieuse", False),
    ("La photocopieuse est en panne", "La photocopieuse ne marche pas bien le matin", "photocopieuse", False),
    ("pourquoi le staging est down ?", "le staging répond plus, pourquoi ?", None, True),
    ("pourquoi le staging est down ?", "pourquoi le staging est lent ?", None, False),
    # what a thing runs on, liking a thing; another tool, taste, the opposite, another relation
    ("La CI tourne sur GitLab CI", "On utilise GitLab CI pour la CI", "CI", True),
    ("Le staging est hébergé chez Scaleway", "Le staging tourne sur Scaleway", "staging", True),
    ("Bastien adore le jazz", "Bastien est fan de jazz", "Bastien", True),
    ("La CI tourne sur GitLab CI", "La CI tourne sur GitHub Actions", "CI", False),
    ("Bastien aime le jazz", "Bastien kiffe le rock", "Bastien", False),
    ("Bastien aime le jazz", "Bastien déteste le jazz", "Bastien", False),
    ("Bastien aime Vim", "Bastien utilise Vim", "Bastien", False),
    # children in any register, a product coming out in any word
    ("Bastien a 2 gamins", "bastien a deux gosses", "Bastien", True),
    ("Bastien a 2 gamins", "Bastien a 2 filles", "Bastien", False),
    ("Zorglub sort quand ?", "c'est quand la release de Zorglub ?", None, True),
    ("Zorglub sort quand ?", "Zorglub arrive quand ?", None, False),
    # a favourite named in another register (a synonym class holds for strict facets too)
    ("C'est quoi le livre préféré de Bastien ?", "Bastien lit quoi comme bouquin préféré ?", None, True),
    ("C'est quoi le livre préféré de Bastien ?", "C'est quoi le film préféré de Bastien ?", None, False),
    # slang asking what a thing is, a favourite in other words
    ("c'est quoi Zorglub ?", "kesako Zorglub ?", None, True),
    ("le film préféré de Bastien c'est quoi ?", "Bastien, son film culte c'est lequel ?", None, True),
    # an English negative contraction is a negation, as "ne … plus" is; the same facts
    ("Zorglub n'est plus maintenu", "Zorglub isn't maintained anymore", "Zorglub", True),
    ("Bastien n'aime pas le café", "Bastien doesn't like coffee", "Bastien", True),
    # a time written "11h30" or "11:30", a subject named in either language, a price in "$" or "£"
    ("La piscine ouvre à 9h30", "the swimming pool opens at 9:30", "piscine", True),
    ("La piscine ouvre à 9h30", "the swimming pool opens at 10:30", "piscine", False),
    ("La bibliothèque ouvre à 8h", "the library opens at 8:00", "bibliothèque", True),
    ("Le forfait Zorglub coûte 30 dollars", "Le forfait Zorglub est à 30 $", "forfait Zorglub", True),
    ("Le forfait Zorglub coûte 30 livres", "Le forfait Zorglub est à 30 £", "forfait Zorglub", True),
    ("Le forfait Zorglub coûte 30 dollars", "Le forfait Zorglub est à 40 $", "forfait Zorglub", False),
]


@pytest.mark.parametrize(("a", "b", "about", "same"), _OTHER_WORDS)
def test_a_meaning_said_in_other_words_is_one_record(a: str, b: str, about: str | None, same: bool) -> None:
    who = Attribution(about)
    assert is_equivalent("goal" if a.endswith("?") else "fact", a, b, 0.8, who, who) is same


def test_a_word_of_a_synonym_class_is_no_name_and_no_swapped_slot() -> None:
    # "HS" is written in capitals: it is no name, and "en panne" / "HS" is no swap of one slot,
    # whatever the embedding says (0.78 with the default model)
    assert analyse("la machine à café est HS").entities == frozenset()
    who = Attribution("machine à café")
    assert is_equivalent("fact", "la machine à café est en panne", "la machine à café est HS", 0.7, who, who)


def test_colloquial_verbs_of_working_and_living_state_the_employer_and_the_place() -> None:
    who = Attribution("Bastien")
    assert is_equivalent("fact", "Bastien bosse chez Vinted", "Bastien, il taffe chez Vinted", 0.74, who, who)
    assert is_equivalent("fact", "Bastien habite à Limoges", "Bastien est installé à Limoges", 0.87, who, who)
    assert not is_equivalent(
        "fact", "Bastien taffe chez Vinted", "Bastien a taffé chez Vinted", 0.87, who, who
    )


# A value facet given with the same values about one subject is one statement, whatever words carry
# the value (language/equivalence.py, _same_value_given), unless the two count other things, per
# other units, name other things, or only situate a state in time.
_SAME_VALUE = [
    ("Bastien fête son anniv le 3 juin", "Bastien's birthday is June 3", "Bastien", True),
    ("La cotisation du club est de 40 euros par an", "Le club coûte 40 € par an", "club", True),
    (
        "La salle Ondine peut accueillir 30 personnes",
        "Capacité de la salle Ondine : 30 personnes",
        "Ondine",
        True,
    ),
    ("La mise en prod de Zorglub est prévue le 9 mai", "Zorglub sort en prod le 9 mai", "Zorglub", True),
    # the same thing counted in the two languages
    ("Zorglub a été téléchargé 4000 fois", "Zorglub was downloaded 4000 times", "Zorglub", True),
    # other things counted, per other units, other things named, a state situated in time
    ("Zorglub compte 4 000 abonnés", "Zorglub a été installé 4 000 fois", "Zorglub", False),
    ("Le repas coûte 25 € par personne", "Le repas coûte 25 € par table", "repas", False),
    ("Le repas coûte 25 € par personne et par jour", "Le repas coûte 25 € par jour", "repas", False),
    ("Le loyer du local est de 900 €", "Le dépôt de garantie du local est de 900 €", "local", False),
    ("Zorglub sort en prod le 9 mai", "Zorglub sort en bêta le 9 mai", "Zorglub", False),
    ("Bastien est stagiaire depuis 2022", "Bastien est lead dev depuis 2022", "Bastien", False),
    ("La cantine est ouverte lundi", "La cantine est fermée lundi", "cantine", False),
    ("La cantine est ouverte lundi", "The canteen is closed on Monday", "cantine", False),
    ("Zorglub compte 4000 abonnés", "Zorglub was downloaded 4000 times", "Zorglub", False),
    ("Bastien est malade depuis le 3 juin", "Bastien rentre le 3 juin", "Bastien", False),
    # a closing "each" is per one of what the subject names
    ("Les places de concert sont à 30 €", "concert tickets are 30€ each", "places de concert", True),
]


@pytest.mark.parametrize(("a", "b", "about", "same"), _SAME_VALUE)
def test_a_value_given_in_other_words_is_one_statement(a: str, b: str, about: str, same: bool) -> None:
    who = Attribution(about)
    assert is_equivalent("fact", a, b, 0.5, who, who) is same


def test_open_and_closed_are_opposite_states_in_every_form() -> None:
    # "ouverte" is the participle of "ouvrir", as "fermée" is of "fermer" (language/readings.py,
    # _OPPOSITES): not a question for the model to decide
    assert judge("goal", "La cantine est ouverte quand ?", "La cantine est fermée quand ?") == "different"
    assert judge("goal", "the gym is opened when?", "the gym is closed when?") == "different"


def test_a_code_glued_to_its_letter_is_one_subject_on_both_sides() -> None:
    """ "sac de T80" and "T80" read from a French and an English question: the English text speaks
    of the French subject once both are read as tokens (probe conversation of a bistro kitchen,
    2026-11-28, night, made "T45" questions curiosities at all)."""
    assert (
        judge("goal", "combien coûte un sac de T80 ?", "how much is a bag of T80?", "sac de T80", "T80")
        == "same"
    )
