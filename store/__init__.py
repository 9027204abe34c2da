"""Eko's document store: MongoDB or the embedded tinymongo, through the PyMongo async API."""

from store.database import Database, Document, insert_if_missing, open_database
from store.messages import LobbyMessage, MessageLog

__all__ = ["Database", "Document", "LobbyMessage", "MessageLog", "insert_if_missing", "open_database"]
