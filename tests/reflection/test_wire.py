"""The reflection's model answers (window, goal, duplicates): the pydantic model is the one home of
each shape, the schema sent is derived from it. An answer that the hand-written schemas of before
refused (missing key, wrong type or enum) or that the model refused (too long, too many items) is
still refused, now by the adapter's check of the derived schema where it can say so; keys nobody
asked for are ignored, as before."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from pydantic import BaseModel

from llm import schema_of
from llm.anthropic_adapter import AnthropicLLM
from llm.templates import PromptTemplates
from reflection.judging import MAX_BORDERLINE, DuplicateDecision
from reflection.phrasing import GoalDecision
from reflection.window import WindowDecision
from tests.fakes.anthropic_server import FakeAnthropic
from tests.fakes.fixtures import anthropic_llm, fake_anthropic  # noqa: F401 - fixtures
from tests.fakes.wire import property_names, refusal

GONE = object()  # "remove this key" in :func:`edit`

WINDOW: dict[str, Any] = {
    "summary": "David et Mickael parlent de Kraken FM.",
    "topics": ["Kraken FM"],
    "facts": [{"text": "Kraken FM est une radio", "about": "Kraken FM", "author": "David"}],
    "goals": [{"text": "Qui a créé Kraken FM ?"}],
    "self": [],
    "opportunity": {"intervene": True, "confidence": 0.9, "message": "Kraken ?", "tone": "playful"},
    "answers": [{"goalId": "g1", "messageId": "m3", "fact": "Couleur de Bob : bleu", "reason": "il le dit"}],
}
GOAL: dict[str, Any] = {
    "action": "message",
    "message": "Au fait, c'est quoi Kraken FM ?",
    "reason": "personne n'en a parlé",
    "tone": "playful",
}
DUPLICATES: dict[str, Any] = {"pairs": [{"pair": 0, "same": True, "reason": "même question"}]}


def edit(answer: dict[str, Any], *changes: tuple[tuple[str | int, ...], Any]) -> dict[str, Any]:
    """A copy of ``answer`` with each ``(path, value)`` set (``GONE``: the key removed)."""
    result = copy.deepcopy(answer)
    for path, value in changes:
        *parents, last = path
        node: Any = result
        for step in parents:
            node = node[step]
        if value is GONE:
            del node[last]
        else:
            node[last] = value
    return result


ACCEPTED: dict[str, tuple[type[BaseModel], dict[str, Any]]] = {
    "window": (WindowDecision, WINDOW),
    "window, answers and optional keys left out": (
        WindowDecision,
        edit(WINDOW, (("answers",), GONE), (("facts", 0, "about"), GONE), (("opportunity", "tone"), GONE)),
    ),
    "window, an unknown subject as null": (WindowDecision, edit(WINDOW, (("facts", 0, "about"), None))),
    "window, keys nobody asked for": (
        WindowDecision,
        edit(WINDOW, (("mood",), "joyeux"), (("opportunity", "extra"), 1)),
    ),
    "goal": (GoalDecision, GOAL),
    "goal, a key nobody asked for": (GoalDecision, edit(GOAL, (("confidence",), 0.5))),
    "duplicates": (DuplicateDecision, DUPLICATES),
    "duplicates, no reason": (DuplicateDecision, edit(DUPLICATES, (("pairs", 0, "reason"), GONE))),
}

# (model, answer, who refuses it: "adapter" when the derived schema says so, "model" otherwise)
REFUSED: dict[str, tuple[type[BaseModel], dict[str, Any], str]] = {
    "window, no self": (WindowDecision, edit(WINDOW, (("self",), GONE)), "adapter"),
    "window, no opportunity": (WindowDecision, edit(WINDOW, (("opportunity",), GONE)), "adapter"),
    "window, no confidence": (WindowDecision, edit(WINDOW, (("opportunity", "confidence"), GONE)), "adapter"),
    "window, confidence above 1": (
        WindowDecision,
        edit(WINDOW, (("opportunity", "confidence"), 1.5)),
        "adapter",
    ),
    "window, unknown tone": (WindowDecision, edit(WINDOW, (("opportunity", "tone"), "grumpy")), "adapter"),
    "window, fact without text": (WindowDecision, edit(WINDOW, (("facts", 0, "text"), GONE)), "adapter"),
    "window, empty fact": (WindowDecision, edit(WINDOW, (("facts", 0, "text"), "")), "adapter"),
    "window, fact too long": (WindowDecision, edit(WINDOW, (("facts", 0, "text"), "x" * 501)), "adapter"),
    "window, subject too long": (WindowDecision, edit(WINDOW, (("goals", 0, "about"), "x" * 121)), "adapter"),
    "window, summary too long": (WindowDecision, edit(WINDOW, (("summary",), "x" * 2001)), "adapter"),
    "window, 21 topics": (WindowDecision, edit(WINDOW, (("topics",), ["t"] * 21)), "adapter"),
    "window, topics not a list": (WindowDecision, edit(WINDOW, (("topics",), "Kraken")), "adapter"),
    "window, answer without reason": (
        WindowDecision,
        edit(WINDOW, (("answers", 0, "reason"), GONE)),
        "adapter",
    ),
    "window, answer fact too long": (
        WindowDecision,
        edit(WINDOW, (("answers", 0, "fact"), "x" * 501)),
        "adapter",
    ),
    "goal, another action": (GoalDecision, edit(GOAL, (("action",), "pass")), "adapter"),
    "goal, no reason": (GoalDecision, edit(GOAL, (("reason",), GONE)), "adapter"),
    "goal, no tone": (GoalDecision, edit(GOAL, (("tone",), GONE)), "adapter"),
    "goal, unknown tone": (GoalDecision, edit(GOAL, (("tone",), "grumpy")), "adapter"),
    "goal, message too long": (GoalDecision, edit(GOAL, (("message",), "x" * 1001)), "adapter"),
    "goal, empty message": (GoalDecision, edit(GOAL, (("message",), "")), "adapter"),
    "goal, blank message": (GoalDecision, edit(GOAL, (("message",), "   ")), "model"),
    "duplicates, no pairs": (DuplicateDecision, {}, "adapter"),
    "duplicates, pair not a number": (
        DuplicateDecision,
        edit(DUPLICATES, (("pairs", 0, "pair"), "0")),
        "adapter",
    ),
    "duplicates, no verdict": (DuplicateDecision, edit(DUPLICATES, (("pairs", 0, "same"), GONE)), "adapter"),
    "duplicates, too many pairs": (
        DuplicateDecision,
        {"pairs": [{"pair": i, "same": False} for i in range(MAX_BORDERLINE + 1)]},
        "adapter",
    ),
}


@pytest.mark.parametrize("case", ACCEPTED)
async def test_a_valid_answer_is_accepted(
    case: str,
    fake_anthropic: FakeAnthropic,  # noqa: F811 - fixture
    anthropic_llm: AnthropicLLM,  # noqa: F811 - fixture
) -> None:
    model, answer = ACCEPTED[case]
    assert await refusal(fake_anthropic, anthropic_llm, model, answer) is None


@pytest.mark.parametrize("case", REFUSED)
async def test_an_answer_off_the_schema_is_refused(
    case: str,
    fake_anthropic: FakeAnthropic,  # noqa: F811 - fixture
    anthropic_llm: AnthropicLLM,  # noqa: F811 - fixture
) -> None:
    model, answer, by = REFUSED[case]
    why = await refusal(fake_anthropic, anthropic_llm, model, answer)
    assert why is not None and why.startswith(by), why


@pytest.mark.parametrize(
    ("model", "template"),
    [
        (WindowDecision, "window_system"),
        (GoalDecision, "reflect_system"),
        (DuplicateDecision, "duplicates_system"),
    ],
)
@pytest.mark.parametrize("language", ["fr", "en"])
def test_the_system_prompt_names_every_key_of_the_answer(
    model: type[BaseModel], template: str, language: str
) -> None:
    prompt = PromptTemplates("reflection", language).render(template, bot_name="Eko")
    assert sorted(name for name in property_names(schema_of(model)) if name not in prompt) == []
