"""Sparse lexical vectors for hybrid search (Qdrant stores them beside the dense ones, with IDF).

The terms of a text come from :func:`language.terms.weighted_terms`; here they are hashed into a
31-bit index space and counted.
"""

from __future__ import annotations

import zlib
from collections import defaultdict
from dataclasses import dataclass

from language.terms import weighted_terms


def term_index(term: str) -> int:
    """A stable 31-bit index for ``term`` (same value in every process, unlike ``hash``)."""
    return zlib.crc32(term.encode("utf-8")) & 0x7FFFFFFF


@dataclass(frozen=True)
class SparseVector:
    indices: list[int]
    values: list[float]


def sparse_vector(text: str, name_weight: float = 1.0, query: bool = False) -> SparseVector:
    """Weighted term counts as a sparse vector; Qdrant applies IDF at query time (``Modifier.IDF``).

    Documents use ``name_weight=1``; queries (``query=True``) may weigh names more (see
    ``weighted_terms``).
    """
    weights: defaultdict[int, float] = defaultdict(float)
    for term, weight in weighted_terms(text, name_weight, query):
        weights[term_index(term)] += weight
    indices = sorted(weights)
    return SparseVector(indices=indices, values=[weights[i] for i in indices])
