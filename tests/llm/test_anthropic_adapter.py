"""The real ``anthropic`` SDK, through AnthropicLLM, against the fake Messages API on 127.0.0.1."""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

import pytest

from llm import AnthropicLLM, ChatTurn, LLMBadOutput, LLMError, LLMRequest, LLMTimeout, Usage
from tests.fakes.anthropic_server import FakeAnthropic
from tests.fakes.fixtures import FAKE_API_KEY

SYSTEM = "Tu es Eko, le bot du Lobby. Réponds brièvement, en français."
SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "action": {"type": "string", "enum": ["ask", "wait"]},
        "question": {"type": "string"},
    },
    "required": ["action"],
}


def ask(text: str = "Eko, c'était quoi le village de maman ?", **kwargs: Any) -> LLMRequest:
    return LLMRequest(
        purpose=kwargs.pop("purpose", "answer"), system=SYSTEM, turns=(ChatTurn("user", text),), **kwargs
    )


async def test_text_answer(anthropic_llm: AnthropicLLM, fake_anthropic: FakeAnthropic) -> None:
    fake_anthropic.reply_text("Besançon, non ? C'est ce que MickTest2 avait dit.")

    response = await anthropic_llm.complete(ask())

    assert response.text == "Besançon, non ? C'est ce que MickTest2 avait dit."
    assert response.data is None
    assert response.stop_reason == "end_turn"
    assert response.model == "claude-haiku-4-5"
    sent = fake_anthropic.requests[0].json
    assert sent["model"] == "claude-haiku-4-5"
    assert sent["messages"] == [{"role": "user", "content": "Eko, c'était quoi le village de maman ?"}]
    assert "tools" not in sent


async def test_stable_system_prompt_is_sent_for_caching(
    anthropic_llm: AnthropicLLM, fake_anthropic: FakeAnthropic
) -> None:
    fake_anthropic.reply_text("Salut !").reply_text("Re !")

    first = await anthropic_llm.complete(ask("Eko, salut"))
    second = await anthropic_llm.complete(ask("Eko, re"))

    assert fake_anthropic.requests[0].system_blocks == [
        {"type": "text", "text": SYSTEM, "cache_control": {"type": "ephemeral"}}
    ]
    # The fake caches like the API: written on the first call, read on the next.
    assert first.usage.cache_creation_input_tokens > 0 and first.usage.cache_read_input_tokens == 0
    assert second.usage.cache_read_input_tokens == first.usage.cache_creation_input_tokens


async def test_usage_is_accumulated_per_purpose(
    anthropic_llm: AnthropicLLM, fake_anthropic: FakeAnthropic
) -> None:
    usage = {
        "input_tokens": 100,
        "output_tokens": 20,
        "cache_creation_input_tokens": 50,
        "cache_read_input_tokens": 7,
    }
    fake_anthropic.reply_text("a", usage=usage).reply_text("b", usage=usage).reply_text("c", usage=usage)

    await anthropic_llm.complete(ask(purpose="answer"))
    await anthropic_llm.complete(ask(purpose="answer"))
    await anthropic_llm.complete(ask(purpose="window"))

    stats = anthropic_llm.stats()
    assert stats["answer"].calls == 2
    assert stats["answer"].usage == Usage(200, 40, 14, 100)
    assert stats["window"].calls == 1
    assert stats["window"].usage == Usage(100, 20, 7, 50)
    assert stats["answer"].failures == stats["answer"].bad_outputs == 0


async def test_streamed_answer(anthropic_llm: AnthropicLLM, fake_anthropic: FakeAnthropic) -> None:
    text = "Besançon, d'après ce que MickTest2 avait dit la semaine dernière."
    fake_anthropic.reply_text(text)

    chunks = [chunk async for chunk in anthropic_llm.stream_text(ask())]

    assert len(chunks) > 1
    assert "".join(chunks) == text
    assert fake_anthropic.requests[0].stream
    stats = anthropic_llm.stats()["answer"]
    assert stats.calls == stats.attempts == 1 and stats.usage.output_tokens > 0


