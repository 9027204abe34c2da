"""The Lobby message log, on every backend."""

from __future__ import annotations

import asyncio

import pytest
from pymongo.asynchronous.database import AsyncDatabase
from pymongo.errors import PyMongoError

from store import Database, Document, LobbyMessage, MessageLog
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


async def store_view(db: AsyncDatabase[Document], room: str, limit: int) -> list[LobbyMessage]:
    """What the store itself holds: a fresh log has no history in memory."""
    return await MessageLog(db).recent(room, limit)


async def test_history_follows_the_logs_own_writes_without_a_store_read(database: Database) -> None:
    log = MessageLog(database.db, tail_size=5)
    await log.append_many([message(i) for i in range(3)])
    assert [m["id"] for m in await log.recent("lobby", 5)] == ["id0", "id1", "id2"]
    # The log is the store's only writer: once read, a room's history follows its own writes.
    # Removed behind its back, the documents still show; only what it wrote since is added.
    await database.db["lobby_messages"].delete_many({})
    await log.append_many([message(3), message(4, room="other")])
    await log.append(message(5))
    assert [m["id"] for m in await log.recent("lobby", 5)] == ["id0", "id1", "id2", "id3", "id5"]
    assert [m["id"] for m in await log.recent("lobby", 2)] == ["id3", "id5"]
    assert await log.recent("lobby", 5) == [message(i) for i in (0, 1, 2, 3, 5)]
    # More than the log keeps in memory: read from the store (which now holds 3, 4 and 5).
    assert [m["id"] for m in await log.recent("lobby", 6)] == ["id3", "id5"]


async def test_history_read_during_concurrent_writes_matches_the_store(database: Database) -> None:
    log = MessageLog(database.db, tail_size=10)
    readers = []
    writes = []
    for i in range(0, 40, 4):
        writes.append(log.append_many([message(i + j) for j in range(4)]))
        readers.append(log.recent("lobby", 10))
    results = await asyncio.gather(*[c for pair in zip(writes, readers, strict=True) for c in pair])
    for history in results[1::2]:  # each read: log order, no repeat (the ids follow the log)
        ids = [int(m["id"][2:]) for m in history]
        assert ids == sorted(set(ids))
    assert await log.recent("lobby", 10) == await store_view(database.db, "lobby", 10)
    await log.append(message(40))
    assert await log.recent("lobby", 10) == await store_view(database.db, "lobby", 10)


async def test_after_a_failed_write_history_comes_from_the_store_again(database: Database) -> None:
    log = MessageLog(database.db)
    await log.append_many([message(0), message(1)])
    assert len(await log.recent("lobby", 50)) == 2
    with pytest.raises(PyMongoError):  # id1 again: the ordered write stops there, id2 was stored
        await log.append_many([message(2), message(1), message(3)])
    expected = await store_view(database.db, "lobby", 50)
    assert [m["id"] for m in expected] == ["id0", "id1", "id2"]
    assert await log.recent("lobby", 50) == expected
    await log.append(message(4))
    assert [m["id"] for m in await log.recent("lobby", 50)] == ["id0", "id1", "id2", "id4"]
