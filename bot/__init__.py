"""Eko's Socket.IO client: the Lobby connection, mentions, answers, curiosity → fact. See docs/bot.md."""

from bot.answer import Reply, Responder
from bot.bot import Bot, BotCounters
from bot.connection import ChatPostError, LobbyConnection
from bot.ports import BotMemory, ReflectionAPI

__all__ = [
    "Bot",
    "BotCounters",
    "BotMemory",
    "ChatPostError",
    "LobbyConnection",
    "ReflectionAPI",
    "Reply",
    "Responder",
]
