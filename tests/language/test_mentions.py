"""Mention detection and stripping: the table from the issue, plus the traps."""

from __future__ import annotations

import pytest

from language.mentions import mentions_bot, strip_mention


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Eko, c'était quoi le nom du village de maman ?", True),
        ("@eko tu es là ?", True),
        ("eko ?", True),
        ("EKO!!", True),
        ("Salut Éko", True),
        ("hé (eko) regarde", True),
        ("merci Eko.", True),
        ("«Eko» a répondu", True),
        ("Eko, tu es là ?", True),
        ("l'Eko de l'équipe", True),
        ("l’Eko de l’équipe", True),
        ("Eko!", True),
        ("merci Eko.", True),
        ("Eko. Tu as vu ?", True),
        ("Eko... tu dors ?", True),
        ("je parlais à Eko-", True),
        ("Eko - bot de l'équipe", True),
        ("écris-moi, Eko", True),
        ("mail eko@x.fr", False),
        ("moi@eko.fr", False),
        ("@Eko@exemple.org", False),
        ("eko-bot", False),
        ("le site eko.fr", False),
        ("eko.Fr", False),
        ("eko-2", False),
        ("www.eko", False),
        ("Jean-Eko est là", False),
        ("ouvre notes.eko", False),
        ("ekolo", False),
        ("Gecko", False),
        ("ekos", False),
        ("eko2", False),
        ("teko", False),
        ("eko_bot", False),
        ("", False),
        ("e k o", False),
    ],
)
def test_mentions_bot(text: str, expected: bool) -> None:
    assert mentions_bot(text) is expected


def test_mentions_other_bot_name() -> None:
    assert mentions_bot("Hé Zoé, ça va ?", bot_name="Zoe")
    assert not mentions_bot("Hé Eko, ça va ?", bot_name="Zoe")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Eko, c'était quoi le nom du village de maman ?", "c'était quoi le nom du village de maman ?"),
        ("@eko: Corentin est dev chez lemlist", "Corentin est dev chez lemlist"),
        ("Corentin est dev chez lemlist, Eko.", "Corentin est dev chez lemlist."),
        ("Dis-moi Éko, qui est Simon ?", "Dis-moi qui est Simon ?"),
        ("pas de mention ici ", "pas de mention ici"),
        ("Eko", ""),
        ("Eko, écris à eko@x.fr", "écris à eko@x.fr"),  # the address is left whole
        # the name between two clauses: their comma stays
        ("le gymnase ouvre quand eko, je voudrais y aller", "le gymnase ouvre quand, je voudrais y aller"),
    ],
)
def test_strip_mention(text: str, expected: str) -> None:
    assert strip_mention(text) == expected


def test_the_one_mention_rule_serves_the_window_too() -> None:
    """reflection's window once had its own mention rule: "eko.fr" named the bot there."""
    from reflection.window import open_questions

    window = [{"author": "David", "text": "c'est quoi eko.fr ?"}, {"author": "Zoé", "text": "Eko, ça va ?"}]
    assert [m["text"] for m in open_questions(window, "Eko")] == ["c'est quoi eko.fr ?"]


def test_what_comes_before_the_name_and_a_pictograph_was_said_to_the_room() -> None:
    """Probe conversation (2026-11-28): "hey all, back from leave 👋 Eko what is Quillfeather?" was
    stored as the goal "All, back from leave 👋 what is Quillfeather?"."""
    assert strip_mention("hey all, back from leave 👋 Eko what is Quillfeather?") == "what is Quillfeather?"
    assert strip_mention("salut ☀️ Eko c'est quoi Hérisson ?") == "c'est quoi Hérisson ?"
    # words before the name stay when no pictograph closes them
    assert strip_mention("Hérisson, Eko, c'est quoi ?") == "Hérisson, c'est quoi ?"


def test_a_japanese_honorific_after_the_name_still_names_eko() -> None:
    """ "Eko-san, bonjour. Je vous remercie pour votre aide d'hier." went unheard (probe conversation
    of a museum, 2026-11-29); a word glued to the name by a hyphen still does not name it."""
    assert mentions_bot("Eko-san, bonjour. Je vous remercie pour votre aide d'hier.")
    assert strip_mention("Eko-san, bonjour.") == "bonjour."
    assert not mentions_bot("Eko-sanitaire est fermé")
    assert not mentions_bot("Eko-friendly")
