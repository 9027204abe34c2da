"""Eko's posting rate limit: cooldown (adaptive), daily cap in the local day, quiet hours.

The decisions are pure functions over :class:`RateLimitState`; :class:`RateLimiter` keeps the state in
one store document and takes a posting slot with ONE atomic conditional ``find_one_and_update``, so a
restart keeps the day's count and two Eko processes sharing a database can never both post past the
limit.
"""

from __future__ import annotations

import contextlib
import logging
import re
import uuid
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from pymongo import ReturnDocument
from pymongo.asynchronous.database import AsyncDatabase
from pymongo.errors import DuplicateKeyError

from reflection.records import as_utc, iso

log = logging.getLogger(__name__)

STATE_COLLECTION = "reflection_state"
RATE_LIMIT_ID = "rate_limit"

_QUIET = re.compile(r"^\s*(\d{1,2}):(\d{2})\s*-\s*(\d{1,2}):(\d{2})\s*$")


@dataclass(frozen=True)
class QuietHours:
    """A daily local-time window with no spontaneous message; it may wrap midnight (20:00-08:00)."""

    start: time
    end: time

    @classmethod
    def parse(cls, text: str) -> QuietHours | None:
        """``"20:00-08:00"`` → a window; ``""`` → None (disabled). Raises ValueError on anything else."""
        if not text.strip():
            return None
        match = _QUIET.match(text)
        if not match:
            raise ValueError(f"quiet hours must look like 20:00-08:00, not {text!r}")
        h1, m1, h2, m2 = (int(g) for g in match.groups())
        if h1 > 23 or h2 > 23 or m1 > 59 or m2 > 59:
            raise ValueError(f"quiet hours out of range: {text!r}")
        return cls(time(h1, m1), time(h2, m2))

    def contains(self, local: time) -> bool:
        if self.start == self.end:
            return False
        if self.start < self.end:
            return self.start <= local < self.end
        return local >= self.start or local < self.end

    def end_after(self, moment: datetime, zone: ZoneInfo) -> datetime:
        """``moment`` itself, or the end of the quiet window it falls in (UTC)."""
        local = moment.astimezone(zone)
        if not self.contains(local.time()):
            return moment
        end = datetime.combine(local.date(), self.end, tzinfo=zone)
        if end <= local:  # the window wraps midnight and we are before it: it ends tomorrow
            end = datetime.combine(local.date() + timedelta(days=1), self.end, tzinfo=zone)
        return end.astimezone(UTC)

    def __str__(self) -> str:
        return f"{self.start:%H:%M}-{self.end:%H:%M}"


def local_day(now: datetime, zone: ZoneInfo) -> str:
    """The calendar day of ``now`` in ``zone`` (the daily cap's day), as ``YYYY-MM-DD``."""
    return now.astimezone(zone).date().isoformat()


def next_local_midnight(now: datetime, zone: ZoneInfo) -> datetime:
    """The UTC instant the next local day starts (when the daily count resets)."""
    today: date = now.astimezone(zone).date()
    midnight = datetime.combine(today + timedelta(days=1), time(0), tzinfo=zone)
    return midnight.astimezone(UTC)


@dataclass(frozen=True)
class RateLimitState:
    """The persisted state: the day's spontaneous messages and the cooldown after the last one."""

    day: str | None = None
    count: int = 0
    last_message_at: datetime | None = None
    next_allowed_at: datetime | None = None
    # How many times the base cooldown was doubled for ignored questions (adaptive). The seconds are
    # derived from the settings at each use, so a changed EKO_COOLDOWN / EKO_MAX_COOLDOWN applies.
    doublings: int = 0
    last_goal_id: str | None = None  # the question asked by the last message, if it was one
    last_answered: bool = False
    settled: bool = True  # whether the last question's answered/ignored outcome was applied

    @classmethod
    def from_document(cls, doc: dict[str, Any] | None) -> RateLimitState:
        if not doc:
            return cls()
        doublings = doc.get("cooldownDoublings")
        return cls(
            day=doc.get("day"),
            count=int(doc.get("count") or 0),
            last_message_at=as_utc(doc.get("lastMessageAt")),
            next_allowed_at=as_utc(doc.get("nextAllowedAt")),
            doublings=doublings if isinstance(doublings, int) and doublings > 0 else 0,
            last_goal_id=doc.get("lastGoalId"),
            last_answered=bool(doc.get("lastAnswered")),
            settled=bool(doc.get("settled", True)),
        )

    def today_count(self, today: str) -> int:
        return self.count if self.day == today else 0


def current_cooldown(doublings: int, base: timedelta, maximum: timedelta) -> timedelta:
    """The cooldown a spontaneous message starts: ``base`` doubled per ignored question, capped."""
    return min(base * (1 << min(doublings, 32)), max(base, maximum))


