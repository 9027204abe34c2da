"""Eko's two periodic jobs on an APScheduler 3.x ``AsyncIOScheduler``.

The scheduler only knows two coroutine functions; what they do (reflection, activity windows) is
someone else's business. A job that raises is logged and the schedule goes on.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from datetime import datetime

from apscheduler.schedulers.asyncio import AsyncIOScheduler
from apscheduler.triggers.base import BaseTrigger

from scheduler.schedules import parse_schedule, parse_timezone

log = logging.getLogger(__name__)

Job = Callable[[], Awaitable[object]]

REFLECTION_JOB = "reflection"
ACTIVITY_JOB = "activity"


class EkoScheduler:
    """Runs ``reflection_job`` and ``activity_job`` on their schedules, one instance at a time each."""

    def __init__(
        self,
        reflection_job: Job,
        activity_job: Job,
        reflection_schedule: str = "3h",
        activity_schedule: str = "10m",
        timezone: str = "Europe/Paris",
    ) -> None:
        self._timezone = parse_timezone(timezone)
        self._schedules = {REFLECTION_JOB: reflection_schedule, ACTIVITY_JOB: activity_schedule}
        # Parse both now, so a bad value fails at construction, not at start.
        self._triggers()
        self._jobs: dict[str, Job] = {REFLECTION_JOB: reflection_job, ACTIVITY_JOB: activity_job}
        self._running: set[asyncio.Task[object]] = set()
        self._runs: dict[str, int] = {REFLECTION_JOB: 0, ACTIVITY_JOB: 0}
        self._failures: dict[str, int] = {REFLECTION_JOB: 0, ACTIVITY_JOB: 0}
        self._scheduler = AsyncIOScheduler(timezone=self._timezone)

    def _triggers(self) -> dict[str, BaseTrigger]:
        variables = {REFLECTION_JOB: "EKO_REFLECTION_SCHEDULE", ACTIVITY_JOB: "EKO_ACTIVITY_SCHEDULE"}
        return {
            job_id: parse_schedule(value, variables[job_id], self._timezone)
            for job_id, value in self._schedules.items()
        }

    @property
    def running(self) -> bool:
        return bool(self._scheduler.running)

    def start(self) -> None:
        """Start the jobs; must be called from inside the running event loop.

        The triggers are built here, not at construction: an interval trigger counts its first
        period from when it is made, so "every 3 h" means 3 h after the start whatever happened
        between construction and start (tests/scheduler/test_jobs.py checks it).
        """
        for job_id, trigger in self._triggers().items():
            self._scheduler.add_job(
                self._run,
                trigger,
                args=(job_id,),
                id=job_id,
                name=job_id,
                max_instances=1,
                coalesce=True,
                # A late run (event loop busy, laptop asleep) still runs once rather than never.
                misfire_grace_time=None,
            )
        self._scheduler.start()
        log.info("scheduler started", extra={"next_runs": self.next_runs()})

    async def shutdown(self, wait: bool = True) -> None:
        """Stop scheduling; with ``wait``, let the jobs already running finish first."""
        if not self._scheduler.running:
            return
        self._scheduler.pause()
        if wait and self._running:
            await asyncio.wait(set(self._running))
        # APScheduler's executor cancels what is still running; _shutdown is queued on the loop.
        self._scheduler.shutdown(wait=False)
        await asyncio.sleep(0)
        log.info("scheduler stopped")

    def next_runs(self) -> dict[str, str | None]:
        """When each job runs next (ISO 8601), for logs and health checks."""
        result: dict[str, str | None] = {}
        for job_id in self._jobs:
            job = self._scheduler.get_job(job_id)
            when: datetime | None = getattr(job, "next_run_time", None) if job else None
            result[job_id] = when.isoformat() if when else None
        return result

    def counters(self) -> dict[str, dict[str, int]]:
        return {
            job_id: {"runs": self._runs[job_id], "failures": self._failures[job_id]} for job_id in self._jobs
        }

    async def _run(self, job_id: str) -> None:
        task = asyncio.current_task()
        if task is not None:
            self._running.add(task)
        started = time.perf_counter()
        try:
            await self._jobs[job_id]()
        except asyncio.CancelledError:
            raise
        except Exception:
            # Never let a job's error escape: APScheduler would only log it too, but this way the
            # failure is counted and logged with the job's name and duration.
            self._failures[job_id] += 1
            log.exception(
                "scheduled job failed",
                extra={"job": job_id, "duration_ms": round((time.perf_counter() - started) * 1000)},
            )
        else:
            log.debug(
                "scheduled job done",
                extra={"job": job_id, "duration_ms": round((time.perf_counter() - started) * 1000)},
            )
        finally:
            self._runs[job_id] += 1
            if task is not None:
                self._running.discard(task)
