"""The Lobby's durable message log: what a log offers, whichever engine keeps it.

Two engines implement :class:`MessageLog` and pass the same tests (``tests/store/test_messages.py``):
:class:`store.embedded_log.EmbeddedMessageLog` (SQLite, one file beside the embedded store; the
default) and :class:`store.mongo_log.MongoMessageLog` (any PyMongo-API database: MongoDB when
``EKO_MONGODB_URL`` is set).
"""

from __future__ import annotations

from typing import Any, NotRequired, Protocol, TypedDict

COLLECTION = "lobby_messages"


class LobbyMessage(TypedDict):
    """A message as stored and as sent on the wire (see docs/lobby-protocol.md)."""

    id: str
    room: str
    author: str
    text: str
    ts: str  # ISO 8601 UTC
    replyTo: NotRequired[str]  # the id of the message this one answers


class MessageLog(Protocol):
    """Append-only log of Lobby messages, ordered by a sequence number the store assigns.

    ``seq`` is unique and increasing across every writer of one store, processes included: it is
    taken atomically by the engine at write time, never kept in a writer's memory. Every wire field
    of a message round-trips, including fields this package does not name. Errors are
    :class:`store.errors.StoreError`.
    """

    async def append(self, message: LobbyMessage) -> int:
        """Store ``message`` durably; its ``seq``."""
        ...

    async def append_many(self, messages: list[LobbyMessage]) -> list[int]:
        """Store ``messages`` durably, in this order, in one write; their ``seq``, increasing."""
        ...

    async def recent(self, room: str, limit: int = 50) -> list[LobbyMessage]:
        """The last ``limit`` messages of ``room``, oldest first, as every writer stored them."""
        ...

    async def count(self, room: str) -> int: ...

    async def check(self) -> None:
        """Raise :class:`store.errors.StoreError` when the log could not take a write now (for
        /health); cheap: no document is written."""
        ...

    async def close(self) -> None: ...


def wire_message(document: dict[str, Any]) -> LobbyMessage:
    """A stored document back as the wire message: the engine's own fields dropped."""
    message = {key: value for key, value in document.items() if key not in ("_id", "seq")}
    return message  # type: ignore[return-value]  # stored from a LobbyMessage: every field is there
