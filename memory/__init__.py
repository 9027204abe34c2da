"""Eko's memory: facts, self-knowledge and goals in Qdrant, with duplicate-free writes and hybrid search."""

from memory.embeddings import Embedder, load_embedder
from memory.records import (
    KINDS,
    AddResult,
    GoalStatus,
    History,
    Kind,
    MemoryError,
    NewRecord,
    Record,
    RecordNotFound,
    ScoredRecord,
    StorageInUseError,
    VectorMismatchError,
)
from memory.storage import MemoryConfig
from memory.store import Memory, SearchTuning, utc_now

__all__ = [
    "KINDS",
    "AddResult",
    "Embedder",
    "GoalStatus",
    "History",
    "Kind",
    "Memory",
    "MemoryConfig",
    "MemoryError",
    "NewRecord",
    "Record",
    "RecordNotFound",
    "ScoredRecord",
    "SearchTuning",
    "StorageInUseError",
    "VectorMismatchError",
    "load_embedder",
    "utc_now",
]
