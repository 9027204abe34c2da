"""The Lobby's message log on SQLite, used directly (stdlib ``sqlite3``), in WAL mode.

Why not the embedded PyMongo-API store (tinymongo) the other collections use: each of its writes
opens connections and runs its statements in a worker thread, which re-takes the GIL after every
SQLite call; beside a busy event loop that thread starves (seconds per write, docs/bot.md). Here a
write is one short transaction run on the event loop itself: ``BEGIN IMMEDIATE``, read the last
``seq``, insert, ``COMMIT`` (tens of microseconds: no thread, no hand-over).

Durability (``sync``):

- ``"normal"`` (default): ``synchronous=NORMAL``. A committed write is in the WAL file, in the
  operating system's cache: it survives the Eko process being killed at any point (the acknowledged
  message is in the history after a restart). A background thread checkpoints every
  ``flush_interval_s`` (0.1 s) when something was written, which syncs the WAL to the disk first:
  a power cut or kernel crash can lose the last ~0.1 s of acknowledged messages, the window of
  MongoDB's default journal commit interval (100 ms). The checkpoint also keeps its disk work off
  the event loop (SQLite's own automatic checkpoint stays as a fallback).
- ``"full"``: ``synchronous=FULL``: each commit waits for the disk (an ``fsync`` of the WAL on the
  event loop; 2.8 ms p50 on the 2026-11-25 machine, against 0.014 ms): for deployments that must not
  lose an acknowledged message to a power cut.

Several processes may share the file (SQLite's locking; one host, not a network file system).
The write lock is taken without waiting (``busy_timeout`` 0, so the event loop never blocks on
another process) and retried asynchronously until ``lock_timeout_s``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import sqlite3
import struct
import threading
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal

from store.errors import StoreCorruptError, StoreError, StoreUnavailableError, reason_of
from store.messages import LobbyMessage, wire_message

logger = logging.getLogger(__name__)

Sync = Literal["normal", "full"]

APPLICATION_ID = 0x456B6F4D  # "EkoM": marks the file as Eko's message log
SCHEMA_VERSION = 1
_SQLITE_MAGIC = b"SQLite format 3\x00"
_SQLITE_BUSY = 5
_MIN_FREE_BYTES = 256 * 1024  # below this the next write may fail: /health says so first

_SCHEMA = f"""
PRAGMA application_id = {APPLICATION_ID};
PRAGMA user_version = {SCHEMA_VERSION};
CREATE TABLE messages (
    seq INTEGER PRIMARY KEY,  -- assigned inside the writing transaction: unique across processes
    id TEXT NOT NULL UNIQUE,
    room TEXT NOT NULL,
    body TEXT NOT NULL  -- the wire message as JSON: fields added to the wire round-trip unchanged
);
CREATE INDEX messages_by_room ON messages (room, seq);
"""


class EmbeddedMessageLog:
    """A :class:`store.messages.MessageLog` in one SQLite file. Open with :meth:`open`."""

    def __init__(
        self,
        path: Path,
        connection: sqlite3.Connection,
        identity: tuple[int, int],
        flusher: _Flusher,
        lock_timeout_s: float,
    ) -> None:
        self.path = path
        self._connection = connection
        self._identity = identity
        self._flusher = flusher
        self._lock_timeout_s = lock_timeout_s
        self._closed = False

    @classmethod
    def open(
        cls,
        path: Path,
        *,
        sync: Sync = "normal",
        flush_interval_s: float = 0.1,
        lock_timeout_s: float = 5.0,
        seed: list[dict[str, Any]] | None = None,
    ) -> EmbeddedMessageLog:
        """Open the log at ``path``, creating it if missing (``seed``: documents ``{"seq", "id",
        "room", ...message}`` to start a new file with, e.g. from the former store).

        Raises :class:`StoreCorruptError` for a file that is not a readable message log (empty,
        truncated, damaged, another program's), :class:`StoreUnavailableError` when the file or its
        folder cannot be read or written.
        """
        try:
            if not path.exists():
                _create(path, seed or [])
            check_sqlite_file(path)
            connection = connect_existing(path, timeout_s=lock_timeout_s)
        except sqlite3.DatabaseError as exc:
            raise _opening_error(path, exc) from None
        except OSError as exc:
            raise StoreUnavailableError("open_failed", path=path, reason=reason_of(exc)) from None
        try:
            _check_schema(connection, path)
            connection.execute(f"PRAGMA synchronous = {sync.upper()}")
            connection.execute("PRAGMA busy_timeout = 0")  # the event loop never waits on a lock
            stat = os.stat(path)
        except sqlite3.DatabaseError as exc:
            connection.close()
            raise _opening_error(path, exc) from None
        except BaseException:
            connection.close()
            raise
        flusher = _Flusher(path, flush_interval_s)
        flusher.start()
        logger.info("store: message log (sqlite, WAL)", extra={"path": str(path), "sync": sync})
        return cls(path, connection, (stat.st_dev, stat.st_ino), flusher, lock_timeout_s)

    async def append(self, message: LobbyMessage) -> int:
        return (await self.append_many([message]))[0]

    async def append_many(self, messages: list[LobbyMessage]) -> list[int]:
        if not messages:
            return []
        self._check_same_file()
        seqs: list[int] = await self._run("write_failed", self._insert, messages)
        self._flusher.written()
        return seqs

    def _insert(self, messages: list[LobbyMessage]) -> list[int]:
        connection = self._connection
        connection.execute("BEGIN IMMEDIATE")  # the write lock, before reading the last seq
        try:
            (last,) = connection.execute("SELECT coalesce(max(seq), 0) FROM messages").fetchone()
            rows = [
                (last + offset, message["id"], message["room"], json.dumps(message))
                for offset, message in enumerate(messages, start=1)
            ]
            connection.executemany("INSERT INTO messages (seq, id, room, body) VALUES (?, ?, ?, ?)", rows)
            connection.execute("COMMIT")
        except BaseException:
            if connection.in_transaction:  # SQLite rolls some failures back by itself
                with contextlib.suppress(sqlite3.Error):  # the first error is the one to report
                    connection.execute("ROLLBACK")
            raise
        return [row[0] for row in rows]

    async def recent(self, room: str, limit: int = 50) -> list[LobbyMessage]:
        if limit <= 0:
            return []
        rows = await self._run("history_failed", self._select, room, limit)
        return [wire_message(json.loads(body)) for (body,) in reversed(rows)]

    def _select(self, room: str, limit: int) -> list[tuple[str]]:
        query = "SELECT body FROM messages WHERE room = ? ORDER BY seq DESC LIMIT ?"
        return self._connection.execute(query, (room, limit)).fetchall()

    async def count(self, room: str) -> int:
        count: int = await self._run("count_failed", self._count, room)
        return count

    def _count(self, room: str) -> int:
        (count,) = self._connection.execute(
            "SELECT count(*) FROM messages WHERE room = ?", (room,)
        ).fetchone()
        return int(count)

    async def check(self) -> None:
        self._check_same_file()
        free = _free_bytes(self.path.parent)
        if free < _MIN_FREE_BYTES:
            raise StoreUnavailableError("disk_full", path=self.path, free=free)
        await self._run("check_failed", self._probe)

    def _probe(self) -> None:
        connection = self._connection
        try:
            connection.execute("BEGIN IMMEDIATE")  # refused on a read-only file; no row is written
        except sqlite3.OperationalError as exc:
            if _is_busy(exc):
                return  # another writer holds the lock: the file is being written, so it works
            raise
        try:
            connection.execute("SELECT max(seq) FROM messages").fetchone()
        finally:
            connection.execute("ROLLBACK")

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        await asyncio.to_thread(self._flusher.stop)
        self._connection.close()

    def _check_same_file(self) -> None:
        """A write into a file removed or replaced under us would be lost at the next start."""
        if self._closed:
            raise StoreUnavailableError("closed")
        try:
            stat = os.stat(self.path)
        except OSError:
            raise StoreUnavailableError("file_gone", path=self.path) from None
        if (stat.st_dev, stat.st_ino) != self._identity:
            raise StoreUnavailableError("file_replaced", path=self.path)

    async def _run(self, doing: str, operation: Any, *args: Any) -> Any:
        """``operation(*args)`` on the loop, retrying while another process holds the lock."""
        if self._closed:
            raise StoreUnavailableError("closed")
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self._lock_timeout_s
        delay = 0.0005
        while True:
            try:
                return operation(*args)
            except sqlite3.OperationalError as exc:
                if not _is_busy(exc) or loop.time() >= deadline:
                    raise StoreUnavailableError(doing, where=self.path, reason=reason_of(exc)) from None
            except sqlite3.IntegrityError:  # a message id stored twice: a caller's bug
                raise StoreError("duplicate_id", where=self.path) from None
            except sqlite3.Error as exc:
                raise StoreUnavailableError(doing, where=self.path, reason=reason_of(exc)) from None
            await asyncio.sleep(delay)
            delay = min(delay * 2, 0.02)


class _Flusher(threading.Thread):
    """Checkpoints the WAL (syncing it to the disk first) shortly after writes, in its own thread
    and connection: the disk's latency never reaches the event loop."""

    def __init__(self, path: Path, interval_s: float) -> None:
        super().__init__(name=f"eko-store-flush:{path.name}", daemon=True)
        self._path = path
        self._interval_s = interval_s
        self._stopping = threading.Event()
        self._writes = 0  # bumped by the event loop's thread; a plain int: reads are atomic
        self._flushed = 0

    def written(self) -> None:
        self._writes += 1

    def stop(self) -> None:
        self._stopping.set()
        if self.is_alive():
            self.join()

    def run(self) -> None:
        connection: sqlite3.Connection | None = None
        failing = False
        while not self._stopping.wait(self._interval_s) or self._writes != self._flushed:
            target = self._writes
            if target == self._flushed:
                continue
            try:
                if connection is None:
                    connection = connect_existing(self._path, timeout_s=1.0)
                connection.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
            except sqlite3.Error as exc:  # tried again after the next write; /health probes the file
                if not failing:
                    logger.warning(
                        "store: checkpoint failed", extra={"path": str(self._path), "error": str(exc)}
                    )
                failing = True
                if self._stopping.is_set():
                    break
                continue
            failing = False
            self._flushed = target
        if connection is not None:
            connection.close()


def _create(path: Path, seed: list[dict[str, Any]]) -> None:
    def build(connection: sqlite3.Connection) -> None:
        connection.executescript(_SCHEMA)
        if seed:
            connection.execute("BEGIN")
            connection.executemany(
                "INSERT INTO messages (seq, id, room, body) VALUES (?, ?, ?, ?)",
                [
                    (int(doc["seq"]), str(doc["id"]), str(doc["room"]), json.dumps(wire_message(doc)))
                    for doc in seed
                ],
            )
            connection.execute("COMMIT")

    create_sqlite_file(path, build)


def create_sqlite_file(path: Path, build: Callable[[sqlite3.Connection], None]) -> None:
    """Create an SQLite file under a temporary name, ``build`` it, then link it into place: a file at
    ``path`` is always complete (an empty one is never Eko's: SQLite itself creates files empty), and
    of two processes creating it at once, one wins and both use the winner's."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.{uuid.uuid4().hex[:8]}.new")
    connection = sqlite3.connect(temporary, isolation_level=None)
    try:
        build(connection)
        connection.execute("PRAGMA journal_mode = WAL")
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        connection.close()
    try:
        os.link(temporary, path)
    except FileExistsError:
        pass  # another process created it meanwhile: use theirs
    except OSError:  # a file system without hard links
        if not path.exists():
            os.rename(temporary, path)
    finally:
        for leftover in (temporary, Path(f"{temporary}-wal"), Path(f"{temporary}-shm")):
            leftover.unlink(missing_ok=True)


def connect_existing(path: Path, *, timeout_s: float) -> sqlite3.Connection:
    """A connection to the SQLite file at ``path``, never creating it (SQLite would create an empty
    file in place of one removed meanwhile); in autocommit mode, transactions are explicit."""
    return sqlite3.connect(
        f"{path.absolute().as_uri()}?mode=rw", uri=True, isolation_level=None, timeout=timeout_s
    )


_WAL_HEADER_BYTES = 32  # a write-ahead log holding no frame is its header alone


def check_sqlite_file(path: Path) -> None:
    """Refuse what SQLite would open silently: an empty file (an empty database to SQLite), a file
    that is not SQLite, or one shorter than its header says (truncated)."""
    if path.is_dir():
        raise StoreCorruptError(path, "folder")
    size = path.stat().st_size
    if size == 0:
        raise StoreCorruptError(path, "empty")
    with path.open("rb") as file:
        header = file.read(100)
    if len(header) < 100 or not header.startswith(_SQLITE_MAGIC):
        raise StoreCorruptError(path, "not_sqlite")
    (page_size,) = struct.unpack(">H", header[16:18])
    page_size = 65536 if page_size == 1 else page_size
    (pages,) = struct.unpack(">I", header[28:32])
    # The size in the header holds only when its version-valid-for number matches the change counter
    # (SQLite's file format, "in-header database size"). And a file killed in the middle of a
    # checkpoint may be shorter than its header says while the write-ahead log beside it still
    # holds those pages: SQLite recovers them on open, and the caller's first read (the log's schema
    # check, the documents file's catalogue read) refuses a real loss. Only a file alone is judged
    # by its length.
    valid = header[24:28] == header[92:96]
    wal = Path(f"{path}-wal")
    recovering = wal.exists() and wal.stat().st_size > _WAL_HEADER_BYTES
    if pages and valid and not recovering and size < page_size * pages:
        raise StoreCorruptError(path, "truncated", size=size, expected=page_size * pages)


def _check_schema(connection: sqlite3.Connection, path: Path) -> None:
    (application_id,) = connection.execute("PRAGMA application_id").fetchone()
    (version,) = connection.execute("PRAGMA user_version").fetchone()
    if application_id != APPLICATION_ID:
        raise StoreCorruptError(path, "not_eko")
    if version != SCHEMA_VERSION:
        raise StoreCorruptError(path, "version", version=version, expected=SCHEMA_VERSION)
    connection.execute("SELECT max(seq) FROM messages").fetchone()  # reads the table's pages


def _is_busy(exc: sqlite3.Error) -> bool:
    return getattr(exc, "sqlite_errorcode", 0) & 0xFF == _SQLITE_BUSY


def _opening_error(path: Path, exc: sqlite3.DatabaseError) -> StoreError:
    if isinstance(exc, sqlite3.OperationalError) and not _is_damage(exc):
        return StoreUnavailableError("open_failed", path=path, reason=reason_of(exc))
    return StoreCorruptError(path, "damaged", reason=reason_of(exc))


def _is_damage(exc: sqlite3.Error) -> bool:
    return getattr(exc, "sqlite_errorname", "").startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB"))


def _free_bytes(folder: Path) -> int:
    stats = os.statvfs(folder)
    blocks = stats.f_bfree if os.geteuid() == 0 else stats.f_bavail  # root may use the reserve
    return blocks * stats.f_frsize
