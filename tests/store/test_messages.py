"""The Lobby message log, on every backend."""

from __future__ import annotations

from store import LobbyMessage, MessageLog
from tests.store.conftest import Opener


def message(i: int, room: str = "lobby", ts: str = "2026-11-23T10:00:00.000Z") -> LobbyMessage:
    return LobbyMessage(id=f"id{i}", room=room, author="Alice", text=f"message {i}", ts=ts)


async def test_recent_is_oldest_first_and_limited(opener: Opener) -> None:
    database = await opener.open()
    try:
        log = MessageLog(database.db)
        for i in range(7):
            await log.append(message(i))  # same timestamp: order comes from the log, not the clock
        await log.append(message(99, room="other"))
        recent = await log.recent("lobby", 5)
        assert [m["text"] for m in recent] == [f"message {i}" for i in range(2, 7)]
        assert recent[0] == message(2)
        assert await log.count("lobby") == 7
        assert await log.count("other") == 1
        assert await log.recent("empty", 50) == []
        assert await log.recent("lobby", 0) == []
    finally:
        await database.close()


async def test_order_and_content_survive_reopen(opener: Opener) -> None:
    first = await opener.open()
    log = MessageLog(first.db)
    for i in range(3):
        await log.append(message(i))
    await first.close()

    second = await opener.open()
    try:
        log = MessageLog(second.db)
        await log.append(message(3))
        assert [m["id"] for m in await log.recent("lobby", 50)] == ["id0", "id1", "id2", "id3"]
    finally:
        await second.close()


async def test_a_quiet_room_still_gets_its_history_behind_a_busy_one(opener: Opener) -> None:
    database = await opener.open()
    try:
        log = MessageLog(database.db)
        await log.append_many([message(i, room="quiet") for i in range(3)])
        await log.append_many([message(100 + i) for i in range(500)])  # one write, in order
        assert [m["id"] for m in await log.recent("quiet", 50)] == ["id0", "id1", "id2"]
        busy = await log.recent("lobby", 50)
        assert [m["id"] for m in busy] == [f"id{100 + i}" for i in range(450, 500)]
    finally:
        await database.close()
