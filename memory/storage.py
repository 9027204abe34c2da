"""Opening Qdrant (embedded on disk, or a server) and keeping collections in step with the embedder."""

from __future__ import annotations

import logging
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from qdrant_client import AsyncQdrantClient, models

from memory.records import Kind, StorageInUseError, VectorMismatchError

logger = logging.getLogger(__name__)

DENSE = "dense"
SPARSE = "sparse"
# Bumped when the sparse term scheme changes: stored sparse vectors must then be rebuilt.
SPARSE_SCHEME = 1
# Qdrant's local mode slows down (and warns) above this many points per collection.
LOCAL_MODE_LIMIT = 20_000

UNKNOWN_MODEL = "an unknown model"

DEFAULT_COLLECTIONS: dict[Kind, str] = {
    "fact": "organizer_memory",
    "self": "organizer_self",
    "goal": "organizer_goals",
}


@dataclass(frozen=True)
class MemoryConfig:
    """Where memory lives: a local directory (embedded Qdrant) unless ``url`` names a Qdrant server."""

    path: Path | None = None
    url: str | None = None
    api_key: str | None = None
    collections: dict[Kind, str] = field(default_factory=lambda: dict(DEFAULT_COLLECTIONS))

    def where(self) -> str:
        return self.url if self.url else str(self.path)


def open_client(config: MemoryConfig) -> AsyncQdrantClient:
    if config.url:
        return AsyncQdrantClient(url=config.url, api_key=config.api_key)
    if config.path is None:
        raise ValueError("MemoryConfig needs a path (embedded storage) or a url (Qdrant server)")
    config.path.mkdir(parents=True, exist_ok=True)
    try:
        return AsyncQdrantClient(path=str(config.path))
    except RuntimeError as error:
        if "already accessed" in str(error):
            raise StorageInUseError(
                f"memory storage {config.path} is in use by another process (is Eko running?)"
            ) from None
        raise


def speed_up_local_writes(client: AsyncQdrantClient) -> None:
    """Use SQLite's write-ahead log for the embedded collections' files.

    Qdrant's local mode commits every point in its own SQLite transaction, each with a full fsync
    (about 8 ms here, which caps an import near 100 points/s). With ``journal_mode=WAL`` and
    ``synchronous=NORMAL`` every commit stays atomic and the file consistent after a crash of the
    process; only the last commits may be lost on a power cut. Reaches into the local client's
    private attributes, so it quietly does nothing when they are not there (a server, another version).
    """
    local = getattr(client, "_client", None)
    collections = getattr(local, "collections", None)
    if not isinstance(collections, dict):
        return
    for collection in collections.values():
        connection = getattr(getattr(collection, "storage", None), "storage", None)
        if isinstance(connection, sqlite3.Connection):
            connection.execute("PRAGMA journal_mode=WAL")
            connection.execute("PRAGMA synchronous=NORMAL")


def collection_metadata(model: str, dimension: int) -> dict[str, Any]:
    return {"embedding_model": model, "embedding_dimension": dimension, "sparse_scheme": SPARSE_SCHEME}


async def create_collection(
    client: AsyncQdrantClient, name: str, model: str, dimension: int, server: bool
) -> None:
    await client.create_collection(
        name,
        vectors_config={DENSE: models.VectorParams(size=dimension, distance=models.Distance.COSINE)},
        sparse_vectors_config={SPARSE: models.SparseVectorParams(modifier=models.Modifier.IDF)},
        metadata=collection_metadata(model, dimension),
    )
    if server:  # payload indexes only exist on a server (local mode ignores them, with a warning)
        for key, schema in (
            ("status", models.PayloadSchemaType.KEYWORD),
            ("about", models.PayloadSchemaType.KEYWORD),
            ("author", models.PayloadSchemaType.KEYWORD),
            ("created_ts", models.PayloadSchemaType.FLOAT),
        ):
            await client.create_payload_index(name, key, field_schema=schema)


async def stored_model(client: AsyncQdrantClient, name: str) -> tuple[str, int | None, int | None]:
    """(model name, dense dimension, sparse scheme) a collection was built with; unknowns are None/'?'."""
    info = await client.get_collection(name)
    params = info.config.params
    vectors = params.vectors
    dimension: int | None = None
    if isinstance(vectors, dict) and DENSE in vectors:
        dimension = vectors[DENSE].size
    elif isinstance(vectors, models.VectorParams):
        dimension = vectors.size  # an unnamed vector: a legacy collection
    has_sparse = bool(params.sparse_vectors and SPARSE in params.sparse_vectors)
    metadata = info.config.metadata or {}
    model = str(metadata.get("embedding_model", UNKNOWN_MODEL))
    if not isinstance(vectors, dict) or DENSE not in vectors:
        model = f"{model} (legacy vector layout)"
    scheme = metadata.get("sparse_scheme") if has_sparse else None
    return model, dimension, scheme if isinstance(scheme, int) else None


async def check_collection(client: AsyncQdrantClient, name: str, model: str, dimension: int) -> bool:
    """True when ``name`` matches the embedder; raises VectorMismatchError when it does not."""
    stored, stored_dimension, scheme = await stored_model(client, name)
    if stored == model and stored_dimension == dimension and scheme == SPARSE_SCHEME:
        return True
    if stored == UNKNOWN_MODEL and stored_dimension == dimension and scheme is None:
        info = await client.get_collection(name)
        if info.config.params.sparse_vectors and SPARSE in info.config.params.sparse_vectors:
            # Our layout without our metadata: a Qdrant server too old to keep collection metadata.
            logger.warning(
                "collection has no embedding-model metadata; assuming it matches",
                extra={"collection": name, "model": model},
            )
            return True
    raise VectorMismatchError(
        f"collection {name} was built with {stored} ({stored_dimension} dimensions"
        f"{'' if scheme == SPARSE_SCHEME else ', older search index'}); the current embedding model is "
        f"{model} ({dimension} dimensions). Run `eko memory reembed` to re-encode memory with {model}."
    )
