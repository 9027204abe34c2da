"""What ``Memory`` needs from a vector engine: the one protocol every backend implements.

``Memory`` keeps every rule (duplicate checks, merging, ranking) and talks to a backend in these
terms only: points of one kind (a collection) with a dense vector, a sparse vector and a payload.
Filters are plain mappings, ``{"about": "David", "status": ["pending", "asked"]}``: every key must
match exactly, a list value matches any of its items.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from memory.embeddings import Vectors
from memory.records import Kind
from memory.sparse import SparseVector
from memory.storage import Layout

Filters = Mapping[str, Any]
Fusion = Literal["rrf", "dbsf"]
# (done, total): called while a long operation (a migration) advances.
Progress = Callable[[int, int], None]
# A query's payloads: all of them, none, or only the named fields.
PayloadSelection = bool | Sequence[str]


def payload_selection(with_payload: PayloadSelection) -> bool | list[str]:
    """``with_payload`` as both engines' clients take it (a list of field names, not any sequence)."""
    return with_payload if isinstance(with_payload, bool) else list(with_payload)


@dataclass(frozen=True)
class PointData:
    """A point to write."""

    id: str
    dense: Vectors
    sparse: SparseVector | None  # None: none (a legacy point)
    payload: dict[str, Any]


@dataclass(frozen=True)
class StoredPoint:
    """A point read back; vectors only when asked for, ``score`` only from a query."""

    id: str
    payload: dict[str, Any]
    dense: Vectors | None = None
    score: float = 0.0
    sparse: SparseVector | None = None


class VectorBackend(Protocol):
    """One engine holding the three collections. Methods are per kind; ids are UUID strings."""

    async def layout(self, kind: Kind) -> Layout | None:
        """How the kind's collection was built; None when it does not exist."""

    async def create(self, kind: Kind, layout: Layout) -> None:
        """Create the kind's (empty) collection; an existing one is replaced."""

    async def set_layout(self, kind: Kind, layout: Layout) -> None:
        """Record that the kind's existing collection now has ``layout`` (its points are kept)."""

    async def retrieve(self, kind: Kind, ids: Sequence[str], with_dense: bool = False) -> list[StoredPoint]:
        """The stored points among ``ids`` (unknown ids are left out), in no particular order."""

    async def nearest(
        self,
        kind: Kind,
        vectors: Vectors,
        limit: int,
        floor: float | None = None,
        filters: Filters | None = None,
        with_payload: PayloadSelection = True,
        with_dense: bool = True,
    ) -> list[list[StoredPoint]]:
        """For each row of ``vectors``, up to ``limit`` nearest points by cosine (≥ ``floor``), best
        first, with their payloads (``with_payload`` naming fields: those only) and dense vectors
        (each when asked for)."""

    async def sparse_nearest(
        self, kind: Kind, vector: SparseVector, limit: int, filters: Filters | None = None
    ) -> list[StoredPoint]:
        """Up to ``limit`` points by sparse score (dot product, terms weighted by IDF), best first,
        without payloads."""

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
        """The engine's own fusion of the ``depth`` best dense and sparse candidates, with payloads
        and dense vectors."""

    async def scroll(
        self, kind: Kind, limit: int, offset: str | None = None, with_dense: bool = False
    ) -> tuple[list[StoredPoint], str | None]:
        """One page of every point in storage order, and the offset of the next page (None at the end);
        ``with_dense`` reads every vector (the sparse one too)."""

    async def newest(self, kind: Kind, limit: int, filters: Filters | None = None) -> list[StoredPoint]:
        """Up to ``limit`` points by ``created_ts`` descending."""

    async def count(self, kind: Kind, filters: Filters | None = None) -> int:
        """How many points (matching ``filters``)."""

    async def upsert(self, kind: Kind, points: Sequence[PointData]) -> None:
        """Write points (replacing those with the same ids); durable when it returns."""

    async def delete(self, kind: Kind, ids: Sequence[str]) -> None:
        """Delete points by id; durable when it returns."""

    async def overwrite_payload(self, kind: Kind, point_id: str, payload: dict[str, Any]) -> None:
        """Replace one point's whole payload; durable when it returns."""

    async def set_payload(self, kind: Kind, filters: Filters, payload: dict[str, Any]) -> None:
        """Set ``payload``'s keys on every point matching ``filters``; durable when it returns."""

    async def optimize(self) -> None:
        """Build the search indexes of what was written since (a no-op where the engine does it itself)."""

    async def close(self) -> None:
        """Release the storage (its lock too)."""
