"""Reflection's documents in the store: ``reflections``, ``reflection_stats`` and ``activity_summaries``."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any

from pymongo import ASCENDING
from pymongo.asynchronous.database import AsyncDatabase
from pymongo.errors import DuplicateKeyError

from reflection.ratelimit import STATE_COLLECTION
from reflection.records import ActivitySummary, ReflectionRecord, as_utc, iso
from store import STORE_ERRORS

log = logging.getLogger(__name__)

# Decides what an interrupted reflection became (fields set on the record), told whether the Lobby
# had acknowledged its post: its counters, the time it is counted at, when its message went out.
Settle = Callable[[ReflectionRecord, bool], Awaitable[tuple[dict[str, int], datetime, datetime | None]]]

REFLECTIONS = "reflections"
STATS = "reflection_stats"
SUMMARIES = "activity_summaries"
STATS_ID = "global"
# ``pending.<id>.state`` in the stats document: written before the post (POSTING), once the Lobby
# acknowledged it (POSTED), or with the counters (COUNTED, the only counted one).
PENDING_STATE = "state"
POSTING, POSTED, COUNTED = "posting", "posted", "counted"
ACTIVITY_CURSOR_ID = "activity_cursor"

# The seed's counters, plus per-flow model usage, the window flow's own counters and the recovered
# messages whose delivery nobody could check (``deliveryUnknown``, also in ``messageCount``).
COUNTERS = (
    "totalReflections",
    "passCount",
    "messageCount",
    "rateLimitedCount",
    "deliveryUnknown",
    "totalTokens",
    "badOutputs",
    "llmFailures",
    "windows",
    "windowsFiltered",
    "learned",
    "merged",
    "learnFailed",
)


def empty_stats() -> dict[str, Any]:
    stats: dict[str, Any] = dict.fromkeys(COUNTERS, 0)
    stats.update({"llmCalls": {}, "llmTokens": {}, "lastMessageAt": None, "updatedAt": None})
    return stats


def stats_json(doc: dict[str, Any] | None) -> dict[str, Any]:
    """The stats document as served: every counter present, dates as ISO text."""
    stats = empty_stats()
    for key, value in (doc or {}).items():
        if key in ("_id", "pending"):
            continue
        stats[key] = value
    for key in ("lastMessageAt", "updatedAt"):
        stats[key] = iso(as_utc(stats.get(key)))
    stats["llmCalls"] = dict(stats.get("llmCalls") or {})
    stats["llmTokens"] = dict(stats.get("llmTokens") or {})
    return stats


def _stats_update(
    increments: dict[str, int],
    now: datetime,
    last_message_at: datetime | None,
    extra: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The stats document's update: ``$inc`` the non-zero counters, ``$set`` the times (and ``extra``)."""
    fields: dict[str, Any] = {"updatedAt": now, **(extra or {})}
    if last_message_at is not None:
        fields["lastMessageAt"] = last_message_at
    update: dict[str, Any] = {"$set": fields}
    counted = {k: v for k, v in increments.items() if v}
    if counted:
        update["$inc"] = counted
    return update


