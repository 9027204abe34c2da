"""Measure which messages to Eko are curiosities (``language.intents.intent_of`` = "information").

``curiosity_blind.jsonl`` holds messages addressed to Eko, labelled ``curiosity`` or ``other`` (with
the intent category), split into ``dev`` and ``test``. Precision and recall are those of the label
"curiosity"; the category accuracy says how often the finer intent is right too. Errors are shown for
the dev half only.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from language.intents import intent_of

TARGET_PRECISION = 0.95
TARGET_RECALL = 0.9
BLIND_SET = Path(__file__).with_name("curiosity_blind.jsonl")
FRESH_SET = Path(__file__).with_name("fresh_curiosity.jsonl")  # a second blind set (BLIND_SETS.md)
THIRD_SET = Path(__file__).with_name("third_curiosity.jsonl")  # a third one (BLIND_SETS.md)
FOURTH_SET = Path(__file__).with_name("fourth_curiosity.jsonl")  # a fourth, another trade
FIFTH_SET = Path(__file__).with_name("fifth_curiosity.jsonl")  # a fifth, another trade again
SETS = {"blind": BLIND_SET, "fresh": FRESH_SET, "third": THIRD_SET, "fourth": FOURTH_SET, "fifth": FIFTH_SET}
SHOWN_ERRORS = 40


def evaluate_curiosity(path: Path = BLIND_SET, errors: bool = False) -> dict[str, dict[str, Any]]:
    """``{half: figures}``: precision/recall of "curiosity", category accuracy, dev errors."""
    counts: dict[str, dict[str, Any]] = {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        row = json.loads(line)
        if row.get("label") not in ("curiosity", "other") or not row.get("text"):
            raise ValueError(f"{path}:{number}: needs text and label (curiosity/other)")
        half = counts.setdefault(row.get("split", "all"), {"tp": 0, "fp": 0, "fn": 0, "right": 0, "n": 0})
        intent = intent_of(row["text"])
        predicted, expected = intent == "information", row["label"] == "curiosity"
        half["tp"] += predicted and expected
        half["fp"] += predicted and not expected
        half["fn"] += expected and not predicted
        half["n"] += 1
        half["right"] += intent == row.get("category", "information" if expected else "other")
        if errors and row.get("split") != "test" and predicted != expected:
            half.setdefault("errors", [])
            if len(half["errors"]) < SHOWN_ERRORS:
                half["errors"].append({"text": row["text"], "expected": row.get("category"), "got": intent})
    report: dict[str, dict[str, Any]] = {}
    for split, c in sorted(counts.items()):
        tp, fp, fn = c["tp"], c["fp"], c["fn"]
        report[split] = {
            "precision": round(tp / (tp + fp), 3) if tp + fp else 1.0,
            "recall": round(tp / (tp + fn), 3) if tp + fn else 1.0,
            "category_accuracy": round(c["right"] / c["n"], 3),
            "messages": c["n"],
            "curiosities": tp + fn,
        }
        if "errors" in c:
            report[split]["errors"] = c["errors"]
    return report
