"""The reference Lobby: a Socket.IO chat server on aiohttp and its web page."""

from lobby.server import ROOM, Lobby

__all__ = ["ROOM", "Lobby"]
