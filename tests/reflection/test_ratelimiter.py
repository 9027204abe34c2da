"""The rate-limit document in a real embedded store: atomic claims, restarts, two processes, release."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from pymongo.asynchronous.database import AsyncDatabase

from reflection.ratelimit import QuietHours, RateLimiter
from store import open_database

T0 = datetime(2026, 11, 23, 10, 0, tzinfo=UTC)  # 11:00 in Paris
BASE = timedelta(minutes=30)


def limiter(
    db: AsyncDatabase[dict[str, Any]],
    daily_max: int = 5,
    cooldown: timedelta = BASE,
    kind: type[RateLimiter] = RateLimiter,
) -> RateLimiter:
    return kind(
        db,
        cooldown=cooldown,
        max_cooldown=timedelta(hours=24),
        unanswered_after=timedelta(hours=2),
        daily_max=daily_max,
        zone=ZoneInfo("Europe/Paris"),
    )


async def test_claims_obey_cooldown_and_daily_cap(db: AsyncDatabase[dict[str, Any]]) -> None:
    rate = limiter(db, daily_max=2)
    await rate.ensure()
    assert await rate.claim(T0, "g1") is not None
    assert await rate.claim(T0 + timedelta(minutes=29), "g2") is None  # cooldown
    assert await rate.claim(T0 + BASE, "g2") is not None
    assert await rate.claim(T0 + 3 * BASE, "g3") is None  # 2 today already
    state = await rate.state()
    assert (state.day, state.count) == ("2026-11-23", 2)
    # The next local day (midnight in Paris is 23:00 UTC) starts again from one.
    assert await rate.claim(datetime(2026, 11, 23, 23, 0, tzinfo=UTC), "g4") is not None
    assert (await rate.state()).today_count("2026-11-24") == 1


async def test_daily_count_survives_a_restart(tmp_path: Path) -> None:
    first = await open_database(None, tmp_path, "eko")
    rate = limiter(first.db, daily_max=2)
    await rate.ensure()
    assert await rate.claim(T0, None) and await rate.claim(T0 + BASE, None)
    await first.close()

    second = await open_database(None, tmp_path, "eko")
    try:
        again = limiter(second.db, daily_max=2)
        await again.ensure()  # does not reset an existing document
        assert (await again.state()).count == 2
        assert await again.claim(T0 + 4 * BASE, None) is None
    finally:
        await second.close()


async def test_two_processes_racing_for_the_last_slot_only_one_wins(tmp_path: Path) -> None:
    one = await open_database(None, tmp_path, "eko")
    two = await open_database(None, tmp_path, "eko")  # a second client on the same files: another process
    try:
        a, b = limiter(one.db, daily_max=1), limiter(two.db, daily_max=1)
        await a.ensure()
        await b.ensure()
        for attempt in range(5):  # several rounds: the outcome must never depend on the interleaving
            now = T0 + timedelta(days=attempt)
            results = await asyncio.gather(*(r.claim(now, None) for r in (a, b, a, b)))
            assert sum(result is not None for result in results) == 1
    finally:
        await one.close()
        await two.close()


async def test_release_gives_the_slot_back_unless_someone_claimed_since(
    db: AsyncDatabase[dict[str, Any]],
) -> None:
    rate = limiter(db, daily_max=5)
    await rate.ensure()
    claim = await rate.claim(T0, "g1")
    assert claim is not None
    assert await rate.release(claim)
    state = await rate.state()
    assert state.count == 0 and state.next_allowed_at is None
    assert await rate.claim(T0 + timedelta(seconds=1), "g1") is not None  # the cooldown did not start
    assert not await rate.release(claim)  # stale: a newer claim owns the document


async def test_manual_post_starts_the_cooldown_without_counting(db: AsyncDatabase[dict[str, Any]]) -> None:
    rate = limiter(db)
    await rate.ensure()
    await rate.record_manual_post(T0, "g1")
    state = await rate.state()
    assert state.count == 0 and state.next_allowed_at == T0 + BASE and state.last_goal_id == "g1"
    assert await rate.claim(T0 + timedelta(minutes=10), None) is None


async def test_ignored_question_doubles_the_next_cooldown_and_an_answer_resets_it(
    db: AsyncDatabase[dict[str, Any]],
) -> None:
    rate = limiter(db)
    await rate.ensure()
    await rate.claim(T0, "g1")
    assert (await rate.settle(T0 + timedelta(hours=1), answered=False)).doublings == 0
    state = await rate.settle(T0 + timedelta(hours=2), answered=False)
    assert state.doublings == 1 and state.settled
    await rate.claim(T0 + timedelta(hours=3), "g2")
    assert (await rate.state()).next_allowed_at == T0 + timedelta(hours=4)  # the doubled cooldown
    await rate.mark_answered("g2")
    assert (await rate.state()).doublings == 0
    described = rate.describe(await rate.state(), T0 + timedelta(hours=3, minutes=30), None)
    assert described["cooldownS"] == 1800 and described["cooldownRemainingS"] == 1800
    assert described["todayCount"] == 2 and described["dailyMax"] == 5


async def test_a_new_cooldown_setting_applies_to_an_existing_store(db: AsyncDatabase[dict[str, Any]]) -> None:
    first = limiter(db)
    await first.ensure()
    await first.claim(T0, "g1")
    await first.settle(T0 + timedelta(hours=2), answered=False)  # ignored: doubled once
    assert first.describe(await first.state(), T0 + timedelta(hours=2), None)["cooldownS"] == 3600

    restarted = RateLimiter(  # the same store, started again with EKO_COOLDOWN=1s
        db,
        cooldown=timedelta(seconds=1),
        max_cooldown=timedelta(hours=24),
        unanswered_after=timedelta(hours=2),
        daily_max=5,
        zone=ZoneInfo("Europe/Paris"),
    )
    await restarted.ensure()
    described = restarted.describe(await restarted.state(), T0 + timedelta(hours=2), None)
    assert (described["baseCooldownS"], described["cooldownS"]) == (1, 2)


async def test_next_allowed_at_waits_for_the_end_of_quiet_hours(db: AsyncDatabase[dict[str, Any]]) -> None:
    rate = limiter(db)
    await rate.ensure()
    evening = datetime(2026, 11, 23, 20, 0, tzinfo=UTC)  # 21:00 in Paris
    described = rate.describe(await rate.state(), evening, QuietHours.parse("20:00-08:00"))
    assert described["inQuietHours"] is True
    assert described["nextAllowedAt"].startswith("2026-11-24T07:00:00")  # 08:00 in Paris
    assert rate.describe(await rate.state(), evening, None)["nextAllowedAt"].startswith("2026-11-23T20:00")


CLAIMERS = 12


class InLockstep(RateLimiter):
    """A limiter whose claimers all read the state before any of them writes (the worst interleaving):
    the read-time check then lets every claimer through, and only the atomic update's conditions
    decide. A round starts with :meth:`next_round`."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.barrier = asyncio.Barrier(CLAIMERS)
        self.first_reads = 0

    def next_round(self, barrier: asyncio.Barrier) -> None:
        self.barrier, self.first_reads = barrier, 0

    async def state(self) -> Any:
        state = await super().state()
        self.first_reads += 1
        if self.first_reads <= CLAIMERS // 2:  # each of this client's claimers, on its first read
            await self.barrier.wait()
        return state


