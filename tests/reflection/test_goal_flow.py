"""The goal reflection end to end on real parts: memory in Qdrant, the embedded store, the model
(scripted, or the real SDK against the fake Messages API), a recording Lobby connection."""

from __future__ import annotations

import logging
import sqlite3
import uuid
from dataclasses import replace
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from pymongo.asynchronous.database import AsyncDatabase
from pymongo.errors import PyMongoError

from llm import schema_of
from llm.anthropic_adapter import AnthropicLLM
from llm.offline import OfflineLLM
from llm.port import LLMBadOutput, LLMTimeout
from memory import Memory
from memory.store import _point
from reflection import ReflectionSettings
from reflection.phrasing import GoalDecision
from reflection.repository import PENDING_STATE, POSTING, STATS
from tests.conftest import FakeClock
from tests.fakes.anthropic_server import FakeAnthropic
from tests.fakes.fixtures import anthropic_llm, fake_anthropic  # noqa: F401 - fixtures
from tests.reflection.conftest import RecordingChat, ScriptedLLM, ServiceFactory, goal_reply

PHASES = ["gathering", "context", "thinking", "done"]


async def test_goal_is_asked_in_the_lobby(
    make_service: ServiceFactory,
    memory: Memory,
    chat: RecordingChat,
    llm: ScriptedLLM,
    clock: FakeClock,
    db: AsyncDatabase[dict[str, Any]],
) -> None:
    await memory.add("fact", "David travaille sur Kraken depuis septembre", about="David", author="Mickael")
    await memory.add("self", "Je suis Eko, le bot du Lobby")
    clock.advance(60)
    goal = await memory.add("goal", "C'est quoi exactement Kraken FM ?", author="Eko")
    chat.say("David", "je vais bosser sur Kraken cet aprem")
    service = await make_service()
    llm.replies.append(goal_reply("Au fait, c'est quoi exactement Kraken FM ? J'ai pas compris le projet."))

    record = await service.run_scheduled()

    assert record.action == "message" and record.trigger == "cron"
    assert chat.posts == ["Au fait, c'est quoi exactement Kraken FM ? J'ai pas compris le projet."]
    assert chat.phases(record.id) == PHASES
    asked = await memory.get(goal.id)
    assert asked.status == "asked" and asked.asked_message_id == record.message_id
    assert record.goal_id == goal.id and record.tone == "playful" and record.reason
    assert record.llm_model == "scripted-model" and record.llm_tokens == 100
    assert record.facts_count >= 1 and record.goals_count == 1  # the pending goals considered
    # The prompt is the seed's directive one, with the goal and its context.
    request = llm.requests[0]
    assert request.purpose == "reflection" and request.json_schema is not None
    assert "UNE curiosité" in request.system and "POSE CETTE QUESTION" in request.system
    assert (
        "Kraken FM" in request.turns[0].content and "David travaille sur Kraken" in request.turns[0].content
    )
    assert "je vais bosser sur Kraken" in request.turns[0].content
    # Stats and the update event.
    update = [data for event, data in chat.events if event == "reflection:update"][-1]
    assert update["latest"]["id"] == record.id and update["latest"]["action"] == "message"
    stats = update["stats"]
    assert (stats["totalReflections"], stats["messageCount"], stats["passCount"]) == (1, 1, 0)
    assert stats["totalTokens"] == 100 and stats["llmCalls"] == {"reflection": 1}
    assert stats["lastMessageAt"] is not None
    stored = await db["reflections"].find_one({"_id": record.id})
    assert stored is not None and stored["goalId"] == goal.id and stored["message"] == chat.posts[0]
    assert stored["id"] == record.id and stored["trigger"] == "cron" and stored["rateLimited"] is False
    status = await service.status()
    assert status["latest"]["id"] == record.id and status["llmMode"] == "anthropic"
    assert status["rateLimit"]["todayCount"] == 1 and status["rateLimit"]["cooldownRemainingS"] == 1800
    assert set(status["rateLimit"]) >= {
        "cooldownRemainingS",
        "todayCount",
        "dailyMax",
        "nextAllowedAt",
        "cooldownS",
    }


async def test_no_goal_passes_with_the_seed_reason(
    make_service: ServiceFactory, chat: RecordingChat, llm: ScriptedLLM
) -> None:
    chat.say("David", "calme plat")
    service = await make_service()
    record = await service.run_scheduled()
    assert (record.action, record.reason) == ("pass", "Aucune curiosité disponible")
    assert chat.phases(record.id) == ["gathering", "done"]
    assert llm.calls == 0


