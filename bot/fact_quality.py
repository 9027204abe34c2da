"""How close the facts Eko writes from answers are to the ones the answers set's labeller wrote.

``memory/quality/answers_blind.jsonl`` gives, for each answer, the fact a person would store
("Âge d'Ilan : 27 ans (d'après Ilan)", or the answer as said when it stands alone). For every
labelled answer the rule links (subject and facet read from the goal, as the bot stores them),
the fact :func:`bot.curiosity.fact_text` writes is compared with it, words folded: the share
written exactly, and the mean word overlap (Jaccard). Per half; the test half is never tuned on.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from bot.curiosity import fact_text
from language.text import Language, fold
from llm import PromptTemplates
from memory.quality.answers import linked_answer
from memory.records import Record


@dataclass
class FactFigures:
    compared: int = 0
    exact: int = 0
    overlap: float = 0.0

    def as_dict(self) -> dict[str, Any]:
        return {
            "compared": self.compared,
            "exact": round(self.exact / self.compared, 3) if self.compared else None,
            "word_overlap": round(self.overlap / self.compared, 3) if self.compared else None,
        }


def _words(text: str) -> list[str]:
    return re.findall(r"\w+", fold(text))


def written_facts(items: Iterable[dict[str, Any]], templates: PromptTemplates) -> dict[str, FactFigures]:
    """Per half, the facts written from the linked labelled answers against the labelled facts."""
    by_split: dict[str, FactFigures] = {}
    for item in items:
        if item.get("label") != "answer" or not item.get("fact"):
            continue
        language: Language = "en" if item.get("language") == "en" else "fr"
        linked = linked_answer(item, language, read=True)
        if linked is None:
            continue
        answer, asked = linked  # the question with the subject and facet read from it
        goal = Record(asked.goal_id, "goal", asked.text, about=asked.subject, facet=asked.facet)
        author = str(item["message"]["author"])
        ours, wanted = (
            _words(fact_text(answer, goal, author, templates, language, "Eko")),
            _words(item["fact"]),
        )
        figures = by_split.setdefault(str(item.get("split", "dev")), FactFigures())
        figures.compared += 1
        figures.exact += ours == wanted
        figures.overlap += len(set(ours) & set(wanted)) / len(set(ours) | set(wanted))
    return dict(sorted(by_split.items()))
