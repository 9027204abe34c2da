"""The model's answer to a mention: ``bot.answer.ModelAnswer`` is the one home of its shape, the
schema sent is derived from it. What the hand-written schema of before refused (missing key, wrong
type or enum, null text) and what the answer path refused (a blank answer) is still refused; keys
nobody asked for are ignored, as before."""

from __future__ import annotations

from typing import Any

import pytest

from bot.answer import ModelAnswer
from llm import schema_of
from llm.anthropic_adapter import AnthropicLLM
from llm.templates import PromptTemplates
from tests.fakes.anthropic_server import FakeAnthropic
from tests.fakes.fixtures import anthropic_llm, fake_anthropic  # noqa: F401 - fixtures
from tests.fakes.wire import property_names, refusal

ANSWER: dict[str, Any] = {
    "answer": "Besançon, non ? C'est ce que MickTest2 avait dit.",
    "tone": "helpful",
    "used_fact_ids": ["f1"],
    "unknown": False,
    "curiosity": "",
    "answers_goal": False,
    "fact": "",
}
REQUIRED = ("answer", "tone", "used_fact_ids", "unknown", "answers_goal")

ACCEPTED: dict[str, dict[str, Any]] = {
    "every key": ANSWER,
    "optional keys left out": {key: ANSWER[key] for key in REQUIRED},
    "a key nobody asked for": {**ANSWER, "mood": "joyeux"},
}
# answer -> who refuses it: "adapter" when the derived schema says so, "model" otherwise
REFUSED: dict[str, tuple[dict[str, Any], str]] = {
    **{f"no {key}": ({k: v for k, v in ANSWER.items() if k != key}, "adapter") for key in REQUIRED},
    "unknown tone": ({**ANSWER, "tone": "grumpy"}, "adapter"),
    "empty answer": ({**ANSWER, "answer": ""}, "adapter"),
    "blank answer": ({**ANSWER, "answer": "  \n"}, "model"),
    "fact ids not strings": ({**ANSWER, "used_fact_ids": [1]}, "adapter"),
    "null curiosity": ({**ANSWER, "curiosity": None}, "adapter"),
    "unknown as a string": ({**ANSWER, "unknown": "false"}, "adapter"),
}


@pytest.mark.parametrize("case", ACCEPTED)
async def test_a_valid_answer_is_accepted(
    case: str,
    fake_anthropic: FakeAnthropic,  # noqa: F811 - fixture
    anthropic_llm: AnthropicLLM,  # noqa: F811 - fixture
) -> None:
    assert await refusal(fake_anthropic, anthropic_llm, ModelAnswer, ACCEPTED[case]) is None


@pytest.mark.parametrize("case", REFUSED)
async def test_an_answer_off_the_schema_is_refused(
    case: str,
    fake_anthropic: FakeAnthropic,  # noqa: F811 - fixture
    anthropic_llm: AnthropicLLM,  # noqa: F811 - fixture
) -> None:
    answer, by = REFUSED[case]
    why = await refusal(fake_anthropic, anthropic_llm, ModelAnswer, answer)
    assert why is not None and why.startswith(by), why


@pytest.mark.parametrize("language", ["fr", "en"])
def test_the_system_prompt_names_every_key_of_the_answer(language: str) -> None:
    prompt = PromptTemplates("bot", language).render("answer_system", bot_name="Eko")
    assert sorted(name for name in property_names(schema_of(ModelAnswer)) if name not in prompt) == []
