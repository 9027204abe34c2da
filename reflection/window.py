"""The activity window: which messages it holds, what is cheap to know about it, and the model contract.

Pure functions over Lobby messages ({"id", "room", "author", "text", "ts"}); no I/O.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from language.mentions import mentions_bot
from language.names import capitalised_words
from language.questions import Tone, is_question
from language.text import Language, fold

Message = Mapping[str, Any]


# The window call's answer. These models are the one home of its shape: the schema sent to the
# model is derived from them (``llm.json_output.schema_of``, in ``Engine.ask``), so a field without
# a default is one the model must give, as window_system.j2 asks.


class LearnedFact(BaseModel):
    model_config = ConfigDict(extra="ignore")
    text: str = Field(min_length=1, max_length=500)
    about: str | None = Field(default=None, max_length=120)
    author: str | None = Field(default=None, max_length=120)


class Opportunity(BaseModel):
    model_config = ConfigDict(extra="ignore")
    intervene: bool
    confidence: float = Field(ge=0.0, le=1.0)
    message: str = Field(default="", max_length=1000)
    reason: str = Field(default="", max_length=1000)
    tone: Tone = "helpful"
    goalId: str | None = None  # noqa: N815 - the model's JSON field name


class JudgedAnswer(BaseModel):
    """A message the model says answers a goal Eko asked (see ``reflection.judging``)."""

    model_config = ConfigDict(extra="ignore")
    goalId: str  # noqa: N815 - the model's JSON field name
    messageId: str  # noqa: N815
    fact: str = Field(max_length=500)
    reason: str = Field(max_length=500)


class WindowDecision(BaseModel):
    """The one model call per window: summary + learning + opportunity evaluation."""

    model_config = ConfigDict(extra="ignore")
    summary: str = Field(max_length=2000)
    topics: list[str] = Field(max_length=20)
    facts: list[LearnedFact] = Field(max_length=50)
    goals: list[LearnedFact] = Field(max_length=50)
    self_items: list[LearnedFact] = Field(max_length=50, alias="self")
    opportunity: Opportunity
    answers: list[JudgedAnswer] = Field(default_factory=list, max_length=20)


def is_bot(message: Message, bot_name: str) -> bool:
    return fold(str(message.get("author", ""))) == fold(bot_name)


def human_messages(messages: Sequence[Message], bot_name: str) -> list[Message]:
    return [m for m in messages if not is_bot(m, bot_name) and str(m.get("text", "")).strip()]


def select_window(messages: Sequence[Message], last_id: str | None, last_ts: str | None) -> list[Message]:
    """The messages after the cursor: after ``last_id`` when still in view, else newer than ``last_ts``."""
    if last_id is not None:
        for index, message in enumerate(messages):
            if str(message.get("id")) == last_id:
                return list(messages[index + 1 :])
    if last_ts:
        return [m for m in messages if str(m.get("ts", "")) > last_ts]
    return list(messages)


def open_questions(window: Sequence[Message], bot_name: str, language: Language = "fr") -> list[Message]:
    """Human questions not addressed to the bot (the bot answers mentions itself) and not followed by it."""
    questions: list[Message] = []
    for message in window:
        if is_bot(message, bot_name):
            questions.clear()  # the bot already spoke after these
            continue
        text = str(message.get("text", ""))
        if is_question(text, language) and not mentions_bot(text, bot_name):
            questions.append(message)
    return questions


def participants(window: Sequence[Message]) -> list[str]:
    seen: dict[str, None] = {}
    for message in window:
        author = str(message.get("author", "")).strip()
        if author:
            seen.setdefault(author, None)
    return list(seen)


def top_topics(window: Sequence[Message], exclude: set[str], limit: int = 5) -> list[str]:
    """The most frequent capitalised words of the window (people excluded): the offline topics."""
    excluded = {fold(name) for name in exclude}
    counts: Counter[str] = Counter()
    for message in window:
        for word in capitalised_words(str(message.get("text", ""))):
            if fold(word) not in excluded:
                counts[word] += 1
    return [word for word, _ in counts.most_common(limit)]
