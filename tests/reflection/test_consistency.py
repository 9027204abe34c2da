"""A reflection's record and counters agree whatever the moment Eko is killed; the page trigger's bound
survives a restart and its ``retryAfterS`` is what a retry would be told."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from pymongo.asynchronous.database import AsyncDatabase

from memory import Memory
from reflection import ReflectionService, ReflectionSettings
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


async def _never_uncounted(
    record: ReflectionRecord, acknowledged: bool
) -> tuple[dict[str, int], datetime, datetime | None]:
    raise AssertionError("only counted copies here")


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
    assert await restarted.recover_pending(_never_uncounted) == 1
    assert await restarted.recover_pending(_never_uncounted) == 0  # done once
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
    assert await repo.recover_pending(_never_uncounted) == 1
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


# ---------------------------------------------------------------------------------------------------
# Killed around the post: the record is written before the message leaves, so the next start knows.


class KillableChat(RecordingChat):
    """A Lobby connection whose process dies before the post leaves, or once the Lobby stored it."""

    def __init__(self, clock: FakeClock) -> None:
        super().__init__(clock)
        self.kill: str | None = None  # "before_post", "after_post"

    async def post(self, text: str) -> dict[str, Any]:
        if self.kill == "before_post":
            raise Killed
        posted = await super().post(text)
        if self.kill == "after_post":  # stored and broadcast by the Lobby; Eko never hears back
            raise Killed
        return posted


class ChatLog:
    """The Lobby's log as ``eko up`` reads it at start (``LobbyHistory``): here the chat's messages."""

    def __init__(self, chat: RecordingChat) -> None:
        self._chat = chat

    async def messages_since(self, since: datetime) -> list[dict[str, Any]] | None:
        return [m for m in self._chat.messages if datetime.fromisoformat(m["ts"]) >= since]


SETTINGS = ReflectionSettings(daily_max=2, cooldown=timedelta(0), quiet_hours="")


async def _killed_run(
    tmp_path: Path, make_service: ServiceFactory, llm: ScriptedLLM, chat: KillableChat, clock: FakeClock
) -> None:
    """One normal cron reflection, then one killed at ``chat.kill``, on the store in ``tmp_path``."""
    database = await open_database(None, tmp_path / "shared", "eko")
    service = await make_service(db=database.db, chat=chat, settings=SETTINGS)
    chat.say("David", "on parle de quoi ?")
    llm.replies.append(goal_reply("Au fait, c'est quoi Kraken FM ?"))
    kill, chat.kill = chat.kill, None
    assert (await service.run_scheduled()).action == "message"
    chat.kill = kill
    clock.advance(60)
    chat.say("David", "et sinon ?")
    llm.replies.append(goal_reply("Au fait, qui est Corentin ?"))
    with pytest.raises(Killed):
        await service.run_scheduled()
    chat.kill = None
    await database.close()  # the process is gone; its store files stay as the kill left them


Restart = Callable[..., AbstractAsyncContextManager[tuple[ReflectionService, KillableChat]]]


@pytest.fixture
def restart(tmp_path: Path, make_service: ServiceFactory, llm: ScriptedLLM, clock: FakeClock) -> Restart:
    """``restart(kill, log=...)``: a run killed at ``kill``, then a service started on the same store
    (reading the Lobby's log like ``eko up`` when ``log``, without it like ``eko bot``)."""

    @asynccontextmanager
    async def restarted(kill: str, *, log: bool) -> AsyncIterator[tuple[ReflectionService, KillableChat]]:
        chat = KillableChat(clock)
        chat.kill = kill
        await _killed_run(tmp_path, make_service, llm, chat, clock)
        reopened = await open_database(None, tmp_path / "shared", "eko")
        try:
            history = ChatLog(chat) if log else None
            yield (
                await make_service(db=reopened.db, chat=chat, settings=SETTINGS, lobby_history=history),
                chat,
            )
        finally:
            await reopened.close()

    return restarted


async def _goals(memory: Memory) -> dict[str, str]:
    kraken = await memory.add("goal", "C'est quoi Kraken FM ?")
    corentin = await memory.add("goal", "Qui est Corentin ?")
    await memory.add("goal", "C'est quoi le plan Max ?")
    return {"kraken": kraken.id, "corentin": corentin.id}


async def test_a_kill_after_the_post_is_counted_as_a_message_at_restart_and_the_cap_holds(
    memory: Memory, restart: Restart
) -> None:
    goals = await _goals(memory)
    async with restart("after_post", log=True) as (service, chat):
        posted = chat.messages[-1]
        assert posted["text"] == "Au fait, qui est Corentin ?"
        status = await service.status()
        history = status["history"]
        assert len(history) == 2
        assert history[0]["recovered"] == "posted" and history[0]["messageId"] == posted["id"]
        assert history[0]["action"] == "message" and history[0]["message"] == posted["text"]
        stats = status["stats"]
        assert (stats["totalReflections"], stats["messageCount"], stats["passCount"]) == (2, 2, 0)
        assert stats["deliveryUnknown"] == 0
        assert status["rateLimit"]["todayCount"] == 2
        assert (await memory.get(goals["corentin"])).asked_message_id == posted["id"]
        # The cap counts the interrupted message: a third spontaneous message is refused.
        chat.say("David", "et maintenant ?")
        refused = await service.run_scheduled()
        assert (refused.skip_reason, refused.rate_limited) == ("daily_max", True)
        assert len(chat.posts) == 2


async def test_a_kill_before_the_post_is_a_pass_at_restart_and_the_goal_is_asked_again(
    memory: Memory, restart: Restart
) -> None:
    goals = await _goals(memory)
    async with restart("before_post", log=True) as (service, chat):
        assert len(chat.posts) == 1
        status = await service.status()
        latest = status["latest"]
        assert latest["recovered"] == "not_posted" and latest["action"] == "pass"
        assert latest["message"] is None and latest["skipReason"] == "post_failed"
        stats = status["stats"]
        assert (stats["totalReflections"], stats["messageCount"], stats["passCount"]) == (2, 1, 1)
        assert (await memory.get(goals["corentin"])).status == "pending"  # never asked: asked again later
        # The slot taken before the post stays taken: a crash may cost a message, never add one.
        assert status["rateLimit"]["todayCount"] == 2


async def test_without_the_lobby_log_a_kill_after_the_post_is_unknown_and_counted(
    memory: Memory, restart: Restart
) -> None:
    await _goals(memory)
    # `eko bot`: the Lobby is elsewhere, its log cannot be read at start.
    async with restart("after_post", log=False) as (service, chat):
        status = await service.status()
        latest = status["latest"]
        assert latest["recovered"] == "unknown" and latest["action"] == "message"
        assert latest["messageId"] is None and "impossible de savoir" in latest["reason"]
        stats = status["stats"]
        assert (stats["totalReflections"], stats["messageCount"], stats["deliveryUnknown"]) == (2, 2, 1)
        chat.say("David", "et maintenant ?")
        refused = await service.run_scheduled()
        assert (refused.skip_reason, refused.rate_limited) == ("daily_max", True)


async def test_a_kill_once_the_lobby_acknowledged_is_posted_without_the_log(
    tmp_path: Path, memory: Memory, make_service: ServiceFactory, clock: FakeClock
) -> None:
    goal = await memory.add("goal", "Qui est Corentin ?")
    database = await open_database(None, tmp_path / "shared", "eko")
    # What a process killed right after attaching the message id leaves behind.
    record = ReflectionRecord(
        id="r1", timestamp=clock(), trigger="manual", action="message", message="Qui est Corentin ?"
    )
    record.goal_id, record.message_id, record.llm_tokens = goal.id, "m42", 120
    await ReflectionRepository(database.db).attach_message(record)
    await database.close()

    reopened = await open_database(None, tmp_path / "shared", "eko")
    try:
        clock.advance(60)
        restarted = await make_service(db=reopened.db, settings=SETTINGS)
        status = await restarted.status()
        assert status["latest"]["recovered"] == "posted" and status["latest"]["messageId"] == "m42"
        stats = status["stats"]
        assert (stats["totalReflections"], stats["messageCount"], stats["totalTokens"]) == (1, 1, 120)
        assert stats["lastMessageAt"] == "2026-11-23T10:00:00.000Z"
        # A manual message still starts the cooldown, as it does when nothing was interrupted.
        assert status["rateLimit"]["lastMessageAt"] == "2026-11-23T10:00:00.000Z"
        assert status["rateLimit"]["todayCount"] == 0  # manual messages are not spontaneous ones
    finally:
        await reopened.close()