async def test_chit_chat_stored_by_an_older_version_is_dropped_not_asked(
    make_service: ServiceFactory, memory: Memory, chat: RecordingChat, clock: FakeClock
) -> None:
    real = await memory.add("goal", "C'est quoi Kraken FM ?", about="Kraken FM")
    clock.advance(60)
    chatter = await memory.add("goal", "Tu en penses quoi ?")  # newer: it would be asked first
    chat.say("David", "calme plat")
    service = await make_service(llm=OfflineLLM())
    record = await service.run_scheduled()
    assert record.goal_id == real.id and "Kraken FM" in chat.posts[0]
    assert (await memory.get(chatter.id)).status == "dropped"


async def test_a_goal_a_stored_fact_answers_is_marked_answered_not_asked(
    make_service: ServiceFactory, memory: Memory, chat: RecordingChat, clock: FakeClock
) -> None:
    """Two wordings the duplicate rules keep apart ("qui gère" / "c'est qui qui s'occupe de"): once
    the one asked got its answer, the other is answered by that fact, not asked (probe conversation
    of 2026-11-28: Eko would have asked a question it answers itself)."""
    other = await memory.add("goal", "Où habite Corentin ?", about="Corentin")
    clock.advance(60)
    asked = await memory.add("goal", "C'est qui qui s'occupe du serveur de build ?", about="serveur de build")
    fact = await memory.answer_goal(asked.id, "Nadia s'occupe du serveur de build (d'après Nadia)", "Nadia")
    clock.advance(60)
    newest = await memory.add("goal", "Qui gère le serveur de build ?", about="serveur de build")
    chat.say("David", "hello")
    service = await make_service(llm=OfflineLLM())
    record = await service.run_scheduled()
    settled = await memory.get(newest.id)
    assert (settled.status, settled.answer_fact_id) == ("answered", fact.id)
    assert record.goal_id == other.id and "Corentin" in chat.posts[0]
    assert not any("serveur de build" in post for post in chat.posts)


async def test_a_goal_is_asked_in_the_lobby_s_language_when_one_of_its_wordings_is(
    make_service: ServiceFactory, memory: Memory, chat: RecordingChat
) -> None:
    """ "who's the PM of Pivert?" then "c'est qui la PM de Pivert ?" are one goal: a French Lobby is
    asked in French (probe conversation of 2026-11-28 got "… : who's the PM of Pivert?")."""
    goal = await memory.add("goal", "Who's the PM of Pivert?", about="PM of Pivert")
    again = await memory.add("goal", "C'est qui la PM de Pivert ?", about="PM de Pivert")
    assert again.id == goal.id  # merged
    chat.say("David", "hello")
    service = await make_service(llm=OfflineLLM())
    await service.run_scheduled()
    assert chat.posts == ["J'ai une question qui me trotte : c'est qui la PM de Pivert ?"]


async def test_offline_mode_phrases_the_goal_with_the_tone_templates(
    make_service: ServiceFactory, memory: Memory, chat: RecordingChat
) -> None:
    await memory.add("goal", "Qui est Corentin ?")
    chat.say("David", "hello")
    service = await make_service(llm=OfflineLLM())
    record = await service.run_scheduled()
    assert chat.posts == ["J'ai une question qui me trotte : qui est Corentin ?"]
    assert (record.tone, record.llm_model, record.fallback, record.llm_tokens) == (
        "helpful",
        "offline",
        "offline",
        0,
    )
    assert (await service.status())["llmMode"] == "offline"


async def test_english_offline_phrasing(
    make_service: ServiceFactory, memory: Memory, chat: RecordingChat
) -> None:
    await memory.add("goal", "What is Kraken FM exactly?")
    service = await make_service(llm=OfflineLLM(), settings=ReflectionSettings(language="en"))
    record = await service.trigger_manual(None)
    assert chat.posts == ["I have a question: what is Kraken FM exactly?"]
    assert record.reason == "Pending curiosity: What is Kraken FM exactly?"


async def test_bad_model_output_falls_back_to_the_offline_phrasing(
    make_service: ServiceFactory, memory: Memory, chat: RecordingChat, llm: ScriptedLLM, clock: FakeClock
) -> None:
    await memory.add("goal", "C'est quoi le plan Max ?")
    service = await make_service()
    llm.replies.append({"action": "message", "message": "", "tone": "grumpy"})  # wrong shape
    first = await service.trigger_manual("david")
    assert first.action == "message" and first.fallback == "bad_output"
    assert chat.posts == ["Au fait, c'est quoi le plan Max ?"]
    clock.advance(61)
    await memory.add("goal", "Qui est Simon exactement ?")
    llm.replies.append(LLMBadOutput("no JSON object in the answer", raw="hmm"))
    second = await service.trigger_manual("david")
    assert second.action == "message" and second.fallback == "bad_output"
    stats = (await service.status())["stats"]
    assert stats["badOutputs"] == 2 and stats["messageCount"] == 2 and stats["llmCalls"] == {"reflection": 2}


