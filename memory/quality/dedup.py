"""Measure duplicate detection on the labelled set ``dedup_set.jsonl`` (pairwise precision/recall/F1).

Every pair of texts of the same kind is one decision: texts of the same ``cluster`` must merge, texts
of different clusters must not. The decision is exactly the one :class:`memory.Memory` makes on
write: :func:`language.equivalence.is_equivalent` with the embedder's cosine.

:func:`cross_validate` re-calibrates the thresholds on some clusters and scores the others, so the
figures printed for held-out clusters were not tuned on the pairs they are measured on.
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from language.equivalence import THRESHOLDS, Relation, analyse, is_equivalent, relation, veto
from memory.records import KINDS, Kind

TARGET_F1 = 0.9
TARGET_PRECISION = 0.95
_RELATIONS: tuple[Relation, ...] = ("same", "detail", "reworded", "slot")
# fact and self are both statements; self alone has too few clusters to calibrate on.
_CALIBRATION_GROUPS: dict[Kind, str] = {"fact": "statement", "self": "statement", "goal": "question"}


class SyncEmbedder(Protocol):
    def embed_sync(self, texts: Sequence[str]) -> npt.NDArray[np.float32]: ...


@dataclass(frozen=True)
class LabelledText:
    kind: Kind
    text: str
    cluster: str


@dataclass(frozen=True)
class Pair:
    kind: Kind
    left: str
    right: str
    cosine: float
    same: bool


def default_set_path() -> Path:
    return Path(str(resources.files("memory.quality").joinpath("dedup_set.jsonl")))


def load_set(path: Path) -> list[LabelledText]:
    items: list[LabelledText] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        row = json.loads(line)
        if row.get("kind") not in KINDS or not row.get("text") or not row.get("cluster"):
            raise ValueError(f"{path}:{number}: needs kind (fact/self/goal), text and cluster")
        items.append(LabelledText(kind=row["kind"], text=row["text"], cluster=row["cluster"]))
    return items


def make_pairs(embedder: SyncEmbedder, items: Sequence[LabelledText]) -> list[Pair]:
    vectors = embedder.embed_sync([item.text for item in items])
    pairs: list[Pair] = []
    for i, j in itertools.combinations(range(len(items)), 2):
        if items[i].kind != items[j].kind:
            continue
        pairs.append(
            Pair(
                kind=items[i].kind,
                left=items[i].text,
                right=items[j].text,
                cosine=float(vectors[i] @ vectors[j]),
                same=items[i].cluster == items[j].cluster,
            )
        )
    return pairs


def score(pairs: Iterable[Pair], decide: Callable[[Pair], bool], max_errors: int = 50) -> dict[str, Any]:
    """Pairwise precision, recall and F1 of ``decide`` against the labels, with sample errors."""
    tp = fp = fn = total = 0
    errors: list[dict[str, Any]] = []
    for pair in pairs:
        total += 1
        merged = decide(pair)
        if merged and pair.same:
            tp += 1
        elif merged or pair.same:
            fp += merged
            fn += pair.same
            if len(errors) < max_errors:
                errors.append(
                    {
                        "kind": pair.kind,
                        "error": "wrong merge" if merged else "missed merge",
                        "a": pair.left,
                        "b": pair.right,
                        "cosine": round(pair.cosine, 3),
                    }
                )
    precision = tp / (tp + fp) if tp + fp else 1.0
    recall = tp / (tp + fn) if tp + fn else 1.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {
        "precision": precision,
        "recall": recall,
        "f1": f1,
        "pairs": total,
        "positives": tp + fn,
        "true_positives": tp,
        "false_positives": fp,
        "false_negatives": fn,
        "errors": errors,
    }


def evaluate_dedup(embedder: SyncEmbedder, path: Path | None = None) -> dict[str, Any]:
    """Score the shipped decision (:func:`is_equivalent`, shipped thresholds) on the whole set."""
    pairs = make_pairs(embedder, load_set(path or default_set_path()))
    return score(pairs, lambda pair: is_equivalent(pair.kind, pair.left, pair.right, pair.cosine))


# --- calibration -----------------------------------------------------------------------------------

_GRID = np.round(np.arange(0.20, 0.99, 0.025), 3)


def _decide_with(thresholds: dict[Kind, dict[Relation, float]]) -> Callable[[Pair], bool]:
    def decide(pair: Pair) -> bool:
        a, b = analyse(pair.left), analyse(pair.right)
        if a.folded == b.folded:
            return True
        if veto(pair.kind, a, b) is not None:
            return False
        return pair.cosine >= thresholds[pair.kind][relation(a, b)]

    return decide


def calibrate(pairs: Sequence[Pair]) -> dict[Kind, dict[Relation, float]]:
    """Per calibration group, the thresholds with the best F1 among those with precision ≥ target."""
    result: dict[Kind, dict[Relation, float]] = {kind: dict(THRESHOLDS[kind]) for kind in KINDS}
    for group in sorted(set(_CALIBRATION_GROUPS.values())):
        kinds = [kind for kind, g in _CALIBRATION_GROUPS.items() if g == group]
        # Pairs no threshold can change (identical text or vetoed) are fixed counts.
        fixed_tp = fixed_fp = fixed_fn = 0
        by_relation: dict[Relation, tuple[list[float], list[bool]]] = {r: ([], []) for r in _RELATIONS}
        for pair in pairs:
            if pair.kind not in kinds:
                continue
            a, b = analyse(pair.left), analyse(pair.right)
            if a.folded == b.folded:
                fixed_tp += pair.same
                fixed_fp += not pair.same
            elif veto(pair.kind, a, b) is not None:
                fixed_fn += pair.same
            else:
                cosines, labels = by_relation[relation(a, b)]
                cosines.append(pair.cosine)
                labels.append(pair.same)
        # tp/fp of every combination of per-relation thresholds, as one array with an axis per relation.
        grid_size = len(_GRID)
        tp = np.full((grid_size,) * len(_RELATIONS), fixed_tp, dtype=float)
        fp = np.full_like(tp, fixed_fp)
        positives = fixed_tp + fixed_fn
        for axis, rel in enumerate(_RELATIONS):
            cosines, labels = by_relation[rel]
            cos = np.asarray(cosines, dtype=float)[None, :]
            lab = np.asarray(labels, dtype=bool)[None, :]
            merged = cos >= _GRID[:, None]
            shape = [1] * len(_RELATIONS)
            shape[axis] = grid_size
            tp = tp + (merged & lab).sum(1).reshape(shape)
            fp = fp + (merged & ~lab).sum(1).reshape(shape)
            positives += int(lab.sum())
        precision = np.where(tp + fp > 0, tp / np.maximum(tp + fp, 1), 1.0)
        recall = tp / positives if positives else np.ones_like(tp)
        f1 = np.where(
            precision + recall > 0, 2 * precision * recall / np.maximum(precision + recall, 1e-12), 0.0
        )
        # Meeting the precision target comes first, then F1; ties go to the strictest thresholds.
        objective = np.where(precision >= TARGET_PRECISION, 1.0 + f1, precision)
        best = np.argwhere(objective >= objective.max() - 1e-12)
        chosen = max(best.tolist(), key=lambda index: (sum(index), index))
        for kind in kinds:
            result[kind] = {rel: float(_GRID[i]) for rel, i in zip(_RELATIONS, chosen, strict=True)}
    return result


def cross_validate(
    embedder: SyncEmbedder, path: Path | None = None, folds: int = 5, seed: int = 7
) -> dict[str, Any]:
    """Calibrate on the other folds' clusters, score on the held-out fold's pairs; pooled over folds.

    Pairs that straddle two folds are used neither for training nor for scoring in that round.
    """
    items = load_set(path or default_set_path())
    clusters = sorted({item.cluster for item in items})
    random.Random(seed).shuffle(clusters)
    fold_of = {cluster: index % folds for index, cluster in enumerate(clusters)}
    vectors = embedder.embed_sync([item.text for item in items])
    held_out: list[tuple[Pair, bool]] = []
    per_fold: list[dict[Kind, dict[Relation, float]]] = []
    for fold in range(folds):
        train: list[Pair] = []
        test: list[Pair] = []
        for i, j in itertools.combinations(range(len(items)), 2):
            if items[i].kind != items[j].kind:
                continue
            fi, fj = fold_of[items[i].cluster], fold_of[items[j].cluster]
            pair = Pair(
                items[i].kind, items[i].text, items[j].text, float(vectors[i] @ vectors[j]),
                items[i].cluster == items[j].cluster,
            )  # fmt: skip
            if fi == fold and fj == fold:
                test.append(pair)
            elif fi != fold and fj != fold:
                train.append(pair)
        thresholds = calibrate(train)
        per_fold.append(thresholds)
        decide = _decide_with(thresholds)
        held_out.extend((pair, decide(pair)) for pair in test)
    decisions = {id(pair): merged for pair, merged in held_out}
    report = score([pair for pair, _ in held_out], lambda pair: decisions[id(pair)])
    report["folds"] = folds
    report["thresholds_per_fold"] = per_fold
    return report
