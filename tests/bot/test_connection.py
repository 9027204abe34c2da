"""The Lobby connection: joining, the rolling window, reconnection after restarts and refusals."""

from __future__ import annotations

import asyncio
import socket
import subprocess
import sys
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from bot import Bot, ChatPostError, LobbyConnection
from bot.connection import MessageWindow
from tests.conftest import FakeClock
from tests.lobby.conftest import BOT_TOKEN, WAIT, Client, LobbyServer

StartEko = Callable[..., Awaitable[Bot]]
Join = Callable[[str], Awaitable[Client]]


def _message(number: int, ts: str | None = None) -> dict[str, Any]:
    return {
        "id": f"id{number}",
        "room": "lobby",
        "author": "David",
        "text": f"message {number}",
        "ts": ts or f"2026-11-23T10:00:{number:02d}.000Z",
    }


def test_window_keeps_one_copy_of_each_message_in_order() -> None:
    window = MessageWindow(size=5)
    for number in (1, 2, 3):
        assert window.add(_message(number))
    assert not window.add(_message(2))

    fresh = window.merge([_message(n) for n in (0, 1, 2, 3, 4, 4)])

    assert [m["id"] for m in fresh] == ["id0", "id4"]
    assert [m["id"] for m in window.last(10)] == ["id0", "id1", "id2", "id3", "id4"]
    window.add(_message(5))
    assert [m["id"] for m in window.last(10)] == ["id1", "id2", "id3", "id4", "id5"]
    assert "id0" not in window
    assert window.add(_message(0))  # evicted ids can come back


async def test_joins_gets_history_and_keeps_a_window(
    start_eko: StartEko, humans: Join, lobby_server: LobbyServer
) -> None:
    david = await humans("David")
    for number in range(3):
        await david.send({"text": f"avant {number}"})
    bot = await start_eko()
    await david.send({"text": "après"})
    posted = await bot.connection.post("Bonjour !")

    await _until(lambda: len(bot.connection.recent_messages(50)) == 5)
    texts = [m["text"] for m in bot.connection.recent_messages(50)]
    assert texts == ["avant 0", "avant 1", "avant 2", "après", "Bonjour !"]
    assert posted["author"] == "Eko"
    assert [m["text"] for m in bot.connection.recent_messages(2)] == ["après", "Bonjour !"]
    assert lobby_server.lobby is not None and lobby_server.lobby.bot_connected


async def test_rejoins_after_the_server_restarts_without_duplicates(
    start_eko: StartEko, humans: Join, lobby_server: LobbyServer
) -> None:
    david = await humans("David")
    bot = await start_eko()
    connection = bot.connection
    assert isinstance(connection, LobbyConnection)
    for number in range(3):
        await david.send({"text": f"avant {number}"})
    await _until(lambda: len(connection.recent_messages(50)) == 3)

    await lobby_server.stop()
    await _until(lambda: not connection.connected)
    await lobby_server.start()  # same port, same store: history has the 3 messages
    assert await connection.wait_connected(WAIT)

    assert connection.connections == 2
    ids = [m["id"] for m in connection.recent_messages(200)]
    assert len(ids) == len(set(ids)) == 3
    # and it works as before: a mention is answered
    simon = Client(lobby_server.url)
    await simon.connect({"name": "Simon"})
    asked = await simon.send({"text": "Eko ?"})
    reply = await _reply(simon)
    assert reply["author"] == "Eko"
    assert reply["replyTo"] == asked["message"]["id"]  # the page shows which message it answers
    await simon.close()


async def test_a_mention_posted_while_eko_was_away_is_answered_after_it_rejoins(
    lobby_server: LobbyServer, memory: Any, clock: FakeClock
) -> None:
    connection = LobbyConnection(lobby_server.url, "Eko", BOT_TOKEN, backoff_initial_s=0.3, backoff_max_s=0.3)
    bot = Bot(connection, memory, _offline(), "fr", clock=clock)
    await bot.start()
    assert await connection.wait_connected(WAIT)
    david = Client(lobby_server.url)
    await david.connect({"name": "David"})
    await david.send({"text": "salut"})
    await _until(lambda: len(connection.recent_messages()) == 1)

    await lobby_server.stop()
    await lobby_server.start()
    await david.close()
    david = Client(lobby_server.url)
    await david.connect({"name": "David"})
    await david.send({"text": "Eko, tu es là ?"})  # before Eko is back (it waits ~0.3 s)
    reply = await _reply(david)

    assert reply["author"] == "Eko"
    await bot.drain()
    assert bot.counters.answered == 1
    await david.close()
    await bot.stop()


