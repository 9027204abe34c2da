"""Duplicate detection on the labelled sets: the figures docs/memory.md gives, with a small margin.

The blind set (``dedup_blind.jsonl``) was written before the rules; its test half was never looked
at for tuning. Precision comes first (a wrong merge loses knowledge): the offline rules keep
borderline pairs apart (reworded questions merge only when the subject is named or only verbs
differ; statements when they give the same facet with the same values), which is why recall stays
below the issue's target of 0.85 — the docs say so, and these tests pin what is
measured so a change that lowers it shows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from memory.quality.dedup import BLIND_SET, OLD_SET, SETS, evaluate_dedup, load_set

if TYPE_CHECKING:
    from memory import Embedder

pytestmark = pytest.mark.slow
MARGIN = 0.02

# (precision, recall) measured with the FreeDict dictionaries installed (docs/memory.md, "Duplicate
# detection quality"); facts since a statement adding a detail is another fact (2026-11-27, night),
# since an English age closing "is" states an age, and since the words of being in charge are
# synonyms, the holder of such a role is asked as who is in charge, the words of making a
# thing are synonyms, and out of order and repaired are states in any words (2026-11-28); goals
# since "off", a count with a verb on one side, a superlative of liking (2026-11-28, late morning);
# facts since English negative contractions, the hour mark and "$"/"£" prices (2026-11-28, noon),
# and since a value facet given with the same values is one statement (2026-11-28, afternoon).
MEASURED = {
    ("blind", "dev", "goal"): (1.0, 0.870),
    ("blind", "dev", "fact"): (1.0, 0.577),
    ("blind", "test", "goal"): (1.0, 0.614),
    ("blind", "test", "fact"): (1.0, 0.568),
    # the fresh set (2026-11-27, late evening): its dev half was tuned on that evening, its test half
    # never looked at beyond these figures
    ("fresh", "dev", "goal"): (1.0, 0.798),
    ("fresh", "dev", "fact"): (1.0, 0.874),
    ("fresh", "test", "goal"): (1.0, 0.717),
    ("fresh", "test", "fact"): (0.974, 0.543),
    # the third set (2026-11-27, night): dev tuned on from then, test never looked at beyond these
    ("third", "dev", "goal"): (1.0, 0.774),
    ("third", "dev", "fact"): (1.0, 0.667),
    ("third", "test", "goal"): (1.0, 0.672),
    ("third", "test", "fact"): (1.0, 0.696),
    # the fourth set (2026-11-28, evening, a bakery chain): committed at dev 0.975 / 0.406 goals,
    # 1.000 / 0.387 facts, test 0.936 / 0.431 and 0.935 / 0.382; dev tuned on from then
    ("fourth", "dev", "goal"): (0.979, 0.49),  # 0.978 / 0.458 before "paie", "how much" (11-28)
    ("fourth", "dev", "fact"): (1.0, 0.52),
    ("fourth", "test", "goal"): (0.94, 0.461),
    ("fourth", "test", "fact"): (0.943, 0.434),
    ("old", "all", "goal"): (1.0, 0.961),
    ("old", "all", "fact"): (1.0, 0.621),
}


def test_the_blind_set_is_large_split_and_has_hard_negatives() -> None:
    items = load_set(BLIND_SET)
    assert len(items) >= 400
    assert {item.split for item in items} == {"dev", "test"}
    assert {item.kind for item in items} == {"goal", "fact"}
    assert len(load_set(OLD_SET)) >= 100


def test_figures_stay_at_least_as_measured(embedder: Embedder) -> None:
    reports = {name: evaluate_dedup(embedder, path) for name, path in SETS.items()}
    for (name, half, kind), (precision, recall) in MEASURED.items():
        figures = reports[name][half][kind]
        assert figures["precision"] >= precision - MARGIN, (name, half, kind, figures)
        assert figures["recall"] >= recall - MARGIN, (name, half, kind, figures)


def test_errors_are_listed_for_dev_halves_never_for_test(embedder: Embedder) -> None:
    report = evaluate_dedup(embedder, BLIND_SET, errors=True)
    assert "errors" in report["dev"]["goal"]
    assert all("errors" not in figures for figures in report["test"].values())
