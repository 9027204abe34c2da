"""The scheduler driving the real ReflectionService, as the composition root wires them."""

from __future__ import annotations

import asyncio
import itertools
from pathlib import Path
from typing import Any

from llm.offline import OfflineLLM
from memory import Embedder, Memory, MemoryConfig
from reflection import ReflectionService, ReflectionSettings
from scheduler import EkoScheduler
from store import open_database
from tests.conftest import FakeClock


class LobbyLog:
    """A ChatConnection over a list; ``posted`` is set when Eko says something."""

    def __init__(self, clock: FakeClock) -> None:
        self._clock = clock
        self._ids = itertools.count(1)
        self.messages: list[dict[str, Any]] = []
        self.posted = asyncio.Event()

    @property
    def bot_name(self) -> str:
        return "Eko"

    def say(self, author: str, text: str) -> dict[str, Any]:
        ts = self._clock().isoformat(timespec="milliseconds").replace("+00:00", "Z")
        message = {"id": f"m{next(self._ids)}", "room": "lobby", "author": author, "text": text, "ts": ts}
        self.messages.append(message)
        return message

    def recent_messages(self, limit: int = 20) -> list[dict[str, Any]]:
        return list(self.messages[-limit:]) if limit > 0 else []

    async def post(self, text: str) -> dict[str, Any]:
        message = self.say("Eko", text)
        self.posted.set()
        return message

    async def emit(self, event: str, data: dict[str, Any]) -> None:
        return None


async def test_scheduled_jobs_run_reflection_through_its_public_api(
    tmp_path: Path, embedder: Embedder, clock: FakeClock
) -> None:
    memory = await Memory.open(MemoryConfig(path=tmp_path / "qdrant"), embedder, clock=clock)
    database = await open_database(None, tmp_path, "eko")
    lobby = LobbyLog(clock)
    try:
        await memory.add("goal", "C'est quoi exactement Kraken FM ?", author="Eko")
        lobby.say("David", "bon aujourd'hui je vais bosser sur Kraken")
        service = ReflectionService(
            memory=memory,
            llm=OfflineLLM(),
            db=database.db,
            chat=lobby,
            settings=ReflectionSettings(quiet_hours=""),
            clock=clock,
        )
        await service.start()
        three_runs = asyncio.Event()
        runs = 0

        async def reflection_job() -> None:
            nonlocal runs
            await service.run_scheduled()
            runs += 1
            if runs >= 3:
                three_runs.set()

        sched = EkoScheduler(
            reflection_job, service.run_activity, reflection_schedule="40ms", activity_schedule="30ms"
        )
        sched.start()
        try:
            await asyncio.wait_for(lobby.posted.wait(), timeout=5)
            # A few more runs: the last message is now Eko's, so they stop at the guards.
            await asyncio.wait_for(three_runs.wait(), timeout=5)
        finally:
            await sched.shutdown()
            await service.close()
        status = await service.status()
        assert sched.counters()["reflection"]["failures"] == 0
        assert sched.counters()["activity"]["failures"] == 0
        assert [m["author"] for m in lobby.messages].count("Eko") == 1
        assert status["stats"]["messageCount"] == 1
        assert status["stats"]["totalReflections"] >= 2
        assert any(r.get("skipReason") == "last_message_is_bot" for r in status["history"])
        assert not service.is_running
    finally:
        await database.close()
        await memory.close()
