"""What the bot needs from memory, reflection and the Lobby connection, as small protocols.

:class:`memory.Memory`, :class:`reflection.ReflectionService` and :class:`bot.LobbyConnection`
implement them; tests can pass the real things (they do) without the bot importing reflection.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from memory.records import AddResult, GoalStatus, Kind, Record, ScoredRecord

MessageListener = Callable[[dict[str, Any], bool], None]
"""Called for each new Lobby message; the flag is True for a message missed while disconnected."""
CallHandler = Callable[[Any], Awaitable[Any]]
"""Answers an event the server sends with an acknowledgement (``sio.call``); returns the ack."""


class BotMemory(Protocol):
    async def search(
        self, kind: Kind, query: str, limit: int = 5, filters: dict[str, Any] | None = None
    ) -> list[ScoredRecord]: ...

    async def add(
        self,
        kind: Kind,
        text: str,
        about: str | None = None,
        author: str | None = None,
        source: dict[str, Any] | None = None,
        facet: str | None = None,
    ) -> AddResult: ...

    async def list(
        self, kind: Kind, status: GoalStatus | None = None, limit: int = 20, offset: int = 0
    ) -> list[Record]: ...

    async def get(self, record_id: str) -> Record: ...

    async def count(self, kind: Kind, status: GoalStatus | None = None) -> int: ...

    async def answer_goal(
        self, goal_id: str, answer_text: str, author: str | None, facet: str | None = None
    ) -> Record: ...

    async def delete(self, record_id: str) -> Record: ...


class ReflectionAPI(Protocol):
    """The two things the bot asks of reflection (optional: the bot runs without it)."""

    def note_goal_answered(self, goal_id: str) -> None:
        """A curiosity was answered: reflection resets its adaptive cooldown."""
        ...

    def try_start_manual(self, requested_by: str) -> dict[str, Any] | Awaitable[dict[str, Any]]:
        """Start a manual reflection for a Lobby user; the result is the ``reflection:trigger`` ack."""
        ...


class BotConnection(Protocol):
    """The Lobby connection as the bot drives it (:class:`bot.connection.LobbyConnection`)."""

    @property
    def bot_name(self) -> str: ...

    @property
    def connected(self) -> bool: ...

    def recent_messages(self, limit: int = 20) -> list[dict[str, Any]]: ...

    async def post(self, text: str, reply_to: str | None = None) -> dict[str, Any]: ...

    def add_message_listener(self, listener: MessageListener) -> None: ...

    def set_call_handler(self, event: str, handler: CallHandler) -> None: ...

    async def start(self) -> None: ...

    async def stop(self) -> None: ...
