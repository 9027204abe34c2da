"""Whether a Lobby message names the bot, and the message without that name.

"Eko" counts as a word in any case, with or without ``@``, with accents ("Éko") or punctuation
around it ("Eko,", "eko ?"), never inside another word ("ekolo", "Gecko"), nor inside another
token: an e-mail address ("eko@x.fr", "moi@eko.fr") or words joined by "-", "." or "_" ("eko-bot",
"eko.fr", "www.eko") are something else's name. Matching runs on an accent-folded, case-folded copy
of the text with a map back to the original characters (:func:`name_spans`), so
:func:`strip_mention` cuts exactly the characters the user typed.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from language.text import fold, fold_with_map

# Characters that glue words into one token ("eko-bot", "eko.fr", "eko@x.fr"). Only when a letter
# or digit follows (or precedes) them: "Eko." ending a sentence and "Eko-" ending the text still
# name the bot.
_JOINERS = "-._@"

# Punctuation glued to a removed mention ("Eko," / "Eko :") goes with it.
_TRAILING_PUNCT = ",;:!"
_SPACES = re.compile(r"\s+")
_SPACE_BEFORE_COMMA = re.compile(r"\s+([,.])")


@lru_cache(maxsize=1024)
def name_spans(text: str, name: str) -> tuple[tuple[int, int], ...]:
    """``(start, end)`` in ``text`` of every occurrence of ``name`` as a word.

    Any case, accents folded, optional ``@`` in front; never inside another word (``\\w`` covers
    letters of every script and digits: "ekolo", "Gecko", "eko2" are other words).

    Cached: one mention is read by several rules (mention, intent, names, answer), each asking again.
    """
    if not text or not name.strip():
        return ()
    folded, index = fold_with_map(text)
    pattern = re.compile(rf"(?<!\w)@?{re.escape(fold(name.strip()))}(?!\w)")
    return tuple((index[m.start()], index[m.end() - 1] + 1) for m in pattern.finditer(folded))


def mention_spans(text: str, bot_name: str = "Eko") -> list[tuple[int, int]]:
    """``(start, end)`` of every mention of ``bot_name`` in the original ``text``, with the Japanese
    honorific a team may add ("Eko-san, bonjour. Je vous remercie pour votre aide d'hier." went
    unheard: probe conversation of a museum, a Japanese intern)."""
    spans = []
    for start, end in name_spans(text, bot_name):
        honorific = _HONORIFIC.match(text, end)
        if honorific is not None:
            spans.append((start, honorific.end()))
        elif not _inside_token(text, start, end):
            spans.append((start, end))
    return spans


# Japanese honorifics joined to a name (a closed class).
_HONORIFIC = re.compile(r"-(?:san|sama|kun|chan|senpai|sensei|dono)(?![\w-])", re.IGNORECASE)


def _inside_token(text: str, start: int, end: int) -> bool:
    """True when the name at ``text[start:end]`` is glued to a neighbouring word by a joiner."""
    after = text[end : end + 2]
    if len(after) == 2 and after[0] in _JOINERS and after[1].isalnum():
        return True
    # A leading "@" was taken as part of the mention ("@eko") only when nothing precedes it
    # ("moi@eko" leaves the "@" out of the match), so a joiner here always follows a character.
    before = text[max(start - 2, 0) : start]
    return len(before) == 2 and before[1] in _JOINERS and before[0].isalnum()


def _closes_a_sentence(before: str) -> bool:
    """``before`` (the text before the first mention) ends with a pictograph, which in chat closes
    a sentence as a full stop does ("bon retour 👋")."""
    trimmed = before.rstrip()
    # an emoji's variation selector, skin tone or joiner comes after its pictograph ("☀️", "👋🏽")
    while trimmed and unicodedata.category(trimmed[-1]) in ("Mn", "Sk", "Cf"):
        trimmed = trimmed[:-1]
    return bool(trimmed) and unicodedata.category(trimmed[-1]) == "So"


def mentions_bot(text: str, bot_name: str = "Eko") -> bool:
    """True when ``text`` names the bot as a word (see the module docstring)."""
    return bool(mention_spans(text, bot_name))


# A clause opening with its subject pronoun ("je voudrais…", "on se voit…", "I need…").
_NEW_CLAUSE = re.compile(r"(?:je|j['’]|on|il|elle|ils|elles|nous|vous|i|we|he|she|they)\b", re.IGNORECASE)


def strip_mention(text: str, bot_name: str = "Eko") -> str:
    """``text`` without the bot's name and the punctuation that only served to address it.

    ``"Eko, c'était quoi le village de maman ?"`` → ``"c'était quoi le village de maman ?"``;
    ``"Corentin est dev chez lemlist, @eko."`` → ``"Corentin est dev chez lemlist."``.
    """
    spans = mention_spans(text, bot_name)
    if not spans:
        return text.strip()
    if _closes_a_sentence(text[: spans[0][0]]):
        # "hey all, back from leave 👋 Eko what is Quillfeather?": what comes before the name was
        # said to the room, a sentence of its own
        text, spans = text[spans[0][0] :], [(start - spans[0][0], end - spans[0][0]) for start, end in spans]
    pieces: list[str] = []
    cursor = 0
    for start, end in spans:
        before = text[cursor:start]
        # "…lemlist, Eko." : the comma before a final mention addressed the bot too.
        rest_after = text[end:].lstrip()
        if not rest_after.strip(".!?…" + _TRAILING_PUNCT + " "):
            before = before.rstrip().rstrip(",;:")
        pieces.append(before)
        eaten = end
        while end < len(text) and (text[end] in _TRAILING_PUNCT or text[end].isspace()):
            end += 1
        cursor = end
        # the name between two clauses kept their comma ("… le dimanche matin eko, je voudrais
        # caler un rattrapage"): the clauses stay apart
        between = before.strip() and before.rstrip()[-1:].isalnum() and _NEW_CLAUSE.match(text[end:])
        pieces.append(", " if between and "," in text[eaten:end] else " ")
    pieces.append(text[cursor:])
    cleaned = _SPACES.sub(" ", "".join(pieces))
    cleaned = _SPACE_BEFORE_COMMA.sub(r"\1", cleaned)
    return cleaned.strip().lstrip(",;:!").strip()
