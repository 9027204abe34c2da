"""Mentions posted while Eko was disconnected: answered after the reconnection when at most
MISSED_MENTION_MAX_AGE old, left alone when older (an answer an hour late reads as a non sequitur)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from datetime import timedelta

from bot import Bot
from bot.bot import MISSED_MENTION_MAX_AGE
from lobby.server import iso_utc
from store import LobbyMessage, open_database
from tests.conftest import FakeClock
from tests.lobby.conftest import WAIT, Client, LobbyServer

StartEko = Callable[..., Awaitable[Bot]]


async def test_only_recent_missed_mentions_are_answered(
    lobby_server: LobbyServer,
    start_eko: StartEko,
    humans: Callable[[str], Awaitable[Client]],
    clock: FakeClock,
) -> None:
    bot = await start_eko()
    david = await humans("David")
    await david.send({"text": "bonjour à tous"})  # the newest message Eko saw before leaving
    await david.close()
    await lobby_server.stop()

    # While the Lobby is away from Eko, two mentions are stored; the clock moves 20 minutes on.
    posted = clock()
    clock.advance(timedelta(minutes=20))
    too_old = posted + timedelta(minutes=1)  # 19 minutes old when Eko is back
    recent = clock() - MISSED_MENTION_MAX_AGE + timedelta(minutes=1)  # 14 minutes old
    database = await open_database(None, lobby_server.data_dir, "eko")
    try:
        await database.messages.append_many(
            [
                LobbyMessage(
                    id="old", room="lobby", author="Nina", text="Eko, tu es là ?", ts=iso_utc(too_old)
                ),
                LobbyMessage(
                    id="new", room="lobby", author="Yann", text="Eko, tu es là ?", ts=iso_utc(recent)
                ),
            ]
        )
    finally:
        await database.close()

    await lobby_server.start()
    watcher = Client(lobby_server.url)
    try:
        await watcher.connect({"name": "Watcher"})
        await asyncio.wait_for(_first_reply_from_eko(watcher), WAIT)
    finally:
        await watcher.close()
    await bot.drain()  # every answer Eko started is stored now
    assert lobby_server.database is not None
    stored = await lobby_server.database.messages.recent("lobby", 50)
    replies = [m["text"] for m in stored if m["author"] == "Eko"]
    assert len(replies) == 1 and "Yann" in replies[0], replies


async def _first_reply_from_eko(watcher: Client) -> None:
    """Eko's first message, in the watcher's history or as it arrives."""
    history = await watcher.next("history")
    if any(m["author"] == "Eko" for m in history["messages"]):
        return
    while (await watcher.next("message"))["author"] != "Eko":
        pass
