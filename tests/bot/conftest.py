"""Bot fixtures: a real Lobby server on 127.0.0.1, real memory in tmp_path, real Socket.IO clients.

The Lobby server and the recording human client come from the Lobby's own test helpers, so the bot
is tested against exactly what the Lobby tests exercise.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from bot import Bot, LobbyConnection
from bot.ports import ReflectionAPI
from llm import LLM, OfflineLLM
from memory import Embedder, Memory, MemoryConfig
from tests.conftest import FakeClock
from tests.fakes.fixtures import anthropic_llm, fake_anthropic  # noqa: F401
from tests.lobby.conftest import BOT_TOKEN, WAIT, Client, LobbyServer


@pytest.fixture
async def lobby_server(tmp_path: Path, free_port: int, clock: FakeClock) -> AsyncIterator[LobbyServer]:
    # Flood limit off: tests post more than 5 messages at one frozen instant of the fake clock.
    server = LobbyServer(tmp_path / "lobby", free_port, clock, flood_limit=(1000, 1.0))
    await server.start()
    yield server
    await server.stop()


@pytest.fixture
async def memory(tmp_path: Path, embedder: Embedder, clock: FakeClock) -> AsyncIterator[Memory]:
    mem = await Memory.open(MemoryConfig(path=tmp_path / "qdrant"), embedder, clock=clock)
    yield mem
    await mem.close()


@pytest.fixture
async def humans(lobby_server: LobbyServer) -> AsyncIterator[Callable[[str], Awaitable[Client]]]:
    """``await join(name)``: a connected human client whose history has been received."""
    opened: list[Client] = []

    async def join(name: str) -> Client:
        client = Client(lobby_server.url)
        opened.append(client)
        await client.connect({"name": name})
        await client.next("history")
        return client

    yield join
    for client in opened:
        await client.close()


class RecordingReflection:
    """A stand-in reflection service implementing the bot's ReflectionAPI, recording what it is told."""

    def __init__(self) -> None:
        self.answered: list[str] = []
        self.requests: list[str] = []

    def note_goal_answered(self, goal_id: str) -> None:
        self.answered.append(goal_id)

    def try_start_manual(self, requested_by: str) -> dict[str, Any]:
        self.requests.append(requested_by)
        return {"ok": True, "reflectionId": "r-1"}


@pytest.fixture
def reflection() -> RecordingReflection:
    return RecordingReflection()


@pytest.fixture
async def start_eko(
    lobby_server: LobbyServer, memory: Memory, clock: FakeClock
) -> AsyncIterator[Callable[..., Awaitable[Bot]]]:
    """``await start_eko(llm=None, reflection=None, language="fr", url=None)``: Eko joined the Lobby."""
    bots: list[Bot] = []

    async def start(
        llm: LLM | None = None,
        reflection: ReflectionAPI | None = None,
        language: Any = "fr",
        url: str | None = None,
        token: str = BOT_TOKEN,
        wait: bool = True,
    ) -> Bot:
        connection = LobbyConnection(
            url or lobby_server.url, "Eko", token, backoff_initial_s=0.05, backoff_max_s=0.2
        )
        bot = Bot(connection, memory, llm or OfflineLLM(), language, reflection=reflection, clock=clock)
        bots.append(bot)
        await bot.start()
        if wait:
            assert await connection.wait_connected(WAIT), "Eko did not join the Lobby"
        return bot

    yield start
    for bot in bots:
        await bot.stop()
