"""Curiosity → fact (seed, "Apprentissage post-réponse"): which asked goal a reply may answer.

After reflection asked a goal in the Lobby (status ``asked``, with the message id), a human reply
that names Eko can answer it. The goal considered is the most recently asked one still open (asked
within :data:`ASK_WINDOW`). With a model, the answer call decides whether the reply answers it;
offline, :func:`answers_offline` applies the rule: a reply that is not a question and says
something (not only "merci" or "ok"), posted after the ask, with no other question from Eko in
between.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from bot.ports import BotMemory
from language.mentions import strip_mention
from language.questions import is_question
from language.text import Language, fold, is_common_word
from memory.records import Record

ASK_WINDOW = timedelta(hours=24)
_WORDS = re.compile(r"[^\W_]+")


async def open_asked_goal(memory: BotMemory, now: datetime, within: timedelta = ASK_WINDOW) -> Record | None:
    """The most recently asked goal still waiting for an answer, asked less than ``within`` ago."""
    asked = await memory.list("goal", status="asked", limit=100)
    recent = [g for g in asked if g.asked_at is not None and timedelta(0) <= now - g.asked_at <= within]
    return max(recent, key=lambda g: g.asked_at or now, default=None)


def answers_offline(
    message: dict[str, Any],
    goal: Record,
    recent: Sequence[dict[str, Any]],
    bot_name: str,
    language: Language = "fr",
) -> bool:
    """The offline rule: does ``message`` (which names the bot) answer the asked ``goal``?"""
    reply = strip_mention(str(message.get("text", "")), bot_name)
    if is_question(reply, language) or not _says_something(reply):
        return False
    posted_at = parse_ts(message.get("ts"))
    if goal.asked_at is not None and posted_at is not None and posted_at < goal.asked_at:
        return False
    ids = [m.get("id") for m in recent]
    if goal.asked_message_id not in ids:
        return True  # the ask scrolled out of the window: the 24 h bound is what is left
    start = ids.index(goal.asked_message_id) + 1
    end = ids.index(message["id"]) if message.get("id") in ids else len(recent)
    bot = fold(bot_name)
    return not any(
        fold(str(m.get("author", ""))) == bot and str(m.get("text", "")).rstrip().endswith("?")
        for m in recent[start:end]
    )


def _says_something(reply: str) -> bool:
    """At least one word that is not a common one: "merci !" or "ok" answer nothing."""
    return any(not is_common_word(word) for word in _WORDS.findall(reply))


def parse_ts(value: Any) -> datetime | None:
    """A Lobby timestamp (ISO 8601) as an aware datetime, or None when it is not one."""
    try:
        parsed = datetime.fromisoformat(str(value))
    except ValueError:
        return None
    return parsed if parsed.tzinfo is not None else parsed.replace(tzinfo=UTC)


def fact_is_standalone(answer: str, goal: Record) -> bool:
    """Whether the reply names what the goal is about (so it reads as a fact on its own)."""
    return goal.about is not None and fold(goal.about) in fold(answer)
