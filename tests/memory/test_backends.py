"""The storage protocol itself, on every backend: filters, order, payload updates, paging, fusion."""

from __future__ import annotations

import os

import pytest

from memory import Memory, SearchTuning
from tests.memory.conftest import SERVER_URL


def test_the_server_backend_runs_when_a_server_is_named() -> None:
    if not os.environ.get(SERVER_URL):
        pytest.skip(
            f"no Qdrant server on this machine: set {SERVER_URL}=http://host:6333 to run memory tests on it"
        )


async def test_filters_order_and_counts(memory: Memory) -> None:
    pending = await memory.add("goal", "Qui est Corentin ?")
    asked = await memory.add("goal", "C'est quoi Kraken FM ?", about="Kraken FM")
    await memory.mark_asked(asked.id, "m-1")
    assert await memory.count("goal") == 2
    assert await memory.count("goal", status="asked") == 1
    assert [g.id for g in await memory.list("goal", status="pending")] == [pending.id]
    hits = await memory.search("goal", "Kraken FM", filters={"status": ["asked", "answered"]})
    assert [h.record.id for h in hits] == [asked.id]
    assert await memory.search("goal", "Kraken FM", filters={"about": "Personne"}) == []


async def test_paging_reads_every_record_once(memory: Memory) -> None:
    texts = [f"Le badge numéro {n} ouvre la porte {n * 7} du bâtiment {n % 3}" for n in range(600)]
    for start in range(0, len(texts), 200):
        await memory.add_many([{"kind": "self", "text": t} for t in texts[start : start + 200]])
    stored = await memory.all("self", with_vectors=True)
    assert len({record.id for record, _ in stored}) == len(stored) == await memory.count("self")
    assert all(vector is not None and len(vector) == memory._embedder.dimension for _, vector in stored)


@pytest.mark.parametrize("fusion", ["linear", "rrf", "dbsf"])
async def test_every_fusion_finds_the_fact(memory: Memory, fusion: str) -> None:
    fact = await memory.add("fact", "La mère de David vient de Besançon", about="David")
    await memory.add("fact", "Julie travaille chez Doctolib comme designer", about="Julie")
    memory.tuning = SearchTuning(fusion=fusion)  # type: ignore[arg-type]
    hits = await memory.search("fact", "Besançon David")
    assert hits[0].record.id == fact.id
    assert 0.0 < hits[0].score <= 1.0001


async def test_search_reads_each_records_own_vector(memory: Memory) -> None:
    # A hit's score is the cosine with the vector read back for it (the edge backend reads vectors
    # through a query restricted to the ids): each record must come back with its own.
    texts = ["Julie habite à Nantes", "Le chat de Simon s'appelle Pixel", "David bosse chez Qonto"]
    for text in texts:
        await memory.add("fact", text)
    stored = {record.id: vector for record, vector in await memory.all("fact", with_vectors=True)}
    query = "où habite Julie ?"
    vector = (await memory._embedder.embed([query]))[0]
    hits = await memory.search("fact", query, limit=3)
    assert len(hits) == 3
    for hit in hits:
        own = stored[hit.record.id]
        assert own is not None and abs(hit.score - float(vector @ own)) < 1e-5
