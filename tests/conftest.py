"""Fixtures shared by every test area. Area-specific fixtures live in tests/<area>/conftest.py."""

from __future__ import annotations

import os
import socket
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from memory import Embedder
    from tests.redis_server import RedisServer

os.environ.setdefault("HF_HUB_OFFLINE", "1")


class FakeClock:
    """A clock tests move by hand: ``clock()`` returns the current aware UTC time."""

    def __init__(self, start: datetime | None = None) -> None:
        self.now = start or datetime(2026, 11, 23, 10, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, delta: timedelta | float) -> datetime:
        self.now += delta if isinstance(delta, timedelta) else timedelta(seconds=delta)
        return self.now


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


def unused_port() -> int:
    """A loopback port nothing listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
def free_port() -> int:
    return unused_port()


@pytest.fixture(scope="session")
def embedder() -> Iterator[Embedder]:
    """The default offline model (USE multilingual v3), loaded once for the whole test session."""
    from memory import load_embedder

    yield load_embedder()


@pytest.fixture
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    """A real ``redis-server`` on a free loopback port, in a temporary folder, killed at teardown."""
    from tests.redis_server import RedisServer

    server = RedisServer(tmp_path_factory.mktemp("redis"))
    server.start()
    yield server
    server.stop()