async def _race(tmp_path: Path, daily_max: int, cooldown: timedelta, rounds: list[datetime]) -> list[int]:
    """Winners per round of CLAIMERS concurrent claims at the same instant, from two store clients."""
    one = await open_database(None, tmp_path, "eko")
    two = await open_database(None, tmp_path, "eko")
    try:
        a, b = (limiter(store.db, daily_max, cooldown, InLockstep) for store in (one, two))
        assert isinstance(a, InLockstep) and isinstance(b, InLockstep)
        await a.ensure()
        winners = []
        for now in rounds:
            barrier = asyncio.Barrier(CLAIMERS)
            a.next_round(barrier)
            b.next_round(barrier)
            claimers = (a, b) * (CLAIMERS // 2)
            results = await asyncio.gather(*(limiter.claim(now, None) for limiter in claimers))
            winners.append(sum(result is not None for result in results))
            state = await RateLimiter.state(a)
            assert state.today_count(now.astimezone(a.zone).date().isoformat()) == sum(
                w for w, when in zip(winners, rounds, strict=False) if when.date() == now.date()
            )
        return winners
    finally:
        await one.close()
        await two.close()


async def test_the_cooldown_alone_lets_one_claim_through(tmp_path: Path) -> None:
    # Five a day would allow five at once: within a day, only the cooldown condition stops the others.
    cooled = [T0 + timedelta(minutes=30 * n) for n in range(3)]
    assert await _race(tmp_path, daily_max=5, cooldown=timedelta(minutes=30), rounds=cooled) == [1, 1, 1]


async def test_the_daily_cap_alone_bounds_concurrent_claims(tmp_path: Path) -> None:
    # No cooldown: only the count condition (and the new-day condition) bound the winners.
    same_day = [T0, T0 + timedelta(minutes=1), T0 + timedelta(minutes=2)]
    winners = await _race(tmp_path, daily_max=3, cooldown=timedelta(0), rounds=same_day)
    assert sum(winners) == 3 and winners[0] >= 1


async def test_a_new_day_is_started_by_one_claim_only(tmp_path: Path) -> None:
    # Each round is a new local day: without the "day differs" condition every claimer would restart
    # the count at one and all twelve would win.
    days = [T0 + timedelta(days=d) for d in range(3)]
    winners = await _race(tmp_path, daily_max=2, cooldown=timedelta(0), rounds=days)
    assert all(1 <= w <= 2 for w in winners)
