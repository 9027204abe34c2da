"""Store fixtures: every contract test runs on each engine this machine has.

- ``embedded``: what ``open_database`` opens without a URL (the message log on SQLite, the other
  collections on tinymongo);
- ``pymongo-api`` (message log only): the MongoDB message log's code, run on the embedded PyMongo-API
  engine, so the code MongoDB runs is exercised on every machine;
- ``mongodb``: a real MongoDB when ``EKO_TEST_MONGODB_URL`` is set (a fresh database per test, dropped
  afterwards). When it is not set these tests are not generated at all, and the run ends with one
  line saying so (see ``pytest_terminal_summary``).
"""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import tinymongo

from store import Database, MessageLog, open_database

MONGODB_URL = os.environ.get("EKO_TEST_MONGODB_URL")
NOT_RUN = (
    "MongoDB store tests not run: EKO_TEST_MONGODB_URL is not set "
    '(README, "Tests against MongoDB": docker compose run --rm -d -p 127.0.0.1:27017:27017 mongodb)'
)


def _backends(*names: str) -> list[Any]:
    found = [pytest.param(name, id=name) for name in names]
    if MONGODB_URL:
        found.append(pytest.param("mongodb", id="mongodb", marks=pytest.mark.mongodb))
    return found


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "backend" in metafunc.fixturenames:
        metafunc.parametrize("backend", _backends("embedded"))
    if "log_backend" in metafunc.fixturenames:
        metafunc.parametrize("log_backend", _backends("embedded", "pymongo-api"))


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if not MONGODB_URL and terminalreporter.stats.get("passed"):
        terminalreporter.write_line(NOT_RUN, yellow=True)


class Opener:
    """Opens the same store again (a restart, or a second client such as another process would be)."""

    def __init__(self, backend: str, data_dir: Path) -> None:
        self.backend = backend
        self.url = MONGODB_URL if backend == "mongodb" else None
        self.data_dir = data_dir
        self.name = f"eko_test_{uuid.uuid4().hex[:12]}"
        self._clients: list[Any] = []

    async def open(self) -> Database:
        if self.backend == "pymongo-api":
            client = tinymongo.AsyncMongoClient(
                tinymongo_folder=str(self.data_dir / "pymongo-api"), backend="sqlite", tz_aware=True
            )
            self._clients.append(client)
            return await open_database(None, self.data_dir, self.name, client=client)
        return await open_database(self.url, self.data_dir, self.name)

    async def log(self) -> tuple[Database, MessageLog]:
        database = await self.open()
        return database, database.messages

    async def cleanup(self) -> None:
        for client in self._clients:
            await client.close()
        if self.url:
            database = await self.open()
            await database.db.client.drop_database(self.name)
            await database.close()


@pytest.fixture
async def opener(backend: str, tmp_path: Path) -> AsyncIterator[Opener]:
    opener = Opener(backend, tmp_path)
    yield opener
    await opener.cleanup()


@pytest.fixture
async def log_opener(log_backend: str, tmp_path: Path) -> AsyncIterator[Opener]:
    opener = Opener(log_backend, tmp_path)
    yield opener
    await opener.cleanup()


@pytest.fixture
async def database(opener: Opener) -> AsyncIterator[Database]:
    db = await opener.open()
    yield db
    await db.close()
