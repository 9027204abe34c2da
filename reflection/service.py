"""The reflection engine: Eko asks its curiosities and chimes in on its own, under a strict rate limit.

Two flows share the guards, the rate limit, the records and the events:

* the goal reflection (``run_scheduled`` every 3 h, ``trigger_manual`` from the page or HTTP): guards
  first with no model call when they stop it, then the most recent pending goal, its context, one
  directive model call (or the offline phrasing), the post, the goal marked asked;
* the activity window (``run_activity`` every 10 min): nothing at all when the Lobby was idle; a
  cheap embedding pre-filter; at most ONE model call per window for the summary, the learning
  extraction and the opportunity evaluation; a message only when the model is very sure.
"""

from __future__ import annotations

import asyncio
import logging
import time
import uuid
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Literal, TypeVar
from zoneinfo import ZoneInfo

from pydantic import BaseModel, ValidationError
from pymongo.asynchronous.database import AsyncDatabase
from pymongo.errors import PyMongoError

from llm.port import LLM, ChatTurn, LLMBadOutput, LLMError, LLMRequest, LLMUnavailable, Usage
from llm.templates import PromptTemplates
from memory.equivalence import is_equivalent
from memory.learning import LearnedItem, learn, offline_extract
from memory.records import Kind, Record, RecordNotFound, ScoredRecord
from reflection.errors import ReflectionBusy, TriggerTooSoon
from reflection.phrasing import REFLECT_SCHEMA, GoalDecision, offline_question
from reflection.ports import ChatConnection, ReflectionMemory
from reflection.ratelimit import Claim, QuietHours, RateLimiter, blocked_by, local_day
from reflection.records import ActivityOutcome, ActivitySummary, ReflectionRecord, Tone, Trigger, iso
from reflection.relevance import answers, is_candidate
from reflection.repository import ReflectionRepository, empty_stats
from reflection.settings import ReflectionSettings
from reflection.window import (
    WINDOW_SCHEMA,
    Message,
    WindowDecision,
    capitalised_words,
    human_messages,
    is_bot,
    open_questions,
    participants,
    select_window,
    short_answer,
    top_topics,
)

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
)
Phase = Literal["gathering", "context", "thinking", "done"]
ModelT = TypeVar("ModelT", bound=BaseModel)

WINDOW_VIEW = 200  # Lobby messages looked at for a window (the bot keeps this many)
WINDOW_PROMPT_MESSAGES = 60  # the newest messages of a window shown to the model
WINDOW_SEARCH_MESSAGES = 20  # the newest human messages of a window used for the pre-filter
RECENT_CONTEXT = 20  # Lobby messages given to the model as context (the seed's eko-handler uses 20)


def utc_now() -> datetime:
    return datetime.now(UTC)


@dataclass
class _Run:
    """Book-keeping of one reflection while it runs: model usage per flow and counters."""

    started: float = field(default_factory=time.perf_counter)
    calls: dict[str, int] = field(default_factory=dict)
    tokens: dict[str, int] = field(default_factory=dict)
    counters: dict[str, int] = field(default_factory=dict)
    model: str = ""

    @property
    def total_tokens(self) -> int:
        return sum(self.tokens.values())

    def count(self, key: str, amount: int = 1) -> None:
        self.counters[key] = self.counters.get(key, 0) + amount

    def increments(self) -> dict[str, int]:
        incs = dict(self.counters)
        for purpose, n in self.calls.items():
            incs[f"llmCalls.{purpose}"] = n
        for purpose, n in self.tokens.items():
            incs[f"llmTokens.{purpose}"] = n
        incs["totalTokens"] = self.total_tokens
        return incs


@dataclass(frozen=True)
class _Skip:
    key: str
    detail: str = ""
    rate_limited: bool = False


