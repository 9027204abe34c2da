"""The reflection service: Eko's proactive side, the public API the scheduler, the bot and HTTP use.

Two flows share the guards, the rate limit, the records and the events (``reflection.engine``):

* the goal reflection (``run_scheduled`` every 3 h, ``trigger_manual`` / ``try_start_manual`` from
  HTTP and the page): ``reflection.goal_flow``;
* the activity window (``run_activity`` every 10 min): ``reflection.activity_flow``.

One goal reflection at a time; activity windows never overlap; a manual reflection at most every
``manual_min_interval`` across all users.
"""

from __future__ import annotations

import asyncio
import logging
import math
from collections.abc import Callable, Coroutine
from datetime import UTC, datetime
from typing import Any

from pymongo.asynchronous.database import AsyncDatabase

from llm.port import LLM
from reflection.activity_flow import ActivityFlow
from reflection.engine import Engine, RunLog, Skip
from reflection.errors import ReflectionBusy, TriggerTooSoon
from reflection.goal_flow import GoalFlow
from reflection.ports import ChatConnection, LobbyHistory, ReflectionMemory
from reflection.records import ActivityOutcome, ReflectionRecord
from reflection.settings import ReflectionSettings
from store import STORE_ERRORS

log = logging.getLogger(__name__)


def utc_now() -> datetime:
    return datetime.now(UTC)


