"""Turn an ``EKO_*_SCHEDULE`` value into an APScheduler trigger.

Two forms are accepted: an interval (``50ms``, ``10s``, ``10m``, ``3h``, ``1d``) or a standard
5-field crontab expression (``0 */3 * * *``), evaluated in the configured timezone.
"""

from __future__ import annotations

import re
from datetime import timedelta, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from apscheduler.triggers.base import BaseTrigger
from apscheduler.triggers.cron import CronTrigger
from apscheduler.triggers.interval import IntervalTrigger

_INTERVAL = re.compile(r"^(\d+(?:\.\d+)?)\s*(ms|s|m|min|h|d)$", re.IGNORECASE)
_UNIT_SECONDS = {"ms": 0.001, "s": 1.0, "m": 60.0, "min": 60.0, "h": 3600.0, "d": 86400.0}
# Crontab counts weekdays from Sunday (0 or 7); APScheduler 3.x counts from Monday. Names are
# unambiguous in both, so numeric weekdays are rewritten as names before APScheduler sees them.
_WEEKDAYS = ("sun", "mon", "tue", "wed", "thu", "fri", "sat", "sun")
_WEEKDAY_NUMBER = re.compile(r"(?<![/\d])([0-7])(?!\d)")


def parse_timezone(value: str, name: str = "EKO_TIMEZONE") -> tzinfo:
    try:
        return ZoneInfo(value.strip())
    except (ZoneInfoNotFoundError, ValueError) as exc:
        raise ValueError(f"{name}: unknown timezone {value!r} (example: Europe/Paris)") from exc


def parse_interval(value: str) -> timedelta | None:
    """``"10m"`` → 10 minutes; ``None`` when ``value`` is not an interval."""
    match = _INTERVAL.match(value.strip())
    if not match:
        return None
    amount, unit = match.groups()
    return timedelta(seconds=float(amount) * _UNIT_SECONDS[unit.lower()])


def crontab_weekdays_to_names(field: str) -> str:
    """``"1-5"`` → ``"mon-fri"``, ``"0,6"`` → ``"sun,sat"``; steps (``*/2``) are left alone."""
    return _WEEKDAY_NUMBER.sub(lambda m: _WEEKDAYS[int(m.group(1))], field)


def parse_schedule(value: str, name: str, timezone: tzinfo) -> BaseTrigger:
    """Build the trigger for ``value``; ``name`` (the variable) is used in error messages."""
    text = value.strip()
    if not text:
        raise ValueError(f"{name} is empty (examples: 10m, 3h, '0 */3 * * *')")
    interval = parse_interval(text)
    if interval is not None:
        if interval <= timedelta(0):
            raise ValueError(f"{name}: the interval must be positive, got {value!r}")
        return IntervalTrigger(seconds=interval.total_seconds(), timezone=timezone)
    fields = text.split()
    if len(fields) != 5:
        raise ValueError(
            f"{name}: {value!r} is neither an interval (10s, 10m, 3h, 1d) "
            "nor a 5-field cron expression (minute hour day month weekday)"
        )
    fields[4] = crontab_weekdays_to_names(fields[4])
    try:
        return CronTrigger.from_crontab(" ".join(fields), timezone=timezone)
    except ValueError as exc:
        raise ValueError(f"{name}: invalid cron expression {value!r}: {exc}") from exc
