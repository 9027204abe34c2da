"""Measure duplicate detection on the labelled sets (pairwise precision/recall/F1, per kind, per half).

Every pair of texts of the same kind in the same half is one decision: texts of the same ``cluster``
must merge, texts of different clusters must not. The decision is the one :class:`memory.Memory`
makes on write: one text among the other's nearest candidates (``DUPLICATE_CANDIDATES`` above the
kind's floor), then :func:`language.equivalence.is_equivalent` with the embedder's cosine and each
text's subject (``about``: a goal without one in the set gets the subject the bot reads from it and
stores with it, so goals are judged as they are written).

Sets: ``dedup_blind.jsonl`` (written before the rules, split by family into ``dev`` and ``test``:
tune on dev only, targets are read on test), ``fresh_dedup.jsonl`` (a second one, written the same
way by someone else on 2026-11-27: BLIND_SETS.md) and the older ``dedup_set.jsonl`` (a regression
check, one ``all`` half). Errors are listed for dev halves and regression sets only: a test half's errors
are never shown, so nobody tunes on them.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from language.curiosity import read_curiosity
from language.equivalence import CANDIDATE_FLOOR, Attribution, is_equivalent
from memory.records import KINDS, Kind
from memory.store import DUPLICATE_CANDIDATES

TARGET_PRECISION = 0.97
TARGET_RECALL = 0.85
HERE = Path(__file__).parent
BLIND_SET = HERE / "dedup_blind.jsonl"
FRESH_SET = HERE / "fresh_dedup.jsonl"
OLD_SET = HERE / "dedup_set.jsonl"
THIRD_SET = HERE / "third_dedup.jsonl"
FOURTH_SET = HERE / "fourth_dedup.jsonl"  # a fourth one, another trade (BLIND_SETS.md)
SETS = {"blind": BLIND_SET, "fresh": FRESH_SET, "third": THIRD_SET, "fourth": FOURTH_SET, "old": OLD_SET}
SHOWN_ERRORS = 40


class SyncEmbedder(Protocol):
    def embed_sync(self, texts: Sequence[str]) -> npt.NDArray[np.float32]: ...


@dataclass(frozen=True)
class LabelledText:
    kind: Kind
    text: str
    cluster: str
    about: str | None = None
    split: str = "all"


def default_set_path() -> Path:
    return OLD_SET


def load_set(path: Path) -> list[LabelledText]:
    items: list[LabelledText] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        row = json.loads(line)
        if row.get("kind") not in KINDS or not row.get("text") or not row.get("cluster"):
            raise ValueError(f"{path}:{number}: needs kind (fact/self/goal), text and cluster")
        about = row.get("about")
        if row["kind"] == "goal" and about is None:
            about = _read_subject(row["text"])
        items.append(LabelledText(row["kind"], row["text"], row["cluster"], about, row.get("split", "all")))
    return items


def _read_subject(question: str) -> str | None:
    """The subject the bot stores with a goal it records from this question (bot/answer.py
    ``_curiosity``): the evaluation judges goals as the store meets them."""
    curiosity = read_curiosity(question)
    return None if curiosity is None else curiosity.subject


def _score(decisions: list[tuple[LabelledText, LabelledText, float, bool]], errors: bool) -> dict[str, Any]:
    tp = fp = fn = 0
    shown: list[dict[str, Any]] = []
    for a, b, cosine, merged in decisions:
        same = a.cluster == b.cluster
        tp += merged and same
        fp += merged and not same
        fn += same and not merged
        if errors and merged != same and len(shown) < SHOWN_ERRORS:
            shown.append(
                {
                    "error": "wrong merge" if merged else "missed merge",
                    "a": a.text,
                    "b": b.text,
                    "cosine": round(cosine, 3),
                }
            )
    precision = tp / (tp + fp) if tp + fp else 1.0
    recall = tp / (tp + fn) if tp + fn else 1.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    report: dict[str, Any] = {
        "precision": round(precision, 3),
        "recall": round(recall, 3),
        "f1": round(f1, 3),
        "pairs": len(decisions),
        "positives": tp + fn,
        "false_positives": fp,
        "false_negatives": fn,
    }
    if errors:
        report["errors"] = shown
    return report


def _candidates(vectors: npt.NDArray[np.float32], kind: Kind) -> list[set[int]]:
    """For each text, the others the store would judge it against (memory/store.py ``_candidates``):
    its DUPLICATE_CANDIDATES nearest, at or above the kind's candidate floor."""
    cosines = vectors @ vectors.T
    np.fill_diagonal(cosines, -np.inf)
    nearest = np.argsort(-cosines, axis=1, kind="stable")[:, : DUPLICATE_CANDIDATES[kind]]
    floor = CANDIDATE_FLOOR[kind]
    return [{int(j) for j in row if cosines[i, j] >= floor} for i, row in enumerate(nearest)]


def evaluate_dedup(embedder: SyncEmbedder, path: Path, errors: bool = False) -> dict[str, dict[str, Any]]:
    """``{half: {kind: figures}}`` for one set; ``errors`` adds sample errors (never for ``test``).

    A pair merges when the rules say so and one text is among the other's candidates, as on write:
    the whole half of one kind stands for the stored memory, whichever of the two came second."""
    items = load_set(path)
    vectors = embedder.embed_sync([item.text for item in items])
    groups: dict[tuple[str, Kind], list[int]] = {}
    for index, item in enumerate(items):
        groups.setdefault((item.split, item.kind), []).append(index)
    decisions: dict[tuple[str, Kind], list[tuple[LabelledText, LabelledText, float, bool]]] = {}
    for (split, kind), members in groups.items():
        group_vectors = vectors[members]
        candidates = _candidates(group_vectors, kind)
        for i, j in itertools.combinations(range(len(members)), 2):
            a, b = items[members[i]], items[members[j]]
            cosine = float(group_vectors[i] @ group_vectors[j])
            reached = j in candidates[i] or i in candidates[j]
            merged = reached and is_equivalent(
                kind, a.text, b.text, cosine, Attribution(a.about), Attribution(b.about)
            )
            decisions.setdefault((split, kind), []).append((a, b, cosine, merged))
    report: dict[str, dict[str, Any]] = {}
    for (split, kind), pairs in sorted(decisions.items()):
        report.setdefault(split, {})[kind] = _score(pairs, errors and split != "test")
    return report
