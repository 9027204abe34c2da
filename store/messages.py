"""The Lobby's durable message log."""

from __future__ import annotations

import asyncio
from typing import Any, NamedTuple, NotRequired, TypedDict

from pymongo import ASCENDING, DESCENDING
from pymongo.asynchronous.database import AsyncDatabase

COLLECTION = "lobby_messages"


class LobbyMessage(TypedDict):
    """A message as stored and as sent on the wire (see docs/lobby-protocol.md)."""

    id: str
    room: str
    author: str
    text: str
    ts: str  # ISO 8601 UTC
    replyTo: NotRequired[str]  # the id of the message this one answers


class MessageLog:
    """Append-only log of Lobby messages, ordered per room by a sequence number.

    Timestamps can tie (a fast room, or a test clock), so order comes from ``seq``, assigned in
    process: one Lobby server writes a given log. The next ``seq`` is read from the store on first
    use, so the order survives restarts.

    Being the only writer, the log also keeps each room's last ``tail_size`` messages in memory once
    that room's history was first read: a newcomer's history then costs no store read (≈20 ms of
    embedded-store work each, under the Lobby's room lock, so 50 people reconnecting after a restart
    held every message back for a second or more).
    """

    def __init__(self, db: AsyncDatabase[dict[str, Any]], tail_size: int = 50) -> None:
        self._collection = db[COLLECTION]
        self._next_seq: int | None = None
        self._setup_lock = asyncio.Lock()
        self._tail_size = tail_size
        self._tails: dict[str, list[_Stored]] = {}  # room → its last messages, oldest first
        # A tail read from the store is kept only if no write overlapped the read (it may or may
        # not hold that write's messages): these tell.
        self._writes_in_flight = 0
        self._writes_done = 0

    async def _ready(self) -> int:
        if self._next_seq is None:
            async with self._setup_lock:
                if self._next_seq is None:
                    # A single-field index: the embedded store plans `seq` ranges with it (a compound
                    # (room, seq) index makes it pick the room equality and scan the whole room).
                    await self._collection.create_index([("seq", ASCENDING)])
                    last = await self._collection.find_one({}, sort=[("seq", DESCENDING)])
                    self._next_seq = int(last["seq"]) + 1 if last else 1
        return self._next_seq

    async def append(self, message: LobbyMessage) -> None:
        """Store ``message`` durably (returns once the store has it)."""
        await self.append_many([message])

    async def append_many(self, messages: list[LobbyMessage]) -> None:
        """Store ``messages`` durably, in this order, in one write."""
        if not messages:
            return
        first = await self._ready()
        self._next_seq = first + len(messages)  # taken before the await: concurrent calls never share a seq
        documents: list[dict[str, Any]] = [
            {"_id": message["id"], "seq": first + offset, **message}
            for offset, message in enumerate(messages)
        ]
        self._writes_in_flight += 1
        try:
            # insert_many even for one message: the embedded store's insert_one re-reads the whole
            # collection to check uniqueness (cost grows with the log), its insert_many does not.
            await self._collection.insert_many(documents, ordered=True)
        except BaseException:
            # The documents before a failure stay stored (ordered writes): which of them are is
            # unknown here, so the next history comes from the store again.
            self._tails.clear()
            raise
        finally:
            self._writes_in_flight -= 1
            self._writes_done += 1
        if self._tails:
            written = [_Stored(document["seq"], _message(document)) for document in documents]
            for room, tail in self._tails.items():
                mine = [stored for stored in written if stored.message["room"] == room]
                self._tails[room] = _latest(tail, mine, self._tail_size)

    async def recent(self, room: str, limit: int = 50) -> list[LobbyMessage]:
        """The last ``limit`` messages of ``room``, oldest first (from memory when ``limit`` is at
        most ``tail_size`` and the room's history was read before)."""
        if limit <= 0:
            return []
        if limit > self._tail_size:
            return [stored.message for stored in await self._read_recent(room, limit)]
        tail = self._tails.get(room)
        if tail is None:
            writes_done, overlapped = self._writes_done, self._writes_in_flight > 0
            tail = await self._read_recent(room, self._tail_size)
            if not overlapped and self._writes_in_flight == 0 and self._writes_done == writes_done:
                self._tails[room] = tail
        return [stored.message for stored in tail[-limit:]]

    async def _read_recent(self, room: str, limit: int) -> list[_Stored]:
        newest = await self._ready() - 1
        # Ask for a window of recent sequence numbers first (an index range, cheap at any log size),
        # widening it only when the room is quieter than the others.
        window = max(4 * limit, 200)
        while True:
            floor = newest - window
            cursor = (
                self._collection.find({"room": room, "seq": {"$gt": floor}})
                .sort([("seq", DESCENDING)])
                .limit(limit)
            )
            documents = await cursor.to_list(None)
            if len(documents) >= limit or floor <= 0:
                return [_Stored(int(document["seq"]), _message(document)) for document in reversed(documents)]
            window *= 8

    async def count(self, room: str) -> int:
        return await self._collection.count_documents({"room": room})


class _Stored(NamedTuple):
    seq: int
    message: LobbyMessage


def _latest(tail: list[_Stored], written: list[_Stored], size: int) -> list[_Stored]:
    """``tail`` with ``written`` merged in, in ``seq`` order, once each, the last ``size`` kept
    (concurrent writes can finish in any order)."""
    if not written:
        return tail
    by_seq = {stored.seq: stored for stored in [*tail, *written]}
    return [by_seq[seq] for seq in sorted(by_seq)[-size:]]


def _message(document: dict[str, Any]) -> LobbyMessage:
    message = LobbyMessage(
        id=str(document["id"]),
        room=str(document["room"]),
        author=str(document["author"]),
        text=str(document["text"]),
        ts=str(document["ts"]),
    )
    if isinstance(document.get("replyTo"), str):
        message["replyTo"] = document["replyTo"]
    return message
