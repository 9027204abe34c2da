"""The Lobby's rules as plain functions: display names, message text, flood protection.

A refusal is a stable code (and its parameters); the server words it in the Lobby's language from
``lobby/i18n/<language>.json`` (``refusal.<code>``).
"""

from __future__ import annotations

import functools
import hmac
import re
import unicodedata
from collections import deque
from datetime import datetime, timedelta
from typing import Any

from language.controls import first_control, is_blank, is_readable_name, without_ignorables

MAX_NAME_LENGTH = 40
MAX_TEXT_LENGTH = 4000


_SPACE_RUN = re.compile(" {2,}")


class RefusedError(ValueError):
    """Input the Lobby refuses: ``code`` names the reason (``refusal.<code>`` in the catalogues),
    ``params`` fill its placeholders.

    ``retry`` marks a temporary refusal: the same request may succeed later.
    """

    def __init__(self, code: str, *, retry: bool = False, **params: object) -> None:
        super().__init__(code)
        self.code = code
        self.retry = retry
        self.params = params


def _letter_named(char: str, prefixes: tuple[str, ...]) -> str | None:
    """``"x"`` for a character named ``<prefix> X`` (a small capital, a combining Latin letter)."""
    name = unicodedata.name(char, "")
    for prefix in prefixes:
        if name.startswith(prefix) and len(name) == len(prefix) + 1 and name[-1].isalpha():
            return name[-1].lower()
    return None


_SMALL_CAPITAL = ("LATIN LETTER SMALL CAPITAL ",)
_COMBINING_LETTER = ("COMBINING LATIN SMALL LETTER ",)


@functools.cache
def _prototypes() -> dict[str, str]:
    """Each confusable character → what its confusable class reads as (Unicode's confusables.txt):
    one character, or several ASCII ones for a character Unicode spells so ("m" → "rn").

    confusable-homoglyphs ships confusables.txt as pairs in both directions; a class is a connected
    set of single characters. Its reading: a plain ASCII letter in it (``0`` reads as ``O``), else an
    ASCII character, else the Latin letter whose small capital is in it (``ĸ``, ``к``, ``ᴋ`` read as
    ``k``), else its smallest code point. Loaded on first use (a 1 MB table), then kept.
    """
    from confusable_homoglyphs.utils import load

    pairs: dict[str, list[dict[str, str]]] = load("confusables.json")
    graph: dict[str, set[str]] = {}
    # A character that reads as several ASCII letters or digits (UTS #39's prototypes: "m" → "rn",
    # "æ" → "ae", "∞" → "oo", Cyrillic "Ы" → "bl"): without them "rnartin" passed for "martin".
    spelled: dict[str, list[str]] = {}
    for char, homoglyphs in pairs.items():
        for other in homoglyphs:
            if len(char) == 1 and len(other["c"]) == 1:
                graph.setdefault(char, set()).add(other["c"])
                graph.setdefault(other["c"], set()).add(char)
            elif len(char) == 1 and other["c"].isascii() and other["c"].isalnum():
                spelled.setdefault(char, []).append(other["c"].lower())
    prototypes: dict[str, str] = {}
    for start in graph:
        if start in prototypes:
            continue
        members, todo = {start}, [start]
        while todo:
            for neighbour in graph[todo.pop()] - members:
                members.add(neighbour)
                todo.append(neighbour)
        letters = sorted(c for c in members if c.isascii() and c.isalpha())
        ascii_ = sorted(c for c in members if c.isascii())
        capitals = sorted(filter(None, (_letter_named(c, _SMALL_CAPITAL) for c in members)))
        # A class with a plain letter reads as it, or as what that letter itself spells ("m" as
        # "rn"); one without reads as what one of its members spells, if any ("æ", "ӕ" as "ae").
        words = spelled.get(letters[0], []) if letters else [w for c in members for w in spelled.get(c, [])]
        reading = (sorted(words) or letters or ascii_ or capitals or sorted(members))[0]
        prototypes.update(dict.fromkeys(members, reading))
    for char, words in spelled.items():  # a character that is in no class of single characters
        prototypes.setdefault(char, sorted(words)[0])
    return prototypes


@functools.cache
def _spoof_checker() -> Any:
    import icu  # PyICU: the system's ICU, loaded on first use

    return icu.SpoofChecker()


def _icu_skeleton(text: str) -> str:
    """ICU's UTS #39 skeleton of ``text`` (the confusables data of the installed ICU, newer than
    confusable-homoglyphs' table: Arabic-Indic "٥" and Arabic "ه" read as "o")."""
    return str(_spoof_checker().getSkeleton(0, text))


