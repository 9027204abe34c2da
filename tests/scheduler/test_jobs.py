from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from scheduler import EkoScheduler

HOUR = "1d"  # a schedule that never fires during a test
WAIT = 30.0  # only keeps a broken test from hanging: the assertions count runs, not time


class _Seen(logging.Handler):
    """Sets ``event`` once a log message containing ``text`` has been seen ``times`` times."""

    def __init__(self, text: str, times: int) -> None:
        super().__init__()
        self.text, self.times, self.count = text, times, 0
        self.event = asyncio.Event()

    def emit(self, record: logging.LogRecord) -> None:
        if self.text in record.getMessage():
            self.count += 1
            if self.count >= self.times:
                self.event.set()


async def _never() -> None:
    raise AssertionError("this job must not run during the test")


async def test_an_interval_job_really_runs_repeatedly() -> None:
    runs: list[float] = []
    three = asyncio.Event()

    async def activity() -> None:
        runs.append(asyncio.get_running_loop().time())
        if len(runs) >= 3:
            three.set()

    sched = EkoScheduler(_never, activity, reflection_schedule=HOUR, activity_schedule="50ms")
    sched.start()
    try:
        await asyncio.wait_for(three.wait(), timeout=WAIT)
    finally:
        await sched.shutdown()
    assert len(runs) >= 3
    assert sched.counters()["activity"]["runs"] >= 3
    assert sched.counters()["reflection"]["runs"] == 0
    assert not sched.running


async def test_one_instance_at_a_time(caplog: pytest.LogCaptureFixture) -> None:
    started = 0
    concurrent = 0
    max_concurrent = 0
    release = asyncio.Event()
    first_started = asyncio.Event()

    async def reflection() -> None:
        nonlocal started, concurrent, max_concurrent
        started += 1
        concurrent += 1
        max_concurrent = max(max_concurrent, concurrent)
        first_started.set()
        await release.wait()
        concurrent -= 1

    sched = EkoScheduler(reflection, _never, reflection_schedule="20ms", activity_schedule=HOUR)
    skipped = _Seen("maximum number of running instances reached", times=3)
    apscheduler_log = logging.getLogger("apscheduler")
    apscheduler_log.addHandler(skipped)
    try:
        with caplog.at_level(logging.WARNING, logger="apscheduler"):
            sched.start()
            await asyncio.wait_for(first_started.wait(), timeout=WAIT)
            # Three periods come while the first run is still busy: none of them may start.
            await asyncio.wait_for(skipped.event.wait(), timeout=WAIT)
            assert started == 1
            release.set()
            await sched.shutdown()
    finally:
        apscheduler_log.removeHandler(skipped)
    assert max_concurrent == 1


async def test_a_failing_job_does_not_kill_the_scheduler(caplog: pytest.LogCaptureFixture) -> None:
    attempts = 0
    recovered = asyncio.Event()

    async def flaky() -> None:
        nonlocal attempts
        attempts += 1
        if attempts <= 2:
            raise RuntimeError("model server on fire")
        recovered.set()

    sched = EkoScheduler(flaky, _never, reflection_schedule="30ms", activity_schedule=HOUR)
    with caplog.at_level(logging.ERROR, logger="scheduler"):
        sched.start()
        try:
            await asyncio.wait_for(recovered.wait(), timeout=WAIT)
        finally:
            await sched.shutdown()
    assert sched.counters()["reflection"]["failures"] == 2
    assert sched.counters()["reflection"]["runs"] >= 3
    failures = [r for r in caplog.records if r.getMessage() == "scheduled job failed"]
    assert len(failures) == 2 and getattr(failures[0], "job", None) == "reflection"


async def test_shutdown_waits_for_the_running_job() -> None:
    inside = asyncio.Event()
    release = asyncio.Event()
    finished: list[bool] = []

    async def slow() -> None:
        inside.set()
        await release.wait()
        finished.append(True)

    sched = EkoScheduler(slow, _never, reflection_schedule="20ms", activity_schedule=HOUR)
    sched.start()
    await asyncio.wait_for(inside.wait(), timeout=WAIT)
    stopping = asyncio.create_task(sched.shutdown())
    for _ in range(10):  # let the shutdown run as far as it can: it must wait for the job
        await asyncio.sleep(0)
    assert not stopping.done() and finished == []
    release.set()
    await asyncio.wait_for(stopping, timeout=WAIT)
    assert finished == [True]
    assert not sched.running
    await sched.shutdown()  # a second shutdown is harmless


def _next_multiple_of_three_hours(after: datetime, zone: ZoneInfo) -> datetime:
    local = after.astimezone(zone).replace(minute=0, second=0, microsecond=0)
    while True:
        local += timedelta(hours=1)
        if local.hour % 3 == 0:
            return local.astimezone(UTC)


@pytest.mark.parametrize(
    ("reflection", "activity", "reflection_in", "activity_in"),
    [
        ("3h", "10m", timedelta(hours=3), timedelta(minutes=10)),
        ("90m", "30s", timedelta(minutes=90), timedelta(seconds=30)),
    ],
)
async def test_intervals_first_fire_one_period_after_the_start(
    reflection: str, activity: str, reflection_in: timedelta, activity_in: timedelta
) -> None:
    sched = EkoScheduler(_never, _never, reflection_schedule=reflection, activity_schedule=activity)
    before = datetime.now(UTC)
    sched.start()
    after = datetime.now(UTC)
    try:
        runs = {job: datetime.fromisoformat(str(when)) for job, when in sched.next_runs().items()}
    finally:
        await sched.shutdown()
    # APScheduler keeps whole microseconds; the start happened between ``before`` and ``after``.
    slack = timedelta(milliseconds=1)
    assert before + reflection_in - slack <= runs["reflection"] <= after + reflection_in + slack
    assert before + activity_in - slack <= runs["activity"] <= after + activity_in + slack


async def test_a_cron_schedule_fires_at_its_next_slot_in_the_configured_timezone() -> None:
    zone = ZoneInfo("Asia/Kolkata")  # +05:30: a UTC-based cron would land on the wrong minute
    sched = EkoScheduler(
        _never, _never, reflection_schedule="0 */3 * * *", activity_schedule="10m", timezone="Asia/Kolkata"
    )
    before = datetime.now(UTC)
    sched.start()
    after = datetime.now(UTC)
    try:
        reflection = datetime.fromisoformat(str(sched.next_runs()["reflection"]))
    finally:
        await sched.shutdown()
    assert reflection.astimezone(UTC) in {
        _next_multiple_of_three_hours(before, zone),
        _next_multiple_of_three_hours(after, zone),
    }
    local = reflection.astimezone(zone)
    assert (local.minute, local.hour % 3) == (0, 0)
