"""Per-call bookkeeping inside the SDK's retry loop: attempts counted, hopeless waits cut short.

The SDK retries by itself and honours ``retry-after`` however long it is. Inside one call's overall
deadline, waiting 60 s for a rate limit that the deadline will cut at 30 s only delays the caller's
fallback; :class:`DeadlineGuard` (SDK middleware, run once per HTTP attempt) stops the call at once
instead, with :class:`RetryAfterBeyondDeadline`.
"""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

import anthropic
from anthropic import AsyncAPIResponse, AsyncCallNext

from llm.port import PurposeStats

_RETRYABLE = frozenset({408, 409, 429}) | frozenset(range(500, 600))


@dataclass
class CallBudget:
    """What the middleware needs to know about the call in progress."""

    stats: PurposeStats
    deadline_at: float  # on the guard's timer


CURRENT_CALL: ContextVar[CallBudget | None] = ContextVar("eko_llm_current_call", default=None)


class RetryAfterBeyondDeadline(Exception):  # noqa: N818 (reads as what happened)
    def __init__(self, status: int, retry_after: float) -> None:
        super().__init__(f"API error {status}: retry-after {retry_after:g} s is beyond the call's deadline")
        self.status = status
        self.retry_after = retry_after


class DeadlineGuard(anthropic.Middleware):
    def __init__(self, timer: Callable[[], float]) -> None:
        self._timer = timer

    async def handle_async(self, request: Any, call_next: AsyncCallNext) -> AsyncAPIResponse[Any]:
        response = await call_next(request)
        budget = CURRENT_CALL.get()
        if budget is None:
            return response
        budget.stats.attempts += 1
        if response.status_code in _RETRYABLE:
            wait = retry_after_seconds(response.headers)
            if wait is not None and self._timer() + wait > budget.deadline_at:
                await response.http_response.aclose()
                raise RetryAfterBeyondDeadline(response.status_code, wait)
        return response


def retry_after_seconds(headers: Any) -> float | None:
    """The server's requested wait (``retry-after-ms``, else numeric ``retry-after``), if any."""
    for name, scale in (("retry-after-ms", 0.001), ("retry-after", 1.0)):
        value = headers.get(name)
        if value is None:
            continue
        try:
            return float(value) * scale
        except ValueError:
            continue  # an HTTP date: left to the SDK
    return None
