"""Several Lobby processes: redis-server, two `eko lobby` on one data directory, and one `eko bot`."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
from pathlib import Path
from typing import Any

import pytest
import socketio

from tests.conftest import unused_port
from tests.e2e.test_up import Human, _command, _health_once_bot_joined, _stop
from tests.redis_server import RedisServer

pytestmark = pytest.mark.slow

TOKEN = "test-bot-token-not-a-secret-123"


def _env(data_dir: Path, redis_url: str, **more: str) -> dict[str, str]:
    env = {
        **os.environ,
        "EKO_DATA_DIR": str(data_dir),
        "EKO_BOT_TOKEN": TOKEN,
        "EKO_REDIS_URL": redis_url,
        "EKO_LOG_LEVEL": "WARNING",
        "EKO_QUIET_HOURS": "",
        "EKO_REFLECTION_SCHEDULE": "1d",
        "EKO_ACTIVITY_SCHEDULE": "1d",
        **more,
    }
    env.pop("ANTHROPIC_API_KEY", None)
    return env


async def _bot_refused(url: str) -> dict[str, Any]:
    client = socketio.AsyncClient(reconnection=False)
    refused: asyncio.Queue[Any] = asyncio.Queue()
    client.on("connect_error", refused.put_nowait)
    with pytest.raises(socketio.exceptions.ConnectionError):
        await client.connect(url, auth={"name": "Eko", "token": TOKEN}, transports=["websocket"])
    answer: dict[str, Any] = await asyncio.wait_for(refused.get(), 5)
    await client.shutdown()
    return answer


async def test_two_lobby_processes_share_the_room_and_one_eko(
    tmp_path: Path, redis_server: RedisServer
) -> None:
    data_dir = tmp_path / "data"
    lobbies = {}
    for name in ("a", "b"):
        port = unused_port()
        process = _command(["lobby"], _env(data_dir, redis_server.url, EKO_PORT=str(port)))
        lobbies[name] = (process, f"http://127.0.0.1:{port}")
    try:
        for process, url in lobbies.values():
            assert process.stdout is not None
            assert process.stdout.readline().strip() == f"Eko est prêt : ouvrez {url}"
        url_a, url_b = lobbies["a"][1], lobbies["b"][1]
        bot = _command(["bot", "--lobby-url", url_a, "--port", "0"], _env(data_dir, redis_server.url))
        try:
            assert bot.stdout is not None
            health_url = bot.stdout.readline().strip().split(" ; santé : ")[1]
            await _health_once_bot_joined(health_url)
            # What cannot be shared still refuses with one line: Eko's embedded memory storage.
            second = _command(
                ["bot", "--lobby-url", url_b, "--port", "0"],
                _env(data_dir, redis_server.url, EKO_LANGUAGE="en"),  # the English line is checked
            )
            _out, err = await asyncio.to_thread(second.communicate, timeout=120)
            assert second.returncode == 1
            lines = [line for line in err.splitlines() if line.startswith("eko: ")]
            assert len(lines) == 1 and "in use by another process" in lines[0], err
            assert "Traceback" not in err

            lobby_health = await _health_once_bot_joined(f"{url_b}/health")
            assert lobby_health["parts"]["redis"] == {"up": True}
            assert lobby_health["parts"]["lobby"]["botConnected"] is False  # Eko is on A
            # The bot's name cannot be taken twice, whichever process a second Eko tries.
            refusal = await _bot_refused(url_b)
            assert refusal["message"] == "Eko est déjà connecté."
            assert refusal["data"]["code"] == "bot_connected"

            alice, bob = Human(url_a, "Alice"), Human(url_b, "Bob")
            senders: list[Human] = []
            await alice.connect()
            await bob.connect()
            try:
                assert (await alice.say("Salut Bob !"))["ok"] is True
                await bob.wait_for(lambda m: m["text"] == "Salut Bob !")
                assert (await bob.say("Eko, qui est Corentin ?"))["ok"] is True
                answer = await alice.wait_for(lambda m: m["author"] == "Eko")
                await bob.wait_for(lambda m: m["id"] == answer["id"])
                assert (await alice.say("merci"))["ok"] is True  # after it: whatever was on its way has come
                for human in (alice, bob):
                    await human.wait_for(lambda m: m["text"] == "merci")
                    assert [m["author"] for m in human.messages].count("Eko") == 1
                assert [m["id"] for m in alice.messages] == [m["id"] for m in bob.messages]

                # Bob, on B, asks Eko (on A) to reflect now: the trigger and its ack cross Redis, the
                # reflection's progress reaches both, and what it posts is posted once.
                started = await bob.client.call("reflection:trigger", {}, timeout=15)
                assert started["ok"] is True, started
                for human in (alice, bob):
                    await asyncio.wait_for(human.reflection_done.wait(), 30)
                    phases = [
                        p["phase"] for p in human.progress if p["reflectionId"] == started["reflectionId"]
                    ]
                    assert phases[-1] == "done"
                assert (await alice.say("vu"))["ok"] is True
                for human in (alice, bob):
                    await human.wait_for(lambda m: m["text"] == "vu")
                assert [m["id"] for m in alice.messages] == [m["id"] for m in bob.messages]
                assert [m["author"] for m in alice.messages].count("Eko") <= 2  # the answer, one question

                # Kill B (SIGKILL) while people on it send: every message B acknowledged is kept.
                senders += [Human(url_b, f"P{i}") for i in range(8)]
                for sender in senders:
                    await sender.connect()
                acknowledged: list[str] = []
                five = asyncio.Event()

                async def burst(sender: Human) -> None:
                    for n in range(4):  # within the flood limit (5 in 5 s)
                        ack = await sender.say(f"{sender.name} n°{n}")
                        acknowledged.append(ack["message"]["id"])
                        if len(acknowledged) >= 5:
                            five.set()

                sending = asyncio.gather(*(burst(sender) for sender in senders))
                await asyncio.wait_for(five.wait(), 10)
                lobbies["b"][0].send_signal(signal.SIGKILL)
                with pytest.raises((socketio.exceptions.SocketIOError, TimeoutError)):
                    await sending
                assert acknowledged
                await alice.wait_for(lambda m: m["id"] == acknowledged[-1])
                carol = Human(url_a, "Carol")
                await carol.connect()
                for _ in range(1000):
                    if carol.history:
                        break
                    await asyncio.sleep(0.01)
                await carol.close()
                history = [m["id"] for m in carol.history]
                assert set(acknowledged) <= set(history)
                for _ in range(1000):  # all Alice saw live, in the same order as the history
                    if len(alice.messages) >= len(history):
                        break
                    await asyncio.sleep(0.01)
                assert [m["id"] for m in alice.messages] == history
            finally:
                await alice.close()
                for human in (bob, *senders):
                    with contextlib.suppress(Exception):  # their process is gone
                        await human.close()
        finally:
            _stop(bot)
    finally:
        _stop(lobbies["a"][0])
        if lobbies["b"][0].poll() is None:
            lobbies["b"][0].kill()


def test_a_lobby_that_cannot_reach_redis_says_so_in_one_line(tmp_path: Path) -> None:
    closed = unused_port()  # nothing listens there
    env = _env(
        tmp_path / "data",
        f"redis://:hunter2-not-a-secret@127.0.0.1:{closed}/0",
        EKO_PORT=str(unused_port()),
        EKO_LANGUAGE="en",  # the English line is checked (tests/eko/test_console.py checks both)
    )
    process = _command(["lobby"], env)
    _out, err = process.communicate(timeout=60)
    assert process.returncode == 1, err
    lines = [line for line in err.splitlines() if line.startswith("eko: ")]
    assert lines == [
        "eko: the shared room (Redis) is unavailable: Redis unreachable (connection refused): "
        "check EKO_REDIS_URL"
    ], err
    assert "Traceback" not in err
    assert "hunter2" not in err


def test_two_lobbies_on_one_data_directory_without_redis_are_refused_in_one_line(tmp_path: Path) -> None:
    env = _env(tmp_path / "data", "", EKO_PORT=str(unused_port()), EKO_LANGUAGE="en")
    first = _command(["lobby"], env)
    try:
        assert first.stdout is not None and first.stdout.readline().startswith("Eko is ready")
        second = _command(["lobby"], {**env, "EKO_PORT": str(unused_port())})
        _out, err = second.communicate(timeout=60)
        assert second.returncode == 1, err
        lines = [line for line in err.splitlines() if line.startswith("eko: ")]
        assert lines == [
            f"eko: another Lobby process serves {tmp_path / 'data'}; to run several, give each EKO_REDIS_URL"
        ], err
        shared = _command(
            ["lobby"],
            _env(tmp_path / "data", "redis://127.0.0.1:1/0", EKO_PORT=str(unused_port()), EKO_LANGUAGE="en"),
        )
        _out, err = shared.communicate(timeout=60)
        assert shared.returncode == 1, err
        assert (
            f"eko: a Lobby without EKO_REDIS_URL serves {tmp_path / 'data'}: give it EKO_REDIS_URL too" in err
        )
    finally:
        _stop(first)
