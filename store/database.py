"""Open Eko's document database: MongoDB when a URL is given, the embedded tinymongo store otherwise.

Both sides speak the PyMongo async API (``pymongo.AsyncMongoClient`` and its drop-in
``tinymongo.AsyncMongoClient`` on SQLite), so store code is written once against
:class:`pymongo.asynchronous.database.AsyncDatabase`.

Operations checked on both by ``tests/store/test_contract.py`` (use only these, or add a contract test):

- ``insert_one``; ``insert_one`` of an existing ``_id`` raises ``pymongo.errors.DuplicateKeyError``;
  ``insert_many(documents, ordered=True)`` (a duplicate raises ``pymongo.errors.BulkWriteError``,
  the documents before it stay);
- ``find(filter).sort([...]).limit(n).to_list(None)``, ``find_one``;
- ``update_one`` with ``$inc``, ``$set``, ``$unset`` (dotted paths too), ``$max``/``$min`` and
  ``upsert=True`` (the upserted document starts from the equality fields of the filter, as in MongoDB);
- ``find_one_and_update(filter_with_condition, {"$set": ...}, return_document=ReturnDocument.AFTER)``
  as an atomic claim: exactly one of several concurrent callers gets the document, the others ``None``;
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
  collection that grows without bound (``MessageLog`` does).
- ``find(...).sort(...).limit(n)`` and ``count_documents`` read every candidate document: bound a
  "latest n" query with a range on an indexed field (``{"seq": {"$gt": ...}}``, ``{"timestamp":
  {"$gte": ...}}``) so the index narrows it first. Every write costs a few milliseconds (commit and
  connection close), so batch writes that arrive together.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import tinymongo
from pymongo import AsyncMongoClient
from pymongo.asynchronous.collection import AsyncCollection
from pymongo.asynchronous.database import AsyncDatabase
from pymongo.errors import DuplicateKeyError, PyMongoError

logger = logging.getLogger(__name__)

Document = dict[str, Any]


class Database:
    """A PyMongo-API async database and the client behind it.

    ``close()`` closes the client only when this object opened it: an injected client belongs to
    whoever created it.
    """

    def __init__(self, client: Any, name: str, *, kind: str, owns_client: bool = False) -> None:
        self._client = client
        self._owns_client = owns_client
        self._closed = False
        self.kind = kind  # "mongodb" or "embedded", for /health and logs
        self.db: AsyncDatabase[Document] = client[name]

    @property
    def name(self) -> str:
        return str(self.db.name)

    async def ping(self) -> bool:
        """True when the database answers; for /health. Never raises."""
        if self._closed:
            return False
        try:
            await self.db.command("ping")
        except (PyMongoError, OSError) as exc:
            logger.warning("store ping failed", extra={"store": self.kind, "error": str(exc)})
            return False
        return True

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        if self._owns_client:
            await self._client.close()


async def open_database(
    mongodb_url: str | None,
    data_dir: Path,
    name: str,
    *,
    client: Any | None = None,
    server_selection_timeout_s: float = 5.0,
) -> Database:
    """Open the database ``name``.

    ``client`` (an already-open PyMongo or tinymongo async client) wins and is never closed here;
    otherwise MongoDB at ``mongodb_url`` when set, else the embedded SQLite store under
    ``data_dir / "store"``. ``server_selection_timeout_s`` bounds how long an operation (and so
    /health's ping) waits for an unreachable MongoDB.
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
    folder.mkdir(parents=True, exist_ok=True)
    embedded = tinymongo.AsyncMongoClient(tinymongo_folder=str(folder), backend="sqlite", tz_aware=True)
    logger.info("store: embedded tinymongo (sqlite)", extra={"path": str(folder), "database": name})
    return Database(embedded, name, kind="embedded", owns_client=True)


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
