"""Memory's public data types and errors."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Literal

from language.equivalence import Kind as Kind  # what a record is: the duplicate rules need it too

KINDS: tuple[Kind, ...] = ("fact", "self", "goal")
GoalStatus = Literal["pending", "asked", "answered", "dropped"]


class MemoryError(Exception):
    """Root of every error memory raises."""


class StorageInUseError(MemoryError):
    """Another process (a running Eko) holds the local Qdrant storage at ``path``."""

    def __init__(self, path: Path) -> None:
        self.path = path
        super().__init__(f"memory storage {path} is in use by another process (is Eko running?)")


class VectorMismatchError(MemoryError):
    """A collection was built with another embedding model or vector size: run `eko memory reembed`."""

    def __init__(self, message: str, *, collection: str, model: str) -> None:
        self.collection = collection  # the collection built otherwise
        self.model = model  # the current embedding model, to re-encode with
        super().__init__(message)


class RecordNotFound(MemoryError, LookupError):  # noqa: N818 - name fixed by the contract
    """No record (or, ``goal``: no goal) with id ``record_id``."""

    def __init__(self, record_id: str, *, goal: bool = False) -> None:
        self.record_id = record_id
        self.goal = goal
        super().__init__(f"no {'goal' if goal else 'memory record'} with id {record_id!r}")


@dataclass
class Record:
    id: str
    kind: Kind
    text: str
    about: str | None = None  # the subject: whom or what the record is about ("Bob", "Kraken FM")
    author: str | None = None  # who first said it
    # Who said an equivalent thing: the first and the latest MAX_AUTHORS - 1 of them (see merging).
    authors: list[str] = field(default_factory=list)
    source: dict[str, Any] | None = None  # {"room": ..., "message_id": ...}
    created_at: datetime | None = None
    updated_at: datetime | None = None
    seen_count: int = 1
    # what is asked or said about the subject ("preference", "employer"…; language.facets), if known
    facet: str | None = None
    # goals only
    status: GoalStatus | None = None
    asked_at: datetime | None = None
    asked_message_id: str | None = None
    answer_fact_id: str | None = None
    # facts written from an answered goal
    goal_id: str | None = None
    variants: list[str] = field(default_factory=list)  # texts absorbed by merges (nothing is lost)
    author_count: int = 0  # how many people said it, ``authors`` listed or not (0: ``len(authors)``)


@dataclass(frozen=True)
class ScoredRecord:
    record: Record
    score: float


@dataclass(frozen=True)
class AddResult:
    id: str
    status: Literal["added", "merged"]
    duplicate_of: str | None = None


@dataclass(frozen=True)
class History:
    """What a backup (``eko memory export``) knows of a record beyond its text: restored on import.

    Every field is optional; what is missing takes the value a new record would get.
    """

    id: str | None = None  # kept: the record is restored under its id, without a duplicate check
    authors: tuple[str, ...] | None = None
    author_count: int | None = None
    seen_count: int = 1
    variants: tuple[str, ...] = ()
    created_at: datetime | None = None
    updated_at: datetime | None = None
    status: GoalStatus | None = None
    asked_at: datetime | None = None
    asked_message_id: str | None = None
    answer_fact_id: str | None = None
    goal_id: str | None = None


@dataclass(frozen=True)
class NewRecord:
    """One item for ``Memory.add_many``."""

    kind: Kind
    text: str
    about: str | None = None
    author: str | None = None
    source: dict[str, Any] | None = None
    facet: str | None = None  # see Record.facet
    history: History | None = None  # a restored record's id and history; None for a new record
