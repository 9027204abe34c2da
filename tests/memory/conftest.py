"""Memory fixtures: every storage backend this machine can run, and the session's embedding model.

``backend_name`` runs a test once per backend: ``edge`` (the embedded engine, in tmp_path),
``qdrant-client`` (the server backend's code driving qdrant-client's local mode in tmp_path: the
server's requests, without a server) and ``qdrant-server`` (a real server at EKO_TEST_QDRANT_URL;
when it is not set, tests/memory/test_backends.py says so in one skipped test: no Qdrant server
runs on the test machine).
"""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from memory import KINDS, Embedder, Memory, MemoryConfig
from memory.backends.server import ServerBackend
from tests.conftest import FakeClock

BACKENDS = ("edge", "qdrant-client", "qdrant-server")
SERVER_URL = "EKO_TEST_QDRANT_URL"

OpenMemory = Callable[..., Awaitable[Memory]]


def backends() -> list[str]:
    """The backends this machine can run (a server only when EKO_TEST_QDRANT_URL names one)."""
    return [name for name in BACKENDS if name != "qdrant-server" or os.environ.get(SERVER_URL)]


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "backend_name" in metafunc.fixturenames:
        metafunc.parametrize("backend_name", backends())


@pytest.fixture
def memory_config(tmp_path: Path, backend_name: str) -> MemoryConfig:
    if backend_name == "qdrant-server":
        run = uuid.uuid4().hex[:12]  # collections of their own: tests never see each other's points
        return MemoryConfig(
            url=os.environ[SERVER_URL],
            api_key=os.environ.get("EKO_TEST_QDRANT_API_KEY"),
            collections={kind: f"eko_test_{run}_{kind}" for kind in KINDS},
        )
    return MemoryConfig(path=tmp_path / "qdrant")


@pytest.fixture
def open_memory(
    memory_config: MemoryConfig, backend_name: str, embedder: Embedder, clock: FakeClock
) -> OpenMemory:
    """``await open_memory(**kwargs)`` opens the test's storage with its backend (``embedder`` and
    ``clock`` default to the session's; other keywords go to ``Memory.open``)."""

    async def open_memory(**kwargs: Any) -> Memory:
        chosen = kwargs.pop("embedder", embedder)
        kwargs.setdefault("clock", clock)
        if backend_name == "qdrant-client":
            assert memory_config.path is not None
            kwargs["backend"] = ServerBackend.local(memory_config.path, memory_config.collections)
        return await Memory.open(memory_config, chosen, **kwargs)

    return open_memory


@pytest.fixture
async def memory(open_memory: OpenMemory) -> AsyncIterator[Memory]:
    mem = await open_memory()
    yield mem
    await mem.close()
