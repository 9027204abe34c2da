"""What reflection needs from the outside world, as small protocols (implemented by the bot)."""

from __future__ import annotations

from typing import Any, Protocol


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