class ReflectionRepository:
    """Reads and writes of reflection's documents; the rate-limit document is RateLimiter's."""

    def __init__(self, db: AsyncDatabase[dict[str, Any]]) -> None:
        self._db = db

    async def prepare(self) -> None:
        """Indexes for the newest-first history (ascending keys: the embedded store refuses descending)."""
        await self._db[REFLECTIONS].create_index([("timestamp", ASCENDING)])
        await self._db[SUMMARIES].create_index([("timestamp", ASCENDING)])

    async def recent(self, limit: int) -> list[ReflectionRecord]:
        """The newest ``limit`` records, newest first; an unreadable document is skipped and logged."""
        docs = await self._db[REFLECTIONS].find({}).sort([("timestamp", -1)]).limit(limit).to_list(None)
        records = []
        for doc in docs:
            try:
                records.append(ReflectionRecord.from_document(doc))
            except (TypeError, ValueError) as exc:
                log.warning("unreadable reflection document", extra={"id": doc.get("_id"), "error": str(exc)})
        return records

    async def add_to_stats(
        self, increments: dict[str, int], now: datetime, last_message_at: datetime | None = None
    ) -> dict[str, Any]:
        """``$inc`` the counters atomically (concurrent processes add up) and return the new totals."""
        await self._db[STATS].update_one(
            {"_id": STATS_ID}, _stats_update(increments, now, last_message_at), upsert=True
        )
        return await self.stats()

    async def begin_post(self, record: ReflectionRecord) -> None:
        """Before a post: the record as the post will leave it, in the stats document, NOT counted.

        Written before the message leaves, so a kill at any later point leaves a trace that
        :meth:`recover_pending` turns into a counted record (see :meth:`save_counted`).
        """
        await self._set_pending(record, POSTING)

    async def attach_message(self, record: ReflectionRecord) -> None:
        """After a post: the pending copy gets the message id (the post is then known to be done)."""
        await self._set_pending(record, POSTED)

    async def _set_pending(self, record: ReflectionRecord, state: str) -> None:
        doc = {**record.to_document(), PENDING_STATE: state}
        await self._db[STATS].update_one(
            {"_id": STATS_ID}, {"$set": {f"pending.{record.id}": doc}}, upsert=True
        )

    async def save_counted(
        self,
        record: ReflectionRecord,
        increments: dict[str, int],
        now: datetime,
        last_message_at: datetime | None = None,
    ) -> dict[str, Any]:
        """Store one reflection's record and its counters so that a kill at any point leaves them agreeing.

        Three writes, each safe to stop after: (1) the counters and a copy of the record, in ONE
        update of the stats document (``pending.<id>``, replacing the uncounted copy a post left);
        (2) the record; (3) the copy dropped. :meth:`recover_pending` (at start) finishes (2) and
        (3) for a process killed in between.
        """
        doc = record.to_document()
        update = _stats_update(
            increments, now, last_message_at, {f"pending.{record.id}": {**doc, PENDING_STATE: COUNTED}}
        )
        await self._db[STATS].update_one({"_id": STATS_ID}, update, upsert=True)
        await self._insert_record(doc)
        await self._drop_pending(record.id)
        return await self.stats()

    async def recover_pending(self, settle: Settle) -> int:
        """Finish the reflections a killed process left in the stats document; how many there were.

        A counted copy is stored as it is. An uncounted one (killed around its post) is handed to
        ``settle``, which decides what it became and returns its counters; it is then saved as any
        reflection is (:meth:`save_counted`), so a second kill during recovery is recovered again.
        """
        stats = await self._db[STATS].find_one({"_id": STATS_ID})
        pending = (stats or {}).get("pending") or {}
        for record_id, doc in pending.items():
            if not isinstance(doc, dict):
                await self._drop_pending(record_id)
            elif doc.get(PENDING_STATE, COUNTED) == COUNTED:
                doc.pop(PENDING_STATE, None)
                await self._insert_record(doc)
                await self._drop_pending(record_id)
            else:
                record = ReflectionRecord.from_document(doc)
                acknowledged = doc.get(PENDING_STATE) == POSTED
                increments, now, last_message_at = await settle(record, acknowledged)
                await self.save_counted(record, increments, now, last_message_at)
        if pending:
            log.warning("reflection records recovered after an interrupted write", extra={"n": len(pending)})
        return len(pending)

    async def _drop_pending(self, record_id: str) -> None:
        await self._db[STATS].update_one({"_id": STATS_ID}, {"$unset": {f"pending.{record_id}": ""}})

    async def _insert_record(self, doc: dict[str, Any]) -> None:
        with contextlib.suppress(DuplicateKeyError):  # stored before the interruption
            await self._db[REFLECTIONS].insert_one(doc)

    async def stats(self) -> dict[str, Any]:
        return stats_json(await self._db[STATS].find_one({"_id": STATS_ID}))

    async def save_summary(self, summary: ActivitySummary) -> None:
        await self._db[SUMMARIES].insert_one(summary.to_document())

    async def latest_summaries(self, limit: int) -> list[dict[str, Any]]:
        docs = await self._db[SUMMARIES].find({}).sort([("timestamp", -1)]).limit(limit).to_list(None)
        return docs

    async def activity_cursor(self) -> dict[str, Any] | None:
        """Where the last activity window ended ({"lastId", "lastTs"}), so a restart does not re-read it."""
        try:
            return await self._db[STATE_COLLECTION].find_one({"_id": ACTIVITY_CURSOR_ID})
        except STORE_ERRORS as exc:
            log.warning("activity cursor unreadable", extra={"error": str(exc)})
            return None

    async def set_activity_cursor(self, last_id: str | None, last_ts: str | None, now: datetime) -> None:
        await self._db[STATE_COLLECTION].update_one(
            {"_id": ACTIVITY_CURSOR_ID},
            {"$set": {"lastId": last_id, "lastTs": last_ts, "updatedAt": now}},
            upsert=True,
        )