async def test_a_refused_post_gives_the_slot_back(
    make_service: ServiceFactory, memory: Memory, chat: RecordingChat, llm: ScriptedLLM
) -> None:
    goal = await memory.add("goal", "C'est quoi le plan Max ?")
    chat.say("David", "hello")
    service = await make_service()
    chat.refuse_posts = True
    llm.replies.append(goal_reply())
    record = await service.run_scheduled()
    assert (record.action, record.skip_reason) == ("pass", "post_failed")
    assert (await memory.get(goal.id)).status == "pending"  # still to ask
    status = await service.status()
    assert status["rateLimit"]["todayCount"] == 0 and status["rateLimit"]["cooldownRemainingS"] == 0
    chat.refuse_posts = False
    llm.replies.append(goal_reply())
    assert (await service.run_scheduled()).action == "message"


class _StatsRefusingTheTrace:
    """The stats collection of a store that fails (a full disk, a lost server) exactly when the
    reflection writes the trace it keeps before a post; every other write goes through."""

    def __init__(self, collection: Any) -> None:
        self._collection = collection

    def __getattr__(self, name: str) -> Any:
        return getattr(self._collection, name)

    async def update_one(self, query: Any, update: dict[str, Any], **kwargs: Any) -> Any:
        written = update.get("$set", {}).values()
        if any(isinstance(doc, dict) and doc.get(PENDING_STATE) == POSTING for doc in written):
            raise PyMongoError("disk full")
        return await self._collection.update_one(query, update, **kwargs)


class _DatabaseRefusingTheTrace:
    def __init__(self, db: AsyncDatabase[dict[str, Any]]) -> None:
        self._db = db

    def __getattr__(self, name: str) -> Any:
        return getattr(self._db, name)

    def __getitem__(self, name: str) -> Any:
        collection = self._db[name]
        return _StatsRefusingTheTrace(collection) if name == STATS else collection


async def test_a_post_whose_trace_cannot_be_stored_is_not_sent_and_gives_the_slot_back(
    make_service: ServiceFactory,
    memory: Memory,
    chat: RecordingChat,
    llm: ScriptedLLM,
    db: AsyncDatabase[dict[str, Any]],
) -> None:
    # Without its trace a kill after the post could never be counted (reflection/engine.py
    # post_recorded): the message must not leave, and the goal stays to ask.
    goal = await memory.add("goal", "C'est quoi le plan Max ?")
    chat.say("David", "hello")
    service = await make_service(db=_DatabaseRefusingTheTrace(db))
    llm.replies.append(goal_reply())
    record = await service.run_scheduled()
    assert (record.action, record.skip_reason, record.message) == ("pass", "not_recorded", None)
    assert chat.posts == []
    assert (await memory.get(goal.id)).status == "pending"
    status = await service.status()
    assert status["rateLimit"]["todayCount"] == 0 and status["rateLimit"]["cooldownRemainingS"] == 0
    assert status["latest"]["skipReason"] == "not_recorded"


class LookingChat(RecordingChat):
    """A Lobby where someone reads memory at the instant Eko's question arrives (a fast reply would)."""

    def __init__(self, clock: FakeClock, memory: Memory, goal_id: str) -> None:
        super().__init__(clock)
        self.memory, self.goal_id = memory, goal_id
        self.seen_status: list[str] = []

    async def post(self, text: str) -> dict[str, Any]:
        self.seen_status.append((await self.memory.get(self.goal_id)).status)
        return await super().post(text)


async def test_the_goal_is_already_asked_when_the_question_reaches_the_lobby(
    make_service: ServiceFactory, memory: Memory, llm: ScriptedLLM, clock: FakeClock
) -> None:
    # An answer sent 30 ms after the question used to find no asked goal: the goal was marked after
    # the post returned, and the answer was lost instead of becoming a fact.
    goal = await memory.add("goal", "C'est quoi le Zorglub de Pénélope ?", about="Zorglub")
    chat = LookingChat(clock, memory, goal.id)
    chat.say("David", "salut")
    service = await make_service(chat=chat)
    llm.replies.append(goal_reply("Au fait, c'est quoi le Zorglub de Pénélope ?"))
    clock.advance(5)

    record = await service.run_scheduled()

    assert chat.seen_status == ["asked"]
    asked = await memory.get(goal.id)
    assert asked.status == "asked" and asked.asked_message_id == record.message_id
    assert asked.asked_at is not None and asked.asked_at <= clock()


