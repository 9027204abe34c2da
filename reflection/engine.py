"""What both reflection flows share: the guards, the model call, the post, the records and the events.

:class:`Engine` holds the parts (memory, model, Lobby connection, store, rate limiter, templates) and
the in-memory view (last records, counters); the goal flow and the activity flow drive it.
"""

from __future__ import annotations

import logging
import time
import uuid
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any, Literal, TypeVar
from zoneinfo import ZoneInfo

from pydantic import BaseModel, ValidationError
from pymongo.asynchronous.database import AsyncDatabase

from language.text import Language
from llm.json_output import schema_of
from llm.port import LLM, LLMBadOutput, LLMError, LLMRequest, LLMUnavailable
from llm.templates import PromptTemplates
from memory.records import RecordNotFound
from reflection.ports import ChatConnection, LobbyHistory, ReflectionMemory
from reflection.ratelimit import Claim, QuietHours, RateLimiter, RateLimitState, blocked_by, local_day
from reflection.records import Recovered, ReflectionRecord, Trigger, as_utc
from reflection.repository import ReflectionRepository, empty_stats
from reflection.settings import ReflectionSettings
from reflection.window import Message, is_bot
from store import STORE_ERRORS

log = logging.getLogger(__name__)

TEMPLATES = (
    "reflect_system",
    "reflect",
    "window_system",
    "window",
    "question_playful",
    "question_helpful",
    "question_technical",
    "answer_from_fact",
    "summary",
    "reasons",
    "duplicates_system",
    "duplicates",
)
MAX_REQUESTED_BY = 100  # a display name, kept short in records whatever the caller sends
Phase = Literal["gathering", "context", "thinking", "done"]
ModelT = TypeVar("ModelT", bound=BaseModel)
T = TypeVar("T")


@dataclass
class RunLog:
    """Book-keeping of one run: model calls and tokens per flow, and counters for the stats document."""

    started: float = field(default_factory=time.perf_counter)
    calls: dict[str, int] = field(default_factory=dict)
    tokens: dict[str, int] = field(default_factory=dict)
    counters: dict[str, int] = field(default_factory=dict)

    def count(self, key: str, amount: int = 1) -> None:
        self.counters[key] = self.counters.get(key, 0) + amount

    def increments(self) -> dict[str, int]:
        """The ``$inc`` of the stats document (dotted keys for the per-flow maps)."""
        incs = dict(self.counters)
        for purpose, n in self.calls.items():
            incs[f"llmCalls.{purpose}"] = n
        for purpose, n in self.tokens.items():
            incs[f"llmTokens.{purpose}"] = n
        incs["totalTokens"] = sum(self.tokens.values())
        return incs


@dataclass(frozen=True)
class Skip:
    """Why a run stops without a message: a ``reasons.j2`` key, its detail, whether it is the rate limit."""

    key: str
    detail: str = ""
    rate_limited: bool = False


def context_line(message: Message) -> dict[str, str]:
    """A Lobby message as the prompts show it (long texts cut: the prompt stays bounded)."""
    return {
        "id": str(message.get("id", "")),
        "author": str(message.get("author", "?")),
        "text": str(message.get("text", ""))[:600],
    }


