"""Memory's storage engines behind one protocol (:mod:`memory.backends.protocol`).

``EKO_QDRANT_URL`` set: a Qdrant server (:mod:`memory.backends.server`). Unset: the embedded engine,
Qdrant Edge, in the data directory (:mod:`memory.backends.edge`), which first moves an older
qdrant-client local-mode directory into itself (:mod:`memory.backends.migrate`).
"""

from __future__ import annotations

from memory.backends.edge import EdgeBackend, lock_directory
from memory.backends.migrate import migrate, needs_migration
from memory.backends.protocol import Filters, PointData, Progress, StoredPoint, VectorBackend
from memory.storage import MemoryConfig

__all__ = ["Filters", "PointData", "Progress", "StoredPoint", "VectorBackend", "open_backend"]


async def open_backend(config: MemoryConfig, progress: Progress | None = None) -> VectorBackend:
    """The backend ``config`` names. ``progress(done, total)`` follows a migration, if one runs."""
    if config.url:
        # qdrant-client costs seconds to import: only a server (or a migration) needs it.
        from memory.backends.server import ServerBackend

        return ServerBackend.connect(config.url, config.api_key, config.collections)
    if config.path is None:
        raise ValueError("MemoryConfig needs a path (embedded storage) or a url (Qdrant server)")
    lock = lock_directory(config.path)
    try:
        if needs_migration(config.path):
            await migrate(config.path, config.collections, progress)
        return EdgeBackend.open(config.path, config.collections, lock)
    except BaseException:
        lock.close()
        raise
