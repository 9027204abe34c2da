"""The reference Lobby: a Socket.IO chat server on aiohttp and its web page.

``lobby.Lobby`` and ``lobby.ROOM`` are loaded on first use (PEP 562): the server pulls in socketio
and aiohttp (about two seconds), which the parts that only need a catalogue (``lobby.catalogue``:
the `eko memory` commands, eko/failures.py) never use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from lobby.server import ROOM, Lobby

__all__ = ["ROOM", "Lobby"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from lobby import server

        return getattr(server, name)
    raise AttributeError(f"module 'lobby' has no attribute {name!r}")
