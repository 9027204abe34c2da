"""An in-process inverted index of one collection's sparse vectors (local mode only).

Qdrant's local mode scores a sparse query with a Python loop over every point; this index reads
only the postings of the query's terms, with the same IDF as Qdrant's ``Modifier.IDF``
(``ln((N - df + 0.5) / (df + 0.5) + 1)``), so rankings match the server's.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Sequence

from memory.sparse import SparseVector


class SparseIndex:
    def __init__(self) -> None:
        self._postings: dict[int, dict[str, float]] = {}
        self._terms: dict[str, list[int]] = {}

    def __len__(self) -> int:
        return len(self._terms)

    def upsert(self, point_id: str, vector: SparseVector) -> None:
        self.remove([point_id])
        self._terms[point_id] = list(vector.indices)
        for term, value in zip(vector.indices, vector.values, strict=True):
            self._postings.setdefault(term, {})[point_id] = value

    def remove(self, ids: Sequence[str]) -> None:
        for point_id in ids:
            for term in self._terms.pop(point_id, ()):
                postings = self._postings.get(term)
                if postings is not None:
                    postings.pop(point_id, None)
                    if not postings:
                        del self._postings[term]

    def search(self, query: SparseVector, limit: int) -> list[tuple[str, float]]:
        """The ``limit`` best (id, score) for ``query``, best first; records sharing no term are left out."""
        documents = len(self._terms)
        scores: dict[str, float] = {}
        for term, weight in zip(query.indices, query.values, strict=True):
            postings = self._postings.get(term)
            if not postings:
                continue
            frequency = len(postings)
            idf = math.log((documents - frequency + 0.5) / (frequency + 0.5) + 1.0)
            for point_id, value in postings.items():
                scores[point_id] = scores.get(point_id, 0.0) + weight * idf * value
        return heapq.nlargest(limit, scores.items(), key=lambda item: item[1])
