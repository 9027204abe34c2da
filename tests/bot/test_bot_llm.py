"""Eko with a model: the real anthropic SDK against the fake Messages API server on 127.0.0.1."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any

import pytest

from bot import Bot
from llm.anthropic_adapter import AnthropicLLM
from memory import Memory, NewRecord
from tests.bot.conftest import RecordingReflection
from tests.conftest import FakeClock
from tests.fakes.anthropic_server import FakeAnthropic, Reply, text_reply, tool_reply
from tests.lobby.conftest import WAIT, Client

StartEko = Callable[..., Awaitable[Bot]]
Join = Callable[[str], Awaitable[Client]]


async def reply_from_eko(client: Client) -> dict[str, Any]:
    while True:
        message = await client.next("message", WAIT)
        if message["author"] == "Eko":
            return dict(message)


def _answer(text: str, **fields: Any) -> dict[str, Any]:
    return {
        "answer": text,
        "tone": "helpful",
        "used_fact_ids": [],
        "unknown": False,
        "answers_goal": False,
        **fields,
    }


async def test_model_answer_is_posted_with_the_context_it_was_given(
    memory: Memory,
    start_eko: StartEko,
    humans: Join,
    fake_anthropic: FakeAnthropic,
    anthropic_llm: AnthropicLLM,
) -> None:
    [added] = await memory.add_many(
        [NewRecord("fact", "La mère de David vient de Besançon", about="David", author="MickTest2")]
    )
    bot = await start_eko(llm=anthropic_llm)
    david = await humans("David")
    await david.send({"text": "on parle de vacances"})
    fake_anthropic.reply_tool(
        _answer("Besançon, non ? Enfin c'est ce que MickTest2 avait dit.", used_fact_ids=[added.id, "bogus"])
    )

    await david.send({"text": "Eko, c'était quoi le nom du village de maman ?"})
    reply = await reply_from_eko(david)

    assert reply["text"] == "Besançon, non ? Enfin c'est ce que MickTest2 avait dit."
    request = fake_anthropic.requests[0]
    prompt = request.json["messages"][0]["content"]
    prompt_text = prompt if isinstance(prompt, str) else " ".join(block["text"] for block in prompt)
    assert "La mère de David vient de Besançon" in prompt_text  # the fact from memory
    assert "MickTest2" in prompt_text  # its author, for attribution
    assert "on parle de vacances" in prompt_text  # the recent Lobby messages
    assert "c'était quoi le nom du village de maman" in prompt_text
    assert request.system_blocks[-1].get("cache_control")  # stable system prompt is cached
    await bot.drain()
    assert bot.counters.answered == 1
    assert bot.counters.llm_fallbacks == 0
    assert anthropic_llm.stats()["answer"].calls == 1


@pytest.mark.parametrize(
    "answer",
    [
        text_reply('{"answer": "Besan'),  # broken JSON, no tool call
        tool_reply(_answer("  ")),  # the schema's shape, but nothing to post (bot.answer.ModelAnswer)
    ],
    ids=["broken JSON", "blank answer"],
)
async def test_malformed_model_output_falls_back_to_the_offline_answer(
    memory: Memory,
    start_eko: StartEko,
    humans: Join,
    fake_anthropic: FakeAnthropic,
    anthropic_llm: AnthropicLLM,
    answer: Reply,
) -> None:
    await memory.add("fact", "La mère de David vient de Besançon", about="David", author="MickTest2")
    bot = await start_eko(llm=anthropic_llm)
    david = await humans("David")
    fake_anthropic.reply(answer)

    await david.send({"text": "Eko, c'était quoi le nom du village de maman ?"})
    reply = await reply_from_eko(david)

    assert "Besançon" in reply["text"] and "MickTest2" in reply["text"]
    await bot.drain()
    assert bot.counters.llm_fallbacks == 1
    assert bot.counters.answered == 1


async def test_model_timeout_and_errors_fall_back_too(
    memory: Memory,
    start_eko: StartEko,
    humans: Join,
    fake_anthropic: FakeAnthropic,
    anthropic_llm: AnthropicLLM,
) -> None:
    bot = await start_eko(llm=anthropic_llm)
    david = await humans("David")
    for _ in range(3):  # 529 overloaded, retries exhausted
        fake_anthropic.reply_error(529)

    await david.send({"text": "Eko, qui est Zorglub ?"})
    reply = await reply_from_eko(david)

    assert reply["text"].startswith("Je ne sais pas encore, David")
    assert "hors ligne" not in reply["text"]  # not offline: the model failed this once
    await bot.drain()
    assert bot.counters.llm_fallbacks == 1
    assert [g.text for g in await memory.list("goal")] == ["Qui est Zorglub ?"]


async def test_model_says_unknown_and_phrases_the_curiosity(
    memory: Memory,
    start_eko: StartEko,
    humans: Join,
    fake_anthropic: FakeAnthropic,
    anthropic_llm: AnthropicLLM,
) -> None:
    bot = await start_eko(llm=anthropic_llm)
    david = await humans("David")
    fake_anthropic.reply_tool(
        _answer(
            "Aucune idée, je vais demander !",
            unknown=True,
            curiosity="Quel est le village d'origine de la mère de David ?",
        )
    )

    await david.send({"text": "Eko, c'était quoi le nom du village de maman ?"})
    await reply_from_eko(david)
    await bot.drain()

    goals = await memory.list("goal", status="pending")
    assert [(g.text, g.author) for g in goals] == [
        ("Quel est le village d'origine de la mère de David ?", "David")
    ]
    assert bot.counters.unknown_to_goal == 1


async def test_model_says_unknown_but_the_question_was_answered_in_other_words(
    memory: Memory,
    start_eko: StartEko,
    humans: Join,
    fake_anthropic: FakeAnthropic,
    anthropic_llm: AnthropicLLM,
) -> None:
    """The search did not show the model the fact (another language); the answered goal the question
    asks again has it: Eko quotes it instead of recording the question once more."""
    goal = await memory.add("goal", "Nova ça sort quand ?", about="Nova", author="Tom", facet="date")
    await memory.mark_asked(goal.id, "m-1")
    await memory.answer_goal(goal.id, "Nova ça sort : mi-février (d'après Inès)", "Inès", "date")
    bot = await start_eko(llm=anthropic_llm)
    max_ = await humans("Max")
    fake_anthropic.reply_tool(_answer("No idea, I'll ask!", unknown=True))

    await max_.send({"text": "Eko, when is Nova shipping?"})
    reply = await reply_from_eko(max_)
    await bot.drain()

    assert "mi-février" in reply["text"]
    assert await memory.count("goal", "pending") == 0


async def test_model_recognises_an_answer_to_the_asked_curiosity(
    memory: Memory,
    start_eko: StartEko,
    humans: Join,
    fake_anthropic: FakeAnthropic,
    anthropic_llm: AnthropicLLM,
    clock: FakeClock,
    reflection: RecordingReflection,
) -> None:
    goal = await memory.add("goal", "Qui est Corentin ?", about="Corentin")
    bot = await start_eko(llm=anthropic_llm, reflection=reflection)
    mickael = await humans("Mickael")
    asked = await bot.connection.post("Au fait, c'est qui Corentin ?")
    await memory.mark_asked(goal.id, asked["id"])
    await reply_from_eko(mickael)
    clock.advance(120)
    fake_anthropic.reply_tool(
        _answer(
            "Merci Mickael, c'est noté !",
            answers_goal=True,
            fact="Corentin est développeur chez lemlist",
        )
    )

    await mickael.send({"text": "Eko, c'est le nouveau dev chez lemlist"})
    reply = await reply_from_eko(mickael)
    await bot.drain()

    assert reply["text"] == "Merci Mickael, c'est noté !"
    prompt = str(fake_anthropic.requests[0].json["messages"][0]["content"])
    assert "Qui est Corentin ?" in prompt  # the asked goal was in the context
    goal_now = await memory.get(goal.id)
    assert goal_now.status == "answered"
    fact = await memory.get(str(goal_now.answer_fact_id))
    assert (fact.text, fact.author, fact.goal_id) == (
        "Corentin est développeur chez lemlist",
        "Mickael",
        goal.id,
    )
    assert reflection.answered == [goal.id]


async def test_a_slow_model_does_not_hold_up_the_lobby_or_other_mentions(
    memory: Memory,
    start_eko: StartEko,
    humans: Join,
    fake_anthropic: FakeAnthropic,
) -> None:
    slow = AnthropicLLM(
        model="claude-haiku-4-5",
        deadline_s=5.0,
        max_retries=0,
        api_key="sk-ant-fake",
        base_url=fake_anthropic.base_url,
    )
    # The slow answer is held until the fast one is posted: no wall-clock delay to outlast.
    release = asyncio.Event()
    fake_anthropic.reply(replace(tool_reply(_answer("enfin !")), held=release))
    fake_anthropic.reply_tool(_answer("rapide"))
    try:
        bot = await start_eko(llm=slow)
        david = await humans("David")
        simon = await humans("Simon")

        await david.send({"text": "Eko, question lente ?"})
        await fake_anthropic.wait_for_calls(1)  # the slow call has reached the model server
        await simon.send({"text": "Eko, question rapide ?"})
        first = await reply_from_eko(simon)
        release.set()
        second = await reply_from_eko(simon)

        # Answered while the slow call was still running (it was sent first).
        assert (first["text"], second["text"]) == ("rapide", "enfin !")
        await bot.drain()
    finally:
        await slow.aclose()
