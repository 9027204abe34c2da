"""Store fixtures: every contract test runs on the embedded store and, when EKO_TEST_MONGODB_URL is
set, on a real MongoDB (a fresh database per test, dropped afterwards)."""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from store import Database, open_database

MONGODB_URL = os.environ.get("EKO_TEST_MONGODB_URL")


@pytest.fixture(
    params=[
        "embedded",
        pytest.param(
            "mongodb",
            marks=[
                pytest.mark.mongodb,
                pytest.mark.skipif(not MONGODB_URL, reason="EKO_TEST_MONGODB_URL is not set"),
            ],
        ),
    ]
)
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


class Opener:
    """Opens the same database again, to check persistence across a reopen."""

    def __init__(self, backend: str, data_dir: Path) -> None:
        self.url = MONGODB_URL if backend == "mongodb" else None
        self.data_dir = data_dir
        self.name = f"eko_test_{uuid.uuid4().hex[:12]}"

    async def open(self) -> Database:
        return await open_database(self.url, self.data_dir, self.name)


@pytest.fixture
async def opener(backend: str, tmp_path: Path) -> AsyncIterator[Opener]:
    opener = Opener(backend, tmp_path)
    yield opener
    if opener.url:
        cleanup = await opener.open()
        await cleanup.db.client.drop_database(opener.name)
        await cleanup.close()


@pytest.fixture
async def database(opener: Opener) -> AsyncIterator[Database]:
    db = await opener.open()
    yield db
    await db.close()
