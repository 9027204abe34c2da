"""A model's answer sent through the whole JSON path: the real adapter (real SDK) against the fake
Messages API, then the pydantic model that is the one home of the answer's shape.

Used by the per-schema tests (tests/reflection/test_wire.py, tests/bot/test_model_answer.py): an
answer is *accepted* when the adapter's check (``llm.json_output.schema_problems`` against the tool's
input schema) and the model's parse both take it, *refused* when either does not.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ValidationError

from llm import ChatTurn, LLMBadOutput, LLMRequest, schema_of
from llm.anthropic_adapter import AnthropicLLM
from tests.fakes.anthropic_server import FakeAnthropic


async def send(
    fake: FakeAnthropic, llm: AnthropicLLM, model: type[BaseModel], answer: dict[str, Any]
) -> BaseModel:
    """``answer`` as the model's tool input, returned parsed by ``model``; raises ``LLMBadOutput``
    (the adapter refused it) or ``ValidationError`` (the parse did)."""
    fake.reply_tool(answer)
    request = LLMRequest("wire", "system", (ChatTurn("user", "?"),), json_schema=schema_of(model))
    response = await llm.complete(request)
    sent = fake.requests[-1].json["tools"][0]["input_schema"]
    assert sent == {"type": "object", **schema_of(model)}, "the tool's schema is the model's own"
    return model.model_validate(response.data)


async def refusal(
    fake: FakeAnthropic, llm: AnthropicLLM, model: type[BaseModel], answer: dict[str, Any]
) -> str | None:
    """Why ``answer`` is refused (``"adapter: ..."`` or ``"model: ..."``), None when accepted."""
    try:
        await send(fake, llm, model, answer)
    except LLMBadOutput as err:
        return f"adapter: {err}"
    except ValidationError as err:
        return f"model: {err}"
    return None


def property_names(schema: dict[str, Any]) -> set[str]:
    """Every property name in ``schema``, nested objects and array items included."""
    names: set[str] = set()
    for name, sub in schema.get("properties", {}).items():
        names |= {name, *property_names(sub)}
    items = schema.get("items")
    if isinstance(items, dict):
        names |= property_names(items)
    for sub in schema.get("anyOf", []):
        names |= property_names(sub)
    return names
