"""How Eko's HTTP server treats a client's mistakes: a malformed request is one warning line, not a
traceback; a body that cannot be decoded is a 400; a connection that never completes its request
head is closed.

aiohttp logs a request it cannot parse (a request line or header over 8,190 bytes, a broken header)
with ``logger.exception``: a traceback at ERROR for what is the client's mistake, answered 400 all
the same. The server gets :class:`ClientErrorLog` instead of aiohttp's logger (per server, no global
change); every other record goes where aiohttp's own would.
"""

from __future__ import annotations

import asyncio
import logging
import socket
from typing import Any

from aiohttp import web
from aiohttp.http_exceptions import HttpProcessingError
from aiohttp.typedefs import Handler

log = logging.getLogger(__name__)


class ClientErrorLog(logging.Logger):
    """``base``'s records, with a client's malformed request downgraded to one warning line."""

    def __init__(self, base: logging.Logger) -> None:
        super().__init__(base.name)
        self.parent = base  # handlers, level and propagation: those of aiohttp's logger

    def exception(self, msg: object, *args: object, exc_info: Any = True, **kwargs: Any) -> None:
        if isinstance(exc_info, HttpProcessingError):
            self.warning(
                "malformed HTTP request refused",
                extra={"status": exc_info.code, "reason": str(exc_info.message)[:200]},
            )
            return
        if isinstance(exc_info, web.RequestPayloadError):
            # A body that cannot be decoded, met again when aiohttp discards what a handler did not
            # read: answered (or never needed) already, see unreadable_body.
            self.debug("request body discarded: %s", str(exc_info)[:200])
            return
        super().exception(msg, *args, exc_info=exc_info, **kwargs)


@web.middleware
async def unreadable_body(request: web.Request, handler: Handler) -> web.StreamResponse:
    """A request body aiohttp cannot decode (``Content-Encoding: gzip`` over bytes that are not gzip,
    a body cut short) is the client's mistake: 400 and one warning line. Raised in a handler, it was
    a 500 "Server got itself in trouble" and two tracebacks (the handler's, then aiohttp's while
    discarding the rest)."""
    try:
        return await handler(request)
    except web.RequestPayloadError as exc:
        reason = str(exc.__cause__ or exc).strip()[:200]
        log.warning("request body refused", extra={"path": request.path[:100], "reason": reason})
        return web.json_response(
            {"error": "the request body cannot be read (check its Content-Encoding)", "code": "bad_body"},
            status=400,
        )


class HeadDeadline(asyncio.Protocol):
    """aiohttp's protocol for one connection, closed when no complete request head (request line
    and headers, up to the blank line) arrives within ``timeout_s`` of connecting.

    aiohttp's keep-alive timer only closes a connection after a first response: one that sends
    nothing, half a request line or part of its headers was held open for good, a file descriptor
    each (probed: still open after 200 s). nginx's ``client_header_timeout`` is the same guard.
    Everything else is aiohttp's: every call is passed on to it unchanged."""

    def __init__(self, inner: asyncio.Protocol, timeout_s: float, log: logging.Logger) -> None:
        self._inner = inner
        self._timeout_s = timeout_s
        self._log = log
        self._timer: asyncio.TimerHandle | None = None
        self._tail = b""  # the last bytes seen, to find a head's end split across two reads
        self._transport: asyncio.BaseTransport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self._transport = transport
        self._timer = asyncio.get_running_loop().call_later(self._timeout_s, self._expire)
        self._inner.connection_made(transport)

    def data_received(self, data: bytes) -> None:
        if self._timer is not None:
            seen = self._tail + data
            if b"\r\n\r\n" in seen:
                self._timer.cancel()
                self._timer = None
            self._tail = seen[-3:]
        self._inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self._inner.eof_received()

    def connection_lost(self, exc: Exception | None) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self._inner.connection_lost(exc)

    def pause_writing(self) -> None:
        self._inner.pause_writing()

    def resume_writing(self) -> None:
        self._inner.resume_writing()

    def _expire(self) -> None:
        self._timer = None
        if self._transport is not None and not self._transport.is_closing():
            peer = self._transport.get_extra_info("peername")
            self._log.warning(
                "connection closed: no complete request head in time",
                extra={"timeout_s": self._timeout_s, "peer": str(peer[0]) if peer else None},
            )
            self._transport.close()


class HeadDeadlineSite(web.SockSite):
    """``web.SockSite`` whose connections each go through :class:`HeadDeadline`."""

    __slots__ = ("_head_log", "_head_timeout_s")

    def __init__(self, runner: web.BaseRunner, sock: socket.socket, head_timeout_s: float) -> None:
        super().__init__(runner, sock)
        self._head_timeout_s = head_timeout_s
        self._head_log = logging.getLogger("eko.serving")

    async def start(self) -> None:
        # SockSite.start with the protocol factory wrapped (aiohttp has no hook for it).
        await web.BaseSite.start(self)
        server = self._runner.server
        assert server is not None
        self._server = await asyncio.get_running_loop().create_server(
            lambda: HeadDeadline(server(), self._head_timeout_s, self._head_log),
            sock=self._sock,
            ssl=self._ssl_context,
            backlog=self._backlog,
        )