class Engine:
    """The parts both flows use, and the in-memory view of the last records and the counters."""

    def __init__(
        self,
        *,
        memory: ReflectionMemory,
        llm: LLM,
        db: AsyncDatabase[dict[str, Any]],
        chat: ChatConnection,
        settings: ReflectionSettings,
        clock: Callable[[], datetime],
        lobby_history: LobbyHistory | None = None,
    ) -> None:
        self.memory = memory
        self.lobby_history = lobby_history
        self.llm = llm
        self.chat = chat
        self.settings = settings
        self.clock = clock
        self.zone = ZoneInfo(settings.timezone)
        self.quiet = QuietHours.parse(settings.quiet_hours)
        self.templates = PromptTemplates("reflection", settings.language)
        self.templates.check(TEMPLATES)
        self.repo = ReflectionRepository(db)
        self.rate = RateLimiter(
            db,
            cooldown=settings.cooldown,
            max_cooldown=settings.max_cooldown,
            unanswered_after=settings.unanswered_after,
            daily_max=settings.daily_max,
            zone=self.zone,
        )
        self.history: deque[ReflectionRecord] = deque(maxlen=max(1, settings.history_size))
        self.stats: dict[str, Any] = empty_stats()
        self.answered: set[str] = set()  # goals the bot told us were answered

    @property
    def language(self) -> Language:
        return "en" if self.settings.language == "en" else "fr"

    def new_record(self, trigger: Trigger, requested_by: str | None = None) -> ReflectionRecord:
        who = (requested_by or "").strip()[:MAX_REQUESTED_BY] or None
        return ReflectionRecord(
            id=uuid.uuid4().hex, timestamp=self.clock(), trigger=trigger, requested_by=who
        )

    def today(self) -> str:
        return local_day(self.clock(), self.zone)

    def reason(self, key: str, detail: str = "") -> str:
        return self.templates.render("reasons", key=key, detail=detail)

    # ------------------------------------------------------------------ guards
    async def guards(self) -> Skip | None:
        """The checks before any model call of an automatic run; None when it may go on."""
        recent = self.chat.recent_messages(1)
        if recent and is_bot(recent[-1], self.settings.bot_name):
            return Skip("last_message_is_bot")
        now = self.clock()
        if self.quiet is not None and self.quiet.contains(now.astimezone(self.zone).time()):
            return Skip("quiet_hours", str(self.quiet))
        state = await self.settled_rate_state()
        key = blocked_by(state, now, self.today(), self.settings.daily_max)
        return self._rate_skip(key, state) if key is not None else None

    async def settled_rate_state(self) -> RateLimitState:
        """The rate-limit state, with the adaptive cooldown settled if the last question's fate is known."""
        return await self.rate.settle(self.clock(), answered=await self._last_question_answered())

    async def claim(self, goal_id: str | None) -> Claim | Skip:
        """Take a posting slot atomically, or the rate-limit skip when another run took the last one."""
        claim = await self.rate.claim(self.clock(), goal_id)
        if claim is not None:
            return claim
        state = await self.rate.state()
        key = blocked_by(state, self.clock(), self.today(), self.settings.daily_max) or "cooldown"
        return self._rate_skip(key, state)

    def _rate_skip(self, key: str, state: RateLimitState) -> Skip:
        if key == "daily_max":
            return Skip(key, str(state.today_count(self.today())), rate_limited=True)
        remaining = 0
        if state.next_allowed_at is not None:
            remaining = max(0, int((state.next_allowed_at - self.clock()).total_seconds()))
        return Skip(key, f"{remaining // 60} min {remaining % 60} s", rate_limited=True)

    async def _last_question_answered(self) -> bool:
        """Whether the last question Eko asked got an answer (the bot told us, or memory says so)."""
        state = await self.rate.state()
        goal_id = state.last_goal_id
        if goal_id is None or state.settled:
            return False
        if goal_id in self.answered:
            return True
        try:
            return (await self.memory.get(goal_id)).status == "answered"
        except RecordNotFound:
            return False

    # ------------------------------------------------------------------ model and Lobby
    async def ask(
        self, request: LLMRequest, schema: type[ModelT], run: RunLog, record: ReflectionRecord
    ) -> ModelT | None:
        """One model call, validated; None (with ``record.fallback`` set) means: take the offline path.

        The request is sent with the JSON schema derived from ``schema`` (``llm.json_output.schema_of``):
        the model that parses the answer is the one home of its shape.
        """
        request = replace(request, json_schema=schema_of(schema))
        if self.llm.mode == "offline":
            record.fallback = "offline"
            record.llm_model = "offline"
            return None
        run.calls[request.purpose] = run.calls.get(request.purpose, 0) + 1
        record.llm_model = self.llm.model
        try:
            response = await self.llm.complete(request)
        except LLMUnavailable:
            record.fallback = "offline"
            return None
        except LLMBadOutput as exc:
            self._bad_output(run, record, request.purpose, str(exc))
            return None
        except LLMError as exc:
            run.count("llmFailures")
            record.fallback = "llm_error"
            log.warning(
                "model call failed, offline fallback", extra={"purpose": request.purpose, "error": str(exc)}
            )
            return None
        tokens = response.usage.total
        run.tokens[request.purpose] = run.tokens.get(request.purpose, 0) + tokens
        record.llm_model = response.model or self.llm.model
        record.llm_tokens += tokens
        try:
            return schema.model_validate(response.data if response.data is not None else {})
        except ValidationError as exc:
            self._bad_output(run, record, request.purpose, f"{exc.error_count()} schema errors")
            return None

    def _bad_output(self, run: RunLog, record: ReflectionRecord, purpose: str, error: str) -> None:
        run.count("badOutputs")
        record.fallback = "bad_output"
        log.warning("model answer not as asked, offline fallback", extra={"purpose": purpose, "error": error})

    async def post(self, text: str, claim: Claim | None) -> dict[str, Any] | None:
        """Post as Eko; on failure give the rate-limit slot back. None when the post failed."""
        try:
            posted = await self.chat.post(text)
        except Exception as exc:  # the connection's refusal or disconnect: reported, never raised
            log.warning("reflection post failed", extra={"error": str(exc)})
            if claim is not None:
                await self.safe(self.rate.release(claim), "release slot")
            return None
        return posted if isinstance(posted, dict) else {}

    async def post_recorded(
        self, record: ReflectionRecord, text: str, claim: Claim | None, goal_id: str | None
    ) -> Skip | None:
        """Post ``text`` as ``record``'s message: its uncounted copy is stored BEFORE the post and
        gets the message id after, so a kill at any point leaves a trace the next start counts
        (:meth:`settle_interrupted`). The record's ``reason``/``tone`` are set by the caller first.
        None when posted; otherwise why not (the slot given back, the record as before).
        """
        record.action, record.message = "message", text
        try:
            await self.repo.begin_post(record)
        except STORE_ERRORS as exc:  # no trace, no post: a kill now could not be counted
            log.warning("reflection not recorded, message not posted", extra={"error": str(exc)})
            if claim is not None:
                await self.safe(self.rate.release(claim), "release slot")
            record.action, record.message, record.tone = "pass", None, None
            return Skip("not_recorded")
        posted = await self.post_asking(text, claim, goal_id)
        if posted is None:
            record.action, record.message, record.tone = "pass", None, None
            return Skip("post_failed")
        record.message_id = str(posted["id"]) if posted.get("id") is not None else None
        await self.safe(self.repo.attach_message(record), "message id")
        return None

    async def post_asking(self, text: str, claim: Claim | None, goal_id: str | None) -> dict[str, Any] | None:
        """Post ``text``; when it asks ``goal_id``, the goal is marked asked *before* the post.

        A reply can reach the bot before the post returns (tens of milliseconds): it must already
        find the asked goal, or the answer would not become a fact. A post that fails puts the goal
        back among the pending ones; a successful one attaches its message id.
        """
        if goal_id is not None:
            try:
                await self.memory.mark_asked(goal_id, None)
            except RecordNotFound:
                log.warning("goal vanished before it was asked", extra={"goal_id": goal_id})
                goal_id = None
        posted = await self.post(text, claim)
        if goal_id is None:
            return posted
        try:
            if posted is None:
                await self.memory.reopen_goal(goal_id)
            elif posted.get("id") is not None:
                await self.memory.set_asked_message(goal_id, str(posted["id"]))
        except RecordNotFound:
            log.warning("asked goal vanished", extra={"goal_id": goal_id})
        return posted

    # ------------------------------------------------------------------ recovery at start
    async def settle_interrupted(
        self, record: ReflectionRecord, acknowledged: bool
    ) -> tuple[dict[str, int], datetime, datetime | None]:
        """What a reflection killed around its post became, set on ``record``; its counters.

        Posted (the Lobby acknowledged it, or its log holds it) or unknown (no log to check here:
        ``eko bot``), it counts as a message: an automatic run's slot was taken before the post and
        stays taken, so a crash never lets Eko past its daily cap. Not posted, it is a pass and its
        goal goes back to pending.
        """
        verdict, sent_at = await self._find_post(record, acknowledged)
        record.recovered = verdict
        record.reason = self.reason(f"interrupted_{verdict}")
        if verdict == "not_posted":
            record.action, record.message, record.message_id, record.tone = "pass", None, None, None
            record.skip_reason = "post_failed"
        else:
            record.action = "message"
        await self._settle_goal(record)
        if record.action == "message" and record.trigger == "manual":
            await self._restart_manual_cooldown(record, sent_at or record.timestamp)
        run = RunLog()
        if verdict == "unknown":
            run.count("deliveryUnknown")
        if record.llm_tokens:  # paid before the kill: the purpose is the flow's one model call
            run.tokens["window" if record.trigger == "opportunity" else "reflection"] = record.llm_tokens
        self._count(record, run)
        log.warning(
            "interrupted reflection recovered",
            extra={"reflection_id": record.id, "recovered": verdict, "trigger": record.trigger},
        )
        message_at = (sent_at or record.timestamp) if record.action == "message" else None
        return run.increments(), self.clock(), message_at

    async def _find_post(
        self, record: ReflectionRecord, acknowledged: bool
    ) -> tuple[Recovered, datetime | None]:
        """Whether ``record``'s message reached the Lobby, and when; "unknown" when nobody here can tell."""
        if acknowledged:
            return "posted", None
        if self.lobby_history is None:
            return "unknown", None
        try:
            since = await self.lobby_history.messages_since(record.timestamp)
        except Exception as exc:  # an unreadable log proves nothing either way
            log.warning("lobby history unreadable at recovery", extra={"error": str(exc)})
            return "unknown", None
        if since is None:
            return "unknown", None
        text = (record.message or "").strip()
        for message in since:
            if is_bot(message, self.settings.bot_name) and str(message.get("text", "")).strip() == text:
                record.message_id = str(message.get("id")) if message.get("id") is not None else None
                return "posted", as_utc(message.get("ts"))
        return "not_posted", None

    async def _settle_goal(self, record: ReflectionRecord) -> None:
        """The asked goal as the recovered outcome leaves it: back to pending, or its message attached."""
        if record.goal_id is None:
            return
        try:
            if record.action == "pass":
                await self.memory.reopen_goal(record.goal_id)
            elif record.message_id is not None:
                await self.memory.set_asked_message(record.goal_id, record.message_id)
        except RecordNotFound:
            log.warning("interrupted reflection's goal vanished", extra={"goal_id": record.goal_id})

    async def _restart_manual_cooldown(self, record: ReflectionRecord, sent_at: datetime) -> None:
        """A manual message that went out (or may have) starts the cooldown, as after a normal run."""
        state = await self.rate.state()
        if state.last_message_at is None or state.last_message_at < sent_at:
            await self.rate.record_manual_post(sent_at, record.goal_id)

    async def safe(self, write: Awaitable[T], what: str) -> T | None:
        """A store write whose failure is logged, not raised (the run goes on)."""
        try:
            return await write
        except STORE_ERRORS as exc:
            log.warning("reflection store write failed", extra={"what": what, "error": str(exc)})
            return None

    # ------------------------------------------------------------------ records and events
    async def skip(self, record: ReflectionRecord, skip: Skip, run: RunLog) -> ReflectionRecord:
        """Finish ``record`` as a pass for ``skip``."""
        record.action = "pass"
        record.skip_reason = skip.key if skip.key not in ("no_goal", "no_opportunity") else None
        record.rate_limited = skip.rate_limited
        record.reason = self.reason(skip.key, skip.detail)
        if skip.rate_limited:
            run.count("rateLimitedCount")
        return await self.finish(record, run)

    async def finish(
        self, record: ReflectionRecord, run: RunLog, message_at: datetime | None = None
    ) -> ReflectionRecord:
        """Store the record and the counters, keep it in the history, emit ``done`` and the update."""
        record.duration_ms = int((time.perf_counter() - run.started) * 1000)
        self._count(record, run)
        self.history.appendleft(record)
        try:
            self.stats = await self.repo.save_counted(record, run.increments(), self.clock(), message_at)
        except STORE_ERRORS as exc:  # the record stays in the in-memory history
            log.error("reflection not stored", extra={"reflection_id": record.id, "error": str(exc)})
        log.info(
            "reflection",
            extra={
                "reflection_id": record.id,
                "trigger": record.trigger,
                "action": record.action,
                "skip_reason": record.skip_reason,
                "tokens": record.llm_tokens,
                "duration_ms": record.duration_ms,
            },
        )
        await self.progress(record, "done")
        await self.emit("reflection:update", {"stats": dict(self.stats), "latest": record.to_dict()})
        return record

    @staticmethod
    def _count(record: ReflectionRecord, run: RunLog) -> None:
        run.count("totalReflections")
        run.count("messageCount" if record.action == "message" else "passCount")

    async def add_to_stats(self, run: RunLog) -> None:
        """The counters of a run that leaves no record (a filtered or learning-only window)."""
        stats = await self.safe(self.repo.add_to_stats(run.increments(), self.clock()), "stats")
        if stats is not None:
            self.stats = stats

    async def progress(self, record: ReflectionRecord, phase: Phase) -> None:
        data: dict[str, Any] = {"reflectionId": record.id, "phase": phase, "trigger": record.trigger}
        if phase == "done":
            data["action"] = record.action
            data["reason"] = record.reason
        await self.emit("reflection:progress", data)

    async def emit(self, event: str, data: dict[str, Any]) -> None:
        try:
            await self.chat.emit(event, data)
        except Exception as exc:  # events are best effort: a disconnected Lobby must not stop a reflection
            log.warning("reflection event not sent", extra={"event": event, "error": str(exc)})
