"""The 10-minute activity window: idle costs nothing, small talk costs no model call, one call per
window otherwise (summary + learning + opportunity), a strict threshold, the same rate limit."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from pathlib import Path
from typing import Any

from pymongo.asynchronous.database import AsyncDatabase

from llm.offline import OfflineLLM
from memory import Memory
from reflection import ReflectionSettings
from store import open_database
from tests.conftest import FakeClock
from tests.reflection.conftest import MINUTE, RecordingChat, ScriptedLLM, ServiceFactory, goal_reply


async def seed_memory(memory: Memory) -> dict[str, str]:
    facts = [
        ("La mère de David vient de Besançon", "David", "MickTest2"),
        ("Mickael est CTO chez lemapp depuis 2024", "Mickael", "Mickael"),
        ("David est freelance", "David", "David"),
        ("Le plan Max coûte 100 dollars par mois", "plan Max", "Mickael"),
    ]
    await memory.add_many([{"kind": "fact", "text": t, "about": about, "author": a} for t, about, a in facts])
    kraken = await memory.add("goal", "C'est quoi exactement Kraken FM ?", about="Kraken FM", author="Eko")
    return {"kraken": kraken.id}


def window_reply(**overrides: Any) -> dict[str, Any]:
    reply: dict[str, Any] = {
        "summary": "David et Mickael parlent de Kraken FM.",
        "topics": ["Kraken FM"],
        "facts": [],
        "goals": [],
        "self": [],
        "opportunity": {
            "intervene": False,
            "confidence": 0.2,
            "message": "",
            "reason": "rien",
            "tone": "playful",
        },
    }
    reply.update(overrides)
    return reply


async def test_an_idle_lobby_costs_nothing(
    make_service: ServiceFactory,
    memory: Memory,
    chat: RecordingChat,
    llm: ScriptedLLM,
    db: AsyncDatabase[dict[str, Any]],
) -> None:
    await seed_memory(memory)
    service = await make_service()
    assert await service.run_activity() is None
    chat.say("Eko", "Bonjour tout le monde !")  # only Eko spoke: no human activity
    assert await service.run_activity() is None
    assert llm.calls == 0 and chat.events == []
    assert await db["activity_summaries"].count_documents({}) == 0
    assert await db["reflections"].count_documents({}) == 0
    assert (await service.status())["stats"]["idleWindows"] == 2


async def test_small_talk_passes_without_a_model_call(
    make_service: ServiceFactory,
    memory: Memory,
    chat: RecordingChat,
    llm: ScriptedLLM,
    db: AsyncDatabase[dict[str, Any]],
) -> None:
    await seed_memory(memory)
    service = await make_service()
    for author, text in [
        ("David", "salut"),
        ("Mickael", "ça va ?"),
        ("David", "oui et toi"),
        ("Mickael", "trop bien"),
        ("David", "il fait beau aujourd'hui"),
        ("Mickael", "je reviens dans 5 min"),
    ]:
        chat.say(author, text)
    outcome = await service.run_activity()
    assert outcome is not None
    assert (outcome.llm_called, outcome.candidates, outcome.record) == (False, 0, None)
    assert llm.calls == 0 and chat.posts == [] and chat.events == []
    assert outcome.summary.participants == ["David", "Mickael"] and outcome.summary.message_count == 6
    assert await db["activity_summaries"].count_documents({}) == 1
    stats = (await service.status())["stats"]
    assert (stats["windows"], stats["windowsFiltered"], stats["totalReflections"]) == (1, 1, 0)
    assert await service.run_activity() is None  # the same messages are not a new window


async def test_offline_eko_answers_a_question_from_a_known_fact(
    make_service: ServiceFactory, memory: Memory, chat: RecordingChat, clock: FakeClock
) -> None:
    await seed_memory(memory)
    service = await make_service(llm=OfflineLLM())
    chat.say("David", "au fait")
    chat.say("David", "c'était quoi le nom du village de maman ?")
    outcome = await service.run_activity()
    assert outcome is not None and outcome.record is not None
    assert chat.posts == ["Besançon, non ? C'est ce que MickTest2 avait dit."]
    record = outcome.record
    assert (record.trigger, record.action, record.tone) == ("opportunity", "message", "helpful")
    assert chat.phases(record.id) == ["gathering", "context", "thinking", "done"]
    assert "village de maman" in record.reason and record.activity_summary
    status = await service.status()
    assert status["rateLimit"]["todayCount"] == 1 and status["stats"]["messageCount"] == 1
    # Nobody asks twice: the next window holds only Eko's answer.
    assert await service.run_activity() is None
    assert len(chat.posts) == 1


async def test_offline_does_not_answer_from_an_unrelated_fact(
    make_service: ServiceFactory, memory: Memory, chat: RecordingChat
) -> None:
    await seed_memory(memory)
    service = await make_service(llm=OfflineLLM())
    chat.say("Sarah", "c'était quoi le nom du resto de Simon ?")
    chat.say("Sarah", "et le plan Pro il coûte combien ?")
    outcome = await service.run_activity()
    assert outcome is not None and chat.posts == []
    assert outcome.record is None or outcome.record.action == "pass"


async def test_one_model_call_per_window_summarizes_learns_and_chimes_in(
    make_service: ServiceFactory,
    memory: Memory,
    chat: RecordingChat,
    llm: ScriptedLLM,
    db: AsyncDatabase[dict[str, Any]],
) -> None:
    ids = await seed_memory(memory)
    service = await make_service()
    chat.say("David", "je vais bosser sur Kraken FM cet aprem")
    chat.say("Mickael", "ah cool, ça avance ?")
    chat.say("David", "oui, Corentin m'aide sur le player")
    llm.replies.append(
        window_reply(
            facts=[
                {
                    "text": "Corentin aide David sur le player de Kraken FM",
                    "about": "Corentin",
                    "author": "David",
                }
            ],
            goals=[{"text": "Qui est Corentin ?", "about": "Corentin"}],
            opportunity={
                "intervene": True,
                "confidence": 0.92,
                "message": "Au fait, c'est quoi exactement Kraken FM ? J'ai vu que vous en parliez.",
                "reason": "Ils parlent de Kraken FM, que je ne comprends pas",
                "tone": "playful",
                "goalId": ids["kraken"],
            },
        )
    )
    outcome = await service.run_activity()
    assert outcome is not None and outcome.llm_called and outcome.record is not None
    assert llm.purposes() == ["window"]
    assert chat.posts == ["Au fait, c'est quoi exactement Kraken FM ? J'ai vu que vous en parliez."]
    assert (await memory.get(ids["kraken"])).status == "asked"
    assert outcome.record.goal_id == ids["kraken"] and outcome.record.tone == "playful"
    assert outcome.learned["learned"] == 2
    learned = await memory.search("fact", "Corentin player", limit=1)
    assert learned[0].record.text.startswith("Corentin aide David") and learned[0].record.author == "David"
    corentin = [g for g in await memory.list("goal") if g.about == "Corentin"]
    assert [g.facet for g in corentin] == ["identity"]  # goals carry their facet, as the bot's do
    summary = await db["activity_summaries"].find_one({})
    assert summary is not None and summary["summary"] == "David et Mickael parlent de Kraken FM."
    assert summary["participants"] == ["David", "Mickael"] and summary["messageCount"] == 3
    stats = (await service.status())["stats"]
    assert stats["llmCalls"] == {"window": 1} and stats["llmTokens"] == {"window": 100}
    assert stats["learned"] == 2 and stats["messageCount"] == 1
    prompt = llm.requests[0].turns[0].content
    assert "Kraken FM" in prompt and ids["kraken"] in prompt


async def test_an_unsure_model_does_not_chime_in(
    make_service: ServiceFactory, memory: Memory, chat: RecordingChat, llm: ScriptedLLM
) -> None:
    await seed_memory(memory)
    service = await make_service()
    chat.say("David", "je vais bosser sur Kraken FM")
    llm.replies.append(
        window_reply(
            opportunity={"intervene": True, "confidence": 0.7, "message": "Kraken ?", "reason": "peut-être"}
        )
    )
    outcome = await service.run_activity()
    assert outcome is not None and outcome.record is not None
    assert outcome.record.action == "pass" and chat.posts == []
    assert chat.phases(outcome.record.id) == ["gathering", "context", "thinking", "done"]


async def test_opportunities_obey_the_rate_limit(
    make_service: ServiceFactory, memory: Memory, chat: RecordingChat, llm: ScriptedLLM, clock: FakeClock
) -> None:
    ids = await seed_memory(memory)
    clock.advance(60)  # the newest pending goal is asked first
    await memory.add("goal", "Qui est Simon exactement ?")
    service = await make_service()
    chat.say("David", "salut")
    llm.replies.append(goal_reply("Au fait, qui est Simon ?"))
    assert (await service.run_scheduled()).action == "message"
    clock.advance(10 * MINUTE)
    chat.say("David", "Simon ? je bosse avec lui sur Kraken FM")
    llm.replies.append(
        window_reply(
            opportunity={
                "intervene": True,
                "confidence": 0.95,
                "message": "Et Kraken FM, c'est quoi ?",
                "reason": "curiosité",
                "tone": "playful",
                "goalId": ids["kraken"],
            }
        )
    )
    outcome = await service.run_activity()
    assert outcome is not None and outcome.record is not None
    assert (outcome.record.rate_limited, outcome.record.skip_reason) == (True, "cooldown")
    assert chat.posts == ["Au fait, qui est Simon ?"]
    assert (await memory.get(ids["kraken"])).status == "pending"


async def test_bad_window_output_falls_back_to_the_offline_path(
    make_service: ServiceFactory, memory: Memory, chat: RecordingChat, llm: ScriptedLLM
) -> None:
    await seed_memory(memory)
    service = await make_service()
    chat.say("David", "c'était quoi le nom du village de maman ?")
    llm.replies.append({"summary": 42, "topics": "pas une liste", "opportunity": {"confidence": 3}})
    outcome = await service.run_activity()
    assert outcome is not None and outcome.record is not None
    assert outcome.record.fallback == "bad_output"
    assert chat.posts == ["Besançon, non ? C'est ce que MickTest2 avait dit."]
    assert outcome.summary.source == "offline"
    assert (await service.status())["stats"]["badOutputs"] == 1


async def test_two_processes_with_one_slot_left_post_once(
    tmp_path: Path, make_service: ServiceFactory, memory: Memory, clock: FakeClock
) -> None:
    await memory.add("goal", "C'est quoi exactement Kraken FM ?")
    settings = ReflectionSettings(daily_max=1)
    first_db = await open_database(None, tmp_path / "shared", "eko")
    second_db = await open_database(None, tmp_path / "shared", "eko")
    try:
        chats = [RecordingChat(clock), RecordingChat(clock)]
        llms = [ScriptedLLM(replies=[goal_reply()]), ScriptedLLM(replies=[goal_reply()])]
        services = [
            await make_service(db=database.db, chat=chat, llm=model, settings=settings)
            for database, chat, model in zip((first_db, second_db), chats, llms, strict=True)
        ]
        for chat in chats:
            chat.say("David", "quoi de neuf ?")
        records = await asyncio.gather(*(service.run_scheduled() for service in services))
        assert sorted(r.action for r in records) == ["message", "pass"]
        assert sum(len(chat.posts) for chat in chats) == 1
        loser = next(r for r in records if r.action == "pass")
        assert loser.rate_limited and loser.skip_reason in ("daily_max", "cooldown")
        status = await services[0].status()
        assert status["rateLimit"]["todayCount"] == 1
        clock.advance(timedelta(hours=1))
        for service in services:
            await service.close()
    finally:
        await first_db.close()
        await second_db.close()


async def test_no_model_call_for_an_opportunity_the_guards_would_refuse(
    make_service: ServiceFactory, memory: Memory, chat: RecordingChat, llm: ScriptedLLM, clock: FakeClock
) -> None:
    await seed_memory(memory)
    service = await make_service()
    clock.now = clock.now.replace(hour=21)  # 22:00 in Paris: quiet hours
    chat.say("David", "combien coûte le plan Max déjà ?")  # a candidate fact, no new name to learn
    outcome = await service.run_activity()
    assert outcome is not None and outcome.candidates > 0 and not outcome.llm_called
    assert outcome.record is not None and outcome.record.skip_reason == "quiet_hours"
    assert llm.calls == 0 and chat.posts == []
    assert chat.phases(outcome.record.id) == ["done"]


async def test_a_restart_does_not_read_the_same_window_again(
    tmp_path: Path, make_service: ServiceFactory, memory: Memory, chat: RecordingChat, llm: ScriptedLLM
) -> None:
    await seed_memory(memory)
    database = await open_database(None, tmp_path / "shared", "eko")
    try:
        service = await make_service(db=database.db)
        chat.say("David", "salut")
        chat.say("Mickael", "ça va ?")
        assert await service.run_activity() is not None
        await service.close()
        restarted = await make_service(db=database.db)
        assert await restarted.run_activity() is None
        chat.say("David", "trop bien")
        outcome = await restarted.run_activity()
        assert outcome is not None and outcome.summary.message_count == 1
        assert llm.calls == 0
    finally:
        await database.close()
