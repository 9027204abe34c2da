"""Answering a message that names Eko: context from memory, one model call, or the offline path.

Context (issue 3 §2, seed "eko-handler"): the message, the 20 last Lobby messages, the facts memory
finds for the message and the relevant ``self`` records, plus the goal Eko asked that the message
may answer (the one :func:`language.answers.find_answer` links it to, else the most recent one
asked within the answer window), so one call also tells whether the message answers it. With a
model: one ``purpose="answer"`` call returning JSON. Offline (:class:`llm.LLMUnavailable`), or when
the model fails or answers something else (counted as a fallback): a deterministic answer built
from memory — an answer the rule links to an asked goal becomes a fact; otherwise the best
matching facts, quoted with attribution when :func:`language.relevance.answers` accepts them;
otherwise an honest "I do not know" and, for a request for information about a subject
(:func:`language.curiosity.read_curiosity`), a new curiosity. Chit-chat (greetings, thanks,
opinions, presence checks, agreement...) gets a short polite answer and is never a curiosity.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError

from bot.curiosity import (
    asked_question,
    fact_text,
    find_corrected,
    linked_goal,
    open_asked_goals,
    said,
    says_who,
)
from bot.ports import BotMemory
from language.answers import find_answer, find_told_answer
from language.curiosity import Curiosity, asked_facet, read_curiosity
from language.equivalence import Attribution, is_equivalent
from language.formulas import asks_after_bot, asks_what_bot_is
from language.intents import intent_of
from language.mentions import strip_mention
from language.question_wording import as_curiosity, asked_directly, in_third_person
from language.questions import (
    Tone,
    asked_part,
    asks_in_another_language,
    guess_tone,
    is_about_bot,
    is_question,
)
from language.relevance import MIN_SCORE, answers
from language.repairs import opens_with_repair
from language.replies import Answer
from language.saying import is_kind_to_bot, says_not_knowing
from language.text import Language
from llm import LLM, ChatTurn, LLMBadOutput, LLMError, LLMRequest, LLMUnavailable, PromptTemplates, schema_of
from memory.records import GoalStatus, NewRecord, Record, RecordNotFound, ScoredRecord

log = logging.getLogger(__name__)

DEFAULT_ANSWER_WINDOW = timedelta(minutes=10)  # EKO_ANSWER_WINDOW
# A second fact is quoted too when it scores within this margin of the best one.
SECOND_FACT_MARGIN = 0.05
# Waiting goals a message told to Eko is compared with (the nearest to it).
_TOLD_CANDIDATES = 5
# Answered goals an unknown question is compared with (the nearest to it).
_ANSWERED_CANDIDATES = 5
MAX_MESSAGE_CHARS = 4000  # the Lobby refuses longer messages
# What a message wants that no fact gives, offline: an act, a greeting, thanks, a presence check, an
# opinion ("tu en penses quoi, on fait un apéro vendredi ?" quoted where someone works on Fridays).
_NO_FACT_WANTED = frozenset({"action", "greeting", "thanks", "presence", "opinion"})
TEMPLATE_NAMES = (
    "answer_system",
    "answer",
    "offline_known",
    "offline_unknown",
    "offline_small_talk",
    "offline_chat",
    "noted",
    "goal_fact",
    "failure",
)


class ModelAnswer(BaseModel):
    """What the model answers to a mention (answer_system.j2 names these keys). The one home of
    that shape: the schema sent with the call is derived from it (``llm.json_output.schema_of``)."""

    model_config = ConfigDict(extra="ignore")

    answer: Annotated[
        str,
        StringConstraints(strip_whitespace=True, min_length=1),
        Field(description="the message to post in the Lobby"),
    ]
    tone: Tone
    used_fact_ids: list[str]
    unknown: bool = Field(description="true when the facts do not answer a question")
    curiosity: str = Field(default="", description="the standalone question to ask the team later")
    answers_goal: bool = Field(description="true when the message answers the curiosity")
    fact: str = Field(default="", description="the fact learned from that answer, standalone")


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
    answer: Answer | None = None  # the rule's link of this message to ``goal``

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
        answer_window: timedelta = DEFAULT_ANSWER_WINDOW,
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
        self.answer_window = answer_window
        self._answering = asyncio.Lock()  # one answer per asked goal
        self.min_score = min_score
        self.fact_limit = fact_limit
        self.self_limit = self_limit
        self.context_messages = context_messages

    async def respond(self, message: dict[str, Any], recent: Sequence[dict[str, Any]]) -> Reply:
        corrected = await self.correct(message)
        if corrected is not None:
            return corrected
        context = await self.gather(message, recent)
        if self.llm.mode == "offline":  # no model to call: no prompt to build either
            return await self._offline(context, fallback=False)
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
        # Offline, a question never answers Eko's own question (``find_answer``): skip the lookup
        # of the asked goals, a scan of every goal in local mode.
        want_goal = not offline or not is_question(question, self.language)
        facts, self_facts, goals = await asyncio.gather(
            self.memory.search("fact", query, limit=self.fact_limit),
            self.memory.search("self", query, limit=self.self_limit) if want_self else _no_hits(),
            open_asked_goals(self.memory, self.clock()) if want_goal else _no_goals(),
        )
        now = self.clock()
        answer, goal = self.link_answer(message, goals)
        if goal is None and want_goal:
            answer, goal = await self.link_told_answer(message, query)
        if goal is None and not offline:  # the model may judge a mention the rule did not link
            goal = next((g for g in goals if g.asked_at and now - g.asked_at <= self.answer_window), None)
        return Context(message, question, earlier, facts, self_facts, goal, answer)

    async def store_answer(
        self, goal_id: str, text: str, author: str | None, *, told: bool = False
    ) -> Record | None:
        """Write the fact and mark the goal answered, unless another message answered it first
        (two answers a few milliseconds apart are handled concurrently): None then. ``told``: the
        answer was told to Eko before it asked (``find_told_answer``), a waiting goal may take it."""
        async with self._answering:
            try:
                goal = await self.memory.get(goal_id)
            except RecordNotFound:
                return None
            if goal.status != "asked" and not (told and goal.status == "pending"):
                return None
            return await self.memory.answer_goal(goal_id, text, author or None, self._facet(goal))

    async def correct(self, message: dict[str, Any], replying: bool = False) -> Reply | None:
        """A message by which the author of an answer Eko just noted corrects it ("Eko ah non pardon,
        c'est mercredi !" after "Eko c'est mardi"), or anyone corrects the fact holding the value
        they take back ("Eko, correction : c'est 22h30 pas 22h45"), naming Eko or ``replying`` to
        one of its messages: the fact is replaced, Eko says what it noted now. None when the message corrects
        nothing (most messages: no memory read without a self-repair marker). Both modes: the model
        is never shown the answered goal."""
        text = str(message.get("text", ""))
        if not opens_with_repair(text, self.language, self.bot_name):
            return None
        found = await find_corrected(
            self.memory, message, self.clock(), self.answer_window, self.language, self.bot_name, replying
        )
        if found is None:
            return None
        answer, goal, old = found
        author = str(message.get("author", ""))
        new_text = fact_text(answer, goal, author, self.templates, self.language, self.bot_name)
        async with self._answering:
            current = await self.memory.get(goal.id)
            if current.answer_fact_id != old.id:
                return None  # corrected or answered again meanwhile
            await self.memory.delete(old.id)
            fact = await self.memory.answer_goal(goal.id, new_text, author or None, self._facet(goal))
        log.info(
            "an answer was corrected",
            extra={"goal_id": goal.id, "fact_id": fact.id, "by_its_author": author == old.author},
        )
        text = self.templates.render("noted", asker=author, fact=fact.text)
        return Reply(_clip(text), "helpful", "offline", learned_fact_id=fact.id)

    def _facet(self, goal: Record) -> str | None:
        return goal.facet or asked_facet(goal.text, self.language, self.bot_name)

    def link_answer(
        self,
        message: dict[str, Any],
        goals: Sequence[Record],
        opened_at: Mapping[str, datetime] | None = None,
    ) -> tuple[Answer | None, Record | None]:
        """The asked goal among ``goals`` that ``message`` answers (``language.answers``), if any.
        ``opened_at``: goals not asked yet, open to an answer since then as if Eko had asked them."""
        opened = opened_at or {}
        answer = find_answer(
            said(message, self.clock()),
            [
                replace(asked_question(g), asked_at=opened[g.id])
                if g.asked_at is None and g.id in opened
                else asked_question(g)
                for g in goals
            ],
            window=self.answer_window,
            language=self.language,
            bot_name=self.bot_name,
        )
        return answer, linked_goal(answer, goals)

    async def goals_by_id(self, goal_ids: Iterable[str]) -> list[Record]:
        """The goals of these ids that still exist (one may have been deleted meanwhile)."""
        found = []
        for goal_id in goal_ids:
            try:
                found.append(await self.memory.get(goal_id))
            except RecordNotFound:
                continue
        return found

    async def link_told_answer(
        self, message: dict[str, Any], query: str
    ) -> tuple[Answer | None, Record | None]:
        """The waiting goal (not asked yet) that ``message``, told to Eko, answers, if any
        (``language.answers.find_told_answer``): found among the waiting goals nearest the message."""
        waiting = [hit.record for hit in await self._goals_near(query, "pending", _TOLD_CANDIDATES)]
        if not waiting:
            return None, None
        answer = find_told_answer(
            said(message, self.clock()),
            [asked_question(g) for g in waiting],
            language=self.language,
            bot_name=self.bot_name,
        )
        return answer, linked_goal(answer, waiting)

    # --- with the model ---------------------------------------------------------------------------

    async def _with_model(self, context: Context) -> Reply:
        request = LLMRequest(
            purpose="answer",
            system=self.templates.render("answer_system", bot_name=self.bot_name),
            turns=(ChatTurn("user", self._prompt(context)),),
            max_tokens=600,
            json_schema=schema_of(ModelAnswer),
        )
        response = await self.llm.complete(request)
        try:
            data = ModelAnswer.model_validate(response.data or {})
        except ValidationError as err:
            raise LLMBadOutput(f"answer: {err.error_count()} schema errors", raw=str(response.data)) from err
        known_ids = {s.record.id for s in [*context.facts, *context.self_facts]}
        used = tuple(i for i in data.used_fact_ids if i in known_ids)
        reply = Reply(_clip(data.answer), data.tone, "model", used_fact_ids=used)
        if context.goal is not None and data.answers_goal:
            text = data.fact.strip() or self._goal_fact_text(context, context.goal)
            fact = await self.store_answer(context.goal.id, text, context.author, told=_told(context))
            if fact is not None:
                return replace(reply, answered_goal_id=context.goal.id, learned_fact_id=fact.id)
            return reply
        if data.unknown:
            # Only a real request for information becomes a goal (never chit-chat); the model's
            # standalone phrasing ("la mère de David" for "maman") is kept when it gives one.
            curiosity = self._curiosity(context, data.curiosity.strip() or None)
            known = None if curiosity is None else await self.answered_before(curiosity)
            if known is not None:  # the model was not shown it: the search missed it
                return self._quote([known], context.author, data.tone, "model", False)
            return replace(reply, curiosity=curiosity)
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
        fact = None
        if goal is not None and context.answer is not None:
            fact = await self.store_answer(
                goal.id, self._goal_fact_text(context, goal), context.author, told=_told(context)
            )
        if goal is not None and fact is not None:
            text = self.templates.render("noted", asker=context.author, fact=fact.text)
            return Reply(
                _clip(text),
                "helpful",
                "offline",
                answered_goal_id=goal.id,
                learned_fact_id=fact.id,
                llm_fallback=fallback,
            )
        message = str(context.message.get("text", ""))
        intent = intent_of(message, self.language, self.bot_name)
        # asked to do something, greeted, thanked: no fact answers that, whatever it names ("Eko
        # can you book the big room for the Bramblegate call?" is no question about Bramblegate)
        quoted = [] if intent in _NO_FACT_WANTED else [s.record for s in self.facts_to_quote(context)]
        curiosity = None if quoted else self._curiosity(context)
        if curiosity is not None:
            # asked before in other words, and answered: the search missed its fact, the goal did not
            quoted = [fact] if (fact := await self.answered_before(curiosity)) is not None else []
        if quoted:
            return self._quote(quoted, context.author, tone, "offline", fallback)
        if curiosity is not None:
            text = self.templates.render("offline_unknown", asker=context.author, tone=tone, offline=offline)
            return Reply(_clip(text), tone, "offline", curiosity=curiosity, llm_fallback=fallback)
        if intent not in ("information", "statement") or is_question(context.question, self.language):
            text = self.templates.render(
                "offline_chat",
                asker=context.author,
                intent=intent,
                offline=offline,
                after_me=asks_after_bot(message, self.bot_name),
                what_i_am=intent == "about_bot" and asks_what_bot_is(message, self.bot_name),
                # "t'es trop fort", "je regarde et je te dis": said to Eko, nothing asked of it
                asks=is_question(context.question, self.language),
                # praise or a promise is thanked, teasing is not ("Eko c'est toi le robot, tu devrais savoir")
                kind=is_kind_to_bot(message, self.language, self.bot_name),
                # asked in a language Eko does not read: no curiosity was kept, say why
                foreign=asks_in_another_language(message),
                bot_name=self.bot_name,
            )
            return Reply(_clip(text), "playful", "offline", llm_fallback=fallback)
        text = self.templates.render(
            "offline_small_talk",
            asker=context.author,
            offline=offline,
            statement=intent == "statement",
            not_knowing=says_not_knowing(message, self.language, self.bot_name),
        )
        return Reply(_clip(text), tone, "offline", llm_fallback=fallback)

    def _quote(
        self,
        facts: Sequence[Record],
        asker: str,
        tone: Tone,
        source: Literal["model", "offline"],
        fallback: bool,
    ) -> Reply:
        """The facts quoted with who said them (``offline_known.j2``)."""
        text = self.templates.render(
            "offline_known",
            facts=[
                {
                    "text": fact.text.strip().rstrip(".!…"),
                    # a fact learned from an answer says who said it already
                    "author": None if says_who(fact.text, fact.author) else fact.author,
                }
                for fact in facts
            ],
            asker=asker,
            tone=tone,
        )
        used = tuple(fact.id for fact in facts)
        return Reply(_clip(text), tone, source, used_fact_ids=used, llm_fallback=fallback)

    async def answered_before(self, curiosity: NewRecord) -> Record | None:
        """The fact that answered a goal this curiosity asks again ("when is Nova shipping?" after
        "Nova ça sort quand ?" was answered): the same curiosity by memory's duplicate rules, which
        read subject and facet where the search's words may not meet (another language, a
        paraphrase). None when no answered goal is the same."""
        for hit in await self._goals_near(curiosity.text, "answered", _ANSWERED_CANDIDATES):
            goal = hit.record
            new, old = Attribution(curiosity.about), Attribution(goal.about)
            if goal.answer_fact_id and is_equivalent("goal", curiosity.text, goal.text, hit.score, new, old):
                try:
                    return await self.memory.get(goal.answer_fact_id)
                except RecordNotFound:  # the fact was deleted since: ask again
                    continue
        return None

    async def _goals_near(self, text: str, status: GoalStatus, limit: int) -> list[ScoredRecord]:
        """The goals of ``status`` nearest ``text``. Counted first: with none, no search (half of a
        busy Lobby's mentions are unknown questions, most of the rest say no answer)."""
        if not await self.memory.count("goal", status):
            return []
        return await self.memory.search("goal", text, limit=limit, filters={"status": status})

    def facts_to_quote(self, context: Context) -> list[ScoredRecord]:
        """The first facts (or self records) in search order that answer the question: the best
        one, and a second one when it scores close to it."""
        # what the message asks, without what it tells around it ("when's Lucas's sommelier exam
        # again? Want to send him a good luck bottle": probe conversation of a wine merchant, its
        # fact not quoted for the capitalised "Want" it does not name)
        question = asked_part(context.question)
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
                facet=hit.record.facet if hit.record.kind == "fact" else None,
            )
        ]
        if not good:
            return []
        best = good[0]
        return [best, *(s for s in good[1:2] if best.score - s.score <= SECOND_FACT_MARGIN)]

    # --- shared -----------------------------------------------------------------------------------

    def _goal_fact_text(self, context: Context, goal: Record) -> str:
        """The fact the message gives about ``goal`` (the rule's reading, or the whole message)."""
        answer = context.answer
        if answer is None or answer.goal_id != goal.id:
            answer = find_answer(
                said(context.message, self.clock()),
                [asked_question(goal)],
                window=timedelta.max,  # the model already judged it an answer: only the phrasing is asked
                language=self.language,
                bot_name=self.bot_name,
            ) or Answer(goal.id, "mention", context.question.strip(), False)
        return fact_text(answer, goal, context.author, self.templates, self.language, self.bot_name)

    def _curiosity(self, context: Context, phrased: str | None = None) -> NewRecord | None:
        """The goal to record for an unknown question: only a request for information about a
        subject (:func:`language.curiosity.read_curiosity`), as people said it (or as the model
        phrased it standalone), with its subject and facet."""
        # Eko asks it later in its own voice: "mon entretien" from Léa becomes "l'entretien de Léa"
        said = in_third_person(str(context.message.get("text", "")), context.author)
        curiosity: Curiosity | None = read_curiosity(said, self.language, self.bot_name)
        if curiosity is None:
            return None
        if phrased:
            phrased = in_third_person(phrased, context.author)
            curiosity = read_curiosity(phrased, self.language, self.bot_name) or curiosity
        return NewRecord(
            "goal",
            # "je cherche le numéro de Paulin" is asked later as "c'est quoi le numéro de Paulin ?"
            as_curiosity(phrased or asked_directly(curiosity.text), self.language),
            about=curiosity.subject,
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


async def _no_goals() -> list[Record]:
    return []


def _told(context: Context) -> bool:
    return context.answer is not None and context.answer.link == "told"


def _clip(text: str) -> str:
    text = text.strip()
    return text if len(text) <= MAX_MESSAGE_CHARS else text[: MAX_MESSAGE_CHARS - 1].rstrip() + "…"
