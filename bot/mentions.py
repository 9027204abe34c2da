"""Whether a Lobby message names the bot, and the message without that name.

"Eko" counts as a word in any case, with or without ``@``, with accents ("Éko") or punctuation
around it ("Eko,", "eko ?"), never inside another word ("ekolo", "Gecko"). Matching runs on an
accent-folded, case-folded copy of the text with a map back to the original characters
(:func:`memory.learning.name_spans`, shared with the learning rules), so :func:`strip_mention`
cuts exactly the characters the user typed.
"""

from __future__ import annotations

import re

from memory.learning import name_spans

# Punctuation glued to a removed mention ("Eko," / "Eko :") goes with it.
_TRAILING_PUNCT = ",;:!"
_SPACES = re.compile(r"\s+")
_SPACE_BEFORE_COMMA = re.compile(r"\s+([,.])")


def mention_spans(text: str, bot_name: str = "Eko") -> list[tuple[int, int]]:
    """``(start, end)`` of every mention of ``bot_name`` in the original ``text``."""
    return name_spans(text, bot_name)


def mentions_bot(text: str, bot_name: str = "Eko") -> bool:
    """True when ``text`` names the bot as a word (see the module docstring)."""
    return bool(mention_spans(text, bot_name))


def strip_mention(text: str, bot_name: str = "Eko") -> str:
    """``text`` without the bot's name and the punctuation that only served to address it.

    ``"Eko, c'était quoi le village de maman ?"`` → ``"c'était quoi le village de maman ?"``;
    ``"Corentin est dev chez lemlist, @eko."`` → ``"Corentin est dev chez lemlist."``.
    """
    spans = mention_spans(text, bot_name)
    if not spans:
        return text.strip()
    pieces: list[str] = []
    cursor = 0
    for start, end in spans:
        before = text[cursor:start]
        # "…lemlist, Eko." : the comma before a final mention addressed the bot too.
        rest_after = text[end:].lstrip()
        if not rest_after.strip(".!?…" + _TRAILING_PUNCT + " "):
            before = before.rstrip().rstrip(",;:")
        pieces.append(before)
        while end < len(text) and (text[end] in _TRAILING_PUNCT or text[end].isspace()):
            end += 1
        cursor = end
        pieces.append(" ")
    pieces.append(text[cursor:])
    cleaned = _SPACES.sub(" ", "".join(pieces))
    cleaned = _SPACE_BEFORE_COMMA.sub(r"\1", cleaned)
    return cleaned.strip().lstrip(",;:!").strip()
