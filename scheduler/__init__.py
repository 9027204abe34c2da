"""APScheduler 3.x jobs that call the two coroutines they are given, and nothing else."""

from scheduler.jobs import EkoScheduler
from scheduler.schedules import parse_interval, parse_schedule, parse_timezone

__all__ = ["EkoScheduler", "parse_interval", "parse_schedule", "parse_timezone"]
