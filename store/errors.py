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

import sqlite3
from pathlib import Path

from pymongo.errors import PyMongoError


class StoreError(Exception):
    """A store operation failed; the message says what, in one line."""


class StoreUnavailableError(StoreError):
    """The store cannot serve now; the same call may succeed later."""


class StoreCorruptError(StoreError):
    """A store file is unreadable as a store: found when opening it, never repaired or removed."""

    def __init__(self, path: Path, problem: str) -> None:
        self.path = path
        self.problem = problem
        self.aside = aside = path.with_name(path.name + ".broken")  # where to move it: a free name
        super().__init__(
            f"the store file {path} is unusable ({problem}); move it aside (mv '{path}' '{aside}') "
            "and start again to begin a new one: eko never deletes it"
        )


# Everything a store call can raise: this package's own errors, and those of the PyMongo API on
# MongoDB (PyMongoError) or on the embedded engine (sqlite3.Error, OSError).
STORE_ERRORS: tuple[type[Exception], ...] = (StoreError, PyMongoError, sqlite3.Error, OSError)