def blocked_by(state: RateLimitState, now: datetime, today: str, daily_max: int) -> str | None:
    """Why the rate limit forbids a spontaneous message now (``"cooldown"``, ``"daily_max"``), or None."""
    if state.today_count(today) >= daily_max:
        return "daily_max"
    if state.next_allowed_at is not None and now < state.next_allowed_at:
        return "cooldown"
    return None


def settle_cooldown(
    state: RateLimitState,
    now: datetime,
    *,
    answered: bool,
    base: timedelta,
    maximum: timedelta,
    unanswered_after: timedelta,
) -> tuple[int, datetime] | None:
    """The adaptive cooldown once the last question's fate is known: ``(doublings, next_allowed_at)``.

    Answered → back to ``base``. Nobody answered within ``unanswered_after`` → doubled (up to
    ``maximum``), counted from the ignored message. Not known yet (or nothing to settle) → None.
    """
    if state.settled or state.last_message_at is None or state.last_goal_id is None:
        return None
    previous = current_cooldown(state.doublings, base, maximum)
    if answered or state.last_answered:
        return 0, state.next_allowed_at or state.last_message_at + previous
    if now - state.last_message_at < unanswered_after:
        return None
    # Stop counting at the cap: one answer then brings the cooldown straight back to the base.
    doublings = state.doublings + 1 if previous < maximum else state.doublings
    doubled = current_cooldown(doublings, base, maximum)
    return doublings, max(state.next_allowed_at or now, state.last_message_at + doubled)


@dataclass(frozen=True)
class Claim:
    """A posting slot taken in the store; give it back with :meth:`RateLimiter.release` if the post fails."""

    token: str
    day: str
    previous_last_message_at: datetime | None
    previous_next_allowed_at: datetime | None
    counted: bool


