"""Which messages to Eko are curiosities, on the blind set (no model needed): the documented figures."""

from __future__ import annotations

from memory.quality.curiosity import BLIND_SET, TARGET_PRECISION, TARGET_RECALL, evaluate_curiosity


def test_the_blind_curiosity_set_meets_its_targets_on_both_halves() -> None:
    report = evaluate_curiosity(BLIND_SET)
    assert report["dev"]["messages"] + report["test"]["messages"] >= 150
    for half in ("dev", "test"):
        assert report[half]["precision"] >= TARGET_PRECISION, report[half]
        assert report[half]["recall"] >= TARGET_RECALL, report[half]


def test_errors_are_shown_for_the_dev_half_only() -> None:
    report = evaluate_curiosity(BLIND_SET, errors=True)
    assert "errors" not in report["test"]
