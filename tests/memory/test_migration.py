"""An embedded directory written by qdrant-client's local mode (Eko before Qdrant Edge) is moved
into the embedded engine on open: nothing lost, progress shown, old files set aside."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from memory import Embedder, Memory, MemoryConfig, MemoryError
from memory.backends.server import ServerBackend
from tests.conftest import FakeClock


async def _old_directory(path: Path, embedder: Embedder, clock: FakeClock) -> dict[str, str]:
    config = MemoryConfig(path=path)
    old = await Memory.open(
        config, embedder, clock=clock, backend=ServerBackend.local(path, config.collections)
    )
    try:
        ids = {
            "fact": (
                await old.add("fact", "La mère de David vient de Besançon", about="David", author="David")
            ).id,
            "other": (await old.add("fact", "Julie travaille chez Doctolib", author="Julie")).id,
            "self": (await old.add("self", "J'aime les questions précises")).id,
            "goal": (await old.add("goal", "Qui est Corentin ?")).id,
        }
        await old.mark_asked(ids["goal"], "m-7")
        clock.advance(60)
        ids["newest"] = (await old.add("fact", "Simon joue de la batterie", author="Simon")).id
    finally:
        await old.close()
    return ids


async def test_an_old_directory_is_migrated_on_open_with_progress(
    tmp_path: Path, embedder: Embedder, clock: FakeClock
) -> None:
    path = tmp_path / "qdrant"
    ids = await _old_directory(path, embedder, clock)
    seen: list[tuple[int, int]] = []

    mem = await Memory.open(
        MemoryConfig(path=path), embedder, clock=clock, progress=lambda *p: seen.append(p)
    )
    try:
        assert seen and seen[-1] == (5, 5)
        assert (path / "edge").is_dir()
        assert (path / "collection.migrated").is_dir() and not (path / "collection").exists()
        fact = await mem.get(ids["fact"])
        assert (fact.text, fact.about, fact.author) == (
            "La mère de David vient de Besançon",
            "David",
            "David",
        )
        goal = await mem.get(ids["goal"])
        assert (goal.status, goal.asked_message_id) == ("asked", "m-7")
        assert await mem.count("fact") == 3 and await mem.count("self") == 1
        assert (await mem.list("fact", limit=1))[0].id == ids["newest"]  # the order index came along
        hits = await mem.search("fact", "d'où vient la maman de David ?")
        assert hits[0].record.id == ids["fact"]
        # Vectors came along too: the duplicate check still finds the stored record.
        assert (await mem.add("fact", "Julie travaille chez Doctolib", author="Simon")).id == ids["other"]
    finally:
        await mem.close()

    seen.clear()
    mem = await Memory.open(
        MemoryConfig(path=path), embedder, clock=clock, progress=lambda *p: seen.append(p)
    )
    try:
        assert seen == []  # migrated once
        assert await mem.count("fact") == 3
    finally:
        await mem.close()


async def test_an_interrupted_migration_leaves_the_old_files_and_starts_again(
    tmp_path: Path, embedder: Embedder, clock: FakeClock
) -> None:
    path = tmp_path / "qdrant"
    ids = await _old_directory(path, embedder, clock)
    (path / "edge.partial" / "organizer_memory").mkdir(parents=True)  # what a killed migration leaves
    (path / "edge.partial" / "organizer_memory" / "junk").write_text("half written")

    mem = await Memory.open(MemoryConfig(path=path), embedder, clock=clock)
    try:
        assert not (path / "edge.partial").exists()
        assert (await mem.get(ids["self"])).text == "J'aime les questions précises"
        assert await mem.count("fact") == 3
    finally:
        await mem.close()


async def test_a_damaged_shard_is_one_clear_error(tmp_path: Path, embedder: Embedder) -> None:
    path = tmp_path / "qdrant"
    mem = await Memory.open(MemoryConfig(path=path), embedder)
    await mem.close()
    for item in (path / "edge" / "organizer_memory").iterdir():
        if item.is_dir():
            shutil.rmtree(item)
        else:
            item.write_bytes(b"\0garbage")
    with pytest.raises(MemoryError, match=r"^cannot open memory storage .*qdrant: "):
        await Memory.open(MemoryConfig(path=path), embedder)
    # The lock was released: once repaired (here: removed), the storage opens again.
    shutil.rmtree(path / "edge" / "organizer_memory")
    (path / "edge" / "organizer_memory.json").unlink()
    await (await Memory.open(MemoryConfig(path=path), embedder)).close()
