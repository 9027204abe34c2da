"""The embedded backend: Qdrant Edge (``qdrant-edge-py``), the Qdrant engine running in-process.

One shard per collection under ``<path>/edge/<collection>``; what qdrant-client keeps as collection
metadata (the embedding model) sits beside it in ``<collection>.json``. Every update goes through
the shard's write-ahead log before it returns, so a killed process loses nothing it acknowledged.
A lock file (``<path>/edge.lock``) held for the backend's life makes a second process fail at once
with one clear line (the shards' own WAL lock would too, but only once it reached them, possibly
in the middle of a migration).

The engine holds the GIL while it works: calls are short (a search ~1 ms on indexed segments, a
brute-force scan of the newest, unindexed segment ~13 ms per 100k points), except
:meth:`EdgeBackend.optimize`, which builds the HNSW index of everything written since the last one
(a minute per 100k points on this machine) and so runs from batch commands only (import, reembed,
migration), never in the bot.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import json
import logging
import os
import shutil
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO, Any, TypeVar, cast

import numpy as np
import qdrant_edge as qe

from memory.backends.protocol import Filters, Fusion, PointData, StoredPoint, payload_selection
from memory.embeddings import Vectors
from memory.records import Kind, MemoryError, StorageInUseError
from memory.sparse import SparseVector
from memory.storage import DENSE, SPARSE, UNKNOWN_MODEL, Layout

logger = logging.getLogger(__name__)

EDGE_DIR = "edge"
LOCK_FILE = "edge.lock"
_T = TypeVar("_T")

_KEYWORDS = ("status", "about", "author", "goal_id")


def in_use(path: Path) -> StorageInUseError:
    return StorageInUseError(path)


def edge_filter(filters: Filters | None) -> qe.Filter | None:
    if not filters:
        return None
    conditions: list[Any] = []
    for key, value in filters.items():
        if isinstance(value, list | tuple | set):
            conditions.append(qe.FieldCondition(key=key, match=qe.MatchAny(any=list(value))))
        else:
            conditions.append(qe.FieldCondition(key=key, match=qe.MatchValue(value)))
    return qe.Filter(must=conditions)


def _point_id(value: str) -> qe.PointId:
    return int(value) if value.isdigit() else value  # legacy collections have integer ids


def _scrolled(page: tuple[list[qe.Record], Any]) -> tuple[list[StoredPoint], Any]:
    points, following = page
    return [_stored(p) for p in points], following


def _stored(point: qe.Record | qe.ScoredPoint) -> StoredPoint:
    vectors = point.vector
    dense: Vectors | None = None
    sparse: SparseVector | None = None
    if isinstance(vectors, dict):
        if DENSE in vectors:
            dense = np.asarray(vectors[DENSE], dtype=np.float32)
        raw = vectors.get(SPARSE)
        if isinstance(raw, qe.SparseVector):
            sparse = SparseVector(indices=list(raw.indices), values=list(raw.values))
    score = point.score if isinstance(point, qe.ScoredPoint) else 0.0
    return StoredPoint(str(point.id), dict(point.payload or {}), dense, float(score), sparse)


def _probe(dimension: int) -> list[float]:
    """A query vector for a query that only reads points (any non-zero vector)."""
    return [1.0] + [0.0] * (dimension - 1)


def _sparse(vector: SparseVector) -> qe.SparseVector:
    return qe.SparseVector(list(vector.indices), list(vector.values))


def edge_point(point: PointData) -> qe.Point:
    vectors: dict[str, Any] = {DENSE: point.dense.tolist()}
    if point.sparse is not None and point.sparse.indices:
        vectors[SPARSE] = _sparse(point.sparse)
    return qe.Point(_point_id(point.id), vectors, point.payload)


# Indexed segments a shard keeps before the engine merges them (its default here: 2). A large
# import indexes every memory.store.INDEX_EVERY records (the duplicate checks then stop scanning all it
# wrote by brute force); with 2, each of those indexings merged and re-indexed everything before.
SEGMENTS = 8


def shard_config(dimension: int) -> qe.EdgeConfig:
    return qe.EdgeConfig(
        vectors={DENSE: qe.EdgeVectorParams(size=dimension, distance=qe.Distance.Cosine)},
        sparse_vectors={SPARSE: qe.EdgeSparseVectorParams(modifier=qe.Modifier.Idf)},
        optimizers=qe.EdgeOptimizersConfig(default_segment_number=SEGMENTS),
    )


def create_shard(directory: Path, layout: Layout) -> qe.EdgeShard:
    """An empty shard for ``layout`` in ``directory`` (replaced if present), with its layout file and
    the payload indexes Memory filters and sorts on."""
    if directory.exists():
        shutil.rmtree(directory)
    shard = qe.EdgeShard.create(str(directory), shard_config(layout.dimension or 1))
    shard.update(qe.UpdateOperation.create_field_index("created_ts", qe.PayloadSchemaType.Float))
    for key in _KEYWORDS:
        shard.update(qe.UpdateOperation.create_field_index(key, qe.PayloadSchemaType.Keyword))
    _write_layout(directory, layout)
    return shard


def _layout_file(directory: Path) -> Path:
    return directory.with_name(f"{directory.name}.json")


def _write_layout(directory: Path, layout: Layout) -> None:
    target = _layout_file(directory)
    temporary = target.with_name(f"{target.name}.tmp")
    data = {
        "embedding_model": layout.model,
        "embedding_dimension": layout.dimension,
        "sparse_scheme": layout.sparse_scheme,
        "has_sparse": layout.has_sparse,
    }
    with open(temporary, "w", encoding="utf-8") as file:
        json.dump(data, file)
        file.flush()
        os.fsync(file.fileno())
    os.replace(temporary, target)


def _read_layout(directory: Path) -> Layout:
    try:
        data = json.loads(_layout_file(directory).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return Layout(UNKNOWN_MODEL, None, None, has_sparse=False)
    dimension = data.get("embedding_dimension")
    scheme = data.get("sparse_scheme")
    return Layout(
        str(data.get("embedding_model", UNKNOWN_MODEL)),
        dimension if isinstance(dimension, int) else None,
        scheme if isinstance(scheme, int) else None,
        bool(data.get("has_sparse", True)),
    )


def lock_directory(path: Path) -> IO[bytes]:
    """An exclusive lock on the memory directory ``path`` for this process's life (released when
    the returned file is closed, or the process ends)."""
    path.mkdir(parents=True, exist_ok=True)
    handle = open(path / LOCK_FILE, "ab")  # noqa: SIM115 - held open until close()
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        handle.close()
        raise in_use(path) from None
    return handle


class EdgeBackend:
    def __init__(self, root: Path, collections: dict[Kind, str], lock: IO[bytes]) -> None:
        self._root = root
        self._collections = collections
        self._lock = lock
        self._shards: dict[Kind, qe.EdgeShard] = {}
        self._dimensions: dict[Kind, int] = {}  # from the layout files (None there: legacy, unknown)

    @classmethod
    def open(cls, path: Path, collections: dict[Kind, str], lock: IO[bytes]) -> EdgeBackend:
        """Open the shards under ``path``, whose :func:`lock_directory` lock the backend now owns."""
        root = path / EDGE_DIR
        root.mkdir(exist_ok=True)
        backend = cls(root, collections, lock)
        try:
            for kind, name in collections.items():
                if (root / name).is_dir():
                    layout = _read_layout(root / name)
                    # A shard made before SEGMENTS takes it now (the engine checks the vectors agree).
                    config = shard_config(layout.dimension) if layout.dimension else None
                    backend._shards[kind] = qe.EdgeShard.load(str(root / name), config)
                    backend._remember(kind, layout)
        except Exception as error:  # the engine raises plain Exceptions
            backend._release()
            if "WouldBlock" in str(error):
                raise in_use(path) from None
            raise MemoryError(f"cannot open memory storage {path}: {' '.join(str(error).split())}") from error
        return backend

    def _shard(self, kind: Kind) -> qe.EdgeShard:
        return self._shards[kind]

    async def _run(self, call: Callable[[], _T]) -> _T:
        # Calls convert the engine's points to StoredPoint inside the worker too: fifty candidates
        # with their 512 floats each cost about a millisecond of Python, which on the event loop
        # would hold back the Lobby's broadcasts (docs/bot.md, "Lobby latency").
        return await asyncio.to_thread(call)

    async def layout(self, kind: Kind) -> Layout | None:
        if kind not in self._shards:
            return None
        return _read_layout(self._root / self._collections[kind])

    async def create(self, kind: Kind, layout: Layout) -> None:
        old = self._shards.pop(kind, None)
        if old is not None:
            old.close()
        directory = self._root / self._collections[kind]
        self._shards[kind] = await self._run(lambda: create_shard(directory, layout))
        self._remember(kind, layout)

    def _remember(self, kind: Kind, layout: Layout) -> None:
        self._dimensions.pop(kind, None)
        if layout.dimension:
            self._dimensions[kind] = layout.dimension

    async def set_layout(self, kind: Kind, layout: Layout) -> None:
        directory = self._root / self._collections[kind]
        await self._run(lambda: _write_layout(directory, layout))

    async def retrieve(self, kind: Kind, ids: Sequence[str], with_dense: bool = False) -> list[StoredPoint]:
        if not ids:
            return []
        wanted = [_point_id(i) for i in ids]
        shard = self._shard(kind)
        dimension = self._dimensions.get(kind)
        if with_dense and dimension:
            # The engine's retrieve reads dense vectors slowly (5 points at 20k: p95 3.9 ms against
            # 0.17 ms): an exact query restricted to the ids returns the same points and vectors.
            request = qe.QueryRequest(
                limit=len(wanted),
                query=qe.Query.Nearest(_probe(dimension), using=DENSE),
                filter=qe.Filter(must=[qe.HasIdCondition(set(wanted))]),
                params=qe.SearchParams(exact=True),
                with_payload=True,
                with_vector=[DENSE],
            )
            return await self._run(lambda: [_stored(p) for p in shard.query(request)])
        return await self._run(
            lambda: [_stored(p) for p in shard.retrieve(wanted, True, [DENSE] if with_dense else False)]
        )

    async def nearest(
        self,
        kind: Kind,
        vectors: Vectors,
        limit: int,
        floor: float | None = None,
        filters: Filters | None = None,
        with_payload: bool | Sequence[str] = True,
        with_dense: bool = True,
    ) -> list[list[StoredPoint]]:
        if len(vectors) == 0:
            return []
        query_filter = edge_filter(filters)
        requests = [
            qe.QueryRequest(
                limit=limit,
                query=qe.Query.Nearest(vector.tolist(), using=DENSE),
                filter=query_filter,
                score_threshold=floor,
                with_payload=payload_selection(with_payload),
                with_vector=[DENSE] if with_dense else False,
            )
            for vector in vectors
        ]
        shard = self._shard(kind)
        batch = qe.QueryBatchRequest(requests)
        return await self._run(lambda: [[_stored(p) for p in points] for points in shard.query_batch(batch)])

    async def sparse_nearest(
        self, kind: Kind, vector: SparseVector, limit: int, filters: Filters | None = None
    ) -> list[StoredPoint]:
        request = qe.QueryRequest(
            limit=limit,
            query=qe.Query.Nearest(_sparse(vector), using=SPARSE),
            filter=edge_filter(filters),
            with_payload=False,
        )
        shard = self._shard(kind)
        return await self._run(lambda: [_stored(p) for p in shard.query(request)])

    async def fused(
        self,
        kind: Kind,
        dense: Vectors,
        sparse: SparseVector,
        depth: int,
        limit: int,
        fusion: Fusion,
        weights: tuple[float, float],
        rrf_k: int,
        filters: Filters | None = None,
    ) -> list[StoredPoint]:
        query_filter = edge_filter(filters)
        request = qe.QueryRequest(
            limit=limit,
            prefetches=[
                qe.Prefetch(
                    limit=depth, query=qe.Query.Nearest(dense.tolist(), using=DENSE), filter=query_filter
                ),
                qe.Prefetch(
                    limit=depth, query=qe.Query.Nearest(_sparse(sparse), using=SPARSE), filter=query_filter
                ),
            ],
            # The stubs name the enclosing class, the engine takes the variants.
            query=cast(
                qe.Fusion,
                qe.Fusion.Rrf(k=rrf_k, weights=list(weights)) if fusion == "rrf" else qe.Fusion.Dbsf(),
            ),
            filter=query_filter,
            with_payload=True,
            with_vector=[DENSE],
        )
        shard = self._shard(kind)
        return await self._run(lambda: [_stored(p) for p in shard.query(request)])

    async def scroll(
        self, kind: Kind, limit: int, offset: str | None = None, with_dense: bool = False
    ) -> tuple[list[StoredPoint], str | None]:
        request = qe.ScrollRequest(
            offset=None if offset is None else _point_id(offset),
            limit=limit,
            with_payload=True,
            with_vector=with_dense,
        )
        shard = self._shard(kind)
        points, following = await self._run(lambda: _scrolled(shard.scroll(request)))
        return points, None if following is None else str(following)

    async def newest(self, kind: Kind, limit: int, filters: Filters | None = None) -> list[StoredPoint]:
        request = qe.ScrollRequest(
            limit=limit,
            filter=edge_filter(filters),
            with_payload=True,
            with_vector=False,
            order_by=qe.OrderBy("created_ts", qe.Direction.Desc),
        )
        shard = self._shard(kind)
        points, _ = await self._run(lambda: _scrolled(shard.scroll(request)))
        return points

    async def count(self, kind: Kind, filters: Filters | None = None) -> int:
        request = qe.CountRequest(exact=True, filter=edge_filter(filters))
        shard = self._shard(kind)
        return int(await self._run(lambda: shard.count(request)))

    async def _update(self, kind: Kind, operation: qe.UpdateOperation) -> None:
        shard = self._shard(kind)
        await self._run(lambda: shard.update(operation))

    async def upsert(self, kind: Kind, points: Sequence[PointData]) -> None:
        if points:
            await self._update(kind, qe.UpdateOperation.upsert_points([edge_point(p) for p in points]))

    async def delete(self, kind: Kind, ids: Sequence[str]) -> None:
        if ids:
            await self._update(kind, qe.UpdateOperation.delete_points([_point_id(i) for i in ids]))

    async def overwrite_payload(self, kind: Kind, point_id: str, payload: dict[str, Any]) -> None:
        await self._update(kind, qe.UpdateOperation.overwrite_payload([_point_id(point_id)], payload))

    async def set_payload(self, kind: Kind, filters: Filters, payload: dict[str, Any]) -> None:
        selector = edge_filter(filters)
        if selector is None:
            raise ValueError("set_payload needs a filter")
        await self._update(kind, qe.UpdateOperation.set_payload_by_filter(selector, payload))

    async def optimize(self) -> None:
        for shard in self._shards.values():
            await self._run(shard.optimize)

    def _release(self) -> None:
        for shard in self._shards.values():
            with contextlib.suppress(Exception):
                shard.close()
        self._shards.clear()
        self._lock.close()

    async def close(self) -> None:
        for shard in self._shards.values():
            await self._run(shard.flush)
        self._release()
