"""Sparse vectors for hybrid search: hashed, counted, sorted."""

from __future__ import annotations

import hashlib

import pytest

from memory.sparse import document_weight, sparse_vector, term_index
from memory.storage import SPARSE_SCHEME


def test_vectors_are_stable_and_sorted() -> None:
    vector = sparse_vector("Simon Simon joue", query=True)
    assert vector.indices == sorted(vector.indices)
    assert dict(zip(vector.indices, vector.values, strict=True))[term_index("simon")] == 2.0
    assert sparse_vector("").indices == []


def test_stored_texts_get_bm25_document_weights() -> None:
    """A term said twice weighs more than once but less than twice; a long text's terms weigh less."""
    stored = sparse_vector("Simon Simon joue")
    weights = dict(zip(stored.indices, stored.values, strict=True))
    # three words and the initials of the name of two capitalised words (language.terms.acronyms)
    assert weights[term_index("simon")] == pytest.approx(document_weight(2.0, 4.0))  # stored as float32
    assert weights[term_index("joue")] < weights[term_index("simon")] < 2 * weights[term_index("joue")]
    short = sparse_vector("Simon joue")
    long = sparse_vector("Simon joue de la batterie dans un groupe de rock tous les week-ends à Vannes")
    at = term_index("simon")
    assert (
        dict(zip(long.indices, long.values, strict=True))[at]
        < dict(zip(short.indices, short.values, strict=True))[at]
    )


# Sample stored texts whose terms stand for the scheme: a change in how a stored text becomes terms
# changes them (a question's terms are computed at search time: they never go stale).
_SCHEME_SAMPLES = (
    "Le bureau de Bordeaux est au 8 quai des Chartrons.",
    "Jade a travaillé six ans chez Decathlon avant de nous rejoindre.",
    "La mère de David vient de Besançon",
    "Le tarif journalier de Malik est de 650 euros.",
    "Simon works remotely from Brittany, near Vannes.",
    "Les salles de réunion se réservent dans Outlook.",
    "Le séminaire d'été aura lieu à Biarritz.",  # since scheme 4: "été" after "d'" is the summer
    "I live in Leeds and work at Alan.",  # since scheme 4: first-person statements state a facet
    "Franchement, le wifi du bureau rame.",  # since scheme 5: discourse adverbs are fillers
    "Lynx a été créée par Ambroise.",  # since scheme 6: a feminine in "-ée" meets its concept
    "Cassiopée était notre dashboard.",  # since scheme 6: a past copula defines too
    "Léa is 34",  # since scheme 6: a number closing "is" is an age
    "La plaque de la Classe V est GH-482-QK.",  # since scheme 8: a vehicle's registration concept
    "Sophie a appris la pâtisserie à Colmar.",  # since scheme 9: a verb's forms meet its concept
    "Le Mont Blanc Unlimited coûte 397 €.",  # since scheme 10: a name of several words, its initials
    "Josiane est sur le bateau de Bastia.",  # since scheme 11: boats are one concept
)
# The fingerprint of each scheme's terms for the samples above.
# (2 and 3 were pinned before the last six samples were added, 4 before the last four, 5 before
# the last three, 7 before the last two, 8, 9 and 10 before the last one each.)
_FINGERPRINTS = {
    2: "0bf48a58",
    3: "a13f8b57",
    4: "bcf94b3f",
    5: "9eb5a19d",
    6: "bece0ee7",
    7: "2b8f919e",
    8: "afbce6b7",
    9: "2ad191dd",
    10: "57194dcf",
    11: "af01186f",
}


def _fingerprint() -> str:
    vectors = [sparse_vector(text) for text in _SCHEME_SAMPLES]
    digest = hashlib.sha256(repr([(v.indices, v.values) for v in vectors]).encode()).hexdigest()
    return digest[:8]


def test_terms_changed_only_with_a_new_scheme() -> None:
    """Stored sparse vectors are rebuilt on open only when SPARSE_SCHEME changes: a change to the
    terms of a text must come with a new scheme number (and its fingerprint here)."""
    assert _FINGERPRINTS.get(SPARSE_SCHEME) == _fingerprint(), (
        "the sparse terms changed: bump memory.storage.SPARSE_SCHEME and pin the new fingerprint"
    )
