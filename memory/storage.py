"""Where memory lives, and the rule keeping a collection in step with the embedding model."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from memory.records import Kind, VectorMismatchError

logger = logging.getLogger(__name__)

DENSE = "dense"
SPARSE = "sparse"
# Bumped when the sparse terms of a text change (language.terms, memory.sparse): a storage built with
# another scheme has its sparse vectors rebuilt on open (``Memory.open``), its dense ones kept.
# tests/memory/test_sparse.py pins the terms of sample texts to this number.
SPARSE_SCHEME = 11

UNKNOWN_MODEL = "an unknown model"

DEFAULT_COLLECTIONS: dict[Kind, str] = {
    "fact": "organizer_memory",
    "self": "organizer_self",
    "goal": "organizer_goals",
}


@dataclass(frozen=True)
class MemoryConfig:
    """Where memory lives: a local directory (the embedded engine) unless ``url`` names a Qdrant server."""

    path: Path | None = None
    url: str | None = None
    api_key: str | None = None
    collections: dict[Kind, str] = field(default_factory=lambda: dict(DEFAULT_COLLECTIONS))

    def where(self) -> str:
        return self.url if self.url else str(self.path)


@dataclass(frozen=True)
class Layout:
    """How a collection was built: the embedding model and sizes its stored vectors depend on."""

    model: str
    dimension: int | None
    sparse_scheme: int | None  # None: unknown (no metadata), or no sparse vectors (a legacy collection)
    has_sparse: bool = True

    @classmethod
    def of(cls, model: str, dimension: int) -> Layout:
        """The layout a collection gets for ``model`` today."""
        return cls(model, dimension, SPARSE_SCHEME)


def collection_metadata(model: str, dimension: int, scheme: int | None = SPARSE_SCHEME) -> dict[str, Any]:
    return {"embedding_model": model, "embedding_dimension": dimension, "sparse_scheme": scheme}


def layout_of(metadata: dict[str, Any], dimension: int | None, has_sparse: bool, legacy: bool) -> Layout:
    """A collection's :class:`Layout` from what the engine keeps about it."""
    model = str(metadata.get("embedding_model", UNKNOWN_MODEL))
    if legacy:
        model = f"{model} (legacy vector layout)"
    scheme = metadata.get("sparse_scheme") if has_sparse else None
    return Layout(model, dimension, scheme if isinstance(scheme, int) else None, has_sparse)


def stale_terms(stored: Layout, model: str, dimension: int) -> bool:
    """Whether a collection matches the embedder but its sparse vectors come from another term scheme
    (they are then rebuilt from the stored texts; nothing needs re-encoding)."""
    return (
        stored.model == model
        and stored.dimension == dimension
        and stored.has_sparse
        and isinstance(stored.sparse_scheme, int)
        and stored.sparse_scheme != SPARSE_SCHEME
    )


def check_layout(name: str, stored: Layout, model: str, dimension: int) -> None:
    """Raises VectorMismatchError unless collection ``name`` was built for the embedder."""
    if stored.model == model and stored.dimension == dimension and stored.sparse_scheme == SPARSE_SCHEME:
        return
    if stored.model == UNKNOWN_MODEL and stored.dimension == dimension and stored.has_sparse:
        # Our layout without our metadata: a Qdrant server too old to keep collection metadata.
        logger.warning(
            "collection has no embedding-model metadata; assuming it matches",
            extra={"collection": name, "model": model},
        )
        return
    older = "" if stored.sparse_scheme == SPARSE_SCHEME else ", older search index"
    raise VectorMismatchError(
        f"collection {name} was built with {stored.model} ({stored.dimension} dimensions{older}); the "
        f"current embedding model is {model} ({dimension} dimensions). Run `eko memory reembed` to "
        f"re-encode memory with {model}.",
        collection=name,
        model=model,
    )
