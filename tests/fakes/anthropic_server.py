"""A fake Anthropic Messages API on 127.0.0.1, for running the real ``anthropic`` SDK in tests.

Point the SDK at :attr:`FakeAnthropic.base_url` and script what the "model" answers::

    async with FakeAnthropic() as fake:
        fake.reply_error(429, retry_after=0.05)
        fake.reply_tool({"action": "ask"})
        client = AsyncAnthropic(api_key="test", base_url=fake.base_url)
        ...
        assert fake.calls == 2

Each call to ``POST /v1/messages`` takes the next scripted reply; when the script is empty it asks
:attr:`FakeAnthropic.responder` (a callable given the request's JSON body, for benchmarks and
replays); with neither, it answers 400 ``invalid_request_error`` so a test that forgot to script a
reply fails loudly instead of retrying. Replies have the real API's shapes: ``message`` objects
with ``text``/``tool_use`` blocks and ``usage`` (prompt caching simulated: the first call with a
``cache_control`` system block reports ``cache_creation_input_tokens``, the next ones
``cache_read_input_tokens``), server-sent events when the request says ``"stream": true``, and
errors as ``{"type": "error", "error": {...}}`` with ``retry-after`` headers.

Every request is recorded (:attr:`FakeAnthropic.requests`) with its JSON body and its headers,
minus the credentials.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import threading
from collections import deque
from collections.abc import Callable, Coroutine, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from types import TracebackType
from typing import Any

from aiohttp import web

DEFAULT_MODEL = "claude-haiku-4-5"
_SECRET_HEADERS = frozenset({"x-api-key", "authorization"})
_ERROR_TYPES = {
    400: "invalid_request_error",
    401: "authentication_error",
    403: "permission_error",
    404: "not_found_error",
    413: "request_too_large",
    429: "rate_limit_error",
    500: "api_error",
    529: "overloaded_error",
}


@dataclass(frozen=True)
class RecordedRequest:
    path: str
    json: dict[str, Any]
    headers: dict[str, str]

    @property
    def stream(self) -> bool:
        return bool(self.json.get("stream"))

    @property
    def system_blocks(self) -> list[dict[str, Any]]:
        system = self.json.get("system")
        if isinstance(system, str):
            return [{"type": "text", "text": system}]
        return list(system or [])


@dataclass(frozen=True)
class Reply:
    """One scripted answer. Build it with the ``FakeAnthropic.reply_*`` methods or the helpers below."""

    status: int = 200
    content: tuple[dict[str, Any], ...] = ()
    stop_reason: str = "end_turn"
    usage: dict[str, int] | None = None  # overrides the computed usage
    headers: dict[str, str] = field(default_factory=dict)
    error: dict[str, str] | None = None
    raw_body: str | None = None  # sent verbatim (a broken HTTP body)
    delay: float = 0.0
    held: asyncio.Event | None = field(default=None, compare=False)  # answered once it is set


def text_reply(text: str, *, usage: dict[str, int] | None = None, delay: float = 0.0) -> Reply:
    return Reply(content=({"type": "text", "text": text},), usage=usage, delay=delay)


def tool_reply(
    data: dict[str, Any],
    *,
    name: str = "respond",
    text_before: str | None = None,
    usage: dict[str, int] | None = None,
    delay: float = 0.0,
) -> Reply:
    blocks: list[dict[str, Any]] = []
    if text_before:
        blocks.append({"type": "text", "text": text_before})
    blocks.append({"type": "tool_use", "id": "", "name": name, "input": data})
    return Reply(content=tuple(blocks), stop_reason="tool_use", usage=usage, delay=delay)


def error_reply(
    status: int,
    message: str | None = None,
    *,
    retry_after: float | None = None,
    error_type: str | None = None,
    delay: float = 0.0,
) -> Reply:
    headers = {"retry-after": _number(retry_after)} if retry_after is not None else {}
    kind = error_type or _ERROR_TYPES.get(status, "api_error")
    return Reply(
        status=status,
        error={"type": kind, "message": message or kind.replace("_", " ")},
        headers=headers,
        delay=delay,
    )


ReplyLike = Reply | str | dict[str, Any]
Responder = Callable[[dict[str, Any]], ReplyLike]


class FakeAnthropic:
    """The fake server. Use it as an async context manager inside the test's event loop."""

    def __init__(self, *, model: str = DEFAULT_MODEL, host: str = "127.0.0.1", port: int = 0) -> None:
        self.model = model
        self.host = host
        self.port = port
        self.requests: list[RecordedRequest] = []
        self.responder: Responder | None = None
        self._script: deque[Reply] = deque()
        self._cached_prefixes: set[str] = set()
        self._ids = itertools.count(1)
        self._runner: web.AppRunner | None = None
        self._closing: asyncio.Event | None = None
        self._arrived: asyncio.Condition | None = None

    # -- lifecycle -------------------------------------------------------------------------

    async def start(self) -> None:
        self._closing = asyncio.Event()
        self._arrived = asyncio.Condition()
        app = web.Application()
        app.router.add_post("/v1/messages", self._messages)
        # Short shutdown: a test may leave a delayed reply behind (the client timed out).
        self._runner = web.AppRunner(app, shutdown_timeout=0.2, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        self.port = int(self._runner.addresses[0][1])

    async def close(self) -> None:
        if self._closing is not None:
            self._closing.set()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeAnthropic:
        await self.start()
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close()

    @property
    def base_url(self) -> str:
        return f"http://{self.host}:{self.port}"

    @property
    def calls(self) -> int:
        return len(self.requests)

    async def wait_for_calls(self, count: int, within_s: float = 5.0) -> None:
        """Return once ``count`` requests have arrived (the replies may still be on their way)."""
        assert self._arrived is not None, "start the server first"
        async with asyncio.timeout(within_s), self._arrived:
            await self._arrived.wait_for(lambda: self.calls >= count)

    @property
    def pending(self) -> int:
        """Scripted replies not consumed yet."""
        return len(self._script)

    # -- scripting -------------------------------------------------------------------------

    def reply(self, reply: Reply) -> FakeAnthropic:
        self._script.append(reply)
        return self

    def reply_text(self, text: str, *, usage: dict[str, int] | None = None) -> FakeAnthropic:
        return self.reply(text_reply(text, usage=usage))

    def reply_raw_text(self, text: str) -> FakeAnthropic:
        """The model answers exactly this text (e.g. broken JSON where a tool call was expected)."""
        return self.reply(text_reply(text))

    def reply_tool(
        self, data: dict[str, Any], *, name: str = "respond", text_before: str | None = None
    ) -> FakeAnthropic:
        return self.reply(tool_reply(data, name=name, text_before=text_before))

    def reply_error(
        self,
        status: int,
        message: str | None = None,
        *,
        retry_after: float | None = 0.01,
        error_type: str | None = None,
    ) -> FakeAnthropic:
        """An API error. ``retry_after`` defaults small so SDK retries don't slow tests down."""
        return self.reply(error_reply(status, message, retry_after=retry_after, error_type=error_type))

    def reply_delay(self, seconds: float, reply: ReplyLike = "(late)") -> FakeAnthropic:
        """Answer ``reply`` after ``seconds`` (cut short when the server closes)."""
        base = self._coerce(reply)
        return self.reply(Reply(**{**base.__dict__, "delay": seconds}))

    def reply_raw_body(
        self, body: str, *, status: int = 200, content_type: str = "application/json"
    ) -> FakeAnthropic:
        """A broken HTTP answer: ``body`` sent verbatim."""
        return self.reply(Reply(status=status, raw_body=body, headers={"content-type": content_type}))

    # -- serving ---------------------------------------------------------------------------

    @staticmethod
    def _coerce(reply: ReplyLike) -> Reply:
        if isinstance(reply, Reply):
            return reply
        if isinstance(reply, str):
            return text_reply(reply)
        return tool_reply(reply)

    def _next_reply(self, body: dict[str, Any]) -> Reply:
        if self._script:
            return self._script.popleft()
        if self.responder is not None:
            return self._coerce(self.responder(body))
        return error_reply(400, "FakeAnthropic: no reply scripted for this call")

    async def _messages(self, request: web.Request) -> web.StreamResponse:
        try:
            body = await request.json()
        except ValueError:
            return _error_response(error_reply(400, "body is not JSON"))
        headers = {k.lower(): v for k, v in request.headers.items() if k.lower() not in _SECRET_HEADERS}
        self.requests.append(RecordedRequest(path=request.path, json=body, headers=headers))
        if self._arrived is not None:
            async with self._arrived:
                self._arrived.notify_all()
        reply = self._next_reply(body)
        if reply.delay > 0 and self._closing is not None:
            with suppress(TimeoutError):
                await asyncio.wait_for(self._closing.wait(), reply.delay)
        if reply.held is not None and self._closing is not None:
            await _first_of(reply.held.wait(), self._closing.wait())
        if reply.raw_body is not None:
            return web.Response(status=reply.status, text=reply.raw_body, headers=reply.headers)
        if reply.error is not None:
            return _error_response(reply)
        message = self._message(body, reply)
        if body.get("stream"):
            return await _stream(request, message)
        return web.json_response(message, headers=reply.headers)

    def _message(self, body: dict[str, Any], reply: Reply) -> dict[str, Any]:
        content = [
            {**block, "id": f"toolu_fake{next(self._ids):06d}"} if block["type"] == "tool_use" else block
            for block in reply.content
        ]
        return {
            "id": f"msg_fake{next(self._ids):06d}",
            "type": "message",
            "role": "assistant",
            "model": body.get("model", self.model),
            "content": content,
            "stop_reason": reply.stop_reason,
            "stop_sequence": None,
            "usage": reply.usage or self._usage(body, content),
        }

    def _usage(self, body: dict[str, Any], content: list[dict[str, Any]]) -> dict[str, int]:
        """Rough token counts (4 characters a token) with prompt caching of the system blocks."""
        system = body.get("system")
        blocks = [{"type": "text", "text": system}] if isinstance(system, str) else list(system or [])
        cached = "".join(b.get("text", "") for b in blocks if b.get("cache_control"))
        uncached = "".join(b.get("text", "") for b in blocks if not b.get("cache_control"))
        rest = json.dumps(body.get("messages", []), ensure_ascii=False) + json.dumps(body.get("tools", []))
        creation = read = 0
        if cached:
            if cached in self._cached_prefixes:
                read = _tokens(cached)
            else:
                creation = _tokens(cached)
                self._cached_prefixes.add(cached)
        output = sum(_tokens(b.get("text") or json.dumps(b.get("input", {}))) for b in content)
        return {
            "input_tokens": _tokens(uncached + rest),
            "output_tokens": output,
            "cache_creation_input_tokens": creation,
            "cache_read_input_tokens": read,
        }


class ThreadedFakeAnthropic:
    """The same fake, served from its own event loop in a thread (for sync code and benchmarks)."""

    def __init__(self, **kwargs: Any) -> None:
        self.fake = FakeAnthropic(**kwargs)
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="fake-anthropic", daemon=True)

    @contextmanager
    def running(self) -> Iterator[FakeAnthropic]:
        self._thread.start()
        try:
            asyncio.run_coroutine_threadsafe(self.fake.start(), self._loop).result(timeout=10)
            yield self.fake
        finally:
            asyncio.run_coroutine_threadsafe(self.fake.close(), self._loop).result(timeout=10)
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(timeout=10)
            self._loop.close()


