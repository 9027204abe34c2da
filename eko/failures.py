"""Start-up failures said in one line, in the configured language.

The packages raising them (memory, store, lobby) keep their own English ``str()`` for logs and know
nothing of the catalogue: the wording of the console is the composition root's, keyed by type here.
"""

from __future__ import annotations

from pathlib import Path

from lobby.catalogue import Catalogue
from lobby.shared import SharedRoomError
from memory.records import StorageInUseError, VectorMismatchError
from store.errors import StoreCorruptError, StoreError, StoreUnavailableError


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
        return texts.text("console.storeCorrupt", path=exc.path, problem=exc.problem, aside=exc.aside)
    if isinstance(exc, StoreUnavailableError):
        return texts.text("console.storeUnavailable", error=exc)
    if isinstance(exc, StoreError):
        return texts.text("console.storeFailed", error=exc)
    if isinstance(exc, SharedRoomError):
        return texts.text("console.sharedRoomUnavailable", error=exc)
    if isinstance(exc, LobbyInUseError):
        key = "console.lobbyInUseShared" if exc.shared else "console.lobbyInUse"
        return texts.text(key, path=exc.data_dir)
    return texts.text("console.cannotStart", error=exc)
