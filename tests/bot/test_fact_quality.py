"""The facts Eko writes from answers, against the ones the answers set's labeller wrote: the figures
docs/bot.md gives, with a margin of one fact of a half."""

from __future__ import annotations

from bot.fact_quality import written_facts
from llm import PromptTemplates
from memory.quality.answers import load

# measured 2026-11-28 (`eko memory eval answers`): (facts compared, exactly as labelled, word overlap)
MEASURED = {"dev": (27, 0.667, 0.889), "test": (22, 0.500, 0.852)}


def test_facts_written_from_answers_stay_as_close_to_the_labelled_ones_as_measured() -> None:
    report = written_facts(load(), PromptTemplates("bot", "fr"))
    for half, (compared, exact, overlap) in MEASURED.items():
        figures = report[half].as_dict()
        one = 1 / compared
        assert figures["compared"] >= compared - 1, (half, figures)
        assert figures["exact"] >= exact - one, (half, figures)
        assert figures["word_overlap"] >= overlap - one / 2, (half, figures)
