"""Answering a message that names Eko: context from memory, one model call, or the offline path.

Context (issue 3 §2, seed "eko-handler"): the message, the 20 last Lobby messages, the facts memory
finds for the message and the relevant ``self`` records, plus the goal Eko asked most recently (so
one call also tells whether the message answers it). With a model: one ``purpose="answer"`` call
returning JSON. Offline (:class:`llm.LLMUnavailable`), or when the model fails or answers something
else (counted as a fallback): a deterministic answer built from memory — the best matching facts,
quoted with attribution when :func:`language.relevance.answers` accepts them, otherwise an
honest "I do not know" and a new curiosity (a pending goal).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any, Literal

from bot.curiosity import answers_offline, fact_is_standalone, open_asked_goal
from bot.ports import BotMemory
from language.curiosity import as_curiosity, read_curiosity
from language.mentions import strip_mention
from language.names import main_entity
from language.questions import TONES, Tone, guess_tone, is_about_bot, is_question
from language.relevance import MIN_SCORE, answers
from language.text import Language
from llm import LLM, ChatTurn, LLMBadOutput, LLMError, LLMRequest, LLMUnavailable, PromptTemplates
from memory.records import NewRecord, Record, ScoredRecord

log = logging.getLogger(__name__)

# A second fact is quoted too when it scores within this margin of the best one.
SECOND_FACT_MARGIN = 0.05
MAX_MESSAGE_CHARS = 4000  # the Lobby refuses longer messages
TEMPLATE_NAMES = (
    "answer_system",
    "answer",
    "offline_known",
    "offline_unknown",
    "offline_small_talk",
    "noted",
    "goal_fact",
    "failure",
)

ANSWER_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "answer": {"type": "string", "description": "the message to post in the Lobby"},
        "tone": {"type": "string", "enum": list(TONES)},
        "used_fact_ids": {"type": "array", "items": {"type": "string"}},
        "unknown": {"type": "boolean", "description": "true when the facts do not answer a question"},
        "curiosity": {"type": "string", "description": "the standalone question to ask the team later"},
        "answers_goal": {"type": "boolean", "description": "true when the message answers the curiosity"},
        "fact": {"type": "string", "description": "the fact learned from that answer, standalone"},
    },
    "required": ["answer", "tone", "used_fact_ids", "unknown", "answers_goal"],
}


@dataclass(frozen=True)
class Reply:
    """What Eko says back, and what it did on the way."""

    text: str
    tone: Tone
    source: Literal["model", "offline"]
    used_fact_ids: tuple[str, ...] = ()
    curiosity: NewRecord | None = None  # the goal to record because Eko did not know (after posting)
    answered_goal_id: str | None = None  # an asked goal this message answered
    learned_fact_id: str | None = None  # the fact written from that answer
    llm_fallback: bool = False  # the model failed or answered off-format: offline path taken


@dataclass(frozen=True)
class Context:
    message: dict[str, Any]
    question: str  # the message without the bot's name
    recent: list[dict[str, Any]]
    facts: list[ScoredRecord]
    self_facts: list[ScoredRecord]
    goal: Record | None  # the asked goal this message may answer

    @property
    def author(self) -> str:
        return str(self.message.get("author", ""))

    def source(self) -> dict[str, Any]:
        return {"room": self.message.get("room"), "message_id": self.message.get("id")}


class Responder:
    """Builds Eko's reply to one message that names it (see the module docstring)."""

    def __init__(
        self,
        memory: BotMemory,
        llm: LLM,
        templates: PromptTemplates,
        *,
        bot_name: str,
        language: Language,
        clock: Callable[[], datetime],
        min_score: float = MIN_SCORE,
        fact_limit: int = 5,
        self_limit: int = 3,
        context_messages: int = 20,
    ) -> None:
        templates.check(TEMPLATE_NAMES)
        self.memory = memory
        self.llm = llm
        self.templates = templates
        self.bot_name = bot_name
        self.language = language
        self.clock = clock
        self.min_score = min_score
        self.fact_limit = fact_limit
        self.self_limit = self_limit
        self.context_messages = context_messages

    async def respond(self, message: dict[str, Any], recent: Sequence[dict[str, Any]]) -> Reply:
        context = await self.gather(message, recent)
        try:
            return await self._with_model(context)
        except LLMUnavailable:
            return await self._offline(context, fallback=False)
        except LLMError as err:  # timeout, bad output, API failure: same answer path as offline
            log.warning(
                "answer: model failed, offline answer instead",
                extra={"error_type": type(err).__name__, "error": str(err), "message_id": message.get("id")},
            )
            return await self._offline(context, fallback=True)

    async def gather(self, message: dict[str, Any], recent: Sequence[dict[str, Any]]) -> Context:
        question = strip_mention(str(message.get("text", "")), self.bot_name)
        query = question or str(message.get("text", ""))
        earlier = [m for m in recent if m.get("id") != message.get("id")][-self.context_messages :]
        # Offline, self records can only answer a question about Eko: skip that search (and its
        # query embedding) otherwise. The model always gets them, for its tone and self-knowledge.
        offline = self.llm.mode == "offline"
        want_self = not offline or is_about_bot(question, self.language)
        # Offline, a question never answers Eko's own question (``answers_offline``): skip the
        # lookup of the asked goal, a scan of every goal in local mode.
        want_goal = not offline or not is_question(question, self.language)
        facts, self_facts, goal = await asyncio.gather(
            self.memory.search("fact", query, limit=self.fact_limit),
            self.memory.search("self", query, limit=self.self_limit) if want_self else _no_hits(),
            open_asked_goal(self.memory, self.clock()) if want_goal else _no_goal(),
        )
        return Context(message, question, earlier, facts, self_facts, goal)

    # --- with the model ---------------------------------------------------------------------------

    async def _with_model(self, context: Context) -> Reply:
        request = LLMRequest(
            purpose="answer",
            system=self.templates.render("answer_system", bot_name=self.bot_name),
            turns=(ChatTurn("user", self._prompt(context)),),
            max_tokens=600,
            json_schema=ANSWER_SCHEMA,
        )
        response = await self.llm.complete(request)
        data = response.data or {}
        answer = data.get("answer")
        if not isinstance(answer, str) or not answer.strip():
            raise LLMBadOutput("answer: empty answer", raw=str(data))
        tone: Tone = (
            data["tone"] if data.get("tone") in TONES else guess_tone(context.question, self.language)
        )
        known_ids = {s.record.id for s in [*context.facts, *context.self_facts]}
        used = tuple(str(i) for i in data.get("used_fact_ids", []) if str(i) in known_ids)
        reply = Reply(_clip(answer), tone, "model", used_fact_ids=used)
        if context.goal is not None and data.get("answers_goal") is True:
            fact_text = str(data.get("fact") or "").strip() or self._goal_fact_text(context, context.goal)
            fact = await self.memory.answer_goal(context.goal.id, fact_text, context.author)
            return replace(reply, answered_goal_id=context.goal.id, learned_fact_id=fact.id)
        phrased = str(data.get("curiosity") or "").strip()
        if data.get("unknown") is True and (phrased or is_question(context.question, self.language)):
            curiosity = phrased or as_curiosity(context.question, self.language)
            return replace(reply, curiosity=self._curiosity(context, curiosity))
        return reply

    def _prompt(self, context: Context) -> str:
        def facts(scored: Sequence[ScoredRecord]) -> list[dict[str, Any]]:
            return [
                {"id": s.record.id, "text": s.record.text, "author": s.record.author, "score": s.score}
                for s in scored
            ]

        goal = context.goal
        return self.templates.render(
            "answer",
            author=context.author,
            text=str(context.message.get("text", "")),
            recent=[{"author": m.get("author", ""), "text": m.get("text", "")} for m in context.recent],
            facts=facts(context.facts),
            self_facts=facts(context.self_facts),
            goal=None if goal is None else {"id": goal.id, "text": goal.text, "about": goal.about},
        )

    # --- offline ----------------------------------------------------------------------------------

    async def _offline(self, context: Context, *, fallback: bool) -> Reply:
        offline = self.llm.mode == "offline"
        tone = guess_tone(context.question, self.language)
        goal = context.goal
        if goal is not None and answers_offline(
            context.message, goal, context.recent, self.bot_name, self.language
        ):
            fact = await self.memory.answer_goal(goal.id, self._goal_fact_text(context, goal), context.author)
            text = self.templates.render("noted", asker=context.author, fact=fact.text)
            return Reply(
                _clip(text),
                "helpful",
                "offline",
                answered_goal_id=goal.id,
                learned_fact_id=fact.id,
                llm_fallback=fallback,
            )
        quoted = self.facts_to_quote(context)
        if quoted:
            text = self.templates.render(
                "offline_known",
                facts=[
                    {"text": s.record.text.strip().rstrip(".!…"), "author": s.record.author} for s in quoted
                ],
                asker=context.author,
                tone=tone,
            )
            used = tuple(s.record.id for s in quoted)
            return Reply(_clip(text), tone, "offline", used_fact_ids=used, llm_fallback=fallback)
        if is_question(context.question, self.language):
            curiosity = self._curiosity(context, as_curiosity(context.question, self.language))
            text = self.templates.render("offline_unknown", asker=context.author, tone=tone, offline=offline)
            return Reply(_clip(text), tone, "offline", curiosity=curiosity, llm_fallback=fallback)
        text = self.templates.render("offline_small_talk", asker=context.author, tone=tone, offline=offline)
        return Reply(_clip(text), tone, "offline", llm_fallback=fallback)

    def facts_to_quote(self, context: Context) -> list[ScoredRecord]:
        """The first facts (or self records) in search order that answer the question: the best
        one, and a second one when it scores close to it."""
        question = context.question
        good = [
            hit
            for hit in [*context.facts, *context.self_facts]
            if answers(
                question,
                hit.record.text,
                hit.score,
                about=hit.record.about,
                about_bot=hit.record.kind == "self",
                bot_name=self.bot_name,
                min_score=self.min_score,
            )
        ]
        if not good:
            return []
        best = good[0]
        return [best, *(s for s in good[1:2] if best.score - s.score <= SECOND_FACT_MARGIN)]

    # --- shared -----------------------------------------------------------------------------------

    def _goal_fact_text(self, context: Context, goal: Record) -> str:
        answer = context.question.strip()
        if fact_is_standalone(answer, goal):
            return answer[0].upper() + answer[1:]
        return self.templates.render("goal_fact", about=goal.about, question=goal.text, answer=answer)

    def _curiosity(self, context: Context, text: str) -> NewRecord | None:
        """The goal to record for a question Eko could not answer: only a request for information
        about a subject (``language.curiosity.read_curiosity``) — never chit-chat, an opinion asked
        of Eko, a presence check or a request for action — with its subject and facet."""
        curiosity = read_curiosity(context.question, self.language, self.bot_name)
        if not text or curiosity is None:
            return None
        return NewRecord(
            "goal",
            text,
            about=curiosity.subject or main_entity(context.question, self.language, self.bot_name),
            author=context.author or None,
            source=context.source(),
            facet=curiosity.facet,
        )

    async def remember_curiosity(self, reply: Reply) -> str | None:
        """Record the reply's curiosity as a pending goal (duplicate-free); returns the goal id.

        Called after the reply is posted: the asker does not wait for this write.
        """
        if reply.curiosity is None:
            return None
        item = reply.curiosity
        result = await self.memory.add(
            item.kind, item.text, about=item.about, author=item.author, source=item.source, facet=item.facet
        )
        log.info(
            "unknown question recorded as a curiosity",
            extra={"goal_id": result.id, "status": result.status, "source": item.source},
        )
        return result.id

    def failure_text(self, asker: str) -> str:
        return self.templates.render("failure", asker=asker)


async def _no_hits() -> list[ScoredRecord]:
    return []


async def _no_goal() -> Record | None:
    return None


def _clip(text: str) -> str:
    text = text.strip()
    return text if len(text) <= MAX_MESSAGE_CHARS else text[: MAX_MESSAGE_CHARS - 1].rstrip() + "…"
