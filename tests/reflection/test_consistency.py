"""A reflection's record and counters agree whatever the moment Eko is killed; the page trigger's bound
survives a restart and its ``retryAfterS`` is what a retry would be told."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from pymongo.asynchronous.database import AsyncDatabase

from memory import Memory
from reflection import ReflectionSettings
from reflection.records import ReflectionRecord
from reflection.repository import REFLECTIONS, ReflectionRepository
from store import open_database
from tests.conftest import FakeClock
from tests.reflection.conftest import RecordingChat, ScriptedLLM, ServiceFactory, goal_reply

T0 = datetime(2026, 11, 23, 10, 0, tzinfo=UTC)


class Killed(BaseException):
    """The process dies here (a BaseException: nothing on the way catches it)."""


class DiesBeforeStoringTheRecord(ReflectionRepository):
    async def _insert_record(self, doc: dict[str, Any]) -> None:
        raise Killed


def _record(n: int) -> ReflectionRecord:
    return ReflectionRecord(id=f"r{n}", timestamp=T0 + timedelta(minutes=n), trigger="cron", action="message")


async def test_a_kill_between_counting_and_storing_is_finished_at_start(
    db: AsyncDatabase[dict[str, Any]],
) -> None:
    repo = ReflectionRepository(db)
    await repo.save_counted(_record(1), {"totalReflections": 1, "messageCount": 1}, T0)
    with pytest.raises(Killed):
        await DiesBeforeStoringTheRecord(db).save_counted(
            _record(2), {"totalReflections": 1, "messageCount": 1}, T0, last_message_at=T0
        )
    assert await db[REFLECTIONS].count_documents({}) == 1  # counted, not yet stored
    restarted = ReflectionRepository(db)
    assert await restarted.recover_pending() == 1
    assert await restarted.recover_pending() == 0  # done once
    records = await restarted.recent(10)
    assert [r.id for r in records] == ["r2", "r1"]
    stats = await restarted.stats()
    assert stats["totalReflections"] == stats["messageCount"] == len(records)
    assert "pending" not in stats


async def test_a_kill_after_storing_leaves_no_duplicate(db: AsyncDatabase[dict[str, Any]]) -> None:
    repo = ReflectionRepository(db)
    record = _record(1)
    # Counted and stored, the pending copy not yet dropped: as a kill before the last write leaves it.
    await db["reflection_stats"].update_one(
        {"_id": "global"},
        {"$inc": {"totalReflections": 1}, "$set": {f"pending.{record.id}": record.to_document()}},
        upsert=True,
    )
    await db[REFLECTIONS].insert_one(record.to_document())
    assert await repo.recover_pending() == 1
    assert await db[REFLECTIONS].count_documents({}) == 1
    assert (await repo.stats())["totalReflections"] == 1


async def test_the_page_bound_survives_a_restart_and_says_the_truth_while_running(
    tmp_path: Path,
    memory: Memory,
    make_service: ServiceFactory,
    chat: RecordingChat,
    llm: ScriptedLLM,
    clock: FakeClock,
) -> None:
    await memory.add("goal", "C'est quoi Kraken FM ?")
    database = await open_database(None, tmp_path / "shared", "eko")
    service = await make_service(db=database.db)
    llm.replies.append(goal_reply())
    assert service.try_start_manual("david")["ok"] is True
    clock.advance(10)
    during = service.try_start_manual("mickael")  # the reflection still runs (no await since)
    assert during["ok"] is False and during["retryAfterS"] == 50
    await service.close()
    after = service.try_start_manual("mickael")  # an immediate retry once it ended
    assert after["ok"] is False and after["retryAfterS"] == during["retryAfterS"]
    await database.close()

    reopened = await open_database(None, tmp_path / "shared", "eko")
    try:
        restarted = await make_service(db=reopened.db)
        refused = restarted.try_start_manual("mickael")
        assert refused["ok"] is False and refused["retryAfterS"] == 50  # not reset by the restart
        clock.advance(50)
        llm.replies.append(goal_reply("Au fait, qui est Corentin ?"))
        assert restarted.try_start_manual("mickael")["ok"] is True
        await restarted.close()
    finally:
        await reopened.close()


async def test_settings_default_interval_is_a_minute() -> None:
    assert ReflectionSettings().manual_min_interval == timedelta(seconds=60)
