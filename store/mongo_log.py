"""The Lobby's message log on a PyMongo-API database: MongoDB when ``EKO_MONGODB_URL`` is set.

``seq`` comes from a counter document, ``counters/lobby_messages``, taken with one atomic
``find_one_and_update`` ``$inc`` per write (as many numbers as the write has messages): unique across
every process sharing the database. A log that predates the counter starts it from its highest
``seq`` (``$max``: several processes starting at once agree).

Two writers' messages can become visible out of ``seq`` order for an instant (each inserts after
taking its numbers); the history is always read by ``seq``.
"""

from __future__ import annotations

import asyncio
from typing import Any

from pymongo import ASCENDING, DESCENDING, ReturnDocument
from pymongo.asynchronous.database import AsyncDatabase
from pymongo.errors import BulkWriteError, DuplicateKeyError

from store.errors import STORE_ERRORS, StoreError, StoreUnavailableError, reason_of
from store.messages import COLLECTION, LobbyMessage, wire_message

COUNTERS = "counters"
_DUPLICATE_KEY = 11000  # MongoDB's error code for a unique index refusing a document


class MongoMessageLog:
    """A :class:`store.messages.MessageLog` in the ``lobby_messages`` collection of ``db``."""

    def __init__(self, db: AsyncDatabase[dict[str, Any]]) -> None:
        self._db = db
        self._collection = db[COLLECTION]
        self._counters = db[COUNTERS]
        self._ready = False
        self._setup_lock = asyncio.Lock()

    async def _setup(self) -> None:
        if self._ready:
            return
        async with self._setup_lock:
            if self._ready:
                return
            await self._collection.create_index([("room", ASCENDING), ("seq", ASCENDING)])
            last = await self._collection.find_one({}, sort=[("seq", DESCENDING)])
            await self._counters.update_one(
                {"_id": COLLECTION}, {"$max": {"seq": int(last["seq"]) if last else 0}}, upsert=True
            )
            self._ready = True

    async def append(self, message: LobbyMessage) -> int:
        return (await self.append_many([message]))[0]

    async def append_many(self, messages: list[LobbyMessage]) -> list[int]:
        if not messages:
            return []
        try:
            await self._setup()
            counter = await self._counters.find_one_and_update(
                {"_id": COLLECTION},
                {"$inc": {"seq": len(messages)}},
                upsert=True,
                return_document=ReturnDocument.AFTER,
            )
            if counter is None:  # upsert=True with AFTER always returns the document
                raise StoreError("counter_missing", where="MongoDB")
            first = int(counter["seq"]) - len(messages) + 1
            documents: list[dict[str, Any]] = [
                {"_id": message["id"], "seq": first + offset, **message}
                for offset, message in enumerate(messages)
            ]
            # Ordered: on a failure the messages before it stay stored (a single-server MongoDB has
            # no multi-document transaction); their senders are told "not stored" all the same.
            await self._collection.insert_many(documents, ordered=True)
        except DuplicateKeyError:
            raise StoreError("duplicate_id", where="MongoDB") from None
        except BulkWriteError as exc:  # what insert_many raises for a duplicate (code 11000)
            codes = {error.get("code") for error in exc.details.get("writeErrors", [])}
            if _DUPLICATE_KEY in codes:
                raise StoreError("duplicate_id", where="MongoDB") from None
            raise _unavailable("write_failed", exc) from None
        except STORE_ERRORS as exc:
            raise _unavailable("write_failed", exc) from None
        return [document["seq"] for document in documents]

    async def recent(self, room: str, limit: int = 50) -> list[LobbyMessage]:
        if limit <= 0:
            return []
        try:
            await self._setup()
            cursor = self._collection.find({"room": room}).sort([("seq", DESCENDING)]).limit(limit)
            documents = await cursor.to_list(None)
        except STORE_ERRORS as exc:
            raise _unavailable("history_failed", exc) from None
        return [wire_message(document) for document in reversed(documents)]

    async def count(self, room: str) -> int:
        try:
            return await self._collection.count_documents({"room": room})
        except STORE_ERRORS as exc:
            raise _unavailable("count_failed", exc) from None

    async def check(self) -> None:
        try:
            await self._db.command("ping")
        except STORE_ERRORS as exc:
            raise _unavailable("check_failed", exc) from None

    async def close(self) -> None:
        """Nothing of its own to close: the database belongs to whoever opened it."""


def _unavailable(code: str, exc: Exception) -> StoreError:
    if isinstance(exc, StoreError):
        return exc
    return StoreUnavailableError(code, where="MongoDB", reason=reason_of(exc))