async def _legacy_copy(memory: Memory, record_id: str, text: str, clock: FakeClock) -> str:
    """Write a paraphrase as a separate point without the duplicate check, as the seed's old code did."""
    record = await memory.get(record_id)
    clock.advance(60)
    copy = replace(record, id=str(uuid.uuid4()), text=text, created_at=clock(), updated_at=clock())
    vector = (await memory._embedder.embed([copy.text]))[0]
    await memory._backend.upsert("goal", [_point(copy, vector)])
    return copy.id


async def test_duplicate_goals_found_while_reflecting_are_merged(
    make_service: ServiceFactory, memory: Memory, chat: RecordingChat, llm: ScriptedLLM, clock: FakeClock
) -> None:
    first = await memory.add("goal", "Qui est Corentin ?", author="Eko")
    other = await memory.add("goal", "Qui est Simon ?", author="Eko")
    duplicate = await _legacy_copy(memory, first.id, "C'est qui Corentin ?", clock)
    assert await memory.count("goal", "pending") == 3
    chat.say("David", "salut")
    service = await make_service()
    llm.replies.append(goal_reply("Au fait, qui est Corentin ?", tone="helpful"))
    record = await service.run_scheduled()
    assert record.goal_id == first.id and record.duplicate_goal_ids == [duplicate]
    assert (await memory.get(first.id)).status == "asked"
    assert await memory.count("goal", "pending") == 1
    assert (await memory.get(other.id)).status == "pending"


async def test_duplicate_goals_about_another_subject_are_left_alone(
    make_service: ServiceFactory, memory: Memory, chat: RecordingChat, llm: ScriptedLLM, clock: FakeClock
) -> None:
    corentin = await memory.add("goal", "Il travaille où ?", about="Corentin", author="Eko")
    clock.advance(60)
    simon = await memory.add("goal", "Il travaille où ?", about="Simon", author="Eko")
    assert simon.status == "added"  # same words, another person: two curiosities
    duplicate = await _legacy_copy(memory, simon.id, "Il travaille où exactement ?", clock)
    chat.say("David", "salut")
    service = await make_service()
    llm.replies.append(goal_reply("Au fait, Simon, il travaille où ?", tone="helpful"))
    record = await service.run_scheduled()
    assert record.goal_id == simon.id and record.duplicate_goal_ids == [duplicate]
    assert (await memory.get(corentin.id)).status == "pending"


async def test_against_the_messages_api_with_the_real_sdk(
    make_service: ServiceFactory,
    memory: Memory,
    chat: RecordingChat,
    fake_anthropic: FakeAnthropic,  # noqa: F811 - fixture
    anthropic_llm: AnthropicLLM,  # noqa: F811 - fixture
    clock: FakeClock,
) -> None:
    await memory.add("goal", "C'est quoi exactement Kraken FM ?")
    chat.say("David", "on parle de Kraken ?")
    chat.say("Eko", "Oui ?")
    service = await make_service(llm=anthropic_llm)
    skipped = await service.run_scheduled()
    assert skipped.skip_reason == "last_message_is_bot" and fake_anthropic.calls == 0

    chat.say("David", "oui")
    fake_anthropic.reply_tool(goal_reply("Au fait, Kraken FM c'est quoi ?", tone="playful"))
    record = await service.run_scheduled()
    assert fake_anthropic.calls == 1 and chat.posts == ["Au fait, Kraken FM c'est quoi ?"]
    assert record.llm_tokens > 0 and record.llm_model
    body = fake_anthropic.requests[0].json
    assert body["tool_choice"]["type"] == "tool"
    assert body["tools"][0]["input_schema"] == {"type": "object", **schema_of(GoalDecision)}
    clock.advance(timedelta(minutes=5))
    chat.say("David", "c'est une radio")
    assert (await service.run_scheduled()).skip_reason == "cooldown" and fake_anthropic.calls == 1


async def test_a_failing_memory_is_recorded_not_raised(
    make_service: ServiceFactory, memory: Memory, chat: RecordingChat, llm: ScriptedLLM
) -> None:
    await memory.add("goal", "Qui est Corentin ?")
    chat.say("David", "hello")
    service = await make_service()
    await memory.close()  # the storage goes away under the running service
    record = await service.run_scheduled()
    assert (record.action, record.skip_reason) == ("pass", "error")
    assert chat.phases(record.id)[-1] == "done" and chat.posts == [] and llm.calls == 0
    assert not service.is_running


