"""Start-up failures (and long opens' progress) said in one line, in the configured language.

The packages raising them (memory, store, lobby) keep their own English ``str()`` for logs and know
nothing of the catalogue; their errors carry a stable ``code`` and parameters, worded here from the
catalogues (``store.<code>``, ``sharedRoom.<code>``), keyed by type.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from lobby.catalogue import Catalogue
from lobby.shared_errors import SharedRoomError
from memory.records import StorageInUseError, VectorMismatchError
from store.errors import StoreCorruptError, StoreError, StoreUnavailableError, reason_of


class LobbyInUseError(Exception):
    """Another Lobby process serves this data directory's message log, and they cannot share it.

    ``shared``: this process has EKO_REDIS_URL (so the other one lacks it)."""

    def __init__(self, data_dir: Path, *, shared: bool) -> None:
        self.data_dir = data_dir
        self.shared = shared
        if shared:
            message = f"a Lobby without EKO_REDIS_URL serves {data_dir}: give it EKO_REDIS_URL too"
        else:
            message = f"another Lobby process serves {data_dir}; to run several, give each EKO_REDIS_URL"
        super().__init__(message)


# What `eko up|lobby|bot` reports in one line and exit 1, without a traceback.
START_FAILURES: tuple[type[Exception], ...] = (
    StorageInUseError,
    VectorMismatchError,
    StoreError,
    SharedRoomError,
    LobbyInUseError,
)


def failure_line(texts: Catalogue, exc: Exception) -> str:
    """The console line for one of START_FAILURES (most specific type first)."""
    if isinstance(exc, StorageInUseError):
        return texts.text("console.memoryInUse", path=exc.path)
    if isinstance(exc, VectorMismatchError):
        return texts.text("console.vectorMismatch", collection=exc.collection, model=exc.model)
    if isinstance(exc, StoreCorruptError):
        error = texts.worded("store", exc.code, exc.params)
        return texts.text("console.storeCorrupt", error=error, path=exc.path, aside=exc.aside)
    if isinstance(exc, StoreUnavailableError):
        return texts.text("console.storeUnavailable", error=texts.worded("store", exc.code, exc.params))
    if isinstance(exc, StoreError):
        return texts.text("console.storeFailed", error=texts.worded("store", exc.code, exc.params))
    if isinstance(exc, SharedRoomError):
        error = texts.worded("sharedRoom", exc.code, exc.params)
        return texts.text("console.sharedRoomUnavailable", error=error)
    if isinstance(exc, LobbyInUseError):
        key = "console.lobbyInUseShared" if exc.shared else "console.lobbyInUse"
        return texts.text(key, path=exc.data_dir)
    return texts.text("console.cannotStart", error=os_error_text(texts, exc))


def os_error_text(texts: Catalogue, exc: BaseException) -> str:
    """An error from the system (a folder Eko may not create, a file `eko memory` cannot read) in
    the configured language, with the path it names; any other error as it is."""
    if not isinstance(exc, OSError):
        return str(exc)
    if exc.filename is None:
        return reason_text(texts, exc)
    # An empty path is shown as one (`eko memory import ""`), not as nothing before the colon.
    path = exc.filename if exc.filename != "" else '""'
    return texts.text("console.osError", reason=reason_text(texts, exc), path=path)


def reason_text(texts: Catalogue, exc: BaseException) -> str:
    """Why ``exc`` happened, worded by the catalogue when its code has a text (``store.reason``:
    ``ECONNREFUSED``, ``SQLITE_READONLY``...), else the system's own words."""
    reason = reason_of(exc)
    if reason in texts.entries["store"]["reason"]:
        return texts.text(f"store.reason.{reason}")
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    return reason


def progress_line(texts: Catalogue, code: str) -> Callable[[int, int], None]:
    """Prints the catalogue's ``code`` line (``{done}/{total}``) as a long open advances."""

    def progress(done: int, total: int) -> None:
        print(texts.text(code, done=done, total=total), file=sys.stderr, flush=True)

    return progress
