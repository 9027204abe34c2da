"""Memory fixtures: a real embedded Qdrant in tmp_path and the session's embedding model."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from memory import Embedder, Memory, MemoryConfig
from tests.conftest import FakeClock


@pytest.fixture
def memory_config(tmp_path: Path) -> MemoryConfig:
    return MemoryConfig(path=tmp_path / "qdrant")


@pytest.fixture
async def memory(memory_config: MemoryConfig, embedder: Embedder, clock: FakeClock) -> AsyncIterator[Memory]:
    mem = await Memory.open(memory_config, embedder, clock=clock)
    yield mem
    await mem.close()
