"""What a curiosity is: a question to keep as a goal, as people said it."""

from __future__ import annotations

from language.text import Language


def as_curiosity(question: str, language: Language = "fr") -> str:
    """A question as a goal text: capitalised, one trailing "?" (the words stay the asker's)."""
    text = " ".join(question.split()).rstrip(" .!?…")
    if not text:
        return ""
    return text[0].upper() + text[1:] + (" ?" if language == "fr" else "?")