async def test_streamed_answer_times_out(fake_anthropic: FakeAnthropic) -> None:
    llm = AnthropicLLM("claude-haiku-4-5", 0.3, 0, api_key=FAKE_API_KEY, base_url=fake_anthropic.base_url)
    fake_anthropic.reply_delay(5, "trop tard")
    try:
        with pytest.raises(LLMTimeout):
            _ = [chunk async for chunk in llm.stream_text(ask())]
        assert llm.stats()["answer"].failures == 1
    finally:
        await llm.aclose()


async def test_json_through_the_tool(anthropic_llm: AnthropicLLM, fake_anthropic: FakeAnthropic) -> None:
    fake_anthropic.reply_tool({"action": "ask", "question": "C'est quoi Kraken ?"})

    response = await anthropic_llm.complete(ask(json_schema=SCHEMA, purpose="reflection"))

    assert response.data == {"action": "ask", "question": "C'est quoi Kraken ?"}
    assert response.stop_reason == "tool_use"
    sent = fake_anthropic.requests[0].json
    assert sent["tools"][0]["name"] == "respond"
    assert sent["tools"][0]["input_schema"] == SCHEMA
    assert sent["tool_choice"] == {"type": "tool", "name": "respond"}


async def test_json_found_in_a_text_answer(
    anthropic_llm: AnthropicLLM, fake_anthropic: FakeAnthropic
) -> None:
    fake_anthropic.reply_text('Voici :\n```json\n{"action": "wait"}\n```')

    response = await anthropic_llm.complete(ask(json_schema=SCHEMA))

    assert response.data == {"action": "wait"}
    assert anthropic_llm.stats()["answer"].bad_outputs == 0


@pytest.mark.parametrize(
    "answer",
    ["{not json", '{"question": "sans action"}', '{"action": "dance"}', "Je ne sais pas."],
)
async def test_answer_that_is_not_the_json_asked_is_counted_and_logged(
    anthropic_llm: AnthropicLLM, fake_anthropic: FakeAnthropic, caplog: pytest.LogCaptureFixture, answer: str
) -> None:
    fake_anthropic.reply_raw_text(answer)

    with caplog.at_level(logging.WARNING, logger="llm"), pytest.raises(LLMBadOutput) as caught:
        await anthropic_llm.complete(ask(json_schema=SCHEMA, purpose="window"))

    assert caught.value.raw == answer
    assert anthropic_llm.stats()["window"].bad_outputs == 1
    assert [r for r in caplog.records if getattr(r, "purpose", None) == "window"]


async def test_tool_input_missing_required_key_is_bad_output(
    anthropic_llm: AnthropicLLM, fake_anthropic: FakeAnthropic
) -> None:
    fake_anthropic.reply_tool({"question": "?"})

    with pytest.raises(LLMBadOutput, match="action"):
        await anthropic_llm.complete(ask(json_schema=SCHEMA))
    # Tokens were spent all the same.
    assert anthropic_llm.stats()["answer"].usage.output_tokens > 0


async def test_rate_limited_then_success_honours_retry_after(
    anthropic_llm: AnthropicLLM, fake_anthropic: FakeAnthropic
) -> None:
    fake_anthropic.reply_error(429, retry_after=0.2).reply_text("Me revoilà.")

    started = time.monotonic()
    response = await anthropic_llm.complete(ask())

    assert response.text == "Me revoilà."
    assert time.monotonic() - started >= 0.2
    assert fake_anthropic.calls == 2
    stats = anthropic_llm.stats()["answer"]
    assert (stats.calls, stats.attempts, stats.failures) == (1, 2, 0)


async def test_a_retry_after_beyond_the_deadline_fails_at_once(
    anthropic_llm: AnthropicLLM, fake_anthropic: FakeAnthropic
) -> None:
    fake_anthropic.reply_error(429, retry_after=60).reply_text("bien plus tard")

    with pytest.raises(LLMError, match="retry-after 60 s") as caught:
        await anthropic_llm.complete(ask())

    # At once: not the deadline's timeout, and no second call after waiting.
    assert not isinstance(caught.value, LLMTimeout)
    assert fake_anthropic.calls == 1
    assert anthropic_llm.stats()["answer"].failures == 1


