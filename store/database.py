"""Open Eko's store: MongoDB when a URL is given, the embedded store otherwise.

The embedded store is a folder, ``<data dir>/store``: the Lobby's message log in its own SQLite file
(``<name>-messages.sqlite3``, :mod:`store.embedded_log`) and the other collections (reflections,
stats, rate limits, activity) in tinymongo's (``<name>.sqlite``). The message log left tinymongo for
speed (docs/bot.md); the other collections stay on it: a few writes an hour, off the message path,
and written against the PyMongo API that MongoDB also speaks. A message log created next to a store
that already holds messages in tinymongo starts with them (the old documents are left in place).

For the collections other than the message log, both sides speak the PyMongo async API
(``pymongo.AsyncMongoClient`` and its drop-in ``tinymongo.AsyncMongoClient`` on SQLite), so store
code is written once against :class:`pymongo.asynchronous.database.AsyncDatabase`.

Operations checked on both by ``tests/store/test_contract.py`` (use only these, or add a contract test):

- ``insert_one``; ``insert_one`` of an existing ``_id`` raises ``pymongo.errors.DuplicateKeyError``;
  ``insert_many(documents, ordered=True)`` (a duplicate raises ``pymongo.errors.BulkWriteError``,
  the documents before it stay);
- ``find(filter).sort([...]).limit(n).to_list(None)``, ``find_one``;
- ``update_one`` with ``$inc``, ``$set``, ``$unset`` (dotted paths too), ``$max``/``$min`` and
  ``upsert=True`` (the upserted document starts from the equality fields of the filter, as in MongoDB);
- ``find_one_and_update(filter_with_condition, {"$set": ...}, return_document=ReturnDocument.AFTER)``
  as an atomic claim: exactly one of several concurrent callers gets the document, the others ``None``
  (also across two clients of one store); ``find_one_and_update({"_id": ...}, {"$inc": ...},
  upsert=True, return_document=ReturnDocument.AFTER)`` as a counter (the MongoDB message log's);
- ``count_documents``, ``delete_one``, ``delete_many``;
- ``create_index`` with ASCENDING keys (single or compound);
- ``db.command("ping")``; datetimes round-trip as aware UTC (both clients use ``tz_aware=True``),
  with MongoDB's millisecond precision.

Known gaps of the embedded store (tinymongo 1.3.1) and the supported equivalents:

- ``$setOnInsert`` is refused (``TinyMongoNotSupportedError``, a ``PyMongoError``). To create a document
  with initial values only when it is missing, use :func:`insert_if_missing` (``insert_one`` that
  swallows ``DuplicateKeyError``), then ``update_one`` with ``$inc``/``$set``; for a "first seen"
  timestamp, ``{"$min": {"first_at": now}}`` with ``upsert=True`` does the same in one call.
- Index keys must be ASCENDING (a DESCENDING key is refused); MongoDB walks an ascending index
  backwards for a descending sort, so nothing is lost.
- No sessions, transactions, change streams or aggregation beyond the core subset.

Costs on the embedded store (measured with tinymongo 1.3.1, SQLite), for collections that grow:

- ``insert_one`` re-reads the whole collection to check uniqueness (≈120 ms at 5,000 documents);
  ``insert_many([document])`` does not (≈10 ms whatever the size). Use ``insert_many`` on a
  collection that grows without bound.
- ``find(...).sort(...).limit(n)`` and ``count_documents`` read every candidate document: bound a
  "latest n" query with a range on an indexed field (``{"seq": {"$gt": ...}}``, ``{"timestamp":
  {"$gte": ...}}``) so the index narrows it first. Every write costs a few milliseconds (commit and
  connection close) in a worker thread that starves while the event loop is busy: keep such writes
  off any path that must be fast.
"""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path
from typing import Any

import tinymongo
from pymongo import ASCENDING, AsyncMongoClient
from pymongo.asynchronous.collection import AsyncCollection
from pymongo.asynchronous.database import AsyncDatabase
from pymongo.errors import DuplicateKeyError

from store.embedded_log import (
    EmbeddedMessageLog,
    Sync,
    check_sqlite_file,
    connect_existing,
    create_sqlite_file,
)
from store.errors import STORE_ERRORS, StoreCorruptError, StoreError, StoreUnavailableError, reason_of
from store.messages import COLLECTION, MessageLog
from store.mongo_log import MongoMessageLog

logger = logging.getLogger(__name__)

Document = dict[str, Any]


class Database:
    """A PyMongo-API async database, the client behind it, and the Lobby's message log.

    ``close()`` closes the client only when this object opened it: an injected client belongs to
    whoever created it.
    """

    def __init__(
        self,
        client: Any,
        name: str,
        *,
        kind: str,
        messages: MessageLog | None = None,
        owns_client: bool = False,
        files: tuple[Path, ...] = (),
    ) -> None:
        self._client = client
        self._owns_client = owns_client
        self._closed = False
        self._files = files  # the embedded engine's files besides the message log's, for check()
        self.kind = kind  # "mongodb", "embedded" or "injected", for /health and logs
        self.db: AsyncDatabase[Document] = client[name]
        self.messages: MessageLog = messages if messages is not None else MongoMessageLog(self.db)

    @property
    def name(self) -> str:
        return str(self.db.name)

    async def check(self) -> None:
        """Raise :class:`StoreError` unless the store could take a write now: the message log's own
        probe (MongoDB's ping), the other embedded files' (a lock and a read, nothing written). Cheap:
        well under a millisecond on the embedded store."""
        if self._closed:
            raise StoreUnavailableError("closed")
        await self.messages.check()  # MongoDB's ping, for the MongoDB log
        for path in self._files:  # on the event loop: tinymongo's worker thread may wait for the GIL
            _probe_file(path)

    async def ping(self) -> bool:
        """True when :meth:`check` passes; for /health. Never raises; logs why not."""
        try:
            await self.check()
        except StoreError as exc:
            logger.warning("store check failed", extra={"store": self.kind, "error": str(exc)})
            return False
        return True

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        try:
            await self.messages.close()
        finally:
            if self._owns_client:
                await self._client.close()


