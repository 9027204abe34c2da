"""Sparse vectors for hybrid search: hashed, counted, sorted."""

from __future__ import annotations

from memory.sparse import sparse_vector, term_index


def test_vectors_are_stable_and_sorted() -> None:
    vector = sparse_vector("Simon Simon joue")
    assert vector.indices == sorted(vector.indices)
    assert dict(zip(vector.indices, vector.values, strict=True))[term_index("simon")] == 2.0
    assert sparse_vector("").indices == []
