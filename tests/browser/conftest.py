"""Browser fixtures: the whole stack in-process (Lobby + page, reflection routes, Eko's real bot
connection and ReflectionService, the fake Messages API) and headless Debian Chromium."""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web

from bot import Bot, LobbyConnection
from llm.anthropic_adapter import AnthropicLLM
from lobby import Lobby
from memory import Embedder, Memory, MemoryConfig
from reflection import ReflectionService, ReflectionSettings
from reflection.http import routes as reflection_routes
from store import open_database
from tests.conftest import FakeClock
from tests.fakes.anthropic_server import FakeAnthropic, Reply, tool_reply

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_INSTALLED = CHROMIUM.exists()
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--headless",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]
BOT_TOKEN = "browser-test-bot-token"
GOALS = ("C'est quoi exactement Kraken FM ?", "Qui est Corentin ?")
MODEL_DELAY_S = 0.3  # long enough to watch "thinking" in the page, short enough for the suite


def model_replies() -> Any:
    """The fake model phrases each curiosity it is asked about (one reply per call)."""
    numbers = itertools.count(1)

    def reply(body: dict[str, Any]) -> Reply:
        number = next(numbers)
        data = {
            "action": "message",
            "message": f"Au fait, c'est quoi exactement Kraken FM ? (question {number})",
            "reason": "Cette curiosité attend depuis un moment",
            "tone": "playful",
        }
        return tool_reply(data, delay=MODEL_DELAY_S)

    return reply


@dataclass
class Stack:
    url: str
    service: ReflectionService
    connection: LobbyConnection
    fake: FakeAnthropic
    memory: Memory
    clock: FakeClock  # reflection's clock (starts now): tests move it past the 60 s manual bound


@pytest.fixture
async def stack(tmp_path: Path, free_port: int, embedder: Embedder) -> AsyncIterator[Stack]:
    database = await open_database(None, tmp_path, "eko")
    memory = await Memory.open(MemoryConfig(path=tmp_path / "qdrant"), embedder)
    for goal in GOALS:
        await memory.add("goal", goal, author="Eko")
    clock = FakeClock(datetime.now(UTC))
    lobby = Lobby(database.messages, bot_token=BOT_TOKEN)
    url = f"http://127.0.0.1:{free_port}"
    connection = LobbyConnection(url=url, bot_name="Eko", token=BOT_TOKEN, backoff_initial_s=0.05)
    async with FakeAnthropic() as fake:
        fake.responder = model_replies()
        llm = AnthropicLLM("claude-haiku-4-5", 5.0, 0, api_key="sk-ant-browser-test", base_url=fake.base_url)
        service = ReflectionService(
            memory=memory,
            llm=llm,
            db=database.db,
            chat=connection,
            settings=ReflectionSettings(quiet_hours=""),
            clock=clock,
        )
        await service.start()
        app = web.Application()
        lobby.attach(app)
        app.add_routes(reflection_routes(service, None))
        runner = web.AppRunner(app, access_log=None, shutdown_timeout=0.5)
        await runner.setup()
        await web.TCPSite(runner, "127.0.0.1", free_port).start()
        bot = Bot(connection=connection, memory=memory, llm=llm, reflection=service)
        await bot.start()
        try:
            assert await connection.wait_connected(within_s=5), "Eko did not join the Lobby"
            yield Stack(
                url=url, service=service, connection=connection, fake=fake, memory=memory, clock=clock
            )
        finally:
            await bot.stop()
            await service.close()
            await lobby.close()
            await runner.cleanup()
            await llm.aclose()
            await memory.close()
            await database.close()


@pytest.fixture
async def browser() -> AsyncIterator[Any]:
    if not CHROMIUM_INSTALLED:
        pytest.skip(f"{CHROMIUM} is not installed (apt-get install chromium)")
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        chromium = await playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            await chromium.close()
