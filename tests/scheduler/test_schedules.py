from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from apscheduler.triggers.cron import CronTrigger
from apscheduler.triggers.interval import IntervalTrigger

from scheduler import EkoScheduler, parse_interval, parse_schedule, parse_timezone

PARIS = ZoneInfo("Europe/Paris")


async def _noop() -> None:
    return None


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("50ms", timedelta(milliseconds=50)),
        ("10s", timedelta(seconds=10)),
        ("10m", timedelta(minutes=10)),
        ("10min", timedelta(minutes=10)),
        ("3h", timedelta(hours=3)),
        ("1d", timedelta(days=1)),
        (" 1.5H ", timedelta(minutes=90)),
    ],
)
def test_intervals_are_parsed(text: str, expected: timedelta) -> None:
    assert parse_interval(text) == expected
    trigger = parse_schedule(text, "EKO_ACTIVITY_SCHEDULE", PARIS)
    assert isinstance(trigger, IntervalTrigger)
    assert trigger.interval == expected


def test_interval_fires_after_its_period() -> None:
    trigger = parse_schedule("3h", "EKO_REFLECTION_SCHEDULE", PARIS)
    now = datetime(2026, 11, 23, 10, 0, tzinfo=UTC)
    first = trigger.get_next_fire_time(None, now)
    assert first is not None
    second = trigger.get_next_fire_time(first, first + timedelta(seconds=1))
    assert second is not None and second - first == timedelta(hours=3)


def test_cron_is_evaluated_in_the_configured_timezone() -> None:
    trigger = parse_schedule("0 9 * * *", "EKO_REFLECTION_SCHEDULE", PARIS)
    assert isinstance(trigger, CronTrigger)
    # 23 Nov 2026 is winter time: 09:00 in Paris is 08:00 UTC.
    fire = trigger.get_next_fire_time(None, datetime(2026, 11, 23, 0, 0, tzinfo=UTC))
    assert fire is not None and fire.astimezone(UTC) == datetime(2026, 11, 23, 8, 0, tzinfo=UTC)


def test_numeric_weekdays_follow_crontab_not_apscheduler() -> None:
    # Crontab: 1-5 is Monday to Friday. 28 Nov 2026 is a Saturday → next fire on Monday 30th.
    trigger = parse_schedule("0 12 * * 1-5", "EKO_REFLECTION_SCHEDULE", PARIS)
    fire = trigger.get_next_fire_time(None, datetime(2026, 11, 28, 0, 0, tzinfo=PARIS))
    assert fire is not None and fire.date().isoformat() == "2026-11-30"
    # 0 is Sunday in crontab; steps are not weekdays and stay as they are.
    sunday = parse_schedule("30 8 * * 0", "EKO_REFLECTION_SCHEDULE", PARIS)
    fire = sunday.get_next_fire_time(None, datetime(2026, 11, 23, 0, 0, tzinfo=PARIS))
    assert fire is not None and fire.date().isoformat() == "2026-11-29"
    assert isinstance(parse_schedule("*/15 * * * */2", "X", PARIS), CronTrigger)


@pytest.mark.parametrize("text", ["", "soon", "10 parsecs", "-3h", "0 */3 * *", "61 * * * *", "* * * * * *"])
def test_invalid_schedules_name_the_variable(text: str) -> None:
    with pytest.raises(ValueError, match="EKO_ACTIVITY_SCHEDULE"):
        parse_schedule(text, "EKO_ACTIVITY_SCHEDULE", PARIS)


def test_zero_interval_is_refused() -> None:
    with pytest.raises(ValueError, match="EKO_REFLECTION_SCHEDULE"):
        parse_schedule("0s", "EKO_REFLECTION_SCHEDULE", PARIS)


def test_scheduler_refuses_bad_values_at_construction() -> None:
    with pytest.raises(ValueError, match="EKO_REFLECTION_SCHEDULE"):
        EkoScheduler(_noop, _noop, reflection_schedule="every three hours")
    with pytest.raises(ValueError, match="EKO_ACTIVITY_SCHEDULE"):
        EkoScheduler(_noop, _noop, activity_schedule="* *")
    with pytest.raises(ValueError, match="EKO_TIMEZONE"):
        EkoScheduler(_noop, _noop, timezone="Mars/Olympus")
    assert parse_timezone("UTC").utcoffset(None) == timedelta(0)
