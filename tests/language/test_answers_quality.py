"""Which replies answer Eko's questions, on the blind answers set (no model needed): the figures
docs/bot.md gives, with a margin of one message either way."""

from __future__ import annotations

from pathlib import Path

import pytest

from memory.quality.answers import FIFTH_SET, FOURTH_SET, FRESH_SET, THIRD_SET, evaluate_answers, load

MARGIN = 0.05  # one message of a half moves precision or recall by 0.03-0.04

# (precision, recall) measured 2026-11-28, night (`eko memory eval answers`, docs/bot.md).
MEASURED = {
    (False, "dev"): (1.000, 1.000),  # labelled subject and facet
    (False, "test"): (0.960, 0.960),  # 0.957 / 0.880 on 2026-11-27
    (True, "dev"): (1.000, 1.000),  # subject and facet read from the question
    (True, "test"): (0.962, 1.000),  # 0.926 before a contact asked needed a channel (11-28, night)
}


# The fresh set (fresh_answers.jsonl, 2026-11-27, late evening): dev tuned on that evening, test not.
MEASURED_FRESH = {
    (False, "dev"): (1.000, 1.000),
    (False, "test"): (0.941, 0.667),
    (True, "dev"): (1.000, 0.964),  # 0.929 before nouns set side by side named a subject (11-29)
    (True, "test"): (1.000, 0.750),
}


# The third set (third_answers.jsonl, 2026-11-27, night): dev tuned on from then, test not.
MEASURED_THIRD = {
    (False, "dev"): (0.966, 1.000),
    (False, "test"): (0.926, 0.893),
    (True, "dev"): (1.000, 1.000),
    (True, "test"): (0.926, 0.893),
}


# The fourth set (fourth_answers.jsonl, 2026-11-28, evening, an architecture studio): as committed.
MEASURED_FOURTH = {
    (False, "dev"): (1.000, 0.857),  # 0.909 / 0.714 as committed; 0.821 before English copulas (2026-11-29)
    (False, "test"): (0.920, 0.821),
    (True, "dev"): (1.000, 0.821),
    (True, "test"): (0.958, 0.821),
}


# The fifth set (fifth_answers.jsonl, 2026-11-28, evening, a Comté cooperative): committed at dev
# 0.941 / 0.571, test 0.900 / 0.667; dev tuned on since.
MEASURED_FIFTH = {
    # 0.679 and test 0.900 / 0.667 before a copula was read in either language (2026-11-29), 0.750
    # before unit symbols were read as the units' names ("per kg", 2026-11-29, morning)
    (False, "dev"): (1.000, 0.786),
    (False, "test"): (0.905, 0.704),
    # 0.679 before the glued letter (2026-11-28, late night), 0.714 before either language's copula,
    # 0.786 before the unit symbols
    (True, "dev"): (1.000, 0.821),
    (True, "test"): (0.889, 0.593),
}


@pytest.mark.parametrize(
    ("path", "measured"),
    [
        (FRESH_SET, MEASURED_FRESH),
        (THIRD_SET, MEASURED_THIRD),
        (FOURTH_SET, MEASURED_FOURTH),
        (FIFTH_SET, MEASURED_FIFTH),
    ],
)
@pytest.mark.parametrize("read", [False, True])
def test_the_later_answers_sets_stay_at_least_as_measured(
    read: bool, path: Path, measured: dict[tuple[bool, str], tuple[float, float]]
) -> None:
    report = evaluate_answers(load(path), read=read)
    for half in ("dev", "test"):
        precision, recall = measured[(read, half)]
        figures = report[half]
        assert figures.precision >= precision - MARGIN, (read, half, figures.as_dict())
        assert figures.recall >= recall - MARGIN, (read, half, figures.as_dict())


@pytest.mark.parametrize("read", [False, True])
def test_the_answers_set_stays_at_least_as_measured(read: bool) -> None:
    report = evaluate_answers(load(), read=read)
    for half in ("dev", "test"):
        precision, recall = MEASURED[(read, half)]
        figures = report[half]
        assert figures.precision >= precision - MARGIN, (read, half, figures.as_dict())
        assert figures.recall >= recall - MARGIN, (read, half, figures.as_dict())
