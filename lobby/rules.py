"""The Lobby's rules as plain functions: display names, message text, flood protection.

A refusal is a stable code (and its parameters); the server words it in the Lobby's language from
``lobby/i18n/<language>.json`` (``refusal.<code>``).
"""

from __future__ import annotations

import hmac
import re
import unicodedata
from collections import deque
from datetime import datetime, timedelta
from typing import Any

MAX_NAME_LENGTH = 40
MAX_TEXT_LENGTH = 4000


_SPACE_RUN = re.compile(" {2,}")
# The control characters (Unicode category Cc: C0, DEL, C1) refused in message text; line feed,
# carriage return and tab stay, as formatting.
_TEXT_CONTROLS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


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


# Cyrillic and Greek letters that read as Latin ones, by their casefolded form (so "Е" and "е"
# both land on "е"). Deliberately small and explicit: it only has to stop a person from looking
# like the bot in the room, not be Unicode's whole confusables table. Where the capital and the
# small letter look like different Latin letters (Greek Ν/ν, Cyrillic Н/н), the small one wins.
_LATIN_LOOK_ALIKES = str.maketrans(
    {
        # Cyrillic
        "а": "a",
        "в": "b",
        "с": "c",
        "ԁ": "d",
        "е": "e",
        "һ": "h",
        "н": "h",
        "і": "i",
        "ј": "j",
        "к": "k",
        "ӏ": "l",
        "м": "m",
        "о": "o",
        "р": "p",
        "ԛ": "q",
        "ѕ": "s",
        "т": "t",
        "ԝ": "w",
        "х": "x",
        "у": "y",
        # Greek
        "α": "a",
        "β": "b",
        "ϲ": "c",
        "ε": "e",
        "η": "h",
        "ι": "i",
        "ϳ": "j",
        "κ": "k",
        "μ": "m",
        "ν": "v",
        "ο": "o",
        "ρ": "p",
        "τ": "t",
        "υ": "u",
        "χ": "x",
        "ζ": "z",
        # Latin letters without a decomposition that still read as a plain one
        "ı": "i",
        "ȷ": "j",
    }
)


def skeleton(name: str) -> str:
    """What ``name`` reads as, for telling whether it passes for another name.

    NFKC folds compatibility forms (full-width "Ｅｋｏ", mathematical letters), casefold any case,
    accents go, Cyrillic/Greek look-alikes become the Latin letter ("Еko", "Ekο" → "eko"), and
    everything but letters and digits is dropped ("@Eko", "E k o", "E.K.O" → "eko"). Digits stay:
    "Eko2" is another name.
    """
    folded = unicodedata.normalize("NFD", unicodedata.normalize("NFKC", name).casefold())
    # Accents go before the table, so accented look-alikes ("ё", "ί") meet their base letter there.
    bare = "".join(c for c in folded if not unicodedata.combining(c))
    return "".join(c for c in bare.translate(_LATIN_LOOK_ALIKES) if c.isalnum())


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
    if not name.isprintable():
        raise RefusedError("name_invisible")
    return name


def token_matches(given: Any, expected: str) -> bool:
    """Constant-time token check; anything but a non-empty string never matches."""
    if not isinstance(given, str) or not given or not expected:
        return False
    return hmac.compare_digest(given.encode(), expected.encode())


def message_text(payload: Any) -> str:
    """The trimmed text of a ``message`` payload ``{"text": "..."}``, or :class:`RefusedError`."""
    if not isinstance(payload, dict) or not isinstance(payload.get("text"), str):
        raise RefusedError("format")
    raw = str(payload["text"])
    # Checked before trimming: strip() would silently drop some of them (U+001C-U+001F, U+0085)
    # at the ends, and a NUL or an escape sequence has no business in a chat message anywhere.
    if _TEXT_CONTROLS.search(raw):
        raise RefusedError("text_control")
    text = raw.strip()
    try:
        text.encode("utf-8")  # a lone surrogate (possible in JSON) cannot be stored
    except UnicodeEncodeError:
        raise RefusedError("text_unicode") from None
    if not text:
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
