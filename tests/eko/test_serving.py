"""How Eko's HTTP server answers a client's unreadable body (eko/serving.py): 400, one warning line."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator

import pytest
from aiohttp import web

from eko.serving import ClientErrorLog, unreadable_body
from tests.raw_http import raw_request


@pytest.fixture
async def port(free_port: int) -> AsyncIterator[int]:
    async def echo(request: web.Request) -> web.Response:
        return web.Response(body=await request.read())

    async def ignore(request: web.Request) -> web.Response:
        return web.Response(text="ok")

    app = web.Application(middlewares=[unreadable_body])
    app.add_routes([web.post("/echo", echo), web.get("/ignore", ignore)])
    runner = web.AppRunner(app, access_log=None, logger=ClientErrorLog(logging.getLogger("aiohttp.server")))
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", free_port).start()
    yield free_port
    await runner.cleanup()


async def _send(port: int, method: str, path: str, body: bytes) -> bytes:
    head = (
        f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Encoding: gzip\r\n"
        f"Content-Length: {len(body)}\r\nConnection: close"
    )
    return await raw_request(port, head, [body])


async def test_a_body_that_is_not_what_its_encoding_says_is_a_400_and_one_warning(
    port: int, caplog: pytest.LogCaptureFixture
) -> None:
    """'Content-Encoding: gzip' over bytes that are not gzip: a 500 and two tracebacks before."""
    caplog.set_level(logging.DEBUG)
    answer = await _send(port, "POST", "/echo", b"abc")
    assert answer.startswith(b"HTTP/1.1 400 ") and b'"code": "bad_body"' in answer
    answer = await _send(port, "GET", "/ignore", b"abc")  # found out while aiohttp discards the body
    assert answer.startswith(b"HTTP/1.1 200 ")
    for record in caplog.records:
        assert record.exc_info is None and record.levelno < logging.ERROR, record.getMessage()
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert warnings == ["request body refused"]