def skeleton(name: str) -> str:
    """What ``name`` reads as, for telling whether it passes for another name (UTS #39, loosened).

    NFKC folds compatibility forms (full-width "Ｅｋｏ", mathematical letters); ICU's UTS #39
    skeleton maps what the installed ICU knows to be confusable; then each character becomes what
    its confusable class reads as in confusable-homoglyphs' table (see :func:`_prototypes`: Cyrillic
    "Е", Armenian "օ", "ᴏ", "ĸ"; "m" as "rn"), before and after casefolding: a name passes for
    another when either source says so. A combining Latin
    letter reads as the letter ("Ekͦ" is "Eko"); accents go, and everything but letters and digits
    is dropped ("@Eko", "E k o", "E.K.O" → "eko"). Digits stay, save those Unicode calls confusable
    ("Ek0").
    """
    prototypes = _prototypes()

    def read(text: str) -> str:
        return "".join(_letter_named(c, _COMBINING_LETTER) or prototypes.get(c, c) for c in text)

    # UTS #39 drops default-ignorable code points first: "Eko" + a Hangul filler (printable, yet
    # shown as nothing) reads as "Eko".
    visible = without_ignorables(unicodedata.normalize("NFKC", without_ignorables(name)))
    folded = read(read(_icu_skeleton(read(visible))).casefold())
    bare = "".join(c for c in unicodedata.normalize("NFD", folded) if not unicodedata.combining(c))
    return "".join(c for c in read(bare).casefold() if c.isalnum())


def is_reserved(name: str, bot_name: str) -> bool:
    """True when ``name`` reads as the bot's name (see :func:`skeleton`)."""
    reserved = skeleton(bot_name)
    # A bot name with no letter or digit would otherwise reserve every name made of punctuation.
    return skeleton(name) == reserved if reserved else name.casefold() == bot_name.casefold()


def display_name(auth: Any) -> str:
    """The trimmed display name from a connection's ``auth``, or :class:`RefusedError`."""
    if not isinstance(auth, dict):
        raise RefusedError("name_missing")
    name = auth.get("name")
    if not isinstance(name, str):
        raise RefusedError("name_missing")
    # A no-break space (pasted from a document, typed by some keyboards) is a space, not an
    # invisible character: every space separator becomes " ", and runs of them one space.
    # (Category Zs: no-break, narrow no-break, em, ideographic spaces...)
    spaced = "".join(" " if unicodedata.category(c) == "Zs" else c for c in name)
    name = _SPACE_RUN.sub(" ", spaced).strip()
    if not 1 <= len(name) <= MAX_NAME_LENGTH:
        raise RefusedError("name_length", max=MAX_NAME_LENGTH)
    if not is_readable_name(name):
        raise RefusedError("name_invisible")
    return name


def token_matches(given: Any, expected: str) -> bool:
    """Constant-time token check; anything but a non-empty string never matches."""
    if not isinstance(given, str) or not given or not expected:
        return False
    # JSON can carry a lone surrogate, which strict UTF-8 cannot encode: such a token never matches.
    return hmac.compare_digest(given.encode("utf-8", "surrogatepass"), expected.encode())


def message_text(payload: Any) -> str:
    """The trimmed text of a ``message`` payload ``{"text": "..."}``, or :class:`RefusedError`."""
    if not isinstance(payload, dict) or not isinstance(payload.get("text"), str):
        raise RefusedError("format")
    raw = str(payload["text"])
    # Checked before trimming: strip() would silently drop some of them (U+001C-U+001F, U+0085)
    # at the ends, and a NUL or an escape sequence has no business in a chat message anywhere.
    if first_control(raw) is not None:
        raise RefusedError("text_control")
    text = raw.strip()
    try:
        text.encode("utf-8")  # a lone surrogate (possible in JSON) cannot be stored
    except UnicodeEncodeError:
        raise RefusedError("text_unicode") from None
    if is_blank(text):  # nothing to see: only zero-width spaces, a Hangul filler...
        raise RefusedError("text_empty")
    if len(text) > MAX_TEXT_LENGTH:
        raise RefusedError("text_too_long", length=len(text), max=MAX_TEXT_LENGTH)
    return text


class FloodGate:
    """At most ``limit`` messages per ``window`` for one connection (sliding window)."""

    def __init__(self, limit: int, window: timedelta) -> None:
        if limit < 1:
            raise ValueError("flood limit must be at least 1")
        self._limit = limit
        self._window = window
        self._times: deque[datetime] = deque()

    def allow(self, now: datetime) -> bool:
        """Record a message at ``now`` if the window has room; False when it is full."""
        while self._times and now - self._times[0] >= self._window:
            self._times.popleft()
        if len(self._times) >= self._limit:
            return False
        self._times.append(now)
        return True


# A message id as the Lobby makes them (32 hex digits), or another server's: printable ASCII, no space.
MAX_REPLY_TO_LENGTH = 64
_REPLY_TO = re.compile(rf"[\x21-\x7e]{{1,{MAX_REPLY_TO_LENGTH}}}")


def reply_to(payload: Any) -> str | None:
    """The ``replyTo`` of a ``message`` payload: the id of the message it answers, None when absent.

    The id is not looked up: a message may answer one no longer in anyone's window. Anything but a
    string of 1-64 printable ASCII characters (or null) is :class:`RefusedError` ``reply_invalid``.
    """
    value = payload.get("replyTo") if isinstance(payload, dict) else None
    if value is None:
        return None
    if not isinstance(value, str) or not _REPLY_TO.fullmatch(value):
        raise RefusedError("reply_invalid")
    return value