def _tokens(text: str) -> int:
    return max(1, len(text) // 4) if text else 0


def _number(seconds: float) -> str:
    return str(int(seconds)) if float(seconds).is_integer() else f"{seconds:g}"


def _error_response(reply: Reply) -> web.Response:
    payload = {"type": "error", "error": reply.error}
    headers = {"request-id": "req_fake", **reply.headers}
    return web.json_response(payload, status=reply.status, headers=headers)


async def _stream(request: web.Request, message: dict[str, Any]) -> web.StreamResponse:
    """Send ``message`` as the Messages API's server-sent events."""
    response = web.StreamResponse(headers={"content-type": "text/event-stream", "cache-control": "no-cache"})
    await response.prepare(request)

    async def send(event: str, data: dict[str, Any]) -> None:
        line = f"event: {event}\ndata: {json.dumps({'type': event, **data}, ensure_ascii=False)}\n\n"
        await response.write(line.encode())

    usage = message["usage"]
    start_usage = {**usage, "output_tokens": 1}
    await send(
        "message_start", {"message": {**message, "content": [], "stop_reason": None, "usage": start_usage}}
    )
    for index, block in enumerate(message["content"]):
        if block["type"] == "text":
            await send("content_block_start", {"index": index, "content_block": {"type": "text", "text": ""}})
            for chunk in _chunks(block["text"]):
                await send(
                    "content_block_delta", {"index": index, "delta": {"type": "text_delta", "text": chunk}}
                )
        else:
            await send("content_block_start", {"index": index, "content_block": {**block, "input": {}}})
            for chunk in _chunks(json.dumps(block["input"], ensure_ascii=False)):
                await send(
                    "content_block_delta",
                    {"index": index, "delta": {"type": "input_json_delta", "partial_json": chunk}},
                )
        await send("content_block_stop", {"index": index})
    await send(
        "message_delta",
        {
            "delta": {"stop_reason": message["stop_reason"], "stop_sequence": None},
            "usage": {"output_tokens": usage["output_tokens"]},
        },
    )
    await send("message_stop", {})
    await response.write_eof()
    return response


def _chunks(text: str, size: int = 8) -> list[str]:
    return [text[i : i + size] for i in range(0, len(text), size)] or [""]


async def _first_of(*waits: Coroutine[Any, Any, Any]) -> None:
    """Wait until one of ``waits`` is done (a held reply is released, or the server closes)."""
    tasks = [asyncio.ensure_future(wait) for wait in waits]
    try:
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in tasks:
            task.cancel()
