"""The Lobby's rules as plain functions: display names, message text, flood protection.

Error strings are shown as-is to people in the page, hence French (the Lobby's language).
"""

from __future__ import annotations

import hmac
import unicodedata
from collections import deque
from datetime import datetime, timedelta
from typing import Any

MAX_NAME_LENGTH = 40
MAX_TEXT_LENGTH = 4000


class RefusedError(ValueError):
    """Input the Lobby refuses; ``str(error)`` is the reason given to the client.

    ``retry`` marks a temporary refusal: the same request may succeed later.
    """

    def __init__(self, reason: str, *, retry: bool = False) -> None:
        super().__init__(reason)
        self.retry = retry


def _comparable(name: str) -> str:
    # NFKC folds look-alikes such as full-width letters ("Ｅｋｏ"), casefold handles any case.
    return unicodedata.normalize("NFKC", name).casefold()


def is_reserved(name: str, bot_name: str) -> bool:
    return _comparable(name) == _comparable(bot_name)


def display_name(auth: Any) -> str:
    """The trimmed display name from a connection's ``auth``, or :class:`RefusedError`."""
    if not isinstance(auth, dict):
        raise RefusedError('Nom manquant : connectez-vous avec auth={"name": "<votre nom>"}')
    name = auth.get("name")
    if not isinstance(name, str):
        raise RefusedError('Nom manquant : connectez-vous avec auth={"name": "<votre nom>"}')
    name = name.strip()
    if not 1 <= len(name) <= MAX_NAME_LENGTH:
        raise RefusedError(f"Nom invalide : de 1 à {MAX_NAME_LENGTH} caractères")
    if not name.isprintable():
        raise RefusedError("Nom invalide : caractères de contrôle ou invisibles interdits")
    return name


def token_matches(given: Any, expected: str) -> bool:
    """Constant-time token check; anything but a non-empty string never matches."""
    if not isinstance(given, str) or not given or not expected:
        return False
    return hmac.compare_digest(given.encode(), expected.encode())


def message_text(payload: Any) -> str:
    """The trimmed text of a ``message`` payload ``{"text": "..."}``, or :class:`RefusedError`."""
    if not isinstance(payload, dict) or not isinstance(payload.get("text"), str):
        raise RefusedError('Format invalide : {"text": "..."} attendu')
    text = str(payload["text"]).strip()
    try:
        text.encode("utf-8")  # a lone surrogate (possible in JSON) cannot be stored
    except UnicodeEncodeError:
        raise RefusedError("Texte invalide : caractères Unicode incorrects") from None
    if not text:
        raise RefusedError("Message vide")
    if len(text) > MAX_TEXT_LENGTH:
        raise RefusedError(f"Message trop long ({len(text)} caractères, {MAX_TEXT_LENGTH} au maximum)")
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
