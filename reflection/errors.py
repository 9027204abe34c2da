"""Errors the reflection service raises to its callers (HTTP routes, the Socket.IO trigger)."""

from __future__ import annotations


class ReflectionError(Exception):
    """Root of reflection's errors."""


class ReflectionBusy(ReflectionError):  # noqa: N818 - public contract name
    """A reflection is already running: a second one is not started."""

    def __init__(self) -> None:
        super().__init__("a reflection is already running")


class TriggerTooSoon(ReflectionError):  # noqa: N818 - public contract name
    """A manual reflection ran less than ``manual_min_interval`` ago (across all users)."""

    def __init__(self, retry_after_s: int) -> None:
        super().__init__(f"a manual reflection ran recently; retry in {retry_after_s} s")
        self.retry_after_s = retry_after_s
