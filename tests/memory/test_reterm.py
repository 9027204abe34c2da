"""A storage whose sparse vectors come from an older term scheme is re-termed on open, never left stale."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from memory import KINDS, VectorMismatchError
from memory.sparse import sparse_vector
from memory.storage import SPARSE_SCHEME, Layout
from memory.store import _point, _sparse_terms
from tests.memory.conftest import OpenMemory
from tests.memory.fakes import hashing_embedder

FACTS = ["Le bureau de Bordeaux est au 8 quai des Chartrons.", "Jade a travaillé six ans chez Decathlon."]


async def _age_storage(open_memory: OpenMemory) -> dict[str, np.ndarray]:
    """Facts written, then their sparse vectors and layouts set back to what an older scheme left;
    returns each fact's dense vector by id."""
    mem = await open_memory()
    for text in FACTS:
        await mem.add("fact", text)
    stored = await mem.all("fact", with_vectors=True)
    stale = sparse_vector("des termes d'une autre époque")
    old = [replace(_point(record, vector), sparse=stale) for record, vector in stored if vector is not None]
    await mem._backend.upsert("fact", old)
    for kind in KINDS:
        await mem._backend.set_layout(kind, Layout(mem._embedder.name, mem._dimension, SPARSE_SCHEME - 1))
    await mem.close()
    return {record.id: vector for record, vector in stored if vector is not None}


async def test_older_terms_are_rebuilt_on_open(open_memory: OpenMemory) -> None:
    dense = await _age_storage(open_memory)
    seen: list[tuple[int, int]] = []
    mem = await open_memory(reterm_progress=lambda done, total: seen.append((done, total)))
    try:
        assert seen[-1] == (2, 2)
        for kind in KINDS:
            layout = await mem._backend.layout(kind)
            assert layout is not None and layout.sparse_scheme == SPARSE_SCHEME
        points, _ = await mem._backend.scroll("fact", 10, with_dense=True)
        for point in points:
            record = await mem.get(point.id)
            assert point.sparse == _sparse_terms(record)  # today's terms
            assert point.dense is not None and np.allclose(point.dense, dense[point.id])  # not re-encoded
        hits = await mem.search("fact", "Jade bossait où avant ?")
        assert hits[0].record.text == FACTS[1]
    finally:
        await mem.close()
    seen.clear()
    await (await open_memory(reterm_progress=lambda done, total: seen.append((done, total)))).close()
    assert seen == []  # done once


async def test_older_terms_and_another_model_still_ask_for_reembed(open_memory: OpenMemory) -> None:
    await _age_storage(open_memory)
    with pytest.raises(VectorMismatchError, match="eko memory reembed"):
        await open_memory(embedder=hashing_embedder(16))