class RateLimiter:
    """The rate-limit document of one Eko (or several sharing a database) and its atomic claims."""

    def __init__(
        self,
        db: AsyncDatabase[dict[str, Any]],
        *,
        cooldown: timedelta,
        max_cooldown: timedelta,
        unanswered_after: timedelta,
        daily_max: int,
        zone: ZoneInfo,
    ) -> None:
        self._col = db[STATE_COLLECTION]
        self.base = cooldown
        self.maximum = max(max_cooldown, cooldown)
        self.unanswered_after = unanswered_after
        self.daily_max = daily_max
        self.zone = zone

    async def ensure(self) -> None:
        """Create the state document once (the store has no ``$setOnInsert``: insert, ignore a duplicate)."""
        with contextlib.suppress(DuplicateKeyError):
            await self._col.insert_one(
                {
                    "_id": RATE_LIMIT_ID,
                    "day": None,
                    "count": 0,
                    "lastMessageAt": None,
                    "nextAllowedAt": None,
                    "cooldownDoublings": 0,
                    "lastGoalId": None,
                    "lastAnswered": False,
                    "settled": True,
                    "claimToken": None,
                }
            )

    async def state(self) -> RateLimitState:
        return RateLimitState.from_document(await self._col.find_one({"_id": RATE_LIMIT_ID}))

    async def settle(self, now: datetime, *, answered: bool) -> RateLimitState:
        """Apply the adaptive cooldown if the last question's outcome is now known; the fresh state."""
        state = await self.state()
        outcome = settle_cooldown(
            state,
            now,
            answered=answered,
            base=self.base,
            maximum=self.maximum,
            unanswered_after=self.unanswered_after,
        )
        if outcome is None:
            return state
        doublings, next_allowed = outcome
        # Conditional on the same last message: a concurrent claim or settle wins, this one is a no-op.
        await self._col.update_one(
            {"_id": RATE_LIMIT_ID, "lastMessageAt": state.last_message_at, "settled": False},
            {"$set": {"cooldownDoublings": doublings, "nextAllowedAt": next_allowed, "settled": True}},
        )
        cooldown = current_cooldown(doublings, self.base, self.maximum)
        log.info(
            "adaptive cooldown settled",
            extra={"answered": answered or state.last_answered, "cooldown_s": cooldown.total_seconds()},
        )
        return await self.state()

    async def claim(self, now: datetime, goal_id: str | None) -> Claim | None:
        """Take one spontaneous-message slot atomically, or None when the limit forbids it.

        The filter encodes the whole rule (same day and count below the cap, or a new day; cooldown
        over), so whichever of several concurrent callers updates first wins and the others get None.
        """
        if self.daily_max <= 0:
            return None
        # Two attempts: a concurrent claim may move the document to a new day between our read and
        # our update, which fails the condition although a slot is left.
        for _ in range(2):
            state = await self.state()
            if blocked_by(state, now, local_day(now, self.zone), self.daily_max) is not None:
                return None
            claim = await self._claim_once(state, now, goal_id)
            if claim is not None:
                return claim
        return None

    async def _claim_once(self, state: RateLimitState, now: datetime, goal_id: str | None) -> Claim | None:
        today = local_day(now, self.zone)
        token = uuid.uuid4().hex
        cooldown = current_cooldown(state.doublings, self.base, self.maximum)
        cooled: dict[str, Any] = {"$or": [{"nextAllowedAt": None}, {"nextAllowedAt": {"$lte": now}}]}
        posted = {
            "lastMessageAt": now,
            "nextAllowedAt": now + cooldown,
            "lastGoalId": goal_id,
            "lastAnswered": False,
            "settled": goal_id is None,
            "claimToken": token,
        }
        if state.day == today:
            doc = await self._col.find_one_and_update(
                {"_id": RATE_LIMIT_ID, "day": today, "count": {"$lt": self.daily_max}, **cooled},
                {"$inc": {"count": 1}, "$set": posted},
                return_document=ReturnDocument.AFTER,
            )
        else:
            doc = await self._col.find_one_and_update(
                {"_id": RATE_LIMIT_ID, "day": {"$ne": today}, **cooled},
                {"$set": {**posted, "day": today, "count": 1}},
                return_document=ReturnDocument.AFTER,
            )
        if doc is None:
            return None
        return Claim(token, today, state.last_message_at, state.next_allowed_at, counted=True)

    async def record_manual_post(self, now: datetime, goal_id: str | None) -> Claim:
        """A manual reflection posted (it bypasses the limit): start the cooldown, not the daily count."""
        state = await self.state()
        token = uuid.uuid4().hex
        cooldown = current_cooldown(state.doublings, self.base, self.maximum)
        next_allowed = now + cooldown
        if state.next_allowed_at is not None and state.next_allowed_at > next_allowed:
            next_allowed = state.next_allowed_at
        await self._col.update_one(
            {"_id": RATE_LIMIT_ID},
            {
                "$set": {
                    "lastMessageAt": now,
                    "nextAllowedAt": next_allowed,
                    "lastGoalId": goal_id,
                    "lastAnswered": False,
                    "settled": goal_id is None,
                    "claimToken": token,
                }
            },
        )
        return Claim(
            token, local_day(now, self.zone), state.last_message_at, state.next_allowed_at, counted=False
        )

    async def release(self, claim: Claim) -> bool:
        """Give a slot back after a failed post (only if nobody claimed since): True when restored."""
        update: dict[str, Any] = {
            "$set": {
                "lastMessageAt": claim.previous_last_message_at,
                "nextAllowedAt": claim.previous_next_allowed_at,
                "lastGoalId": None,
                "settled": True,
                "claimToken": None,
            }
        }
        query: dict[str, Any] = {"_id": RATE_LIMIT_ID, "claimToken": claim.token}
        if claim.counted:
            update["$inc"] = {"count": -1}
            query["day"] = claim.day
        result = await self._col.update_one(query, update)
        restored = result.modified_count > 0
        log.info("rate-limit slot released", extra={"restored": restored})
        return restored

    async def note_manual(self, when: datetime) -> None:
        """A manual reflection started at ``when``: the page's interval runs from it, across restarts."""
        await self._col.update_one({"_id": RATE_LIMIT_ID}, {"$max": {"lastManualAt": when}})

    async def last_manual_at(self) -> datetime | None:
        doc = await self._col.find_one({"_id": RATE_LIMIT_ID})
        return as_utc((doc or {}).get("lastManualAt"))

    async def mark_answered(self, goal_id: str) -> None:
        """Someone answered the last question: the next cooldown is back to the base value."""
        await self._col.update_one(
            {"_id": RATE_LIMIT_ID, "lastGoalId": goal_id},
            {"$set": {"lastAnswered": True, "cooldownDoublings": 0, "settled": True}},
        )

    def describe(self, state: RateLimitState, now: datetime, quiet: QuietHours | None) -> dict[str, Any]:
        """The ``rateLimit`` part of the status body."""
        today = local_day(now, self.zone)
        next_allowed = state.next_allowed_at if state.next_allowed_at and state.next_allowed_at > now else now
        if state.today_count(today) >= self.daily_max:
            next_allowed = max(next_allowed, next_local_midnight(now, self.zone))
        if quiet is not None:  # automatic runs stay silent until the quiet window ends
            next_allowed = quiet.end_after(next_allowed, self.zone)
        remaining = max(0.0, (state.next_allowed_at - now).total_seconds()) if state.next_allowed_at else 0.0
        local_now = now.astimezone(self.zone).time()
        return {
            "cooldownRemainingS": round(remaining),
            "todayCount": state.today_count(today),
            "dailyMax": self.daily_max,
            "nextAllowedAt": iso(next_allowed),
            "cooldownS": int(current_cooldown(state.doublings, self.base, self.maximum).total_seconds()),
            "baseCooldownS": int(self.base.total_seconds()),
            "lastMessageAt": iso(state.last_message_at),
            "quietHours": str(quiet) if quiet else "",
            "inQuietHours": bool(quiet and quiet.contains(local_now)),
            "timezone": str(self.zone.key),
        }
