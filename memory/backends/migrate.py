"""Moving an old embedded directory (qdrant-client's local mode) into the embedded engine, on open.

Nothing is lost on the way: every collection is copied point by point (payloads and both vectors as
stored) into ``edge.partial``, counted against the source, and becomes ``edge`` with one rename once
complete; only then are the old files renamed aside (``collection.migrated``, ``meta.json.migrated``:
delete them once the new storage is checked). A migration that fails or is killed leaves the old
files as they were and starts again on the next open.
"""

from __future__ import annotations

import logging
import os
import shutil
from pathlib import Path
from typing import TYPE_CHECKING

import qdrant_edge as qe

from memory.backends.edge import EDGE_DIR, create_shard, edge_point
from memory.backends.protocol import PointData, Progress
from memory.records import KINDS, Kind, MemoryError

if TYPE_CHECKING:
    from memory.backends.server import ServerBackend

logger = logging.getLogger(__name__)

LOCAL_MODE_DIR = "collection"
LOCAL_MODE_META = "meta.json"
MIGRATED = ".migrated"
_PAGE = 1024


def needs_migration(path: Path) -> bool:
    """True when ``path`` holds qdrant-client local-mode collections not yet moved."""
    return (path / LOCAL_MODE_DIR).is_dir()


def _set_aside(path: Path) -> None:
    for name in (LOCAL_MODE_DIR, LOCAL_MODE_META):
        old = path / name
        if old.exists():
            os.replace(old, path / f"{name}{MIGRATED}")


async def migrate(path: Path, collections: dict[Kind, str], progress: Progress | None = None) -> int:
    """Copy the local-mode collections under ``path`` into the embedded engine; returns the points
    copied. The caller holds the embedded engine's lock; ``StorageInUseError`` when another process
    holds the old storage."""
    if (path / EDGE_DIR).is_dir():  # a migration that stopped between its last two renames
        _set_aside(path)
        return 0
    # qdrant-client (seconds to import) reads the old directory: imported only when there is one.
    from memory.backends.server import ServerBackend

    source = ServerBackend.local(path, collections)
    try:
        copied = await _copy(source, path, collections, progress)
    finally:
        await source.close()
    os.replace(path / f"{EDGE_DIR}.partial", path / EDGE_DIR)
    _set_aside(path)
    logger.warning("memory storage migrated", extra={"path": str(path), "points": copied})
    return copied


async def _copy(
    source: ServerBackend, path: Path, collections: dict[Kind, str], progress: Progress | None
) -> int:
    partial = path / f"{EDGE_DIR}.partial"
    if partial.exists():
        shutil.rmtree(partial)
    partial.mkdir(parents=True)
    layouts = {kind: layout for kind in KINDS if (layout := await source.layout(kind)) is not None}
    total = sum([await source.count(kind) for kind in layouts])
    logger.warning(
        "migrating memory storage to the embedded engine", extra={"path": str(path), "points": total}
    )
    done = 0
    for kind, layout in layouts.items():
        shard = create_shard(partial / collections[kind], layout)
        try:
            offset: str | None = None
            while True:
                points, offset = await source.scroll(kind, _PAGE, offset, with_dense=True)
                batch: list[qe.Point] = []
                for p in points:
                    if p.dense is None:
                        raise MemoryError(f"cannot migrate {path}: point {p.id} has no dense vector")
                    batch.append(edge_point(PointData(p.id, p.dense, p.sparse, p.payload)))
                if batch:
                    shard.update(qe.UpdateOperation.upsert_points(batch))
                step = max(_PAGE, total // 10)  # about ten lines for a whole migration
                if progress is not None and (done + len(points)) // step > done // step:
                    progress(done + len(points), total)
                done += len(points)
                if offset is None:
                    break
            expected = await source.count(kind)
            copied = shard.count(qe.CountRequest(exact=True))
            if copied != expected:
                raise MemoryError(f"cannot migrate {path}: {copied} of {expected} {kind} points copied")
            shard.optimize()
            shard.flush()
        finally:
            shard.close()
    if progress is not None and done % max(_PAGE, total // 10):  # the last line says it is complete
        progress(done, total)
    return done
