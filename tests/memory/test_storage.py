"""Opening storage: held by another process, or built with another embedding model."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest

from memory import Memory, MemoryConfig, StorageInUseError, VectorMismatchError
from tests.conftest import FakeClock
from tests.memory.conftest import OpenMemory
from tests.memory.fakes import hashing_embedder

_REPO = Path(__file__).resolve().parents[2]

_HOLDER = """
import asyncio, sys
from pathlib import Path
from memory import Memory, MemoryConfig
from tests.memory.fakes import hashing_embedder

async def main() -> None:
    mem = await Memory.open(MemoryConfig(path=Path(sys.argv[1])), hashing_embedder())
    print("ready", flush=True)
    sys.stdin.readline()
    await mem.close()

asyncio.run(main())
"""


async def test_storage_held_by_another_process(tmp_path: Path) -> None:
    storage = tmp_path / "qdrant"
    holder = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        _HOLDER,
        str(storage),
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        cwd=_REPO,
    )
    assert holder.stdin is not None and holder.stdout is not None
    try:
        ready = await asyncio.wait_for(holder.stdout.readline(), timeout=60)
        assert ready.strip() == b"ready"
        with pytest.raises(StorageInUseError) as caught:
            await Memory.open(MemoryConfig(path=storage), hashing_embedder())
        message = str(caught.value)
        assert message == f"memory storage {storage} is in use by another process (is Eko running?)"
        assert "\n" not in message
    finally:
        holder.stdin.write(b"\n")
        await holder.stdin.drain()
        holder.stdin.close()
        await asyncio.wait_for(holder.wait(), timeout=30)
    # Once released, it opens normally.
    mem = await Memory.open(MemoryConfig(path=storage), hashing_embedder())
    await mem.close()


async def test_other_model_is_detected_then_reembedded(open_memory: OpenMemory) -> None:
    mem = await open_memory()
    fact = await mem.add("fact", "Simon joue de la guitare", author="Simon")
    goal = await mem.add("goal", "Qui est Corentin ?")
    await mem.mark_asked(goal.id, "m-1")
    await mem.close()

    other = hashing_embedder(16)
    with pytest.raises(VectorMismatchError) as caught:
        await open_memory(embedder=other)
    message = str(caught.value)
    assert "use-multilingual-v3 (512 dimensions)" in message
    assert "test-hashing-16 (16 dimensions)" in message
    assert "eko memory reembed" in message

    same_size = hashing_embedder(512, name="another-512-model")
    with pytest.raises(VectorMismatchError, match=r"use-multilingual-v3 .*another-512-model"):
        await open_memory(embedder=same_size)

    mem = await open_memory(embedder=other, allow_model_change=True)
    seen: list[tuple[int, int]] = []
    assert await mem.reembed(progress=lambda done, total: seen.append((done, total))) == 2
    assert seen[-1] == (2, 2)
    await mem.close()

    mem = await open_memory(embedder=other)
    try:
        kept = await mem.get(fact.id)
        assert (kept.text, kept.author) == ("Simon joue de la guitare", "Simon")
        assert (await mem.get(goal.id)).status == "asked"
        hits = await mem.search("fact", "Simon guitare")
        assert hits[0].record.id == fact.id
    finally:
        await mem.close()


async def test_legacy_collection_is_reported_then_rebuilt(tmp_path: Path, clock: FakeClock) -> None:
    """A collection written by the old bot: unnamed vector, text under ``content``, no lifecycle."""
    from qdrant_client import AsyncQdrantClient, models

    storage = tmp_path / "qdrant"
    client = AsyncQdrantClient(path=str(storage))
    await client.create_collection(
        "organizer_goals", vectors_config=models.VectorParams(size=16, distance=models.Distance.COSINE)
    )
    await client.upsert(
        "organizer_goals",
        points=[
            models.PointStruct(id=1, vector=[1.0] * 16, payload={"content": "Qui est Corentin ?"}),
            models.PointStruct(id=2, vector=[0.5] * 16, payload={"content": "C'est quoi Kraken FM ?"}),
        ],
    )
    await client.close()

    config = MemoryConfig(path=storage)
    embedder = hashing_embedder(16)
    with pytest.raises(VectorMismatchError, match=r"legacy vector layout.*eko memory reembed"):
        await Memory.open(config, embedder, clock=clock)

    mem = await Memory.open(config, embedder, clock=clock, allow_model_change=True)
    assert await mem.reembed() == 2
    await mem.close()
    mem = await Memory.open(config, embedder, clock=clock)
    try:
        goals = await mem.list("goal")
        assert sorted(g.text for g in goals) == ["C'est quoi Kraken FM ?", "Qui est Corentin ?"]
        assert all(g.status == "pending" and g.created_at == clock.now for g in goals)
        assert all(g.facet is None for g in goals)  # stored before records had a facet
        assert (await mem.add("goal", "Qui est Corentin ?")).status == "merged"
    finally:
        await mem.close()
