"""The store's one exception family.

Everything ``store/`` raises from its own API (:class:`~store.messages.MessageLog`,
:func:`~store.database.open_database`, :meth:`~store.database.Database.check`) is a
:class:`StoreError`:

- :class:`StoreUnavailableError`: the store cannot serve right now (disk full, read-only or removed
  files, a lock held too long by another process, MongoDB unreachable). It may come back by itself:
  callers answer "unavailable" (a refused message, a history notice, 503) and go on.
- :class:`StoreCorruptError`: a store file cannot be read as a store (damaged, truncated, empty, or
  not Eko's). Raised when opening; its message is one line naming the file and how to recover. Eko
  never deletes or rewrites such a file.

Code that uses the PyMongo API of ``Database.db`` directly (the reflection's collections) also meets
the drivers' own errors; :data:`STORE_ERRORS` is the whole family to catch on a request path.
"""

from __future__ import annotations

import errno
import sqlite3
from pathlib import Path
from typing import Any

from pymongo.errors import PyMongoError

# Each error's ``code`` and the English line ``str()`` gives it, for the logs. People read the same
# error worded from its code and parameters by the Lobby's catalogues (``store.<code>`` in
# lobby/i18n/<language>.json). Parameters hold paths, numbers and reason codes, never a URL.
LOG_LINES = {
    "closed": "the store is closed",
    "folder_failed": "cannot create the store folder {path}: {reason}",
    "open_failed": "cannot open the store file {path}: {reason}",
    "create_failed": "cannot create the store file {path}: {reason}",
    "read_failed": "cannot read the store file {path}: {reason}",
    "file_gone": "the store file {path} is gone",
    "file_replaced": "the store file {path} was replaced while in use",
    "not_writable": "the store file {path} cannot be written: {reason}",
    "disk_full": "the disk of {path} is full ({free} bytes free)",
    "write_failed": "cannot store messages in {where}: {reason}",
    "history_failed": "cannot read the history in {where}: {reason}",
    "count_failed": "cannot count messages in {where}: {reason}",
    "check_failed": "cannot check the store in {where}: {reason}",
    "duplicate_id": "a message id is already stored in {where}",
    "counter_missing": "the message counter was not returned by {where}",
    "corrupt": "the store file {path} is unusable ({problem}); move it aside (mv '{path}' '{aside}') "
    "and start again to begin a new one: eko never deletes it",
}
# Why a store file is unusable (``StoreCorruptError.problem``), in English for the logs.
PROBLEMS = {
    "folder": "a folder where a file was expected",
    "empty": "empty file, 0 bytes",
    "not_sqlite": "not an SQLite database",
    "truncated": "truncated: {size} bytes where its header says {expected}",
    "not_eko": "an SQLite database, but not Eko's message log",
    "version": "message log version {version}, this Eko reads {expected}",
    "damaged": "damaged: {reason}",
}


def reason_of(exc: BaseException) -> str:
    """The engine's reason as a stable code when it has one (``EACCES``, ``SQLITE_READONLY``: the
    catalogues word those), else its own text."""
    code = exc.errno if isinstance(exc, OSError) else None
    if code is not None and code in errno.errorcode:
        return errno.errorcode[code]
    name = getattr(exc, "sqlite_errorname", None)
    if isinstance(name, str) and name.startswith("SQLITE_"):
        return "_".join(name.split("_")[:2])  # the primary code: SQLITE_IOERR_WRITE → SQLITE_IOERR
    if isinstance(exc, PyMongoError):
        return type(exc).__name__  # a driver's message may name hosts: its type is enough
    return str(exc) or type(exc).__name__


class StoreError(Exception):
    """A store operation failed: ``code`` says what (a :data:`LOG_LINES` key), ``params`` the details
    its text names; ``str()`` is the English line for the logs."""

    def __init__(self, code: str, /, **params: Any) -> None:
        self.code = code
        self.params = params
        super().__init__(LOG_LINES[code].format(**params))


class StoreUnavailableError(StoreError):
    """The store cannot serve now; the same call may succeed later."""


class StoreCorruptError(StoreError):
    """A store file is unreadable as a store: found when opening it, never repaired or removed.

    ``problem`` is a :data:`PROBLEMS` key, ``details`` the numbers or reason its text names."""

    def __init__(self, path: Path, problem: str, **details: Any) -> None:
        self.path = path
        self.problem = problem
        self.details = details
        self.aside = aside = path.with_name(path.name + ".broken")  # where to move it: a free name
        self.code = "corrupt"
        self.params = {"path": path, "problem": problem, "aside": aside, **details}
        said = PROBLEMS[problem].format(**details)
        Exception.__init__(self, LOG_LINES["corrupt"].format(path=path, problem=said, aside=aside))


# Everything a store call can raise: this package's own errors, and those of the PyMongo API on
# MongoDB (PyMongoError) or on the embedded engine (sqlite3.Error, OSError).
STORE_ERRORS: tuple[type[Exception], ...] = (StoreError, PyMongoError, sqlite3.Error, OSError)