class ReflectionService:
    """Eko's proactive side (see the module docstring and docs/reflection.md)."""

    def __init__(
        self,
        *,
        memory: ReflectionMemory,
        llm: LLM,
        db: AsyncDatabase[dict[str, Any]],
        chat: ChatConnection,
        settings: ReflectionSettings,
        clock: Callable[[], datetime] = utc_now,
        lobby_history: LobbyHistory | None = None,
    ) -> None:
        """``lobby_history``: the Lobby's own log when this process hosts it, so that a reflection
        killed around its post is known posted or not at the next start (otherwise "unknown")."""
        self._engine = Engine(
            memory=memory,
            llm=llm,
            db=db,
            chat=chat,
            settings=settings,
            clock=clock,
            lobby_history=lobby_history,
        )
        self._goals = GoalFlow(self._engine)
        self._activity = ActivityFlow(self._engine)
        self._busy = False
        self._activity_running = False
        self._last_manual_at: datetime | None = None
        self._tasks: set[asyncio.Task[Any]] = set()  # background work this service started
        self._running: set[asyncio.Task[Any]] = set()  # reflections and windows in progress

    # ------------------------------------------------------------------ lifecycle
    async def start(self) -> None:
        """Prepare the store, finish the reflections a kill interrupted, reload the last records, the
        counters and the activity cursor."""
        e = self._engine
        await e.repo.prepare()
        await e.rate.ensure()
        await e.repo.recover_pending(e.settle_interrupted)
        self._last_manual_at = await e.rate.last_manual_at()
        e.history.clear()
        e.history.extend(await e.repo.recent(e.history.maxlen or 50))
        e.stats = await e.repo.stats()
        await self._activity.load_cursor()
        log.info("reflection started", extra={"history": len(e.history), "llm_mode": e.llm.mode})

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
        record = self._engine.new_record("cron")
        if self._busy:
            return await self._engine.skip(record, Skip("busy"), RunLog())
        self._busy = True
        return await self._run_goal(record)

    async def trigger_manual(self, requested_by: str | None) -> ReflectionRecord:
        """The operator's manual reflection (``POST /reflection/trigger``, authenticated), run now.

        It bypasses the posting rate limit and quiet hours; raises :class:`ReflectionBusy` when one
        is running. The interval bound is for the page's anonymous users (:meth:`try_start_manual`);
        this run still starts that interval for them.
        """
        record = self._claim_manual(requested_by, bounded=False)
        await self._engine.safe(self._engine.rate.note_manual(record.timestamp), "manual trigger time")
        return await self._run_goal(record)

    def try_start_manual(self, requested_by: str | None) -> dict[str, Any]:
        """A Lobby user's trigger (the page's button): start in the background, or say why not.

        At most one per ``manual_min_interval`` across all users (:class:`TriggerTooSoon`): a manual
        reflection bypasses Eko's posting limit, so the button needs its own bound.
        """
        try:
            record = self._claim_manual(requested_by, bounded=True)
        except ReflectionBusy as exc:
            # What a retry would be told once this run ends: the interval its own start began.
            wait = max(1, self._manual_wait())
            return {"ok": False, "code": "busy", "error": str(exc), "retryAfterS": wait}
        except TriggerTooSoon as exc:
            return {"ok": False, "code": "too_soon", "error": str(exc), "retryAfterS": exc.retry_after_s}
        # Durable, so a restart does not reopen the interval (spawned: this call stays synchronous).
        self._spawn(self._engine.safe(self._engine.rate.note_manual(record.timestamp), "manual trigger time"))
        self._spawn(self._run_goal(record))
        return {"ok": True, "reflectionId": record.id}

    async def run_activity(self) -> ActivityOutcome | None:
        """The 10-minute window: None (nothing done, nothing stored) when the Lobby was idle."""
        if self._activity_running:
            return None
        self._activity_running = True
        task = self._track()
        try:
            return await self._activity.run()
        except STORE_ERRORS as exc:  # a store fault (/health says so): one line, no traceback
            log.warning("activity window failed: store unavailable", extra=_store_fault(None, exc))
            return None
        except Exception:  # the job runs again in 10 minutes; the cursor already moved past the window
            log.exception("activity window failed")
            return None
        finally:
            self._activity_running = False
            if task is not None:
                self._running.discard(task)

    def note_goal_answered(self, goal_id: str) -> None:
        """Someone answered a question Eko asked: the adaptive cooldown goes back to its base value."""
        self._engine.answered.add(goal_id)
        try:
            asyncio.get_running_loop()
        except RuntimeError:  # a synchronous caller: the next run finds the answer in memory instead
            log.info("answered goal noted in memory only", extra={"goal_id": goal_id})
            return
        self._spawn(self._engine.safe(self._engine.rate.mark_answered(goal_id), "mark answered"))

    # ------------------------------------------------------------------ status
    async def status(self) -> dict[str, Any]:
        """The body of ``GET /reflection/status``."""
        e = self._engine
        now = e.clock()
        rate = e.rate.describe(await e.settled_rate_state(), now, e.quiet)  # store errors: the caller's 503
        return {
            "stats": {**e.stats, "idleWindows": self._activity.idle_windows},
            "latest": e.history[0].to_dict() if e.history else None,
            "history": [record.to_dict() for record in e.history],
            "rateLimit": rate,
            "llmMode": e.llm.mode,
            "running": self._busy,
        }

    # ------------------------------------------------------------------ internals
    def _claim_manual(self, requested_by: str | None, *, bounded: bool) -> ReflectionRecord:
        """Check the manual caps and take the single running slot (no await: atomic on the loop)."""
        if self._busy:
            raise ReflectionBusy()
        if bounded and (wait := self._manual_wait()) > 0:
            raise TriggerTooSoon(wait)
        self._busy = True
        record = self._engine.new_record("manual", requested_by)
        self._last_manual_at = record.timestamp
        return record

    def _manual_wait(self) -> int:
        """Whole seconds until the page's button may start a reflection again (0: now)."""
        if self._last_manual_at is None:
            return 0
        interval = self._engine.settings.manual_min_interval
        wait = (self._last_manual_at + interval - self._engine.clock()).total_seconds()
        return max(0, math.ceil(wait))

    async def _run_goal(self, record: ReflectionRecord) -> ReflectionRecord:
        """One goal reflection (the caller set ``_busy``); an unexpected failure is recorded, not raised."""
        task = self._track()
        try:
            return await self._goals.run(record)
        except Exception as exc:  # the store or memory failed mid-way: say so in the history and the bar
            if isinstance(exc, STORE_ERRORS):  # a store fault (/health says so): one line, no traceback
                log.warning("reflection failed: store unavailable", extra=_store_fault(record.id, exc))
            else:
                log.exception("reflection failed", extra={"reflection_id": record.id})
            return await self._engine.skip(record, Skip("error", type(exc).__name__), RunLog())
        finally:
            self._busy = False
            if task is not None:
                self._running.discard(task)

    def _track(self) -> asyncio.Task[Any] | None:
        task = asyncio.current_task()
        if task is not None:
            self._running.add(task)
        return task

    def _spawn(self, coroutine: Coroutine[Any, Any, Any]) -> None:
        task = asyncio.get_running_loop().create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)


def _store_fault(reflection_id: str | None, exc: Exception) -> dict[str, Any]:
    return {"reflection_id": reflection_id, "error": f"{type(exc).__name__}: {exc}"[:300]}