async def open_database(
    mongodb_url: str | None,
    data_dir: Path,
    name: str,
    *,
    client: Any | None = None,
    server_selection_timeout_s: float = 5.0,
    sync: Sync = "normal",
) -> Database:
    """Open the database ``name``.

    ``client`` (an already-open PyMongo or tinymongo async client) wins and is never closed here;
    otherwise MongoDB at ``mongodb_url`` when set, else the embedded store under
    ``data_dir / "store"`` (``sync``: the message log's durability, see :mod:`store.embedded_log`).
    ``server_selection_timeout_s`` bounds how long an operation (and so /health's check) waits for an
    unreachable MongoDB.

    Raises :class:`StoreCorruptError` (a store file that cannot be read as one; one line naming it
    and how to recover) or :class:`StoreUnavailableError` (the folder cannot be created or written).
    """
    if client is not None:
        return Database(client, name, kind="injected", owns_client=False)
    if mongodb_url:
        mongo: AsyncMongoClient[Document] = AsyncMongoClient(
            mongodb_url, tz_aware=True, serverSelectionTimeoutMS=int(server_selection_timeout_s * 1000)
        )
        logger.info("store: MongoDB", extra={"database": name})  # never log the URL: it may hold a password
        return Database(mongo, name, kind="mongodb", owns_client=True)
    folder = data_dir / "store"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreUnavailableError("folder_failed", path=folder, reason=reason_of(exc)) from None
    documents_path = folder / f"{name}.sqlite"  # tinymongo's name for database `name`
    if documents_path.exists():
        _check_documents_file(documents_path)
    else:  # made complete before tinymongo sees it (tinymongo would create it empty first)
        _create_documents_file(documents_path)
    embedded = tinymongo.AsyncMongoClient(tinymongo_folder=str(folder), backend="sqlite", tz_aware=True)
    try:
        messages = await _open_message_log(embedded[name], folder / f"{name}-messages.sqlite3", sync)
    except BaseException:
        await embedded.close()
        raise
    logger.info("store: embedded (sqlite)", extra={"path": str(folder), "database": name})
    return Database(
        embedded, name, kind="embedded", messages=messages, owns_client=True, files=(documents_path,)
    )


async def _open_message_log(db: AsyncDatabase[Document], path: Path, sync: Sync) -> EmbeddedMessageLog:
    try:
        collections = await db.list_collection_names()  # creates tinymongo's file: fails here, not later
        seed: list[Document] = []
        if COLLECTION in collections and not _exists(path):
            seed = await db[COLLECTION].find({}).sort([("seq", ASCENDING)]).to_list(None)
            for number, document in enumerate(seed, start=1):
                document["seq"] = number  # renumbered: older versions could repeat a seq
    except STORE_ERRORS as exc:
        if isinstance(exc, StoreError):
            raise
        raise StoreUnavailableError("open_failed", path=path.parent, reason=reason_of(exc)) from None
    if seed:
        logger.info("store: message log created from the former store", extra={"messages": len(seed)})
    return EmbeddedMessageLog.open(path, sync=sync, seed=seed)


def _exists(path: Path) -> bool:
    return path.exists()


def _create_documents_file(path: Path) -> None:
    try:
        create_sqlite_file(path, lambda connection: None)
    except (sqlite3.Error, OSError) as exc:
        raise StoreUnavailableError("create_failed", path=path, reason=reason_of(exc)) from None


def _check_documents_file(path: Path) -> None:
    """Open tinymongo's file once ourselves: damage found now is one clear error, not a traceback
    from the first query."""
    try:
        check_sqlite_file(path)
        connection = connect_existing(path, timeout_s=5.0)
        try:
            connection.execute("SELECT count(*) FROM sqlite_master").fetchone()
        finally:
            connection.close()
    except sqlite3.DatabaseError as exc:
        if isinstance(exc, sqlite3.OperationalError) and "malformed" not in str(exc):
            raise StoreUnavailableError("open_failed", path=path, reason=reason_of(exc)) from None
        raise StoreCorruptError(path, "damaged", reason=reason_of(exc)) from None
    except OSError as exc:
        raise StoreUnavailableError("read_failed", path=path, reason=reason_of(exc)) from None


def _probe_file(path: Path) -> None:
    """A lock and a read on one of the embedded engine's files (no write, no waiting)."""
    try:
        if not path.is_file():
            raise StoreUnavailableError("file_gone", path=path)
        connection = connect_existing(path, timeout_s=0)
        try:
            try:
                connection.execute("BEGIN IMMEDIATE")  # refused on a read-only file
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc):
                    raise
            else:
                connection.execute("ROLLBACK")
            connection.execute("SELECT count(*) FROM sqlite_master").fetchone()
        finally:
            connection.close()
    except (sqlite3.Error, OSError) as exc:
        raise StoreUnavailableError("not_writable", path=path, reason=reason_of(exc)) from None


async def insert_if_missing(collection: AsyncCollection[Document], document: Document) -> bool:
    """Insert ``document`` unless one with its ``_id`` exists; True when inserted.

    The portable replacement for ``update_one(..., {"$setOnInsert": ...}, upsert=True)``, which the
    embedded store refuses.
    """
    try:
        await collection.insert_one(document)
    except DuplicateKeyError:
        return False
    return True