async def test_a_blank_model_message_is_a_bad_output(
    make_service: ServiceFactory, memory: Memory, chat: RecordingChat, llm: ScriptedLLM
) -> None:
    await memory.add("goal", "Qui est Corentin ?")
    service = await make_service()
    llm.replies.append(goal_reply("   "))
    record = await service.trigger_manual(None)
    assert record.fallback == "bad_output" and chat.posts == [
        "J'ai une question qui me trotte : qui est Corentin ?"
    ]


async def test_a_model_timeout_falls_back_and_is_counted(
    make_service: ServiceFactory, memory: Memory, chat: RecordingChat, llm: ScriptedLLM
) -> None:
    await memory.add("goal", "C'est quoi le plan Max ?")
    chat.say("David", "hello")
    service = await make_service()
    llm.replies.append(LLMTimeout("reflection: no answer within 30 s"))
    record = await service.run_scheduled()
    assert record.action == "message" and record.fallback == "llm_error"
    assert chat.posts == ["Au fait, c'est quoi le plan Max ?"]
    events = [(event, data.get("phase")) for event, data in chat.events]
    assert events[-2:] == [("reflection:progress", "done"), ("reflection:update", None)]
    stats = (await service.status())["stats"]
    assert stats["llmFailures"] == 1 and stats["llmCalls"] == {"reflection": 1} and stats["totalTokens"] == 0


async def test_every_guard_stops_before_the_model_counted_at_the_server(
    make_service: ServiceFactory,
    memory: Memory,
    chat: RecordingChat,
    fake_anthropic: FakeAnthropic,  # noqa: F811 - fixture
    anthropic_llm: AnthropicLLM,  # noqa: F811 - fixture
    clock: FakeClock,
) -> None:
    # The 0-call property of each guard, counted where a real model would bill it: at the server.
    chat.say("David", "salut")
    no_goal = await make_service(llm=anthropic_llm, settings=ReflectionSettings(quiet_hours=""))
    assert (await no_goal.run_scheduled()).reason == "Aucune curiosité disponible"
    small_talk = await no_goal.run_activity()
    assert small_talk is not None and not small_talk.llm_called and small_talk.record is None
    assert await no_goal.run_activity() is None  # an idle window: nothing at all
    await memory.add("goal", "C'est quoi exactement Kraken FM ?")

    clock.now = clock.now.replace(hour=21)  # 22:00 in Paris
    quiet = await make_service(llm=anthropic_llm, settings=ReflectionSettings(quiet_hours="20:00-08:00"))
    assert (await quiet.run_scheduled()).skip_reason == "quiet_hours"

    full = await make_service(llm=anthropic_llm, settings=ReflectionSettings(quiet_hours="", daily_max=0))
    record = await full.run_scheduled()
    assert (record.skip_reason, record.rate_limited) == ("daily_max", True)
    assert fake_anthropic.calls == 0


async def test_an_embedded_store_file_removed_under_a_running_service_is_a_pass_and_warnings(
    make_service: ServiceFactory,
    memory: Memory,
    chat: RecordingChat,
    llm: ScriptedLLM,
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The embedded engine raises sqlite3 errors, not PyMongo's: the page's trigger then left an
    exception no task retrieved (the stats write of the failed run's own record failed too), no
    'done' for the StatusBar, and tracebacks for a store fault /health already reports."""
    await memory.add("goal", "Qui est Corentin ?")
    chat.say("David", "hello")
    service = await make_service()
    llm.replies.append(goal_reply())
    (tmp_path / "data" / "store" / "eko.sqlite").unlink()  # sqlite opens a new, empty file
    started = service.try_start_manual("Léa")
    assert started["ok"] is True
    await service.close()  # waits for the run the trigger started
    assert chat.phases(started["reflectionId"])[-1] == "done" and not service.is_running
    await service.run_activity()
    for record in caplog.records:  # one line each ("reflection not stored" stays an error)
        assert record.exc_info is None, record.getMessage()


async def test_a_store_error_the_run_did_not_expect_is_one_warning_line(
    make_service: ServiceFactory, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A store fault is reported by /health; each run it stops says so in one line, no traceback."""
    service = await make_service()

    async def store_gone() -> None:
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(service._engine, "guards", store_gone)
    monkeypatch.setattr(service._activity, "run", store_gone)
    record = await service.run_scheduled()
    assert (record.action, record.skip_reason) == ("pass", "error") and not service.is_running
    assert await service.run_activity() is None
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING] == [
        "reflection failed: store unavailable",
        "activity window failed: store unavailable",
    ]
    assert all(r.exc_info is None for r in caplog.records)
