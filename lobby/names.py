"""Who holds which display name: one person at a time, recognised by the key their page keeps.

A page sends ``auth={"name": …, "key": …}``; the key is a random string the browser keeps in
``localStorage``, so the same person in two tabs, or after a reload, is the same holder. Names are
the same when their skeletons are (case, accents, look-alike letters: :func:`lobby.rules.skeleton`).

A name is held while any connection uses it, and for ``hold`` after the last one closes (a reload,
a lost network, a laptop lid), so nobody else can pick it up in between. A connection without a key
(a program) holds its name only while it is connected: nobody could prove to be it afterwards.
Holds live in the server's memory: a restart frees every name.
"""

from __future__ import annotations

import hmac
import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from lobby.rules import RefusedError, skeleton

DEFAULT_HOLD = timedelta(minutes=15)
# 16 to 128 URL-safe characters: the page sends 32 hex digits (128 random bits).
_KEY = re.compile(r"[A-Za-z0-9_-]{16,128}")


def identity(name: str) -> str:
    """What two names must share to be the same name (see :func:`lobby.rules.skeleton`)."""
    # A name of punctuation only has an empty skeleton: it is then compared as typed, case aside.
    return skeleton(name) or name.casefold()


def person_key(auth: Any) -> str | None:
    """The name key in a connection's ``auth``, None when there is none, or :class:`RefusedError`."""
    key = auth.get("key") if isinstance(auth, dict) else None
    if key is None:
        return None
    if not isinstance(key, str) or not _KEY.fullmatch(key):
        raise RefusedError("key_invalid")
    return key


@dataclass
class _Hold:
    name: str  # as its holder spelled it last
    key: str | None
    sids: set[str] = field(default_factory=set)
    left_at: datetime | None = None


class NameRegistry:
    """The names in use and those still held for a person who just left (see the module doc)."""

    def __init__(self, hold: timedelta = DEFAULT_HOLD) -> None:
        self._hold = hold
        self._holds: dict[str, _Hold] = {}  # by identity
        self._by_sid: dict[str, str] = {}  # sid → identity

    def check(self, name: str, key: str | None, now: datetime) -> None:
        """Raise :class:`RefusedError` ``name_taken`` when someone else holds ``name`` here."""
        held = self._holds.get(identity(name))
        if held is not None and not self._same_holder(held, key) and self._still_held(held, now):
            raise RefusedError("name_taken", name=held.name)

    def claim(self, name: str, key: str | None, sid: str, now: datetime) -> None:
        """Give ``name`` to connection ``sid``, or raise :class:`RefusedError` ``name_taken``."""
        self.release(sid, now)  # a connection holds one name
        self.check(name, key, now)
        ident = identity(name)
        held = self._holds.get(ident)
        if held is None or not self._same_holder(held, key):
            held = self._holds[ident] = _Hold(name, key)
        held.name = name
        held.sids.add(sid)
        held.left_at = None
        self._by_sid[sid] = ident

    def release(self, sid: str, now: datetime) -> None:
        """Connection ``sid`` closed: its name stays held for ``hold`` once nobody uses it."""
        ident = self._by_sid.pop(sid, None)
        held = self._holds.get(ident) if ident is not None else None
        if ident is None or held is None:
            return
        held.sids.discard(sid)
        if not held.sids:
            held.left_at = now
            if held.key is None:
                del self._holds[ident]
        self._forget_expired(now)

    def online(self) -> list[str]:
        """The names with at least one open connection, each once."""
        return [held.name for held in self._holds.values() if held.sids]

    def _still_held(self, held: _Hold, now: datetime) -> bool:
        return bool(held.sids) or (held.left_at is not None and now - held.left_at < self._hold)

    @staticmethod
    def _same_holder(held: _Hold, key: str | None) -> bool:
        if key is None or held.key is None:
            return False
        return hmac.compare_digest(held.key.encode(), key.encode())

    def _forget_expired(self, now: datetime) -> None:
        expired = [ident for ident, held in self._holds.items() if not self._still_held(held, now)]
        for ident in expired:
            del self._holds[ident]
