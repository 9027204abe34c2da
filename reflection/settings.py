"""Reflection's knobs, given by the composition root (reflection never reads the environment)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta


@dataclass(frozen=True)
class ReflectionSettings:
    cooldown: timedelta = timedelta(minutes=30)
    max_cooldown: timedelta = timedelta(hours=24)
    unanswered_after: timedelta = timedelta(hours=2)
    daily_max: int = 5
    timezone: str = "Europe/Paris"
    quiet_hours: str = "20:00-08:00"  # local time in ``timezone``; empty disables
    manual_min_interval: timedelta = timedelta(seconds=60)
    answer_window: timedelta = timedelta(minutes=10)  # EKO_ANSWER_WINDOW
    language: str = "fr"
    bot_name: str = "Eko"
    # Beyond the fixed contract, with defaults the composition root need not set.
    history_size: int = 50
    # The opportunistic flow only speaks when the model says it is at least this sure (seed: "strict").
    opportunity_min_confidence: float = 0.85
