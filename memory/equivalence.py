"""Whether two records say the same thing (duplicate detection). Pure functions, no I/O.

Placeholder decision until the calibrated, entity- and number-aware version lands.
"""

from __future__ import annotations

from memory.records import Kind

# Below this cosine, a stored record is not even considered as a duplicate candidate.
CANDIDATE_FLOOR: dict[Kind, float] = {"fact": 0.6, "self": 0.6, "goal": 0.6}


def is_equivalent(kind: Kind, new_text: str, existing_text: str, cosine: float) -> bool:
    """True when ``new_text`` says the same thing as ``existing_text`` (so it must be merged)."""
    return cosine >= 0.92 or new_text.strip().casefold() == existing_text.strip().casefold()


def richer_text(kept: str, incoming: str) -> str:
    """The text a merged record keeps: the more informative of the two (never lose a detail)."""
    return incoming if len(incoming.split()) > len(kept.split()) else kept
