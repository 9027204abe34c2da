"""Questions and tones."""

from __future__ import annotations

import pytest

from language.curiosity import read_curiosity
from language.questions import asked_part, asks_in_another_language, curiosity_tone, is_question


def test_curiosity_tone() -> None:
    assert curiosity_tone("C'est quoi WebRTC exactement, côté serveur ?") == "technical"
    assert curiosity_tone("Qui est Corentin ?") == "helpful"
    assert curiosity_tone("Je veux mieux comprendre le vibe coding") == "technical"
    assert curiosity_tone("Le week-end à Lyon, c'était bien ?") == "playful"


def test_a_question_opening_in_either_language_with_chat_spelling_is_a_question() -> None:
    """Probe conversation (2026-11-28): "Eko do u know where Hallvard is based? need to pick a slot
    for the sync" was taken as the answer to a waiting goal about Hallvard."""
    asked = "do u know where Hallvard is based? need to pick a slot for the sync"
    assert is_question(asked, "en") and is_question(asked, "fr")
    assert is_question("c'est qui le DPO ? j'ai besoin de lui", "en")
    assert not is_question("c'est Paul ? je crois", "fr")


def test_an_emoji_after_the_question_mark_or_a_hyphen_left_out_keep_it_a_question() -> None:
    """Probe conversation (2026-11-28): "Eko c'est où le déj d'équipe vendredi ? 🍽️" and "Eko
    rappelle moi qd sort Framboisier v2 stp" were stored as answers to Eko's questions."""
    assert is_question("c'est où le déj d'équipe vendredi ? 🍽️")
    assert is_question("rappelle moi qd sort Hérisson v2 stp")
    assert is_question("le déj d'équipe, c'est où ? 🍽️")
    assert is_question("rappelle-moi le code du portail")
    assert not is_question("c'est le bleu ☀️")


def test_c_est_and_a_preposition_before_the_interrogative_is_a_question() -> None:
    """ "c'est a quelle heure que le gymnase ouvre le dimanche eko, je voudrais…" was stored as the
    answer to Eko's question on someone's return (probe conversation of 2026-11-28, early afternoon)."""
    assert is_question("c'est a quelle heure que le gymnase ouvre le dimanche, je voudrais savoir")
    assert is_question("c'est pour quand la démo")
    assert not is_question("c'est à Lyon que ça se passe")


def test_a_question_asked_again_after_a_self_repair_replaces_the_first() -> None:
    """ "wo isch de Schlüssel vum Pumptrack-Container ? euh... où elle est la clé du conteneur du
    pumptrack ?" and "¿dónde guardamos el decorado? perdón 😅 où on range le décor ?" were kept whole
    as goals (probe conversations of a bike park and a theatre company); a repair taking the first
    question up by a pronoun keeps both ("… ? enfin, qui c'est ?")."""
    said = "Eko, dove sono le chiavi del furgone? scusa 😅 où sont les clés du camion ?"
    assert asked_part(said) == "où sont les clés du camion ?"
    assert (
        asked_part("c'est où ? euh je veux dire, c'est quand le pot de départ ?")
        == "c'est quand le pot de départ ?"
    )
    taken_up = "Eko, chi è il nuovo stagista ? enfin, qui c'est ?"
    assert asked_part(taken_up) == taken_up
    # "ah non" before the marker (probe conversation of a conservatory); not alone
    repaired = "Alessandro suona cosa ? ah non pardon, qu'est-ce qu'il joue Alessandro au récital ?"
    assert asked_part(repaired) == "qu'est-ce qu'il joue Alessandro au récital ?"
    two = "c'est qui Paul ? ah et il bosse où ?"
    assert asked_part(two) == two


@pytest.mark.parametrize(
    ("text", "foreign"),
    [
        # asked in a language Eko does not read (a museum, interpreters, a shipyard crew: kept and
        # asked to the room as written)
        ("Eko, ¿y Karim qué días trabaja este finde? c'est pour le planning sécu", True),
        ("Eko, weißt du wann die CESE-Sitzung am Montag anfängt?", True),
        # a borrowed interrogative in a question of French words is read (a shipyard crew, a hotel)
        ("Eko, quem faz o surveillant feu na équipe de nuit ?", False),
        ("Eko, quién es le responsable du groupe espagnol ?", False),
        # French or English, whatever words they borrow
        ("Eko, qui fait la garde ce finde ?", False),
        ("Eko, the dove is back, where does it nest?", False),
    ],
)
def test_questions_asked_in_another_language(text: str, foreign: bool) -> None:
    assert asks_in_another_language(text) is foreign
    assert (read_curiosity(text) is None) is foreign  # Eko could not ask it back
