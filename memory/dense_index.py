"""An in-process copy of one collection's dense vectors, for batched duplicate look-ups.

Qdrant's local mode answers a batch of queries one query at a time, each a full pass over every
vector; a batch of writes checked for duplicates against a few thousand records then spends most of
its time there. In local mode this process is the only writer (the storage lock guarantees it), so
``Memory`` keeps this copy in step with every write and checks a whole batch with one matrix product.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from memory.embeddings import Vectors


class DenseIndex:
    def __init__(self, dimension: int) -> None:
        self._ids: list[str] = []
        self._position: dict[str, int] = {}
        self._matrix: Vectors = np.zeros((64, dimension), dtype=np.float32)

    def __len__(self) -> int:
        return len(self._ids)

    def upsert(self, ids: Sequence[str], vectors: Vectors) -> None:
        for point_id, vector in zip(ids, vectors, strict=True):
            position = self._position.get(point_id)
            if position is None:
                position = len(self._ids)
                if position == len(self._matrix):  # grow by doubling: appends stay cheap
                    self._matrix = np.concatenate([self._matrix, np.zeros_like(self._matrix)])
                self._ids.append(point_id)
                self._position[point_id] = position
            self._matrix[position] = vector

    def remove(self, ids: Sequence[str]) -> None:
        for point_id in ids:
            position = self._position.pop(point_id, None)
            if position is None:
                continue
            last = len(self._ids) - 1
            if position != last:  # move the last row into the hole
                moved = self._ids[last]
                self._ids[position] = moved
                self._position[moved] = position
                self._matrix[position] = self._matrix[last]
            self._ids.pop()

    def nearest(self, queries: Vectors, floor: float, limit: int) -> list[list[tuple[str, float]]]:
        """For each query, up to ``limit`` (id, cosine) with cosine ≥ ``floor``, best first."""
        count = len(self._ids)
        if count == 0 or len(queries) == 0:
            return [[] for _ in range(len(queries))]
        scores = queries @ self._matrix[:count].T
        keep = min(limit, count)
        found: list[list[tuple[str, float]]] = []
        for row in scores:
            top = np.argpartition(-row, keep - 1)[:keep]
            top = top[np.argsort(-row[top])]
            found.append([(self._ids[i], float(row[i])) for i in top if row[i] >= floor])
        return found
