"""The in-process dense index kept beside local collections for batched duplicate look-ups."""

from __future__ import annotations

import numpy as np

from memory.dense_index import DenseIndex


def _unit(*values: float) -> np.ndarray:
    vector = np.asarray(values, dtype=np.float32)
    return vector / np.linalg.norm(vector)


def test_nearest_with_floor_limit_and_updates() -> None:
    index = DenseIndex(2)
    assert index.nearest(np.stack([_unit(1, 0)]), 0.0, 3) == [[]]
    index.upsert(["a", "b", "c"], np.stack([_unit(1, 0), _unit(1, 1), _unit(0, 1)]))
    hits = index.nearest(np.stack([_unit(1, 0)]), 0.5, 5)[0]
    assert [h[0] for h in hits] == ["a", "b"] and hits[0][1] > hits[1][1]

    index.remove(["a", "missing"])
    index.upsert(["c"], np.stack([_unit(1, 0.1)]))  # replaced in place
    assert len(index) == 2
    assert [h[0] for h in index.nearest(np.stack([_unit(1, 0)]), 0.5, 1)[0]] == ["c"]


def test_grows_past_its_initial_capacity() -> None:
    index = DenseIndex(3)
    vectors = np.random.default_rng(1).normal(size=(200, 3)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    index.upsert([str(i) for i in range(200)], vectors)
    index.remove([str(i) for i in range(0, 200, 2)])
    assert len(index) == 100
    best = index.nearest(vectors[1:2], 0.99, 1)[0]
    assert best[0][0] == "1"
