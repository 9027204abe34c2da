"""How well :func:`language.answers.find_answer` tells which message answers Eko's question.

Measured on ``answers_blind.jsonl`` (written before the rule, see ``BLIND_SETS.md``): for each goal,
Eko's question is asked at offset 0 and each candidate message comes ``offset_s`` later, with a
reply reference to the question when ``reply_to_question``; the rule runs with the default 10-minute
answer window. Precision and recall of the label ``answer``, for the dev and test halves, twice:
with the set's labelled subject and facet (the rule alone), and with the ones
:func:`language.curiosity.read_curiosity` reads from the goal's text (the bot's whole path).

Run: ``eko memory eval answers`` (or ``python -m memory.quality.answers``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from language.answers import find_answer
from language.curiosity import read_curiosity
from language.replies import Answer, AskedQuestion, Said

DATASET = Path(__file__).with_name("answers_blind.jsonl")
FRESH_SET = Path(__file__).with_name("fresh_answers.jsonl")  # a second blind set (BLIND_SETS.md)
THIRD_SET = Path(__file__).with_name("third_answers.jsonl")  # a third one (BLIND_SETS.md)
FOURTH_SET = Path(__file__).with_name("fourth_answers.jsonl")  # a fourth, another trade
FIFTH_SET = Path(__file__).with_name("fifth_answers.jsonl")  # a fifth, another trade again
SETS = {"blind": DATASET, "fresh": FRESH_SET, "third": THIRD_SET, "fourth": FOURTH_SET, "fifth": FIFTH_SET}
WINDOW = timedelta(minutes=10)  # EKO_ANSWER_WINDOW's default, the set's 600 s
_ASKED_AT = datetime(2026, 1, 5, 10, 0, tzinfo=UTC)


@dataclass
class Figures:
    true_positive: int = 0
    false_positive: int = 0
    false_negative: int = 0
    true_negative: int = 0
    errors: list[dict[str, Any]] = field(default_factory=list)

    @property
    def precision(self) -> float:
        found = self.true_positive + self.false_positive
        return self.true_positive / found if found else 1.0

    @property
    def recall(self) -> float:
        expected = self.true_positive + self.false_negative
        return self.true_positive / expected if expected else 1.0

    def as_dict(self) -> dict[str, Any]:
        return {
            "precision": round(self.precision, 3),
            "recall": round(self.recall, 3),
            "answers": self.true_positive + self.false_negative,
            "not_answers": self.true_negative + self.false_positive,
            "true_positive": self.true_positive,
            "false_positive": self.false_positive,
        }


def load(path: Path = DATASET) -> list[dict[str, Any]]:
    with path.open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


def predicts_answer(item: dict[str, Any], language: Any = "fr", *, read: bool = False) -> bool:
    """The rule's decision for one labelled message. ``read``: the goal's subject and facet are the
    ones :func:`language.curiosity.read_curiosity` reads (as the bot stores them), not the set's."""
    return linked_answer(item, language, read=read) is not None


def linked_answer(
    item: dict[str, Any], language: Any = "fr", *, read: bool = False
) -> tuple[Answer, AskedQuestion] | None:
    """The answer the rule links one labelled message to, with the question as the rule saw it."""
    question_id = f"q-{item['cluster']}"
    asked_at = _ASKED_AT + timedelta(seconds=float(item.get("eko_asked_at_offset_s", 0)))
    subject, facet = item.get("goal_subject"), item.get("goal_facet")
    if read:
        curiosity = read_curiosity(item["goal"], language)
        subject, facet = (curiosity.subject, curiosity.facet) if curiosity else (None, None)
    asked = AskedQuestion(item["cluster"], item["goal"], subject, asked_at, question_id, facet)
    message = item["message"]
    said = Said(
        message["text"],
        message["author"],
        _ASKED_AT + timedelta(seconds=float(message["offset_s"])),
        question_id if message.get("reply_to_question") else None,
    )
    answer = find_answer(said, [asked], window=WINDOW, language=language)
    return None if answer is None else (answer, asked)


def evaluate_answers(items: Iterable[dict[str, Any]], *, read: bool = False) -> dict[str, Figures]:
    """Figures per split ("dev", "test"); ``read`` as in :func:`predicts_answer`."""
    by_split: dict[str, Figures] = {}
    for item in items:
        figures = by_split.setdefault(str(item.get("split", "dev")), Figures())
        expected = item["label"] == "answer"
        predicted = predicts_answer(item, "en" if item.get("language") == "en" else "fr", read=read)
        if expected and predicted:
            figures.true_positive += 1
        elif predicted:
            figures.false_positive += 1
            figures.errors.append({"error": "false answer", **item})
        elif expected:
            figures.false_negative += 1
            figures.errors.append({"error": "missed answer", **item})
        else:
            figures.true_negative += 1
    return dict(sorted(by_split.items()))


def main() -> None:
    for read in (False, True):
        for split, figures in evaluate_answers(load(), read=read).items():
            print("read" if read else "labelled", split, json.dumps(figures.as_dict()))
            for error in figures.errors if split == "dev" else []:
                print("  ", error["error"], "|", error["goal"], "|", error["message"])


if __name__ == "__main__":
    main()
