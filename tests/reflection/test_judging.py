"""What only a model decides in the activity window: vaguer answers to Eko's questions (with the
reason kept in the record), and borderline duplicates (one call for all of a window's pairs)."""

from __future__ import annotations

from typing import Any

from pymongo.asynchronous.database import AsyncDatabase

from language.equivalence import judge
from llm import schema_of
from llm.anthropic_adapter import AnthropicLLM
from llm.offline import OfflineLLM
from memory import Memory
from reflection.judging import DuplicateDecision
from reflection.window import WindowDecision
from tests.conftest import FakeClock
from tests.fakes.anthropic_server import FakeAnthropic
from tests.fakes.fixtures import anthropic_llm, fake_anthropic  # noqa: F401
from tests.reflection.conftest import MINUTE, RecordingChat, ScriptedLLM, ServiceFactory
from tests.reflection.test_activity import window_reply

# A pair of goals the rules cannot decide (asserted below: the test is about the model's part).
BORDERLINE = ("Qui a créé Kraken FM ?", "Qui a monté Kraken FM ?")


async def asked_goal(memory: Memory, chat: RecordingChat, text: str, about: str) -> str:
    goal = await memory.add("goal", text, about=about, author="Alice")
    question = chat.say("Eko", f"Au fait, {text[0].lower()}{text[1:]}")
    await memory.mark_asked(goal.id, question["id"])
    return goal.id


async def test_the_model_links_a_vague_answer_and_the_record_says_why(
    make_service: ServiceFactory, memory: Memory, chat: RecordingChat, llm: ScriptedLLM, clock: FakeClock
) -> None:
    goal_id = await asked_goal(memory, chat, "Quelle est la couleur préférée de Bob ?", "Bob")
    service = await make_service()
    clock.advance(MINUTE)
    earlier = chat.messages[0]["id"]  # Eko's question itself: never an answer
    answer = chat.say("Alice", "bleu, comme son vélo")  # no explicit link: the rules leave it
    llm.replies.append(
        window_reply(
            answers=[
                {"goalId": goal_id, "messageId": earlier, "fact": "faux", "reason": "?"},
                {"goalId": "g-unknown", "messageId": answer["id"], "fact": "faux", "reason": "?"},
                {
                    "goalId": goal_id,
                    "messageId": answer["id"],
                    "fact": "Couleur préférée de Bob : le bleu",
                    "reason": "Alice répond juste après la question sur la couleur de Bob",
                },
            ]
        )
    )
    outcome = await service.run_activity()

    assert outcome is not None and outcome.record is not None
    assert outcome.record.answers == [
        {
            "goalId": goal_id,
            "factId": outcome.record.answers[0]["factId"],
            "messageId": answer["id"],
            "reason": "Alice répond juste après la question sur la couleur de Bob",
        }
    ]
    goal = await memory.get(goal_id)
    assert goal.status == "answered"
    fact = await memory.get(goal.answer_fact_id or "")
    assert (fact.text, fact.author, fact.about) == ("Couleur préférée de Bob : le bleu", "Alice", "Bob")
    stats = (await service.status())["stats"]
    assert stats["answersJudged"] == 1 and stats["answersRefused"] == 2
    assert "[" + goal_id + "]" in llm.requests[0].turns[0].content  # the asked goal was shown
    assert (await service.status())["history"][0]["answers"][0]["reason"].startswith("Alice répond")


async def test_the_model_cannot_link_an_answer_after_the_window(
    make_service: ServiceFactory, memory: Memory, chat: RecordingChat, llm: ScriptedLLM, clock: FakeClock
) -> None:
    goal_id = await asked_goal(memory, chat, "Quelle est la couleur préférée de Bob ?", "Bob")
    service = await make_service()
    clock.advance(11 * MINUTE)
    late = chat.say("Alice", "bleu je crois")
    llm.replies.append(
        window_reply(
            answers=[{"goalId": goal_id, "messageId": late["id"], "fact": "x : bleu", "reason": "r"}]
        )
    )
    await service.run_activity()
    assert (await memory.get(goal_id)).status == "asked"


