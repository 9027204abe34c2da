from __future__ import annotations

import asyncio
import logging

import pytest

from scheduler import EkoScheduler

HOUR = "1d"  # a schedule that never fires during a test


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
        await asyncio.wait_for(three.wait(), timeout=2)
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
    with caplog.at_level(logging.WARNING, logger="apscheduler"):
        sched.start()
        await asyncio.wait_for(first_started.wait(), timeout=2)
        # Several periods go by while the first run is still busy: none of them may start.
        await asyncio.sleep(0.15)
        assert started == 1
        assert "maximum number of running instances reached" in caplog.text
        release.set()
        await sched.shutdown()
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
            await asyncio.wait_for(recovered.wait(), timeout=2)
        finally:
            await sched.shutdown()
    assert sched.counters()["reflection"]["failures"] == 2
    assert sched.counters()["reflection"]["runs"] >= 3
    failures = [r for r in caplog.records if r.getMessage() == "scheduled job failed"]
    assert len(failures) == 2 and getattr(failures[0], "job", None) == "reflection"


async def test_shutdown_waits_for_the_running_job() -> None:
    inside = asyncio.Event()
    finished: list[bool] = []

    async def slow() -> None:
        inside.set()
        await asyncio.sleep(0.1)
        finished.append(True)

    sched = EkoScheduler(slow, _never, reflection_schedule="20ms", activity_schedule=HOUR)
    sched.start()
    await asyncio.wait_for(inside.wait(), timeout=2)
    await sched.shutdown()
    assert finished == [True]
    assert not sched.running
    await sched.shutdown()  # a second shutdown is harmless


async def test_next_runs_are_reported() -> None:
    sched = EkoScheduler(_never, _never, reflection_schedule="0 */3 * * *", activity_schedule="10m")
    sched.start()
    try:
        runs = sched.next_runs()
        assert runs["reflection"] is not None and runs["activity"] is not None
    finally:
        await sched.shutdown()
