"""Lobby fixtures: a real Lobby on an aiohttp server on 127.0.0.1, and real Socket.IO clients."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
import socketio
from aiohttp import web

from lobby import Lobby
from store import Database, MessageLog, open_database

BOT_TOKEN = "test-bot-token-not-a-secret"
_RECORDED = ("history", "message", "presence", "reflection:progress", "reflection:update")
WAIT = 5.0


class LobbyServer:
    """A Lobby served on ``port`` with its store under ``data_dir``; can be stopped and started again.

    ``wrap_log`` wraps the store's message log (a test double around the real one).
    """

    def __init__(
        self,
        data_dir: Path,
        port: int,
        clock: Callable[[], datetime],
        wrap_log: Callable[[MessageLog], Any] | None = None,
        **options: Any,
    ) -> None:
        self.data_dir = data_dir
        self.wrap_log = wrap_log
        self.port = port
        self.clock = clock
        self.options = options
        self.url = f"http://127.0.0.1:{port}"
        self.lobby: Lobby | None = None
        self.database: Database | None = None
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        self.database = await open_database(None, self.data_dir, "eko")
        log = self.database.messages if self.wrap_log is None else self.wrap_log(self.database.messages)
        self.lobby = Lobby(log, bot_token=BOT_TOKEN, clock=self.clock, **self.options)
        app = web.Application()
        self.lobby.attach(app)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        await web.TCPSite(self._runner, "127.0.0.1", self.port).start()

    async def stop(self) -> None:
        if self.lobby is not None:
            await self.lobby.close()
        if self._runner is not None:
            await self._runner.cleanup()
        if self.database is not None:
            await self.database.close()
        self.lobby = self.database = self._runner = None


class Client:
    """A real python-socketio client that records what the Lobby sends it."""

    def __init__(self, url: str, *, reconnection: bool = False) -> None:
        self.url = url
        self.sio = socketio.AsyncClient(
            reconnection=reconnection, reconnection_delay=0.05, reconnection_delay_max=0.2
        )
        self.events: dict[str, asyncio.Queue[Any]] = {
            name: asyncio.Queue() for name in (*_RECORDED, "refused")
        }
        self.trigger_answer: Any = {"ok": True}
        self._released = asyncio.Event()
        self.triggers: list[Any] = []
        for name in _RECORDED:
            self.sio.on(name, self._recorder(name))
        self.sio.on("connect_error", self._recorder("refused"))
        self.sio.on("reflection:trigger", self._on_trigger)

    def _recorder(self, name: str) -> Callable[[Any], Any]:
        async def record(data: Any = None) -> None:
            self.events[name].put_nowait(data)

        return record

    async def _on_trigger(self, data: Any) -> Any:
        self.triggers.append(data)
        if self.trigger_answer == "never":
            await self._released.wait()
        return self.trigger_answer

    async def connect(self, auth: Any) -> None:
        await self.sio.connect(self.url, auth=auth, transports=["websocket"], wait_timeout=WAIT)

    async def next(self, event: str, wait: float = WAIT) -> Any:
        return await asyncio.wait_for(self.events[event].get(), wait)

    def pending(self, event: str) -> int:
        return self.events[event].qsize()

    async def send(self, payload: Any) -> Any:
        return await self.sio.call("message", payload, timeout=WAIT)

    async def close(self) -> None:
        self._released.set()
        await self.sio.shutdown()  # disconnects, or stops reconnection attempts


@pytest.fixture
async def server(tmp_path: Path, free_port: int, clock: Callable[[], datetime]) -> AsyncIterator[LobbyServer]:
    server = LobbyServer(tmp_path, free_port, clock)
    await server.start()
    yield server
    await server.stop()


@pytest.fixture
async def clients(server: LobbyServer) -> AsyncIterator[Callable[..., Any]]:
    """``await connect(name, token=None)`` returns a connected :class:`Client` that has its history."""
    async with connector(server.url) as connect:
        yield connect


@asynccontextmanager
async def connector(default_url: str) -> AsyncIterator[Callable[..., Any]]:
    """``await connect(name, token=None, url=default_url)``: a connected :class:`Client`, closed at exit."""
    opened: list[Client] = []

    async def connect(name: str, token: str | None = None, url: str | None = None, **options: Any) -> Client:
        client = Client(url or default_url, **options)
        opened.append(client)
        auth: dict[str, Any] = {"name": name}
        if token is not None:
            auth["token"] = token
        await client.connect(auth)
        return client

    try:
        yield connect
    finally:
        for client in opened:
            await client.close()


async def refused(url: str, auth: Any) -> dict[str, Any]:
    """The ``refused`` event of a connection the Lobby turns away (its ``message`` and ``data``)."""
    client = Client(url)
    try:
        with pytest.raises(socketio.exceptions.ConnectionError):
            await client.connect(auth)
        return dict(await client.next("refused"))
    finally:
        await client.close()
