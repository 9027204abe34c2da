"""The shipped duplicate detector meets its targets on the shipped labelled set (issue 2, item 4)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from memory.quality.dedup import (
    TARGET_F1,
    TARGET_PRECISION,
    cross_validate,
    default_set_path,
    evaluate_dedup,
    load_set,
)

if TYPE_CHECKING:
    from memory import Embedder

pytestmark = pytest.mark.slow


def test_the_labelled_set_is_large_varied_and_bilingual() -> None:
    items = load_set(default_set_path())
    assert len(items) >= 100
    assert {item.kind for item in items} == {"fact", "self", "goal"}
    clusters = {item.cluster for item in items}
    assert len(clusters) >= 40
    assert any(item.text.startswith(("Who", "What", "How", "Where")) for item in items)  # English
    assert any(item.text.startswith(("Qui", "Où", "Combien")) for item in items)  # French


def test_shipped_thresholds_meet_the_targets(embedder: Embedder) -> None:
    report = evaluate_dedup(embedder)
    assert report["pairs"] > 5000
    assert report["precision"] >= TARGET_PRECISION, report["errors"]
    assert report["f1"] >= TARGET_F1, report["errors"]


def test_thresholds_calibrated_on_other_clusters_meet_the_targets_on_held_out_ones(
    embedder: Embedder,
) -> None:
    report = cross_validate(embedder, folds=5)
    assert report["precision"] >= TARGET_PRECISION, report["errors"]
    assert report["f1"] >= TARGET_F1, report["errors"]
