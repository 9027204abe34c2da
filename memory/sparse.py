"""Sparse lexical vectors for hybrid search (Qdrant stores them beside the dense ones, with IDF).

The terms of a text come from :func:`language.terms.weighted_terms`; here they are hashed into a
31-bit index space and counted. A stored text's counts are then weighted as BM25 weighs a document's
terms (:func:`document_weight`); a question's are kept as counted, and Qdrant multiplies both by the
term's IDF: the two together are BM25's score.
"""

from __future__ import annotations

import zlib
from collections import defaultdict
from dataclasses import dataclass

import numpy as np

from language.terms import weighted_terms

# BM25's document side (Robertson and Zaragoza, "The Probabilistic Relevance Framework: BM25 and
# Beyond"): a term said twice weighs less than twice (K1), and the terms of a long text weigh less
# (B) against REFERENCE_LENGTH, a fixed length in weighted terms — a collection's mean is not known
# when one record is written; the retrieval sets' facts, with their subject, average 8.7. Chosen on
# the blind dev half and the old sets (docs/memory.md, "Retrieval quality"): figures are flat for
# K1 0.5, B 0.2–0.4 and a reference length of 8 to 12.
K1 = 0.5
B = 0.3
REFERENCE_LENGTH = 10.0


def term_index(term: str) -> int:
    """A stable 31-bit index for ``term`` (same value in every process, unlike ``hash``)."""
    return zlib.crc32(term.encode("utf-8")) & 0x7FFFFFFF


@dataclass(frozen=True)
class SparseVector:
    indices: list[int]
    values: list[float]


def document_weight(count: float, length: float) -> float:
    """BM25's weight of a term counted ``count`` times in a stored text of ``length`` weighted terms
    (the IDF aside: Qdrant applies it)."""
    return count * (K1 + 1) / (count + K1 * (1 - B + B * length / REFERENCE_LENGTH))


def sparse_vector(text: str, name_weight: float = 1.0, query: bool = False) -> SparseVector:
    """Weighted term counts as a sparse vector; Qdrant applies IDF at query time (``Modifier.IDF``).

    Documents use ``name_weight=1`` and get BM25's document weights (:func:`document_weight`);
    queries (``query=True``) keep their counts and may weigh names more (see ``weighted_terms``).
    """
    weights: defaultdict[int, float] = defaultdict(float)
    for term, weight in weighted_terms(text, name_weight, query):
        weights[term_index(term)] += weight
    indices = sorted(weights)
    if query:
        return SparseVector(indices=indices, values=[weights[i] for i in indices])
    length = sum(weights.values())
    # Computed as the engine stores them (float32), so a stored vector equals a fresh one.
    values = [float(np.float32(document_weight(weights[i], length))) for i in indices]
    return SparseVector(indices=indices, values=values)
