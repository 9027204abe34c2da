"""A tiny deterministic stand-in for a sentence-transformers model (no second real model load)."""

from __future__ import annotations

import hashlib
from typing import Any

import numpy as np

from memory import Embedder


class HashingModel:
    """Bag of hashed words: equal texts get equal vectors, and texts sharing words are close."""

    def __init__(self, dimension: int) -> None:
        self.dimension = dimension

    def get_embedding_dimension(self) -> int:
        return self.dimension

    def encode(self, sentences: list[str], **kwargs: Any) -> Any:
        vectors = np.zeros((len(sentences), self.dimension), dtype=np.float32)
        for row, sentence in enumerate(sentences):
            for word in sentence.casefold().split():
                digest = hashlib.blake2b(word.encode(), digest_size=4).digest()
                vectors[row, int.from_bytes(digest, "big") % self.dimension] += 1.0
        return vectors


def hashing_embedder(dimension: int = 16, name: str | None = None) -> Embedder:
    return Embedder(name or f"test-hashing-{dimension}", lambda: HashingModel(dimension))