async def test_server_down_at_start_is_retried_until_it_comes_up(
    tmp_path: Any, free_port: int, clock: FakeClock, memory: Any
) -> None:
    server = LobbyServer(tmp_path / "late", free_port, clock)
    connection = LobbyConnection(server.url, "Eko", BOT_TOKEN, backoff_initial_s=0.05, backoff_max_s=0.1)
    await connection.start()
    await _until(lambda: connection.failed_attempts >= 2)
    assert not connection.connected
    with pytest.raises(ChatPostError):
        await LobbyConnection(server.url, "Eko", BOT_TOKEN, post_timeout_s=0.1).post("personne ?")

    await server.start()
    try:
        assert await connection.wait_connected(WAIT)
        assert (await connection.post("me voilà"))["text"] == "me voilà"
    finally:
        await connection.stop()
        await server.stop()


async def test_a_refused_connection_is_retried_and_never_joins(lobby_server: LobbyServer) -> None:
    connection = LobbyConnection(
        lobby_server.url, "Eko", "wrong-token", backoff_initial_s=0.05, backoff_max_s=0.1
    )
    await connection.start()
    try:
        await _until(lambda: connection.failed_attempts >= 2)
        assert not connection.connected
        assert lobby_server.lobby is not None and not lobby_server.lobby.bot_connected
    finally:
        await connection.stop()


async def test_post_refused_by_the_lobby_raises_a_clear_error(start_eko: StartEko) -> None:
    bot = await start_eko()

    with pytest.raises(ChatPostError, match="refused"):
        await bot.connection.post("   ")


async def test_stop_while_the_server_is_unreachable_returns_promptly() -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    connection = LobbyConnection(f"http://127.0.0.1:{port}", "Eko", "t", backoff_initial_s=5.0)
    await connection.start()
    await _until(lambda: connection.failed_attempts >= 1)
    await asyncio.wait_for(connection.stop(), 1.0)
    assert not connection.connected


async def _until(condition: Callable[[], bool], within: float = WAIT) -> None:
    """Poll a state the connection does not signal (counters, server state) for up to ``within`` s."""
    step = 0.01
    for _ in range(int(within / step)):
        if condition():
            return
        await asyncio.sleep(step)
    raise AssertionError("condition not met in time")


async def _reply(client: Client) -> dict[str, Any]:
    while True:
        message = await client.next("message", WAIT)
        if message["author"] == "Eko":
            return dict(message)


def _offline() -> Any:
    from llm import OfflineLLM

    return OfflineLLM()


async def test_malformed_events_from_the_server_are_ignored(lobby_server: LobbyServer, humans: Join) -> None:
    connection = LobbyConnection(lobby_server.url, "Eko", BOT_TOKEN)
    seen: list[dict[str, Any]] = []
    connection.add_message_listener(lambda message, missed: seen.append(message))
    # what a broken or hostile server could send, fed through the same handlers as real events
    connection._receive_history({"messages": [1, "x", {"id": "a"}, None]})
    connection._receive_history("not a dict")
    connection._receive_message({"id": 3, "text": None})
    connection._receive_message(_message(1))
    connection._receive_message(_message(1))

    assert [m["id"] for m in connection.recent_messages()] == ["id1"]
    assert [m["id"] for m in seen] == ["id1"]


_SIGINT_PROBE = """
import asyncio, signal
from bot import LobbyConnection

async def main() -> None:
    before = signal.getsignal(signal.SIGINT)
    connection = LobbyConnection("http://127.0.0.1:{port}", "Eko", "token", backoff_initial_s=0.05)
    await connection.start()
    while connection.failed_attempts < 2:  # at least one client built and its connection tried
        await asyncio.sleep(0.01)
    await connection.stop()
    print("unchanged" if signal.getsignal(signal.SIGINT) is before else "replaced")

asyncio.run(main())
"""


def test_joining_leaves_the_process_sigint_handler_alone(free_port: int) -> None:
    # engine.io's default SIGINT handler would replace Eko's own, so a Ctrl-C while the bot
    # (re)connects surfaced as a KeyboardInterrupt traceback instead of a clean stop. Fresh
    # interpreter: engine.io installs its handler once per process, and test clients here do.
    probe = subprocess.run(
        [sys.executable, "-c", _SIGINT_PROBE.format(port=free_port)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert probe.returncode == 0, probe.stderr
    assert probe.stdout.strip() == "unchanged"