async def test_server_error_then_success(anthropic_llm: AnthropicLLM, fake_anthropic: FakeAnthropic) -> None:
    fake_anthropic.reply_error(500).reply_text("ok")

    assert (await anthropic_llm.complete(ask())).text == "ok"
    assert fake_anthropic.calls == 2


async def test_overloaded_until_retries_are_exhausted(
    anthropic_llm: AnthropicLLM, fake_anthropic: FakeAnthropic
) -> None:
    for _ in range(3):
        fake_anthropic.reply_error(529)
    fake_anthropic.reply_text("never reached")

    with pytest.raises(LLMError, match="529") as caught:
        await anthropic_llm.complete(ask())

    assert not isinstance(caught.value, LLMTimeout)
    assert fake_anthropic.calls == 3  # the first try + max_retries=2
    stats = anthropic_llm.stats()["answer"]
    assert (stats.calls, stats.attempts, stats.failures) == (1, 3, 1)


async def test_client_errors_are_not_retried(
    anthropic_llm: AnthropicLLM, fake_anthropic: FakeAnthropic
) -> None:
    fake_anthropic.reply_error(400, "messages: at least one message is required")

    with pytest.raises(LLMError, match="400"):
        await anthropic_llm.complete(ask())
    assert fake_anthropic.calls == 1


async def test_overall_deadline(fake_anthropic: FakeAnthropic) -> None:
    llm = AnthropicLLM("claude-haiku-4-5", 0.3, 2, api_key=FAKE_API_KEY, base_url=fake_anthropic.base_url)
    fake_anthropic.reply_delay(30, "trop tard")
    try:
        started = time.monotonic()
        with pytest.raises(LLMTimeout):
            await llm.complete(ask())
        # Well before the reply would come (30 s), with room for a loaded 2-core machine.
        assert time.monotonic() - started < 10
        assert llm.stats()["answer"].failures == 1
    finally:
        await llm.aclose()


async def test_broken_http_body_is_an_llm_error(
    anthropic_llm: AnthropicLLM, fake_anthropic: FakeAnthropic
) -> None:
    fake_anthropic.reply_raw_body("{not json")

    with pytest.raises(LLMError):
        await anthropic_llm.complete(ask())


async def test_calls_do_not_block_each_other(
    anthropic_llm: AnthropicLLM, fake_anthropic: FakeAnthropic
) -> None:
    fake_anthropic.reply_delay(0.3, "lent").reply_text("rapide")

    slow = asyncio.create_task(anthropic_llm.complete(ask("lent")))
    await fake_anthropic.wait_for_calls(1)  # the slow call has reached the model server
    fast = await anthropic_llm.complete(ask("rapide"))

    assert fast.text == "rapide" and not slow.done()
    assert (await slow).text == "lent"


async def test_the_key_is_never_logged(
    fake_anthropic: FakeAnthropic, caplog: pytest.LogCaptureFixture
) -> None:
    llm = AnthropicLLM("claude-haiku-4-5", 2.0, 1, api_key=FAKE_API_KEY, base_url=fake_anthropic.base_url)
    fake_anthropic.reply_error(429).reply_text("ok").reply_raw_text("pas de JSON")
    try:
        with caplog.at_level(logging.DEBUG):
            await llm.complete(ask())
            with pytest.raises(LLMBadOutput):
                await llm.complete(ask(json_schema=SCHEMA))
    finally:
        await llm.aclose()

    assert caplog.records  # the SDK's debug logs and ours were captured
    for record in caplog.records:
        assert FAKE_API_KEY not in record.getMessage()
        assert FAKE_API_KEY not in repr(record.__dict__)
    assert all(FAKE_API_KEY not in str(r.headers) for r in fake_anthropic.requests)


async def test_leaving_a_stream_early_cancels_it(
    anthropic_llm: AnthropicLLM, fake_anthropic: FakeAnthropic
) -> None:
    fake_anthropic.reply_text("Un long discours " * 20).reply_text("suivant")

    stream = anthropic_llm.stream_text(ask())
    async for _chunk in stream:
        break
    await stream.aclose()

    assert (await anthropic_llm.complete(ask())).text == "suivant"
