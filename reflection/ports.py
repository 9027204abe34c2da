"""What reflection needs from the outside world, as small protocols (implemented by the bot)."""

from __future__ import annotations

import builtins
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any, Protocol

from memory.records import AddResult, Kind, NewRecord, Record, ScoredRecord


class ChatConnection(Protocol):
    """Eko's live connection to the Lobby."""

    @property
    def bot_name(self) -> str: ...

    def recent_messages(self, limit: int = 20) -> list[dict[str, Any]]:
        """The last Lobby messages seen, oldest first: {"id","room","author","text","ts"}."""
        ...

    async def post(self, text: str) -> dict[str, Any]:
        """Post a message as Eko; returns the stored message (with its id). Raises on refusal."""
        ...

    async def emit(self, event: str, data: dict[str, Any]) -> None:
        """Emit a reflection event (reflection:progress / reflection:update) for the Lobby to relay."""
        ...


class LobbyHistory(Protocol):
    """The Lobby's own message log, where this process can read it (``eko up`` hosts the Lobby)."""

    async def messages_since(self, since: datetime) -> Sequence[Mapping[str, Any]] | None:
        """Every message stored at or after ``since``, oldest first ({"id","author","text","ts"});
        None when the log cannot tell (it no longer reaches back that far)."""
        ...


class ReflectionMemory(Protocol):
    """The part of :class:`memory.Memory` reflection uses (a protocol so the engine stays testable)."""

    async def search(
        self, kind: Kind, query: str, limit: int = 5, filters: dict[str, Any] | None = None
    ) -> list[ScoredRecord]: ...

    async def next_goal(self) -> Record | None: ...

    async def get(self, record_id: str) -> Record: ...

    async def count(self, kind: Kind, status: str | None = None) -> int: ...

    async def mark_asked(self, goal_id: str, message_id: str | None) -> Record: ...

    async def set_asked_message(self, goal_id: str, message_id: str) -> Record: ...

    async def reopen_goal(self, goal_id: str) -> Record: ...

    async def merge(self, cluster: list[Record]) -> Record: ...

    async def list(
        self, kind: Kind, status: Any = None, limit: int = 20, offset: int = 0
    ) -> builtins.list[Record]: ...

    async def answer_goal(
        self, goal_id: str, answer_text: str, author: str | None, facet: str | None = None
    ) -> Record: ...

    async def settle_goal(self, goal_id: str, fact_id: str) -> Record: ...

    async def drop_goal(self, goal_id: str) -> Record: ...

    async def add_many(self, items: Sequence[NewRecord | Mapping[str, Any]]) -> builtins.list[AddResult]: ...

    async def add(
        self,
        kind: Kind,
        text: str,
        about: str | None = None,
        author: str | None = None,
        source: dict[str, Any] | None = None,
        facet: str | None = None,
    ) -> AddResult: ...
