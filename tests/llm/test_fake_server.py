"""The fake Messages API itself, spoken to by the raw SDK: its shapes must be the real API's."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import anthropic
import pytest

from tests.fakes.anthropic_server import FakeAnthropic, ThreadedFakeAnthropic, text_reply
from tests.fakes.fixtures import FAKE_API_KEY

MESSAGES: list[Any] = [{"role": "user", "content": "Eko ?"}]


@pytest.fixture
async def client(fake_anthropic: FakeAnthropic) -> AsyncIterator[anthropic.AsyncAnthropic]:
    sdk = anthropic.AsyncAnthropic(api_key=FAKE_API_KEY, base_url=fake_anthropic.base_url, max_retries=0)
    yield sdk
    await sdk.close()


async def test_message_shape(client: anthropic.AsyncAnthropic, fake_anthropic: FakeAnthropic) -> None:
    fake_anthropic.reply_tool({"action": "ask"}, text_before="Je réfléchis.")

    message = await client.messages.create(model="claude-haiku-4-5", max_tokens=50, messages=MESSAGES)

    assert message.id.startswith("msg_") and message.type == "message" and message.role == "assistant"
    assert [block.type for block in message.content] == ["text", "tool_use"]
    tool = message.content[1]
    assert tool.type == "tool_use" and tool.name == "respond" and tool.input == {"action": "ask"}
    assert tool.id.startswith("toolu_")
    assert message.stop_reason == "tool_use"
    assert message.usage.input_tokens > 0 and message.usage.cache_read_input_tokens == 0


async def test_streamed_tool_use_and_text(
    client: anthropic.AsyncAnthropic, fake_anthropic: FakeAnthropic
) -> None:
    fake_anthropic.reply_tool({"action": "ask", "question": "C'est quoi Kraken ?"}, text_before="Voyons.")

    async with client.messages.stream(model="claude-haiku-4-5", max_tokens=50, messages=MESSAGES) as stream:
        text = "".join([chunk async for chunk in stream.text_stream])
        final = await stream.get_final_message()

    assert text == "Voyons."
    tool = final.content[1]
    assert tool.type == "tool_use" and tool.input == {"action": "ask", "question": "C'est quoi Kraken ?"}
    assert final.stop_reason == "tool_use" and final.usage.output_tokens > 0


async def test_errors_have_the_api_shape(
    client: anthropic.AsyncAnthropic, fake_anthropic: FakeAnthropic
) -> None:
    fake_anthropic.reply_error(529, "Overloaded")

    with pytest.raises(anthropic.APIStatusError) as caught:
        await client.messages.create(model="claude-haiku-4-5", max_tokens=50, messages=MESSAGES)

    assert caught.value.status_code == 529
    assert caught.value.body == {
        "type": "error",
        "error": {"type": "overloaded_error", "message": "Overloaded"},
    }
    assert caught.value.response.headers["retry-after"] == "0.01"


async def test_requests_are_recorded_without_the_key(
    client: anthropic.AsyncAnthropic, fake_anthropic: FakeAnthropic
) -> None:
    fake_anthropic.reply_text("Oui ?")

    await client.messages.create(
        model="claude-haiku-4-5", max_tokens=50, messages=MESSAGES, system="Tu es Eko.", stream=False
    )

    (request,) = fake_anthropic.requests
    assert request.path == "/v1/messages"
    assert request.json["messages"] == MESSAGES
    assert request.system_blocks == [{"type": "text", "text": "Tu es Eko."}]
    assert "x-api-key" not in request.headers and "anthropic-version" in request.headers


async def test_responder_answers_when_the_script_is_empty(
    client: anthropic.AsyncAnthropic, fake_anthropic: FakeAnthropic
) -> None:
    fake_anthropic.reply_text("scripted")
    fake_anthropic.responder = lambda body: f"echo: {body['messages'][-1]['content']}"

    first = await client.messages.create(model="claude-haiku-4-5", max_tokens=50, messages=MESSAGES)
    second = await client.messages.create(model="claude-haiku-4-5", max_tokens=50, messages=MESSAGES)

    assert first.content[0].type == "text" and first.content[0].text == "scripted"
    assert second.content[0].type == "text" and second.content[0].text == "echo: Eko ?"
    assert fake_anthropic.pending == 0 and fake_anthropic.calls == 2


async def test_unscripted_call_fails_loudly(client: anthropic.AsyncAnthropic) -> None:
    with pytest.raises(anthropic.BadRequestError, match="no reply scripted"):
        await client.messages.create(model="claude-haiku-4-5", max_tokens=50, messages=MESSAGES)


def test_threaded_fake_serves_sync_clients() -> None:
    with ThreadedFakeAnthropic().running() as fake:
        fake.reply(text_reply("depuis un thread"))
        sdk = anthropic.Anthropic(api_key=FAKE_API_KEY, base_url=fake.base_url, max_retries=0)
        try:
            message = sdk.messages.create(model="claude-haiku-4-5", max_tokens=50, messages=MESSAGES)
        finally:
            sdk.close()
    assert message.content[0].type == "text" and message.content[0].text == "depuis un thread"
    assert fake.calls == 1
