"""The Qdrant-server backend, through qdrant-client's ``AsyncQdrantClient``.

The same class also drives qdrant-client's local mode (``path=``, pure Python): the tests run the
server's code path on it (no Qdrant server runs on the test machine), and the embedded backend reads
an old local-mode directory through it when it migrates one.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
from qdrant_client import AsyncQdrantClient, models

from memory.backends.protocol import Filters, Fusion, PointData, StoredPoint, payload_selection
from memory.embeddings import Vectors
from memory.records import Kind, StorageInUseError
from memory.sparse import SparseVector
from memory.storage import DENSE, SPARSE, UNKNOWN_MODEL, Layout, collection_metadata, layout_of

logger = logging.getLogger(__name__)

# Payload keys Memory filters or sorts on; a server indexes them (local mode has no payload indexes).
PAYLOAD_INDEXES: tuple[tuple[str, models.PayloadSchemaType], ...] = (
    ("status", models.PayloadSchemaType.KEYWORD),
    ("about", models.PayloadSchemaType.KEYWORD),
    ("author", models.PayloadSchemaType.KEYWORD),
    ("goal_id", models.PayloadSchemaType.KEYWORD),
    ("created_ts", models.PayloadSchemaType.FLOAT),
)


def qdrant_filter(filters: Filters | None) -> models.Filter | None:
    if not filters:
        return None
    conditions: list[models.Condition] = []
    for key, value in filters.items():
        if isinstance(value, list | tuple | set):
            conditions.append(models.FieldCondition(key=key, match=models.MatchAny(any=list(value))))
        else:
            conditions.append(models.FieldCondition(key=key, match=models.MatchValue(value=value)))
    return models.Filter(must=conditions)


def _dense_of(point: models.Record | models.ScoredPoint) -> Vectors | None:
    vectors = point.vector
    if isinstance(vectors, dict) and DENSE in vectors:
        return np.asarray(vectors[DENSE], dtype=np.float32)
    if isinstance(vectors, list) and vectors and isinstance(vectors[0], float):
        return np.asarray(vectors, dtype=np.float32)  # an unnamed vector: a legacy collection
    return None


def _sparse_of(point: models.Record | models.ScoredPoint) -> SparseVector | None:
    vectors = point.vector
    raw = vectors.get(SPARSE) if isinstance(vectors, dict) else None
    if isinstance(raw, models.SparseVector):
        return SparseVector(indices=list(raw.indices), values=list(raw.values))
    return None


def _stored(point: models.Record | models.ScoredPoint) -> StoredPoint:
    score = point.score if isinstance(point, models.ScoredPoint) else 0.0
    return StoredPoint(
        str(point.id), dict(point.payload or {}), _dense_of(point), float(score), _sparse_of(point)
    )


def _sparse(vector: SparseVector) -> models.SparseVector:
    return models.SparseVector(indices=list(vector.indices), values=list(vector.values))


def _vectors(point: PointData) -> dict[str, Any]:
    vectors: dict[str, Any] = {DENSE: point.dense.tolist()}
    if point.sparse is not None:
        vectors[SPARSE] = _sparse(point.sparse)
    return vectors


class ServerBackend:
    def __init__(self, client: AsyncQdrantClient, collections: dict[Kind, str], server: bool) -> None:
        self._client = client
        self._collections = collections
        self._server = server

    @classmethod
    def connect(cls, url: str, api_key: str | None, collections: dict[Kind, str]) -> ServerBackend:
        return cls(AsyncQdrantClient(url=url, api_key=api_key), collections, server=True)

    @classmethod
    def local(cls, path: Path, collections: dict[Kind, str]) -> ServerBackend:
        """qdrant-client's local mode on ``path`` (tests, and reading an old directory to migrate it)."""
        path.mkdir(parents=True, exist_ok=True)
        try:
            client = AsyncQdrantClient(path=str(path))
        except RuntimeError as error:
            if "already accessed" in str(error):
                raise StorageInUseError(path) from None
            raise
        return cls(client, collections, server=False)

    def _name(self, kind: Kind) -> str:
        return self._collections[kind]

    async def layout(self, kind: Kind) -> Layout | None:
        name = self._name(kind)
        if not await self._client.collection_exists(name):
            return None
        info = await self._client.get_collection(name)
        params = info.config.params
        vectors = params.vectors
        dimension: int | None = None
        legacy = not (isinstance(vectors, dict) and DENSE in vectors)
        if isinstance(vectors, dict) and DENSE in vectors:
            dimension = vectors[DENSE].size
        elif isinstance(vectors, models.VectorParams):
            dimension = vectors.size  # an unnamed vector: a legacy collection
        has_sparse = bool(params.sparse_vectors and SPARSE in params.sparse_vectors)
        return layout_of(info.config.metadata or {}, dimension, has_sparse, legacy)

    async def set_layout(self, kind: Kind, layout: Layout) -> None:
        await self._client.update_collection(
            self._name(kind),
            metadata=collection_metadata(layout.model, layout.dimension or 0, layout.sparse_scheme),
        )

    async def create(self, kind: Kind, layout: Layout) -> None:
        name = self._name(kind)
        if await self._client.collection_exists(name):
            await self._client.delete_collection(name)
        await self._client.create_collection(
            name,
            vectors_config={
                DENSE: models.VectorParams(size=layout.dimension or 0, distance=models.Distance.COSINE)
            },
            sparse_vectors_config={SPARSE: models.SparseVectorParams(modifier=models.Modifier.IDF)},
            metadata=collection_metadata(layout.model, layout.dimension or 0)
            if layout.model != UNKNOWN_MODEL
            else None,
        )
        if self._server:  # local mode ignores payload indexes (with a warning)
            for key, schema in PAYLOAD_INDEXES:
                await self._client.create_payload_index(name, key, field_schema=schema)

    async def retrieve(self, kind: Kind, ids: Sequence[str], with_dense: bool = False) -> list[StoredPoint]:
        if not ids:
            return []
        points = await self._client.retrieve(
            self._name(kind), ids=list(ids), with_payload=True, with_vectors=[DENSE] if with_dense else False
        )
        return [_stored(p) for p in points]

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
        query_filter = qdrant_filter(filters)
        requests = [
            models.QueryRequest(
                query=vector.tolist(),
                using=DENSE,
                limit=limit,
                score_threshold=floor,
                filter=query_filter,
                with_payload=payload_selection(with_payload),
                with_vector=[DENSE] if with_dense else False,
            )
            for vector in vectors
        ]
        responses = await self._client.query_batch_points(self._name(kind), requests=requests)
        return [[_stored(p) for p in response.points] for response in responses]

    async def sparse_nearest(
        self, kind: Kind, vector: SparseVector, limit: int, filters: Filters | None = None
    ) -> list[StoredPoint]:
        response = await self._client.query_points(
            self._name(kind),
            query=_sparse(vector),
            using=SPARSE,
            limit=limit,
            query_filter=qdrant_filter(filters),
        )
        return [_stored(p) for p in response.points]

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
        query: models.Query = (
            models.RrfQuery(rrf=models.Rrf(k=rrf_k, weights=list(weights)))
            if fusion == "rrf"
            else models.FusionQuery(fusion=models.Fusion.DBSF)
        )
        response = await self._client.query_points(
            self._name(kind),
            prefetch=[
                models.Prefetch(query=dense.tolist(), using=DENSE, limit=depth),
                models.Prefetch(query=_sparse(sparse), using=SPARSE, limit=depth),
            ],
            query=query,
            limit=limit,
            query_filter=qdrant_filter(filters),
            with_payload=True,
            with_vectors=[DENSE],
        )
        return [_stored(p) for p in response.points]

    async def scroll(
        self, kind: Kind, limit: int, offset: str | None = None, with_dense: bool = False
    ) -> tuple[list[StoredPoint], str | None]:
        points, following = await self._client.scroll(
            self._name(kind),
            limit=limit,
            offset=offset,
            with_payload=True,
            with_vectors=with_dense,  # all vectors: a legacy collection's dense one is unnamed
        )
        return [_stored(p) for p in points], None if following is None else str(following)

    async def newest(self, kind: Kind, limit: int, filters: Filters | None = None) -> list[StoredPoint]:
        points, _ = await self._client.scroll(
            self._name(kind),
            scroll_filter=qdrant_filter(filters),
            limit=limit,
            order_by=models.OrderBy(key="created_ts", direction=models.Direction.DESC),
            with_payload=True,
        )
        return [_stored(p) for p in points]

    async def count(self, kind: Kind, filters: Filters | None = None) -> int:
        result = await self._client.count(self._name(kind), count_filter=qdrant_filter(filters), exact=True)
        return int(result.count)

    async def upsert(self, kind: Kind, points: Sequence[PointData]) -> None:
        structs = [models.PointStruct(id=p.id, vector=_vectors(p), payload=p.payload) for p in points]
        await self._client.upsert(self._name(kind), points=structs, wait=True)

    async def delete(self, kind: Kind, ids: Sequence[str]) -> None:
        selector = models.PointIdsList(points=list[models.ExtendedPointId](ids))
        await self._client.delete(self._name(kind), points_selector=selector, wait=True)

    async def overwrite_payload(self, kind: Kind, point_id: str, payload: dict[str, Any]) -> None:
        await self._client.overwrite_payload(self._name(kind), payload=payload, points=[point_id], wait=True)

    async def set_payload(self, kind: Kind, filters: Filters, payload: dict[str, Any]) -> None:
        selector = qdrant_filter(filters)
        if selector is None:
            raise ValueError("set_payload needs a filter")
        await self._client.set_payload(self._name(kind), payload=payload, points=selector, wait=True)

    async def optimize(self) -> None:
        return None  # a server indexes in the background; local mode has no index

    async def close(self) -> None:
        await self._client.close()
