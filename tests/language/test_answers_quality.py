"""Which replies answer Eko's questions, on the blind answers set (no model needed): the figures
docs/bot.md gives, with a margin of one message either way."""

from __future__ import annotations

import pytest

from memory.quality.answers import FRESH_SET, evaluate_answers, load

MARGIN = 0.05  # one message of a half moves precision or recall by 0.03-0.04

# (precision, recall) measured 2026-11-27 (`eko memory eval answers`, docs/bot.md).
MEASURED = {
    (False, "dev"): (1.000, 0.963),  # labelled subject and facet
    (False, "test"): (0.913, 0.840),
    (True, "dev"): (0.963, 0.963),  # subject and facet read from the question
    (True, "test"): (0.875, 0.840),
}


# The fresh set (fresh_answers.jsonl, 2026-11-27, late evening): dev tuned on that evening, test not.
MEASURED_FRESH = {
    (False, "dev"): (1.000, 0.893),
    (False, "test"): (0.833, 0.625),
    (True, "dev"): (1.000, 0.786),
    (True, "test"): (0.900, 0.750),
}


@pytest.mark.parametrize("read", [False, True])
def test_the_fresh_answers_set_stays_at_least_as_measured(read: bool) -> None:
    report = evaluate_answers(load(FRESH_SET), read=read)
    for half in ("dev", "test"):
        precision, recall = MEASURED_FRESH[(read, half)]
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