async def test_offline_no_asked_goal_is_judged_and_no_call_is_made(
    make_service: ServiceFactory, memory: Memory, chat: RecordingChat, clock: FakeClock
) -> None:
    goal_id = await asked_goal(memory, chat, "Quelle est la couleur préférée de Bob ?", "Bob")
    service = await make_service(llm=OfflineLLM())
    clock.advance(MINUTE)
    chat.say("Alice", "bleu, comme son vélo")
    await service.run_activity()
    assert (await memory.get(goal_id)).status == "asked"
    assert await memory.count("fact") == 0


async def test_borderline_duplicates_are_decided_in_one_call_of_the_window(
    make_service: ServiceFactory,
    memory: Memory,
    chat: RecordingChat,
    db: AsyncDatabase[dict[str, Any]],
    fake_anthropic: FakeAnthropic,  # noqa: F811 - fixture
    anthropic_llm: AnthropicLLM,  # noqa: F811 - fixture
    clock: FakeClock,
) -> None:
    first, second = BORDERLINE
    assert judge("goal", first, second, "Kraken FM", "Kraken FM", "fr") == "borderline", "pick another pair"
    other = ("Où habite Simon ?", "Simon habite où déjà ?")
    asked = chat.say("David", "Eko, qui a créé Kraken FM ?")
    source = {"room": "lobby", "message_id": asked["id"]}  # the bot's curiosity from that mention
    older = await memory.add("goal", first, about="Kraken FM", author="David", source=source)
    clock.advance(MINUTE)
    asked = chat.say("Mickael", "Eko, qui a monté Kraken FM ?")
    source = {"room": "lobby", "message_id": asked["id"]}
    newer = await memory.add("goal", second, about="Kraken FM", author="Mickael", source=source)
    assert newer.status == "added" and newer.id != older.id  # the rules left both
    simon = [await memory.add("goal", text, about="Simon") for text in other]
    pairs_expected = 1 + (
        judge("goal", *other, "Simon", "Simon", "fr") == "borderline" and simon[0].id != simon[1].id
    )

    service = await make_service(llm=anthropic_llm)
    fake_anthropic.reply_tool(window_reply())
    fake_anthropic.reply_tool(
        {"pairs": [{"pair": i, "same": i == 0, "reason": "même question"} for i in range(pairs_expected)]}
    )
    await service.run_activity()

    purposes = [r.json["tools"][0]["name"] if r.json.get("tools") else "?" for r in fake_anthropic.requests]
    assert fake_anthropic.calls == 2, purposes  # the window's call, then ONE call for every borderline pair
    schemas = [r.json["tools"][0]["input_schema"] for r in fake_anthropic.requests]
    assert schemas == [
        {"type": "object", **schema_of(model)} for model in (WindowDecision, DuplicateDecision)
    ]
    prompt = str(fake_anthropic.requests[1].json["messages"])
    assert first in prompt and second in prompt
    goals = await memory.list("goal", status="pending")
    kraken = [g for g in goals if g.about == "Kraken FM"]
    assert len(kraken) == 1 and kraken[0].id == older.id
    assert {kraken[0].text, *kraken[0].variants} == {first, second}  # merged, nothing lost
    stats = (await service.status())["stats"]
    assert stats["borderlinePairs"] == pairs_expected and stats["borderlineMerged"] == 1
    assert stats["llmCalls"]["duplicates"] == 1


async def test_offline_borderline_pairs_stay_as_the_rules_left_them(
    make_service: ServiceFactory, memory: Memory, chat: RecordingChat, clock: FakeClock
) -> None:
    asked = chat.say("David", "Eko, c'est quoi Kraken FM ?")
    for text in BORDERLINE:
        await memory.add("goal", text, about="Kraken FM", source={"room": "lobby", "message_id": asked["id"]})
    service = await make_service(llm=OfflineLLM())
    await service.run_activity()
    assert await memory.count("goal", "pending") == 2
    assert "borderlinePairs" not in (await service.status())["stats"]
