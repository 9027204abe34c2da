"""The LLM port over Anthropic's Messages API (``anthropic.AsyncAnthropic``).

* Retries: the SDK's own (429, 408/409, every 5xx including 529 "overloaded", connection errors;
  exponential backoff from 0.5 s to 8 s, ``retry-after``/``retry-after-ms`` honoured), ``max_retries``
  times; a ``retry-after`` that would outlast the deadline ends the call at once (``llm.deadline``).
* Deadline: the SDK's timeout applies to each read and each attempt, so one call (retries and
  backoff included) is wrapped in ``asyncio.timeout(deadline_s)`` → :class:`LLMTimeout`.
* Caching: the stable ``system`` prompt is sent as a block with ``cache_control: ephemeral``.
* JSON: with ``json_schema`` the model must call the tool ``respond`` whose input schema is that
  schema; a text answer holding a JSON object is accepted too, anything else (or a JSON object that
  ``llm.json_output.schema_problems`` refuses: a missing key, a wrong type, enum value, length or
  bound) is :class:`LLMBadOutput`, counted and logged, never a crash.
* Credentials: ``api_key``/``base_url`` when given, else the SDK reads ``ANTHROPIC_API_KEY`` and
  ``ANTHROPIC_BASE_URL``. The key is never logged.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import replace
from typing import Any

import anthropic
from anthropic.types import (
    AssistantMessageParam,
    Message,
    MessageParam,
    TextBlockParam,
    ToolChoiceToolParam,
    ToolParam,
    UserMessageParam,
)

from llm.deadline import CURRENT_CALL, CallBudget, DeadlineGuard, RetryAfterBeyondDeadline
from llm.json_output import extract_json_object, schema_problems
from llm.port import (
    ChatTurn,
    LLMBadOutput,
    LLMError,
    LLMMode,
    LLMRequest,
    LLMResponse,
    LLMTimeout,
    PurposeStats,
    Usage,
)

logger = logging.getLogger(__name__)

JSON_TOOL_NAME = "respond"
_JSON_TOOL_DESCRIPTION = "Give the answer as one JSON object matching the input schema."
_RAW_LOG_LIMIT = 300  # characters of a bad answer kept in the log
# What one call can fail with (ValueError: a body that is not the JSON the SDK expects).
_CALL_ERRORS = (TimeoutError, anthropic.APIError, RetryAfterBeyondDeadline, ValueError)


class AnthropicLLM:
    """:class:`llm.port.LLM` over the Anthropic SDK. One instance per process; close with ``aclose``."""

    def __init__(
        self,
        model: str,
        deadline_s: float,
        max_retries: int,
        *,
        api_key: str | None = None,
        base_url: str | None = None,
        timer: Callable[[], float] = time.monotonic,
    ) -> None:
        if deadline_s <= 0:
            raise ValueError("deadline_s must be positive")
        self._model = model
        self._deadline_s = deadline_s
        self._timer = timer
        self._stats: dict[str, PurposeStats] = {}
        self._client = anthropic.AsyncAnthropic(
            api_key=api_key,
            base_url=base_url,
            max_retries=max_retries,
            # Per attempt; the overall deadline is enforced around the whole call.
            timeout=anthropic.Timeout(deadline_s, connect=min(5.0, deadline_s)),
            middleware=[DeadlineGuard(timer)],
        )

    @property
    def mode(self) -> LLMMode:
        return "anthropic"

    @property
    def model(self) -> str:
        return self._model

    def stats(self) -> dict[str, PurposeStats]:
        return {purpose: replace(stats) for purpose, stats in self._stats.items()}

    async def aclose(self) -> None:
        await self._client.close()

    # -- one call ----------------------------------------------------------------------------

    async def complete(self, request: LLMRequest) -> LLMResponse:
        params = self._params(request)
        stats = self._stats_for(request.purpose)
        stats.calls += 1
        started = self._timer()
        budget = CURRENT_CALL.set(CallBudget(stats, started + self._deadline_s))
        try:
            async with asyncio.timeout(self._deadline_s):
                message = await self._client.messages.create(**params)
        except _CALL_ERRORS as err:
            raise self._failure(request, stats, err) from err
        finally:
            CURRENT_CALL.reset(budget)
        usage = _usage(message)
        stats.usage += usage
        text = "".join(block.text for block in message.content if block.type == "text")
        logger.info(
            "llm call done",
            extra={
                "purpose": request.purpose,
                "llm_model": message.model,
                "stop_reason": message.stop_reason,
                "duration_ms": round((self._timer() - started) * 1000),
                "input_tokens": usage.input_tokens,
                "output_tokens": usage.output_tokens,
                "cache_read_input_tokens": usage.cache_read_input_tokens,
                "cache_creation_input_tokens": usage.cache_creation_input_tokens,
            },
        )
        data = None
        if request.json_schema is not None:
            data = self._json_data(request, stats, message, text)
        return LLMResponse(
            model=message.model, usage=usage, text=text, data=data, stop_reason=message.stop_reason
        )

    async def stream_text(self, request: LLMRequest) -> AsyncIterator[str]:
        """Yield the answer's text as it arrives (no ``json_schema``), under the same deadline.

        The stream is read by a task of its own so the deadline covers the whole answer however
        slowly the caller consumes it; leaving the loop early cancels the call.
        """
        if request.json_schema is not None:
            raise ValueError("stream_text does not force JSON; use complete() with json_schema")
        params = self._params(request)
        stats = self._stats_for(request.purpose)
        stats.calls += 1
        chunks: asyncio.Queue[str | None] = asyncio.Queue()

        async def produce() -> Usage:
            async with (
                asyncio.timeout(self._deadline_s),
                self._client.messages.stream(**params) as stream,
            ):
                async for text in stream.text_stream:
                    chunks.put_nowait(text)
                final = await stream.get_final_message()
            chunks.put_nowait(None)
            return _usage(final)

        # The task copies the context: the budget is the stream's own.
        budget = CURRENT_CALL.set(CallBudget(stats, self._timer() + self._deadline_s))
        try:
            task = asyncio.create_task(produce(), name=f"llm-stream-{request.purpose}")
        finally:
            CURRENT_CALL.reset(budget)
        task.add_done_callback(lambda _: chunks.put_nowait(None))
        try:
            while (chunk := await chunks.get()) is not None:
                yield chunk
            try:
                usage = await task
            except _CALL_ERRORS as err:
                raise self._failure(request, stats, err) from err
            stats.usage += usage
        finally:
            if not task.done():
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task

    # -- helpers -----------------------------------------------------------------------------

    def _stats_for(self, purpose: str) -> PurposeStats:
        return self._stats.setdefault(purpose, PurposeStats())

    def _params(self, request: LLMRequest) -> dict[str, Any]:
        if not request.turns:
            raise LLMError(f"{request.purpose}: a request needs at least one turn")
        messages = [_message_param(turn) for turn in request.turns]
        params: dict[str, Any] = {
            "model": self._model,
            "max_tokens": request.max_tokens,
            "messages": messages,
        }
        if request.system:
            system: list[TextBlockParam] = [
                {"type": "text", "text": request.system, "cache_control": {"type": "ephemeral"}}
            ]
            params["system"] = system
        if request.temperature is not None:
            params["temperature"] = request.temperature
        if request.json_schema is not None:
            tool: ToolParam = {
                "name": JSON_TOOL_NAME,
                "description": _JSON_TOOL_DESCRIPTION,
                "input_schema": {"type": "object", **request.json_schema},
            }
            choice: ToolChoiceToolParam = {"type": "tool", "name": JSON_TOOL_NAME}
            params["tools"] = [tool]
            params["tool_choice"] = choice
        return params

    def _json_data(
        self, request: LLMRequest, stats: PurposeStats, message: Message, text: str
    ) -> dict[str, Any]:
        assert request.json_schema is not None
        data: dict[str, Any] | None = None
        for block in message.content:
            if block.type == "tool_use" and block.name == JSON_TOOL_NAME and isinstance(block.input, dict):
                data = dict(block.input)
                break
        if data is None:
            data = extract_json_object(text)
        if data is None:
            raise self._bad_output(request, stats, "no JSON object in the answer", text)
        problems = schema_problems(data, {"type": "object", **request.json_schema})
        if problems:
            raise self._bad_output(request, stats, "; ".join(problems[:5]), text or repr(data))
        return data

    def _bad_output(self, request: LLMRequest, stats: PurposeStats, reason: str, raw: str) -> LLMBadOutput:
        stats.bad_outputs += 1
        logger.warning(
            "llm answer is not what was asked",
            extra={"purpose": request.purpose, "reason": reason, "raw": raw[:_RAW_LOG_LIMIT]},
        )
        return LLMBadOutput(f"{request.purpose}: {reason}", raw=raw)

    def _failure(self, request: LLMRequest, stats: PurposeStats, err: Exception) -> LLMError:
        """Count and log a failed call and turn it into the port's error."""
        stats.failures += 1
        error: LLMError
        if isinstance(err, TimeoutError | anthropic.APITimeoutError):
            error = LLMTimeout(f"{request.purpose}: no answer within {self._deadline_s:g} s")
        elif isinstance(err, RetryAfterBeyondDeadline):
            error = LLMError(f"{request.purpose}: {err}")
        elif isinstance(err, anthropic.APIStatusError):
            error = LLMError(f"{request.purpose}: API error {err.status_code} ({_error_type(err)})")
        else:
            error = LLMError(f"{request.purpose}: {type(err).__name__}")
        logger.warning(
            "llm call failed",
            extra={"purpose": request.purpose, "error": str(error), "error_class": type(err).__name__},
        )
        return error


def _message_param(turn: ChatTurn) -> MessageParam:
    if turn.role == "assistant":
        return AssistantMessageParam(role="assistant", content=turn.content)
    return UserMessageParam(role="user", content=turn.content)


def _usage(message: Message) -> Usage:
    usage = message.usage
    return Usage(
        input_tokens=usage.input_tokens,
        output_tokens=usage.output_tokens,
        cache_read_input_tokens=usage.cache_read_input_tokens or 0,
        cache_creation_input_tokens=usage.cache_creation_input_tokens or 0,
    )


def _error_type(err: anthropic.APIStatusError) -> str:
    body = err.body
    if isinstance(body, dict):
        inner = body.get("error")
        if isinstance(inner, dict) and isinstance(inner.get("type"), str):
            return str(inner["type"])
    return "unknown"
