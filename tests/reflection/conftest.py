"""Reflection fixtures: a real embedded store and Qdrant in tmp_path, a recording Lobby connection and
a scripted model that counts its calls (a real object implementing ``llm.port.LLM``, no mocks)."""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from pymongo.asynchronous.database import AsyncDatabase

from llm.port import LLMError, LLMMode, LLMRequest, LLMResponse, LLMUnavailable, PurposeStats, Usage
from memory import Embedder, Memory, MemoryConfig
from reflection import ReflectionService, ReflectionSettings
from store import open_database
from tests.conftest import FakeClock


class RecordingChat:
    """A ChatConnection over a list: tests say things in the Lobby, Eko's posts and events are kept."""

    def __init__(self, clock: FakeClock, bot_name: str = "Eko") -> None:
        self._clock = clock
        self._bot_name = bot_name
        self.messages: list[dict[str, Any]] = []
        self.posts: list[str] = []
        self.events: list[tuple[str, dict[str, Any]]] = []
        self.refuse_posts = False
        self._ids = itertools.count(1)

    @property
    def bot_name(self) -> str:
        return self._bot_name

    def say(self, author: str, text: str) -> dict[str, Any]:
        ts = self._clock().isoformat(timespec="milliseconds").replace("+00:00", "Z")
        message = {"id": f"m{next(self._ids)}", "room": "lobby", "author": author, "text": text, "ts": ts}
        self.messages.append(message)
        return message

    def recent_messages(self, limit: int = 20) -> list[dict[str, Any]]:
        return list(self.messages[-limit:]) if limit > 0 else []

    async def post(self, text: str) -> dict[str, Any]:
        if self.refuse_posts:
            raise ConnectionError("not connected to the Lobby")
        self.posts.append(text)
        return self.say(self._bot_name, text)

    async def emit(self, event: str, data: dict[str, Any]) -> None:
        self.events.append((event, data))

    def phases(self, reflection_id: str | None = None) -> list[str]:
        return [
            data["phase"]
            for event, data in self.events
            if event == "reflection:progress"
            and (reflection_id is None or data["reflectionId"] == reflection_id)
        ]


@dataclass
class ScriptedLLM:
    """``llm.port.LLM`` answering scripted JSON objects (or raising scripted errors), counting calls."""

    replies: list[dict[str, Any] | LLMError] = field(default_factory=list)
    mode_value: LLMMode = "anthropic"
    tokens_per_call: int = 100
    requests: list[LLMRequest] = field(default_factory=list)

    @property
    def mode(self) -> LLMMode:
        return self.mode_value

    @property
    def model(self) -> str:
        return "scripted-model"

    @property
    def calls(self) -> int:
        return len(self.requests)

    def purposes(self) -> list[str]:
        return [r.purpose for r in self.requests]

    async def complete(self, request: LLMRequest) -> LLMResponse:
        if self.mode_value == "offline":
            raise LLMUnavailable("offline")
        self.requests.append(request)
        if not self.replies:
            raise AssertionError(f"unexpected model call ({request.purpose})")
        reply = self.replies.pop(0)
        if isinstance(reply, LLMError):
            raise reply
        return LLMResponse(
            model=self.model,
            usage=Usage(input_tokens=self.tokens_per_call - 20, output_tokens=20),
            data=reply,
        )

    def stats(self) -> dict[str, PurposeStats]:
        return {}

    async def aclose(self) -> None:
        return None


@pytest.fixture
def chat(clock: FakeClock) -> RecordingChat:
    return RecordingChat(clock)


@pytest.fixture
def llm() -> ScriptedLLM:
    return ScriptedLLM()


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[AsyncDatabase[dict[str, Any]]]:
    database = await open_database(None, tmp_path / "data", "eko")
    yield database.db
    await database.close()


@pytest.fixture
async def memory(tmp_path: Path, embedder: Embedder, clock: FakeClock) -> AsyncIterator[Memory]:
    mem = await Memory.open(MemoryConfig(path=tmp_path / "qdrant"), embedder, clock=clock)
    yield mem
    await mem.close()


@pytest.fixture
def settings() -> ReflectionSettings:
    return ReflectionSettings()


ServiceFactory = Callable[..., Awaitable[ReflectionService]]


@pytest.fixture
async def make_service(
    memory: Memory,
    llm: ScriptedLLM,
    db: AsyncDatabase[dict[str, Any]],
    chat: RecordingChat,
    settings: ReflectionSettings,
    clock: FakeClock,
) -> AsyncIterator[ServiceFactory]:
    """Build (and start) a service; keyword arguments override the fixtures' parts."""
    started: list[ReflectionService] = []

    async def build(**overrides: Any) -> ReflectionService:
        parts: dict[str, Any] = {
            "memory": memory,
            "llm": llm,
            "db": db,
            "chat": chat,
            "settings": settings,
            "clock": clock,
        }
        parts.update(overrides)
        service = ReflectionService(**parts)
        await service.start()
        started.append(service)
        return service

    yield build
    for service in started:
        await service.close()


def goal_reply(message: str = "Au fait, c'est quoi Kraken FM ?", tone: str = "playful") -> dict[str, Any]:
    return {"action": "message", "message": message, "reason": "personne n'en a parlé depuis", "tone": tone}


MINUTE = timedelta(minutes=1)
HOUR = timedelta(hours=1)