class ReflectionService:
    """Eko's proactive side. One goal reflection at a time; activity windows never overlap."""

    def __init__(
        self,
        *,
        memory: ReflectionMemory,
        llm: LLM,
        db: AsyncDatabase[dict[str, Any]],
        chat: ChatConnection,
        settings: ReflectionSettings,
        clock: Callable[[], datetime] = utc_now,
    ) -> None:
        self._memory = memory
        self._llm = llm
        self._chat = chat
        self._settings = settings
        self._clock = clock
        self._zone = ZoneInfo(settings.timezone)
        self._quiet = QuietHours.parse(settings.quiet_hours)
        self._templates = PromptTemplates("reflection", settings.language)
        self._templates.check(TEMPLATES)
        self._repo = ReflectionRepository(db)
        self._rate = RateLimiter(
            db,
            cooldown=settings.cooldown,
            max_cooldown=settings.max_cooldown,
            unanswered_after=settings.unanswered_after,
            daily_max=settings.daily_max,
            zone=self._zone,
        )
        self._history: deque[ReflectionRecord] = deque(maxlen=max(1, settings.history_size))
        self._stats: dict[str, Any] = empty_stats()
        self._busy = False
        self._last_manual_at: datetime | None = None
        self._activity_running = False
        self._cursor: tuple[str | None, str | None] | None = None  # (last id, last ts) of the last window
        self._idle_windows = 0
        self._answered: set[str] = set()
        self._tasks: set[asyncio.Task[Any]] = set()  # background work this service started
        self._running: set[asyncio.Task[Any]] = set()  # reflections and windows in progress

    # ------------------------------------------------------------------ lifecycle
    async def start(self) -> None:
        """Prepare the store and reload the last records, the counters and the activity cursor."""
        await self._repo.prepare()
        await self._rate.ensure()
        self._history.clear()
        self._history.extend(await self._repo.recent(self._history.maxlen or 50))
        self._stats = await self._repo.stats()
        cursor = await self._repo.activity_cursor()
        if cursor:
            self._cursor = (cursor.get("lastId"), cursor.get("lastTs"))
        log.info("reflection started", extra={"history": len(self._history), "llm_mode": self._llm.mode})

    async def close(self) -> None:
        """Wait for a running reflection or window (and the small background writes) to finish."""
        current = asyncio.current_task()
        while pending := (self._tasks | self._running) - {current}:
            # asyncio.wait, not gather: waiting here must never cancel a caller's task.
            await asyncio.wait(pending)

    @property
    def is_running(self) -> bool:
        return self._busy

    # ------------------------------------------------------------------ triggers
    async def run_scheduled(self) -> ReflectionRecord:
        """The scheduled goal reflection (trigger ``cron``): guards and rate limit apply."""
        if self._busy:
            return await self._record_skip(self._new_record("cron"), _Skip("busy"), _Run())
        self._busy = True
        return await self._run_goal(self._new_record("cron"))

    async def trigger_manual(self, requested_by: str | None) -> ReflectionRecord:
        """A manual reflection now: bypasses the posting rate limit and quiet hours, not the other caps.

        Raises :class:`ReflectionBusy` when one is running, :class:`TriggerTooSoon` within
        ``manual_min_interval`` of the previous manual one (across all users).
        """
        return await self._run_goal(self._claim_manual(requested_by))

    def try_start_manual(self, requested_by: str | None) -> dict[str, Any]:
        """The socket trigger: start a manual reflection in the background, or say why not."""
        try:
            record = self._claim_manual(requested_by)
        except ReflectionBusy as exc:
            return {"ok": False, "error": str(exc), "retryAfterS": 0}
        except TriggerTooSoon as exc:
            return {"ok": False, "error": str(exc), "retryAfterS": exc.retry_after_s}

        self._spawn(self._run_goal(record))
        return {"ok": True, "reflectionId": record.id}

    def note_goal_answered(self, goal_id: str) -> None:
        """Someone answered a question Eko asked: the adaptive cooldown goes back to its base value."""
        self._answered.add(goal_id)
        try:
            asyncio.get_running_loop()
        except RuntimeError:  # a synchronous caller: the next run finds the answer in memory instead
            log.info("answered goal noted in memory only", extra={"goal_id": goal_id})
            return
        self._spawn(self._safe(self._rate.mark_answered(goal_id), "mark answered"))

    # ------------------------------------------------------------------ status
    async def status(self) -> dict[str, Any]:
        """The body of ``GET /reflection/status``."""
        now = self._clock()
        try:
            state = await self._rate.settle(now, answered=False)
        except PyMongoError as exc:
            log.warning("rate-limit state unreadable", extra={"error": str(exc)})
            state = None
        stats = dict(self._stats)
        stats["idleWindows"] = self._idle_windows
        rate = self._rate.describe(state, now, self._quiet) if state is not None else {}
        return {
            "stats": stats,
            "latest": self._history[0].to_dict() if self._history else None,
            "history": [record.to_dict() for record in self._history],
            "rateLimit": rate,
            "llmMode": self._llm.mode,
            "running": self._busy,
        }

    # ------------------------------------------------------------------ goal reflection
    def _new_record(self, trigger: Trigger, requested_by: str | None = None) -> ReflectionRecord:
        return ReflectionRecord(
            id=uuid.uuid4().hex, timestamp=self._clock(), trigger=trigger, requested_by=requested_by
        )

    def _claim_manual(self, requested_by: str | None) -> ReflectionRecord:
        """Check the manual caps and take the single running slot (no await: atomic on the loop)."""
        if self._busy:
            raise ReflectionBusy()
        now = self._clock()
        if self._last_manual_at is not None:
            wait = (self._last_manual_at + self._settings.manual_min_interval - now).total_seconds()
            if wait > 0:
                raise TriggerTooSoon(max(1, int(wait + 0.999)))
        self._busy = True
        self._last_manual_at = now
        return self._new_record("manual", requested_by)

    async def _run_goal(self, record: ReflectionRecord) -> ReflectionRecord:
        """One goal reflection (the caller set ``_busy``); an unexpected failure is recorded, not raised."""
        task = asyncio.current_task()
        if task is not None:
            self._running.add(task)
        try:
            return await self._reflect(record)
        except Exception as exc:  # the store or memory failed mid-way: say so in the history and the bar
            log.exception("reflection failed", extra={"reflection_id": record.id})
            return await self._record_skip(record, _Skip("error", type(exc).__name__), _Run())
        finally:
            self._busy = False
            if task is not None:
                self._running.discard(task)

    async def _reflect(self, record: ReflectionRecord) -> ReflectionRecord:
        run = _Run()
        automatic = record.trigger != "manual"
        skip = await self._guards(automatic)
        if skip is not None:
            return await self._record_skip(record, skip, run)

        await self._progress(record, "gathering")
        goal = await self._memory.next_goal()
        if goal is None:
            return await self._record_skip(record, _Skip("no_goal"), run)
        goal, duplicates = await self._merge_duplicates(goal)
        record.goal_id = goal.id
        record.duplicate_goal_ids = duplicates

        await self._progress(record, "context")
        facts = await self._memory.search("fact", goal.text, limit=5)
        self_facts = await self._memory.search("self", goal.text, limit=3)
        recent = self._chat.recent_messages(RECENT_CONTEXT)
        record.goals_count = await self._memory.count("goal", "pending")
        record.facts_count = len(facts) + len(self_facts)

        claim: Claim | None = None
        if automatic:
            claim = await self._rate.claim(self._clock(), goal.id)
            if claim is None:  # another reflection (maybe another process) took the last slot
                state = await self._rate.state()
                key = blocked_by(state, self._clock(), self._today(), self._settings.daily_max) or "cooldown"
                return await self._record_skip(record, self._rate_skip(key, state), run)

        await self._progress(record, "thinking")
        message, reason, tone = await self._phrase_goal(goal, facts, self_facts, recent, run, record)
        posted = await self._post(message, claim)
        if posted is None:
            return await self._record_skip(record, _Skip("post_failed"), run)
        message_id = str(posted.get("id")) if posted.get("id") is not None else None
        if not automatic:
            await self._rate.record_manual_post(self._clock(), goal.id)
        try:
            await self._memory.mark_asked(goal.id, message_id)
        except RecordNotFound:
            log.warning("asked goal vanished before it was marked", extra={"goal_id": goal.id})
        record.action = "message"
        record.message = message
        record.message_id = message_id
        record.reason = reason
        record.tone = tone
        return await self._finish(record, run, message_at=self._clock())

    async def _guards(self, automatic: bool) -> _Skip | None:
        """The cheap checks before any model call; None when the reflection may go on."""
        if not automatic:
            return None
        recent = self._chat.recent_messages(1)
        if recent and is_bot(recent[-1], self._settings.bot_name):
            return _Skip("last_message_is_bot")
        now = self._clock()
        if self._quiet is not None and self._quiet.contains(now.astimezone(self._zone).time()):
            return _Skip("quiet_hours", str(self._quiet))
        state = await self._rate.settle(now, answered=await self._last_question_answered())
        key = blocked_by(state, now, self._today(), self._settings.daily_max)
        if key is not None:
            return self._rate_skip(key, state)
        return None

    def _rate_skip(self, key: str, state: Any) -> _Skip:
        if key == "daily_max":
            return _Skip(key, str(state.today_count(self._today())), rate_limited=True)
        remaining = 0
        if state.next_allowed_at is not None:
            remaining = max(0, int((state.next_allowed_at - self._clock()).total_seconds()))
        return _Skip(key, f"{remaining // 60} min {remaining % 60} s", rate_limited=True)

    async def _last_question_answered(self) -> bool:
        """Whether the last question Eko asked got an answer (the bot told us, or memory says so)."""
        state = await self._rate.state()
        goal_id = state.last_goal_id
        if goal_id is None or state.settled:
            return False
        if goal_id in self._answered:
            return True
        try:
            return (await self._memory.get(goal_id)).status == "answered"
        except RecordNotFound:
            return False

    def _today(self) -> str:
        return local_day(self._clock(), self._zone)

    async def _merge_duplicates(self, goal: Record) -> tuple[Record, list[str]]:
        """Merge pending goals equivalent to ``goal`` (seed phase 3): the survivor and the merged ids."""
        hits = await self._memory.search("goal", goal.text, limit=6, filters={"status": "pending"})
        cluster = [goal] + [
            hit.record
            for hit in hits
            if hit.record.id != goal.id and is_equivalent("goal", goal.text, hit.record.text, hit.score)
        ]
        if len(cluster) < 2:
            return goal, []
        try:
            merged = await self._memory.merge(cluster)
        except (RecordNotFound, ValueError) as exc:
            log.warning("duplicate goals not merged", extra={"goal_id": goal.id, "error": str(exc)})
            return goal, []
        others = [record.id for record in cluster if record.id != merged.id]
        log.info("duplicate goals merged", extra={"kept": merged.id, "merged": len(others)})
        return merged, others

    async def _phrase_goal(
        self,
        goal: Record,
        facts: Sequence[ScoredRecord],
        self_facts: Sequence[ScoredRecord],
        recent: Sequence[Message],
        run: _Run,
        record: ReflectionRecord,
    ) -> tuple[str, str, Tone]:
        """The model's phrasing of the curiosity, or the offline per-tone template."""
        request = LLMRequest(
            purpose="reflection",
            system=self._templates.render("reflect_system", bot_name=self._settings.bot_name),
            turns=(
                ChatTurn(
                    "user",
                    self._templates.render(
                        "reflect",
                        goal=goal.text,
                        facts=[hit.record for hit in facts],
                        self_facts=[hit.record for hit in self_facts],
                        messages=[_context_line(m) for m in recent],
                    ),
                ),
            ),
            max_tokens=400,
            json_schema=REFLECT_SCHEMA,
        )
        decision = await self._ask(request, GoalDecision, run, record)
        if decision is not None:
            return (
                decision.message.strip(),
                decision.reason.strip() or self._reason("curiosity", goal.text),
                decision.tone,
            )
        message, tone = offline_question(self._templates, goal.text)
        return message, self._reason("curiosity", goal.text), tone

    async def _ask(
        self, request: LLMRequest, schema: type[ModelT], run: _Run, record: ReflectionRecord
    ) -> ModelT | None:
        """One model call, validated; None (with ``record.fallback`` set) means: take the offline path."""
        if self._llm.mode == "offline":
            record.fallback = "offline"
            record.llm_model = "offline"
            return None
        run.calls[request.purpose] = run.calls.get(request.purpose, 0) + 1
        record.llm_model = self._llm.model
        try:
            response = await self._llm.complete(request)
        except LLMUnavailable:
            record.fallback = "offline"
            return None
        except LLMBadOutput as exc:
            run.count("badOutputs")
            record.fallback = "bad_output"
            log.warning(
                "model output unusable, offline fallback",
                extra={"purpose": request.purpose, "error": str(exc)},
            )
            return None
        except LLMError as exc:
            run.count("llmFailures")
            record.fallback = "llm_error"
            log.warning(
                "model call failed, offline fallback", extra={"purpose": request.purpose, "error": str(exc)}
            )
            return None
        tokens = response.usage.total if isinstance(response.usage, Usage) else 0
        run.tokens[request.purpose] = run.tokens.get(request.purpose, 0) + tokens
        record.llm_model = response.model or self._llm.model
        record.llm_tokens += tokens
        try:
            return schema.model_validate(response.data if response.data is not None else {})
        except ValidationError as exc:
            run.count("badOutputs")
            record.fallback = "bad_output"
            log.warning(
                "model JSON not as asked, offline fallback",
                extra={"purpose": request.purpose, "errors": exc.error_count()},
            )
            return None

    async def _post(self, text: str, claim: Claim | None) -> dict[str, Any] | None:
        """Post as Eko; on failure give the rate-limit slot back. None when the post failed."""
        try:
            posted = await self._chat.post(text)
        except Exception as exc:  # the connection's refusal or disconnect: reported, never raised
            log.warning("reflection post failed", extra={"error": str(exc)})
            if claim is not None:
                await self._safe(self._rate.release(claim), "release slot")
            return None
        return posted if isinstance(posted, dict) else {}

    # ------------------------------------------------------------------ recording
    async def _record_skip(self, record: ReflectionRecord, skip: _Skip, run: _Run) -> ReflectionRecord:
        record.action = "pass"
        record.skip_reason = skip.key if skip.key not in ("no_goal", "no_opportunity") else None
        record.rate_limited = skip.rate_limited
        record.reason = self._reason(skip.key, skip.detail)
        if skip.rate_limited:
            run.count("rateLimitedCount")
        return await self._finish(record, run)

    async def _finish(
        self, record: ReflectionRecord, run: _Run, message_at: datetime | None = None
    ) -> ReflectionRecord:
        record.duration_ms = int((time.perf_counter() - run.started) * 1000)
        run.count("totalReflections")
        run.count("messageCount" if record.action == "message" else "passCount")
        self._history.appendleft(record)
        try:
            await self._repo.save(record)
            self._stats = await self._repo.add_to_stats(run.increments(), self._clock(), message_at)
        except PyMongoError as exc:  # the record stays in the in-memory history
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
        await self._progress(record, "done")
        await self._emit("reflection:update", {"stats": dict(self._stats), "latest": record.to_dict()})
        return record

    def _reason(self, key: str, detail: str = "") -> str:
        return self._templates.render("reasons", key=key, detail=detail)

    async def _progress(self, record: ReflectionRecord, phase: Phase) -> None:
        data: dict[str, Any] = {"reflectionId": record.id, "phase": phase, "trigger": record.trigger}
        if phase == "done":
            data["action"] = record.action
            data["reason"] = record.reason
        await self._emit("reflection:progress", data)

    async def _emit(self, event: str, data: dict[str, Any]) -> None:
        try:
            await self._chat.emit(event, data)
        except Exception as exc:  # events are best effort: a disconnected Lobby must not stop a reflection
            log.warning("reflection event not sent", extra={"event": event, "error": str(exc)})

    def _spawn(self, coroutine: Any) -> None:
        task = asyncio.get_running_loop().create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _safe(self, coroutine: Any, what: str) -> Any:
        try:
            return await coroutine
        except PyMongoError as exc:
            log.warning("reflection store write failed", extra={"what": what, "error": str(exc)})
            return None

    # ------------------------------------------------------------------ activity window
    async def run_activity(self) -> ActivityOutcome | None:
        """The 10-minute window: None (nothing done, nothing stored) when the Lobby was idle."""
        if self._activity_running:
            return None
        self._activity_running = True
        task = asyncio.current_task()
        if task is not None:
            self._running.add(task)
        try:
            return await self._activity()
        except Exception:  # the job runs again in 10 minutes; the cursor already moved past the window
            log.exception("activity window failed")
            return None
        finally:
            self._activity_running = False
            if task is not None:
                self._running.discard(task)

    async def _activity(self) -> ActivityOutcome | None:
        seen = self._chat.recent_messages(WINDOW_VIEW)
        last_id, last_ts = self._cursor if self._cursor else (None, None)
        window = select_window(seen, last_id, last_ts)
        humans = human_messages(window, self._settings.bot_name)
        if window:
            newest = window[-1]
            self._cursor = (str(newest.get("id")), str(newest.get("ts", "")) or None)
        if not humans:
            self._idle_windows += 1
            return None
        now = self._clock()
        await self._safe(self._repo.set_activity_cursor(*(self._cursor or (None, None)), now), "cursor")
        run = _Run()
        run.count("windows")

        facts, goals = await self._prefilter(humans)
        # Names the related records already mention are not new curiosities.
        known = set(participants(humans))
        for hit in (*facts, *goals):
            known.update(
                capitalised_words(f"{hit.record.about or ''} {hit.record.text}", sentence_start=True)
            )
        rule_items = offline_extract(humans, self._settings.bot_name, known, self._language())
        summary = self._offline_summary(humans, now)
        candidates = len(facts) + len(goals)
        outcome = ActivityOutcome(summary=summary, candidates=candidates, llm_called=False)
        # An opportunity the guards would refuse anyway is not worth a model call.
        blocked = await self._guards(automatic=True) if candidates else None
        evaluate = candidates > 0 and blocked is None
        if not candidates and not rule_items:
            run.count("windowsFiltered")
            await self._store_window(summary, run)
            return outcome

        record = self._new_record("opportunity")
        record.goals_count, record.facts_count = len(goals), len(facts)
        decision: WindowDecision | None = None
        if evaluate:
            for phase in ("gathering", "context", "thinking"):
                await self._progress(record, phase)
        if evaluate or rule_items:
            request = self._window_request(window[-WINDOW_PROMPT_MESSAGES:], facts, goals)
            decision = await self._ask(request, WindowDecision, run, record)
            outcome.llm_called = bool(run.calls)
        if decision is not None:
            summary.summary = decision.summary.strip() or summary.summary
            summary.topics = [t.strip() for t in decision.topics if t.strip()][:10] or summary.topics
            summary.source = "model"
        items = self._learned_items(decision, humans) if decision is not None else rule_items
        if items:
            report = await learn(self._memory, items)
            outcome.learned = report.as_dict()
            run.count("learned", report.learned)
            run.count("merged", report.merged)
            run.count("learnFailed", report.failed)
        record.activity_summary = summary.summary
        if not candidates:  # learning only: no opportunity to evaluate, no reflection record
            await self._store_window(summary, run)
            return outcome
        await self._store_window(summary, None)
        if blocked is not None:
            outcome.record = await self._record_skip(record, blocked, run)
        else:
            outcome.record = await self._opportunity(record, decision, humans, goals, run)
        return outcome

    async def _prefilter(self, humans: Sequence[Message]) -> tuple[list[ScoredRecord], list[ScoredRecord]]:
        """Facts and pending goals above the similarity floor for the window's newest human messages."""
        best: dict[Kind, dict[str, ScoredRecord]] = {"fact": {}, "goal": {}}
        for message in humans[-WINDOW_SEARCH_MESSAGES:]:
            text = str(message.get("text", ""))[:1000]
            for kind in ("fact", "goal"):
                filters = {"status": "pending"} if kind == "goal" else None
                for hit in await self._memory.search(kind, text, limit=3, filters=filters):
                    if not is_candidate(text, hit):
                        continue
                    known = best[kind].get(hit.record.id)
                    if known is None or hit.score > known.score:
                        best[kind][hit.record.id] = hit
        ranked = {k: sorted(v.values(), key=lambda h: -h.score)[:8] for k, v in best.items()}
        return ranked["fact"], ranked["goal"]

    def _window_request(
        self, messages: Sequence[Message], facts: Sequence[ScoredRecord], goals: Sequence[ScoredRecord]
    ) -> LLMRequest:
        """The one call of a window; ``messages`` include Eko's own, so the model sees what it said."""
        return LLMRequest(
            purpose="window",
            system=self._templates.render("window_system", bot_name=self._settings.bot_name),
            turns=(
                ChatTurn(
                    "user",
                    self._templates.render(
                        "window",
                        messages=[_context_line(m) for m in messages],
                        facts=[hit.record for hit in facts],
                        goals=[hit.record for hit in goals],
                    ),
                ),
            ),
            max_tokens=1200,
            json_schema=WINDOW_SCHEMA,
        )

    def _learned_items(self, decision: WindowDecision, humans: Sequence[Message]) -> list[LearnedItem]:
        """The model's learning as memory items; authors must be people who spoke in the window."""
        speakers = {str(m.get("author", "")).casefold(): str(m.get("author", "")) for m in humans}
        items: list[LearnedItem] = []
        groups: tuple[tuple[Kind, Sequence[Any]], ...] = (
            ("fact", decision.facts),
            ("goal", decision.goals),
            ("self", decision.self_items),
        )
        for kind, entries in groups:
            for entry in entries:
                author = speakers.get((entry.author or "").casefold()) if entry.author else None
                about = entry.about.strip() if entry.about and entry.about.strip() else None
                if kind == "self":
                    about = self._settings.bot_name
                items.append(LearnedItem(kind, entry.text.strip(), about=about, author=author))
        return [item for item in items if item.text]

    async def _opportunity(
        self,
        record: ReflectionRecord,
        decision: WindowDecision | None,
        humans: Sequence[Message],
        goals: Sequence[ScoredRecord],
        run: _Run,
    ) -> ReflectionRecord:
        """Decide whether to chime in (strict), then obey the same guards and rate limit as the cron."""
        goal_id: str | None = None
        proposal: tuple[str, str, Tone] | None = None
        if decision is not None:
            op = decision.opportunity
            message = op.message.strip()
            if op.intervene and message and op.confidence >= self._settings.opportunity_min_confidence:
                proposal = (message, op.reason.strip() or self._reason("no_opportunity"), op.tone)
                if op.goalId and op.goalId in {hit.record.id for hit in goals}:
                    goal_id = op.goalId
        elif record.fallback is not None:
            proposal = await self._offline_answer(humans)
        if proposal is None:
            return await self._record_skip(record, _Skip("no_opportunity"), run)
        skip = await self._guards(automatic=True)
        if skip is not None:
            return await self._record_skip(record, skip, run)
        claim = await self._rate.claim(self._clock(), goal_id)
        if claim is None:
            state = await self._rate.state()
            key = blocked_by(state, self._clock(), self._today(), self._settings.daily_max) or "cooldown"
            return await self._record_skip(record, self._rate_skip(key, state), run)
        message, reason, tone = proposal
        posted = await self._post(message, claim)
        if posted is None:
            return await self._record_skip(record, _Skip("post_failed"), run)
        message_id = str(posted.get("id")) if posted.get("id") is not None else None
        if goal_id is not None:
            try:
                await self._memory.mark_asked(goal_id, message_id)
            except RecordNotFound:
                log.warning("opportunity goal vanished", extra={"goal_id": goal_id})
        record.action, record.message, record.message_id = "message", message, message_id
        record.reason, record.tone, record.goal_id = reason, tone, goal_id
        return await self._finish(record, run, message_at=self._clock())

    async def _offline_answer(self, humans: Sequence[Message]) -> tuple[str, str, Tone] | None:
        """Offline, the one opportunity rules can take honestly: a question a stored fact answers."""
        for question in reversed(open_questions(humans, self._settings.bot_name)[-2:]):
            text = str(question.get("text", ""))[:1000]
            hits = await self._memory.search("fact", text, limit=3)
            fact_hit = next((hit for hit in hits if answers(text, hit, self._settings.bot_name)), None)
            if fact_hit is None:
                continue
            fact = fact_hit.record
            asker = str(question.get("author", ""))
            answer = short_answer(fact.text, text, {asker, *(n for n in (fact.about,) if n)})
            author = fact.author if fact.author and fact.author.casefold() != asker.casefold() else None
            message = self._templates.render("answer_from_fact", answer=answer, author=author, fact=fact.text)
            return message, self._reason("answer_from_fact", text), "helpful"
        return None

    def _offline_summary(self, humans: Sequence[Message], now: datetime) -> ActivitySummary:
        people = participants(humans)
        topics = top_topics(humans, exclude=set(people) | {self._settings.bot_name})
        times = [t for m in humans if (t := _parse_ts(m.get("ts"))) is not None]
        return ActivitySummary(
            id=uuid.uuid4().hex,
            timestamp=now,
            period_start=min(times) if times else now,
            period_end=max(times) if times else now,
            message_count=len(humans),
            summary=self._templates.render("summary", count=len(humans), participants=people, topics=topics),
            participants=people,
            topics=topics,
        )

    async def _store_window(self, summary: ActivitySummary, run: _Run | None) -> None:
        """Store the summary; ``run`` given → also add its counters (a window without a record)."""
        await self._safe(self._repo.save_summary(summary), "activity summary")
        if run is not None:
            stats = await self._safe(self._repo.add_to_stats(run.increments(), self._clock()), "stats")
            if stats is not None:
                self._stats = stats

    def _language(self) -> Literal["fr", "en"]:
        return "en" if self._settings.language == "en" else "fr"


def _context_line(message: Message) -> dict[str, str]:
    """A Lobby message as the prompts show it (long texts cut: the prompt stays bounded)."""
    return {"author": str(message.get("author", "?")), "text": str(message.get("text", ""))[:600]}


def _parse_ts(value: Any) -> datetime | None:
    if not isinstance(value, str):
        return None
    try:
        parsed = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)


__all__ = ["ReflectionService", "iso"]
