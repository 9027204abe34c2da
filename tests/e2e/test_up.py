"""`eko up` end to end: the whole of Eko in one process, driven like a team would drive it."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest
import socketio

from eko.app import Running, start_up
from eko.settings import Settings

pytestmark = pytest.mark.slow


class Human:
    """A real Socket.IO client, as the page would be."""

    def __init__(self, url: str, name: str) -> None:
        self.url = url
        self.name = name
        self.client = socketio.AsyncClient(reconnection=False)
        self.messages: list[dict[str, Any]] = []
        self.progress: list[dict[str, Any]] = []
        self.updates: list[dict[str, Any]] = []
        self.history: list[dict[str, Any]] = []
        self._arrived = asyncio.Event()
        self.reflection_done = asyncio.Event()
        self.instant_reply: str | None = None  # sent the moment Eko's next message arrives

        @self.client.on("history")
        async def _history(data: dict[str, Any]) -> None:
            self.history = list(data["messages"])

        @self.client.on("message")
        async def _message(data: dict[str, Any]) -> None:
            self.messages.append(data)
            self._arrived.set()
            if self.instant_reply is not None and data.get("author") == "Eko":
                text, self.instant_reply = self.instant_reply, None
                await self.client.emit("message", {"text": text})

        @self.client.on("reflection:progress")
        async def _progress(data: dict[str, Any]) -> None:
            self.progress.append(data)
            if data.get("phase") == "done":
                self.reflection_done.set()

        @self.client.on("reflection:update")
        async def _update(data: dict[str, Any]) -> None:
            self.updates.append(data)

    async def connect(self) -> None:
        await self.client.connect(self.url, auth={"name": self.name}, transports=["websocket"])

    async def say(self, text: str) -> dict[str, Any]:
        ack: dict[str, Any] = await self.client.call("message", {"text": text}, timeout=10)
        return ack

    async def wait_for(self, predicate: Any, within_s: float = 20.0) -> dict[str, Any]:
        async with asyncio.timeout(within_s):
            while True:
                for message in self.messages:
                    if predicate(message):
                        return message
                self._arrived.clear()
                await self._arrived.wait()

    async def close(self) -> None:
        await self.client.disconnect()


def _settings(data_dir: Path, **overrides: Any) -> Settings:
    values: dict[str, Any] = {
        "data_dir": data_dir,
        "host": "127.0.0.1",
        "port": 0,
        "quiet_hours": "",
        "reflection_schedule": "1d",
        "activity_schedule": "1d",
        "log_level": "WARNING",
    }
    values.update(overrides)
    return Settings(**values)


@pytest.fixture
async def eko(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Running]:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    running = await start_up(_settings(tmp_path / "data"))
    try:
        yield running
    finally:
        await running.stop()


async def _wait_bot(running: Running) -> None:
    assert await running.parts["connection"].wait_connected(within_s=15)


async def test_team_chats_and_eko_answers_from_imported_facts(eko: Running) -> None:
    await _wait_bot(eko)
    memory = eko.parts["memory"]
    await memory.add("fact", "La mère de David vient de Besançon", about="David", author="MickTest2")
    await memory.add("fact", "Mickael est CTO chez lemapp", about="Mickael", author="David")

    alice, bob = Human(eko.url, "Alice"), Human(eko.url, "David")
    await alice.connect()
    await bob.connect()
    try:
        ack = await alice.say("Salut David, tu bosses sur quoi aujourd'hui ?")
        assert ack["ok"] is True
        await bob.wait_for(lambda m: m["author"] == "Alice")

        await bob.say("Eko, c'était quoi le nom du village de maman ?")
        reply = await alice.wait_for(lambda m: m["author"] == "Eko")
        assert "Besançon" in reply["text"]
        assert "MickTest2" in reply["text"]
    finally:
        await alice.close()
        await bob.close()

    async with aiohttp.ClientSession() as http, http.get(f"{eko.url}/health") as response:
        body = await response.json()
        assert response.status == 200, body
        assert body["parts"]["llm"]["mode"] == "offline"


async def test_unknown_question_becomes_a_curiosity(eko: Running) -> None:
    await _wait_bot(eko)
    human = Human(eko.url, "Mickael")
    await human.connect()
    try:
        await human.say("Eko, qui est Corentin ?")
        await human.wait_for(lambda m: m["author"] == "Eko")
    finally:
        await human.close()
    # The reply is posted first (the asker does not wait for the write); the goal follows it.
    await asyncio.wait_for(eko.parts["bot"].drain(), 10)
    goals = await eko.parts["memory"].list("goal", status="pending")
    assert any("Corentin" in goal.text for goal in goals)


async def test_reflect_now_asks_a_curiosity_and_counters_survive_a_restart(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    running = await start_up(_settings(data_dir))
    try:
        await _wait_bot(running)
        await running.parts["memory"].add("goal", "C'est quoi exactement Kraken FM ?", about="Kraken FM")
        human = Human(running.url, "David")
        await human.connect()
        try:
            async with (
                aiohttp.ClientSession() as http,
                http.post(f"{running.url}/reflection/trigger", json={}) as response,
            ):
                record = await response.json()
                assert response.status == 200, record
            assert record["action"] == "message"
            asked = await human.wait_for(lambda m: m["author"] == "Eko")
            assert "Kraken" in asked["text"]
            async with asyncio.timeout(5):
                await human.reflection_done.wait()
            phases = [p["phase"] for p in human.progress if p["reflectionId"] == record["id"]]
            assert phases == ["gathering", "context", "thinking", "done"]
        finally:
            await human.close()
        goal = await running.parts["memory"].get(record["goalId"])
        assert goal is not None and goal.status == "asked"
    finally:
        await running.stop()

    restarted = await start_up(_settings(data_dir))
    try:
        async with (
            aiohttp.ClientSession() as http,
            http.get(f"{restarted.url}/reflection/status") as response,
        ):
            status = await response.json()
        assert status["stats"]["messageCount"] >= 1
        assert status["history"][0]["id"] == record["id"]
        assert status["llmMode"] == "offline"
    finally:
        await restarted.stop()


async def test_an_answer_sent_the_instant_eko_asks_becomes_a_fact(eko: Running) -> None:
    await _wait_bot(eko)
    memory = eko.parts["memory"]
    goal = await memory.add("goal", "C'est quoi le Zorglub de Pénélope ?", about="Zorglub")
    human = Human(eko.url, "Nina")
    await human.connect()
    human.instant_reply = "Eko, le Zorglub de Pénélope c'est son vélo électrique"
    try:
        async with (
            aiohttp.ClientSession() as http,
            http.post(f"{eko.url}/reflection/trigger", json={}) as response,
        ):
            assert response.status == 200
        thanks = await human.wait_for(lambda m: m["author"] == "Eko" and "vélo" in m["text"])
        assert "Nina" in thanks["text"]
    finally:
        await human.close()
    await asyncio.wait_for(eko.parts["bot"].drain(), 10)
    answered = await memory.get(goal.id)
    assert answered.status == "answered"
    fact = await memory.get(answered.answer_fact_id)
    assert "vélo électrique" in fact.text and fact.author == "Nina"


def test_eko_up_command_prints_its_url_and_stops_cleanly_on_ctrl_c(tmp_path: Path, free_port: int) -> None:
    env = {
        **os.environ,
        "EKO_DATA_DIR": str(tmp_path / "data"),
        "EKO_PORT": str(free_port),
        "EKO_BOT_TOKEN": "test-bot-token-not-a-secret-123",
        "EKO_LOG_LEVEL": "INFO",
    }
    env.pop("ANTHROPIC_API_KEY", None)
    process = _command(["up"], env)
    try:
        assert process.stdout is not None
        first_line = process.stdout.readline()
        assert f"http://127.0.0.1:{free_port}" in first_line, first_line
    finally:
        err = _stop(process)  # exit code 0 asserted there
    assert "test-bot-token-not-a-secret-123" not in err
    assert "offline" in err
    assert "Traceback" not in err


def _command(args: list[str], env: dict[str, str]) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "eko.cli", *args],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _stop(process: subprocess.Popen[str]) -> str:
    """Ctrl-C, then stderr once it has exited (cleanly: exit code 0)."""
    try:
        process.send_signal(signal.SIGINT)
        _out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 0, err
    return err


async def _health_once_bot_joined(url: str) -> dict[str, Any]:
    async with aiohttp.ClientSession() as session, asyncio.timeout(30):
        while True:
            async with session.get(url) as response:
                body: dict[str, Any] = await response.json()
                if response.status == 200:
                    return body
            await asyncio.sleep(0.2)


async def test_eko_lobby_and_eko_bot_say_where_to_go(tmp_path: Path, free_port: int) -> None:
    base = {
        **os.environ,
        "EKO_BOT_TOKEN": "test-bot-token-not-a-secret-123",
        "EKO_LOG_LEVEL": "WARNING",
    }
    base.pop("ANTHROPIC_API_KEY", None)
    lobby_url = f"http://127.0.0.1:{free_port}"
    lobby = _command(["lobby"], {**base, "EKO_DATA_DIR": str(tmp_path / "lobby"), "EKO_PORT": str(free_port)})
    try:
        assert lobby.stdout is not None
        # The Lobby serves the page: its line says to open it.
        assert lobby.stdout.readline().strip() == f"Eko est prêt : ouvrez {lobby_url}"
        bot = _command(
            ["bot", "--lobby-url", lobby_url, "--port", "0"], {**base, "EKO_DATA_DIR": str(tmp_path / "bot")}
        )
        try:
            assert bot.stdout is not None
            # The bot serves no page: its line names the Lobby it joins and its own /health.
            line = bot.stdout.readline().strip()
            prefix = f"Eko rejoint le Lobby {lobby_url} ; santé : http://127.0.0.1:"
            assert line.startswith(prefix) and line.endswith("/health"), line
            assert "ouvrez" not in line
            health = await _health_once_bot_joined(line.split(" ; santé : ")[1])
            assert health["parts"]["bot"]["up"] is True
        finally:
            _stop(bot)
    finally:
        _stop(lobby)
