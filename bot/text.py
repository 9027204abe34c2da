"""Small, language-aware readings of a message: is it a question, what tone fits, what it is about.

Rules only (they run in offline mode and before any model call). Word lists recognise input; every
phrase Eko says lives in ``bot/prompts/<language>/``.
"""

from __future__ import annotations

import re
from typing import Literal

from memory.learning import Language as Language  # re-exported for the bot package
from memory.learning import find_unknown_names, fold

Tone = Literal["playful", "helpful", "technical"]
TONES: tuple[Tone, ...] = ("playful", "helpful", "technical")

_QUESTION_STARTS: dict[Language, tuple[str, ...]] = {
    "fr": (
        "qui ",
        "quoi",
        "que ",
        "qu'",
        "quel",
        "comment",
        "pourquoi",
        "ou ",
        "quand",
        "combien",
        "est-ce",
        "c'est qui",
        "c'est quoi",
        "c'etait qui",
        "c'etait quoi",
        "tu sais",
        "sais-tu",
        "tu connais",
        "connais-tu",
        "tu te souviens",
        "te souviens-tu",
        "dis-moi",
        "rappelle-moi",
    ),
    "en": (
        "who",
        "what",
        "which",
        "when",
        "where",
        "why",
        "how",
        "do you",
        "did ",
        "does ",
        "is ",
        "are ",
        "can you",
        "could you",
        "tell me",
        "remind me",
    ),
}


# Words that make a topic technical (the seed's "Sujet technique → précis, concis").
def _folded(words: str) -> frozenset[str]:
    return frozenset(fold(word) for word in words.split())


_TECHNICAL = _folded(
    """api bug build code commit config cpu css database db debug deploy déploiement docker
    endpoint erreur error git http https javascript js json kubernetes latence latency log merge migration
    mongodb npm perf performance prod python qdrant query regex repo requête serveur server socket sql
    stack test tests timeout typescript webrtc websocket"""
)
_WORDS = re.compile(r"[^\W_]+(?:['’-][^\W_]+)*")


def normalise_quotes(text: str) -> str:
    return text.replace("’", "'")


def is_question(text: str, language: Language = "fr") -> bool:
    """True for "…?" and for sentences that start like a question ("c'était quoi le nom …")."""
    stripped = text.strip()
    if not stripped:
        return False
    if stripped.endswith("?"):
        return True
    start = fold(normalise_quotes(stripped))
    return any(start.startswith(prefix) for prefix in _QUESTION_STARTS[language])


_ABOUT_YOU: dict[Language, frozenset[str]] = {
    "fr": _folded("tu toi te t ton ta tes t'es t'as"),
    "en": _folded("you your yours yourself"),
}


def is_about_bot(question: str, language: Language = "fr") -> bool:
    """True when a message (without the bot's name) speaks to the bot about itself ("tu es qui ?")."""
    words = {fold(w) for w in _WORDS.findall(normalise_quotes(question))}
    words |= {w.split("'")[0] for w in words if "'" in w}
    return bool(words & _ABOUT_YOU[language])


def guess_tone(text: str, language: Language = "fr") -> Tone:
    """Technical words → technical; a question → helpful; anything else is small talk → playful."""
    words = {fold(w) for w in _WORDS.findall(text)}
    if words & _TECHNICAL:
        return "technical"
    if is_question(text, language):
        return "helpful"
    return "playful"


def main_entity(text: str, language: Language = "fr", bot_name: str = "Eko") -> str | None:
    """The first capitalised name in ``text`` (a person or a project), if any."""
    names = find_unknown_names(text, (), language, bot_name)
    return names[0].name if names else None


def as_curiosity(question: str, language: Language = "fr") -> str:
    """A question as a goal text: capitalised, one trailing "?" (the words stay the asker's)."""
    text = " ".join(question.split()).rstrip(" .!?…")
    if not text:
        return ""
    return text[0].upper() + text[1:] + (" ?" if language == "fr" else "?")
