"""Fixtures shared by every test area. Area-specific fixtures live in tests/<area>/conftest.py."""

from __future__ import annotations

import os
import random
import socket
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from memory import Embedder
    from tests.redis_server import RedisServer

os.environ.setdefault("HF_HUB_OFFLINE", "1")

_ports = random.Random()  # its own generator: tests that seed `random` must not make ports repeat


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


def _ephemeral_range() -> tuple[int, int]:
    try:
        low, high = Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()
        return int(low), int(high)
    except (OSError, ValueError):
        return 32768, 60999  # Linux's default


def unused_port() -> int:
    """A loopback port nothing listens on now, taken below the kernel's ephemeral range.

    A port the kernel hands out (``bind(0)``) is free again once returned, and the kernel may then
    give it to an outgoing connection (a Redis or Socket.IO client) before the test's server
    binds it: CI failed once that way ("address already in use"). Outgoing connections never take
    ports below the ephemeral range, so a free one there stays free for the server."""
    low, high = _ephemeral_range()
    floor, ceiling = (10_000, low - 1) if low > 12_000 else (high + 1, 65_535)
    for _ in range(200):
        port = _ports.randint(floor, ceiling)
        with socket.socket() as sock:
            try:
                sock.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError(f"no free loopback port between {floor} and {ceiling}")


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
