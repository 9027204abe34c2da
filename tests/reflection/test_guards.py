"""Guards and rate limit of the goal reflection: each one stops the run with 0 model calls, recorded."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memory import Memory
from reflection import ReflectionBusy, ReflectionSettings
from store import open_database
from tests.conftest import FakeClock
from tests.reflection.conftest import HOUR, MINUTE, RecordingChat, ScriptedLLM, ServiceFactory, goal_reply


async def test_last_message_from_eko_skips_with_no_model_call(
    make_service: ServiceFactory, memory: Memory, chat: RecordingChat, llm: ScriptedLLM
) -> None:
    await memory.add("goal", "C'est quoi exactement Kraken FM ?")
    chat.say("David", "salut")
    chat.say("Eko", "Salut David !")
    service = await make_service()
    record = await service.run_scheduled()
    assert (record.action, record.skip_reason, record.rate_limited) == ("pass", "last_message_is_bot", False)
    assert "dernier message" in record.reason
    assert llm.calls == 0 and chat.posts == []
    assert chat.phases(record.id) == ["done"]  # a skipped run goes straight to done
    done = [data for event, data in chat.events if event == "reflection:progress"][-1]
    assert done["action"] == "pass" and done["reason"] == record.reason
    assert (await memory.next_goal()) is not None  # still pending
    status = await service.status()
    assert status["stats"]["totalReflections"] == 1 and status["stats"]["passCount"] == 1
    assert status["latest"]["skipReason"] == "last_message_is_bot"


async def test_quiet_hours_in_the_configured_timezone(
    make_service: ServiceFactory, memory: Memory, chat: RecordingChat, llm: ScriptedLLM, clock: FakeClock
) -> None:
    await memory.add("goal", "C'est quoi exactement Kraken FM ?")
    chat.say("David", "bonsoir")
    clock.now = datetime(2026, 11, 23, 19, 30, tzinfo=UTC)  # 20:30 in Paris: quiet
    service = await make_service()
    record = await service.run_scheduled()
    assert record.skip_reason == "quiet_hours" and "20:00-08:00" in record.reason
    assert llm.calls == 0 and chat.posts == []
    # The same instant is 14:30 in New York: not quiet there.
    other = await make_service(settings=ReflectionSettings(timezone="America/New_York"))
    llm.replies.append(goal_reply())
    assert (await other.run_scheduled()).action == "message"


async def test_empty_quiet_hours_disable_them(
    make_service: ServiceFactory, memory: Memory, chat: RecordingChat, llm: ScriptedLLM, clock: FakeClock
) -> None:
    await memory.add("goal", "C'est quoi exactement Kraken FM ?")
    chat.say("David", "bonsoir")
    clock.now = datetime(2026, 11, 23, 22, 0, tzinfo=UTC)
    service = await make_service(settings=ReflectionSettings(quiet_hours=""))
    llm.replies.append(goal_reply())
    assert (await service.run_scheduled()).action == "message"


async def test_cooldown_after_a_spontaneous_message(
    make_service: ServiceFactory, memory: Memory, chat: RecordingChat, llm: ScriptedLLM, clock: FakeClock
) -> None:
    await memory.add("goal", "C'est quoi exactement Kraken FM ?")
    await memory.add("goal", "Qui est Simon exactement ?")
    service = await make_service()
    chat.say("David", "hello")
    llm.replies.append(goal_reply())
    assert (await service.run_scheduled()).action == "message"
    clock.advance(20 * MINUTE)
    chat.say("David", "je ne sais pas")  # so the last message is not Eko's
    record = await service.run_scheduled()
    assert (record.skip_reason, record.rate_limited) == ("cooldown", True)
    assert llm.calls == 1
    status = await service.status()
    assert status["rateLimit"]["cooldownRemainingS"] == 600
    assert status["stats"]["rateLimitedCount"] == 1
    clock.advance(10 * MINUTE)
    llm.replies.append(goal_reply("Au fait, qui est Simon ?"))
    assert (await service.run_scheduled()).action == "message"


async def test_daily_cap_holds_across_a_restart(
    tmp_path: Path,
    memory: Memory,
    make_service: ServiceFactory,
    chat: RecordingChat,
    llm: ScriptedLLM,
    clock: FakeClock,
) -> None:
    settings = ReflectionSettings(daily_max=2, cooldown=timedelta(minutes=1))
    for n in range(4):
        await memory.add("goal", f"C'est quoi le projet numéro {n} de Kraken ?")
    database = await open_database(None, tmp_path / "shared", "eko")
    service = await make_service(db=database.db, settings=settings)
    for _ in range(2):
        chat.say("David", "on parle de quoi ?")
        llm.replies.append(goal_reply())
        assert (await service.run_scheduled()).action == "message"
        clock.advance(5 * MINUTE)
    await service.close()
    await database.close()

    reopened = await open_database(None, tmp_path / "shared", "eko")
    try:
        restarted = await make_service(db=reopened.db, settings=settings)
        assert len((await restarted.status())["history"]) == 2  # reloaded from the store
        chat.say("David", "et maintenant ?")
        record = await restarted.run_scheduled()
        assert (record.skip_reason, record.rate_limited) == ("daily_max", True)
        assert llm.calls == 2
        status = await restarted.status()
        assert status["rateLimit"]["todayCount"] == 2 and status["stats"]["messageCount"] == 2
        # Manual triggers bypass the posting limit.
        llm.replies.append(goal_reply())
        assert (await restarted.trigger_manual("david")).action == "message"
        await restarted.close()
    finally:
        await reopened.close()


async def test_manual_trigger_bypasses_rate_limit_and_quiet_hours_but_not_its_own_bound(
    make_service: ServiceFactory, memory: Memory, chat: RecordingChat, llm: ScriptedLLM, clock: FakeClock
) -> None:
    for text in ("C'est quoi Kraken FM ?", "Qui est Corentin ?", "C'est quoi le plan Max ?"):
        await memory.add("goal", text)
    clock.now = datetime(2026, 11, 23, 21, 0, tzinfo=UTC)  # quiet hours in Paris
    service = await make_service(settings=ReflectionSettings(daily_max=0))
    chat.say("Eko", "Bonne soirée !")  # even right after its own message
    llm.replies.append(goal_reply())
    first = await service.trigger_manual("david")
    assert first.action == "message" and first.trigger == "manual" and first.requested_by == "david"
    clock.advance(30)
    # The page's button: another user, 30 s later, is refused (the bound is global) ...
    refused = service.try_start_manual("mickael")
    assert refused == {"ok": False, "code": "too_soon", "error": refused["error"], "retryAfterS": 30}
    assert "30" in refused["error"]
    assert llm.calls == 1
    clock.advance(30)
    # ... and accepted once the interval has passed.
    llm.replies.append(goal_reply("Au fait, qui est Corentin ?"))
    started = service.try_start_manual("mickael")
    assert started["ok"] is True
    await service.close()  # waits for the background run
    assert llm.calls == 2 and chat.posts[-1] == "Au fait, qui est Corentin ?"


async def test_a_second_manual_trigger_while_one_runs_is_refused(
    make_service: ServiceFactory, memory: Memory, chat: RecordingChat, llm: ScriptedLLM, clock: FakeClock
) -> None:
    await memory.add("goal", "C'est quoi Kraken FM ?")
    service = await make_service()
    llm.replies.append(goal_reply())
    started = service.try_start_manual("david")
    assert started["ok"] is True and service.is_running
    with pytest.raises(ReflectionBusy):
        await service.trigger_manual("mickael")
    refused = service.try_start_manual("mickael")
    assert refused["ok"] is False and "already running" in refused["error"]
    scheduled = await service.run_scheduled()  # the cron does not start a second one either
    assert scheduled.skip_reason == "busy"
    await service.close()  # waits for the background reflection
    assert not service.is_running
    status = await service.status()
    assert any(r["id"] == started["reflectionId"] and r["action"] == "message" for r in status["history"])
    assert llm.calls == 1 and len(chat.posts) == 1


async def test_ignored_question_doubles_the_next_cooldown(
    make_service: ServiceFactory, memory: Memory, chat: RecordingChat, llm: ScriptedLLM, clock: FakeClock
) -> None:
    for n in range(3):
        await memory.add("goal", f"C'est quoi exactement le projet {('Kraken', 'Ralph', 'Lemapp')[n]} ?")
    service = await make_service(settings=replace(ReflectionSettings(), quiet_hours=""))
    chat.say("David", "yo")
    llm.replies.append(goal_reply())
    assert (await service.run_scheduled()).action == "message"
    clock.advance(3 * HOUR)  # nobody answered
    chat.say("David", "re")
    llm.replies.append(goal_reply())
    second = await service.run_scheduled()
    assert second.action == "message"
    assert (await service.status())["rateLimit"]["cooldownS"] == 3600  # doubled
    clock.advance(45 * MINUTE)
    chat.say("David", "toujours là ?")
    assert (await service.run_scheduled()).skip_reason == "cooldown"
    # An answer resets it.
    assert second.goal_id is not None
    service.note_goal_answered(second.goal_id)
    await service.close()
    assert (await service.status())["rateLimit"]["cooldownS"] == 1800
    assert llm.calls == 2


async def test_status_does_not_double_the_cooldown_of_a_question_answered_in_memory(
    make_service: ServiceFactory, memory: Memory, chat: RecordingChat, llm: ScriptedLLM, clock: FakeClock
) -> None:
    await memory.add("goal", "Qui est Corentin ?", about="Corentin")
    service = await make_service(settings=replace(ReflectionSettings(), quiet_hours=""))
    chat.say("David", "yo")
    llm.replies.append(goal_reply("Au fait, qui est Corentin ?"))
    asked = await service.run_scheduled()
    assert asked.goal_id is not None
    # Answered where the service was not told (another process, the memory command): memory knows.
    await memory.answer_goal(asked.goal_id, "Corentin est dev chez lemlist", author="David")
    clock.advance(3 * HOUR)
    assert (await service.status())["rateLimit"]["cooldownS"] == 1800
