"""The Lobby message log, on every engine (embedded SQLite, the MongoDB code on the embedded
PyMongo-API engine, and MongoDB itself when configured)."""

from __future__ import annotations

import asyncio
import itertools
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from store import LobbyMessage, StoreError, StoreUnavailableError, open_database
from tests.store.conftest import Opener

ROOT = Path(__file__).resolve().parents[2]


def message(i: int | str, room: str = "lobby", ts: str = "2026-11-23T10:00:00.000Z") -> LobbyMessage:
    return LobbyMessage(id=f"id{i}", room=room, author="Alice", text=f"message {i}", ts=ts)


async def test_recent_is_oldest_first_and_limited(log_opener: Opener) -> None:
    database, log = await log_opener.log()
    try:
        seqs = [await log.append(message(i)) for i in range(7)]  # same ts: order comes from the log
        assert seqs == sorted(seqs) and len(set(seqs)) == 7
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


async def test_every_wire_field_round_trips(log_opener: Opener) -> None:
    """Fields the store does not name (``replyTo``, any later one) come back as they were sent."""
    database, log = await log_opener.log()
    try:
        reply = {**message(1), "replyTo": "id0", "text": "« Ça va ? » 🙂 \u2028"}
        await log.append(message(0))
        await log.append(reply)  # type: ignore[arg-type]
        assert await log.recent("lobby", 50) == [message(0), reply]
    finally:
        await database.close()


async def test_order_and_content_survive_reopen(log_opener: Opener) -> None:
    first, log = await log_opener.log()
    for i in range(3):
        await log.append(message(i))
    await first.close()

    second, log = await log_opener.log()
    try:
        await log.append(message(3))
        assert [m["id"] for m in await log.recent("lobby", 50)] == ["id0", "id1", "id2", "id3"]
    finally:
        await second.close()


async def test_a_quiet_room_still_gets_its_history_behind_a_busy_one(log_opener: Opener) -> None:
    database, log = await log_opener.log()
    try:
        await log.append_many([message(i, room="quiet") for i in range(3)])
        await log.append_many([message(100 + i) for i in range(500)])  # one write, in order
        assert [m["id"] for m in await log.recent("quiet", 50)] == ["id0", "id1", "id2"]
        busy = await log.recent("lobby", 50)
        assert [m["id"] for m in busy] == [f"id{100 + i}" for i in range(450, 500)]
    finally:
        await database.close()


async def test_concurrent_writes_get_distinct_increasing_numbers(log_opener: Opener) -> None:
    """Issue 13: an ``await`` between reading the next seq and reserving it stored 11 messages under
    3 numbers. Many writes at once, on one log and on a second client of the same store."""
    one, log = await log_opener.log()
    two, other = await log_opener.log()
    try:
        batches = [[message(f"{b}.{j}") for j in range(1 + b % 3)] for b in range(24)]
        writers = [(log if b % 2 else other).append_many(batch) for b, batch in enumerate(batches)]
        results = await asyncio.gather(*writers)
        every = [seq for seqs in results for seq in seqs]
        total = sum(len(batch) for batch in batches)
        assert len(every) == total and len(set(every)) == total
        for seqs in results:  # one write's messages: increasing, in the order given
            assert seqs == sorted(seqs)
        stored = await log.recent("lobby", 1000)
        assert len(stored) == total and len({m["id"] for m in stored}) == total
        by_seq = {
            seq: m
            for batch, seqs in zip(batches, results, strict=True)
            for m, seq in zip(batch, seqs, strict=True)
        }
        assert stored == [by_seq[seq] for seq in sorted(by_seq)]  # history order is seq order
    finally:
        await one.close()
        await two.close()


async def test_history_shows_another_writers_messages(log_opener: Opener) -> None:
    """No writer keeps a private copy of the history: another process's messages show at once."""
    one, log = await log_opener.log()
    two, other = await log_opener.log()
    try:
        await log.append(message(0))
        assert [m["id"] for m in await log.recent("lobby", 50)] == ["id0"]
        await other.append(message(1))
        assert [m["id"] for m in await log.recent("lobby", 50)] == ["id0", "id1"]
        assert await log.append(message(2)) > await other.append(message(3)) - 2
        assert [m["id"] for m in await other.recent("lobby", 2)] == ["id2", "id3"]
    finally:
        await one.close()
        await two.close()


async def test_a_failed_write_raises_a_store_error_and_the_log_goes_on(log_opener: Opener) -> None:
    database, log = await log_opener.log()
    try:
        await log.append_many([message(0), message(1)])
        with pytest.raises(StoreError) as refused:  # id1 again
            await log.append_many([message(2), message(1), message(3)])
        assert refused.value.code == "duplicate_id"  # worded for people from this code
        stored = [m["id"] for m in await log.recent("lobby", 50)]
        # The embedded log writes a batch atomically; MongoDB's ordered insert keeps what came first.
        assert stored in (["id0", "id1"], ["id0", "id1", "id2"])
        await log.append(message(4))
        assert [m["id"] for m in await log.recent("lobby", 50)] == [*stored, "id4"]
    finally:
        await database.close()


