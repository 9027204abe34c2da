"""Eko's store: MongoDB or the embedded engine (SQLite), for the Lobby's messages and Eko's records."""

from store.database import Database, Document, insert_if_missing, open_database
from store.errors import STORE_ERRORS, StoreCorruptError, StoreError, StoreUnavailableError
from store.messages import LobbyMessage, MessageLog

__all__ = [
    "STORE_ERRORS",
    "Database",
    "Document",
    "LobbyMessage",
    "MessageLog",
    "StoreCorruptError",
    "StoreError",
    "StoreUnavailableError",
    "insert_if_missing",
    "open_database",
]