async def test_an_unreachable_mongodb_says_why_by_code_without_its_url(
    tmp_path: Path, free_port: int
) -> None:
    database = await open_database(
        f"mongodb://eko:hunter2-not-a-secret@127.0.0.1:{free_port}",
        tmp_path,
        "eko",
        server_selection_timeout_s=0.2,
    )
    try:
        with pytest.raises(StoreUnavailableError) as failed:
            await database.messages.recent("lobby", 5)
    finally:
        await database.close()
    error = failed.value
    assert (error.code, error.params) == (
        "history_failed",
        {"where": "MongoDB", "reason": "ServerSelectionTimeoutError"},
    )
    assert "hunter2" not in str(error) and "127.0.0.1" not in str(error)


WRITER = """
import asyncio, json, sys
from pathlib import Path
from store import open_database

async def main(data_dir, who, count):
    database = await open_database(None, Path(data_dir), "eko")
    log = database.messages
    print("ready", flush=True)
    sys.stdin.readline()  # both processes start writing together
    written = []
    i = 0
    while i < count:
        size = min(1 + i % 4, count - i)
        batch = [
            {"id": f"{who}-{i + j}", "room": "lobby", "author": who, "text": "x", "ts": "t"}
            for j in range(size)
        ]
        written.append([m["id"] for m in batch])
        seqs = await log.append_many(batch)
        written[-1] = list(zip(written[-1], seqs))
        i += size
        await asyncio.sleep(0.001)  # spread over a while, so the two processes' writes interleave
    await database.close()
    print(json.dumps(written))

asyncio.run(main(sys.argv[1], sys.argv[2], int(sys.argv[3])))
"""


def test_two_processes_share_the_embedded_log(tmp_path: Path) -> None:
    """Two processes (two Lobbies on one data directory) write at once: every message stored once,
    numbers unique, each process's messages in the order it wrote them."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    writers = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER, str(tmp_path), who, "300"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=env,
            text=True,
        )
        for who in ("a", "b")
    ]
    for writer in writers:
        assert writer.stdout is not None and writer.stdout.readline() == "ready\n"
    for writer in writers:
        assert writer.stdin is not None
        writer.stdin.write("go\n")
        writer.stdin.flush()
    outputs = [json.loads(writer.communicate(timeout=120)[0]) for writer in writers]
    assert all(writer.returncode == 0 for writer in writers)

    async def stored() -> list[LobbyMessage]:
        database = await open_database(None, tmp_path, "eko")
        try:
            return await database.messages.recent("lobby", 1000)
        finally:
            await database.close()

    history = asyncio.run(stored())
    assert len(history) == 600 and len({m["id"] for m in history}) == 600
    claimed = [(message_id, seq) for output in outputs for batch in output for message_id, seq in batch]
    assert len({seq for _, seq in claimed}) == 600
    assert [m["id"] for m in history] == [
        message_id for message_id, _ in sorted(claimed, key=lambda pair: pair[1])
    ]
    for who in ("a", "b"):
        mine = [m["id"] for m in history if m["author"] == who]
        assert mine == [f"{who}-{i}" for i in range(300)]
    authors = [m["author"] for m in history]
    assert sum(a != b for a, b in itertools.pairwise(authors)) >= 2  # they did write at once


async def test_a_store_of_an_earlier_version_keeps_its_history(tmp_path: Path) -> None:
    """Messages an earlier Eko kept in tinymongo (``lobby_messages``, numbers possibly repeated by the
    concurrency bug) start the new message log, in their order, numbered anew; nothing is removed."""
    import tinymongo

    folder = tmp_path / "store"
    old = tinymongo.AsyncMongoClient(tinymongo_folder=str(folder), backend="sqlite", tz_aware=True)
    seqs = [1, 2, 2, 3, 3, 3, 4]
    await old["eko"]["lobby_messages"].insert_many(
        [{"_id": f"id{i}", "seq": seq, **message(i)} for i, seq in enumerate(seqs)]
    )
    await old.close()
    database = await open_database(None, tmp_path, "eko")
    try:
        history = await database.messages.recent("lobby", 50)
        assert [m["id"] for m in history] == [f"id{i}" for i in range(7)]
        assert history[0] == message(0)
        assert await database.messages.append(message(7)) == 8
        assert await database.db["lobby_messages"].count_documents({}) == 7  # left in place
    finally:
        await database.close()
    reopened = await open_database(None, tmp_path, "eko")  # copied once only
    try:
        assert await reopened.messages.count("lobby") == 8
    finally:
        await reopened.close()


def _claiming_more_pages(path: Path) -> None:
    """An SQLite file whose valid header says it has one page more than its length holds."""
    import sqlite3
    import struct

    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE t (x)")
    connection.close()
    header = bytearray(path.read_bytes())
    (pages,) = struct.unpack(">I", header[28:32])
    header[28:32] = struct.pack(">I", pages + 1)
    header[92:96] = header[24:28]  # the size is valid
    path.write_bytes(bytes(header))


def test_a_file_shorter_than_its_header_is_refused_unless_its_write_ahead_log_holds_the_rest(
    tmp_path: Path,
) -> None:
    """Killed in the middle of a checkpoint, a message log may be shorter than its header says while
    the write-ahead log beside it holds the pages: SQLite recovers them (a fresh-clone CI run refused
    to restart such a log after the kill-under-load test). Alone, such a file is truncated."""
    from store.embedded_log import check_sqlite_file
    from store.errors import StoreCorruptError

    path = tmp_path / "log.sqlite3"
    _claiming_more_pages(path)
    with pytest.raises(StoreCorruptError):
        check_sqlite_file(path)
    Path(f"{path}-wal").write_bytes(b"\0" * 1000)
    check_sqlite_file(path)  # left to SQLite's recovery and the schema check
