"""Retrieval quality: recall@1 and recall@5 of ``Memory.search`` on a labelled set of facts and questions.

A set holds fact lines ``{"type": "fact", "key", "text", "about"}`` and question lines, either
``{"type": "query", "q", "expected": <fact key>, "lang"}`` (the older ``retrieval_set.jsonl`` and
``retrieval_holdout.jsonl``, regression checks) or ``{"type": "question", "text", "expects": <fact key>,
"split"}`` (``retrieval_blind.jsonl``, written before tuning: every fact is indexed, questions are
scored by half, ``dev`` to tune on and ``test`` for the targets). Figures are given overall and per
half; a test half's misses are never listed. Run ``python -m memory.quality.retrieval`` to print the
figures for hybrid search and for dense-only search.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
from collections import Counter
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from language.relevance import answers
from memory.embeddings import DEFAULT_MODEL, Embedder, load_embedder
from memory.records import NewRecord, ScoredRecord
from memory.storage import MemoryConfig
from memory.store import Memory, SearchTuning

DATASET = Path(__file__).with_name("retrieval_set.jsonl")
HOLDOUT = DATASET.with_name("retrieval_holdout.jsonl")
BLIND = DATASET.with_name("retrieval_blind.jsonl")
THIRD = DATASET.with_name("third_retrieval.jsonl")  # a third blind set (BLIND_SETS.md)
FOURTH = DATASET.with_name("fourth_retrieval.jsonl")  # a fourth one, another trade (BLIND_SETS.md)
SETS = {"blind": BLIND, "third": THIRD, "fourth": FOURTH, "old": DATASET, "old-holdout": HOLDOUT}
TARGET_RECALL_AT_1 = 0.9  # on the blind set's test half
TARGET_RECALL_AT_5 = 0.98


@dataclass(frozen=True)
class RetrievalSet:
    facts: dict[str, NewRecord]
    queries: list[dict[str, str]]


def load_set(path: Path = DATASET) -> RetrievalSet:
    facts: dict[str, NewRecord] = {}
    queries: list[dict[str, str]] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        row = json.loads(line)
        if row["type"] == "fact":
            facts[row["key"]] = NewRecord("fact", row["text"], about=row.get("about"))
        elif row["type"] == "query":
            queries.append(
                {"q": row["q"], "expected": row["expected"], "lang": row.get("lang", "fr"), "split": "all"}
            )
        elif row["type"] == "question":
            queries.append(
                {"q": row["text"], "expected": row["expects"], "lang": "fr", "split": row["split"]}
            )
        else:
            raise ValueError(f"{path}:{number}: unknown line type {row['type']!r}")
    unknown = {q["expected"] for q in queries} - set(facts)
    if unknown:
        raise ValueError(f"{path}: queries expect unknown facts {sorted(unknown)}")
    return RetrievalSet(facts, queries)


async def evaluate_retrieval(
    memory: Memory | Callable[[], Awaitable[Memory]],
    dataset_path: Path = DATASET,
    tuning: SearchTuning | None = None,
) -> dict[str, Any]:
    """Load the set's facts into a fresh (empty) memory, run its queries, return recall figures:
    ``{"recall_at_1", "recall_at_5", "n", "facts", "misses"}``.

    ``memory`` is an open, empty ``Memory`` or an async factory of one (then closed afterwards);
    ``tuning`` replaces its search tuning (``SearchTuning(mode="dense")`` for the dense-only baseline).
    """
    figures = await evaluate_tunings(memory, dataset_path, {"run": tuning})
    return figures["run"]


async def evaluate_tunings(
    memory: Memory | Callable[[], Awaitable[Memory]],
    dataset_path: Path,
    tunings: Mapping[str, SearchTuning | None],
) -> dict[str, dict[str, Any]]:
    """Like :func:`evaluate_retrieval` for several rankings, loading the facts once."""
    data = load_set(dataset_path)
    mem = memory if isinstance(memory, Memory) else await memory()
    original = mem.tuning
    try:
        keys = list(data.facts)
        results = await mem.add_many([data.facts[key] for key in keys])
        id_of = {key: result.id for key, result in zip(keys, results, strict=True)}
        text_of = {result.id: data.facts[key].text for key, result in zip(keys, results, strict=True)}
        figures: dict[str, dict[str, Any]] = {}
        for name, tuning in tunings.items():
            mem.tuning = tuning or original
            figures[name] = await _run_queries(mem, data, id_of, text_of)
        return figures
    finally:
        mem.tuning = original
        if not isinstance(memory, Memory):
            await mem.close()


async def _run_queries(
    mem: Memory, data: RetrievalSet, id_of: dict[str, str], text_of: dict[str, str]
) -> dict[str, Any]:
    counts: dict[str, list[int]] = {}  # half → [at_1, at_5, n]
    quoting: dict[str, Counter[str]] = {}
    misses: list[dict[str, Any]] = []
    for query in data.queries:
        # One more hit than the five read: the sixth stands in when the expected fact is left out.
        six = await mem.search("fact", query["q"], limit=6)
        hits = six[:5]
        ranked = [hit.record.id for hit in hits]
        expected = id_of[query["expected"]]
        half = counts.setdefault(query["split"], [0, 0, 0])
        half[0] += ranked[:1] == [expected]
        half[1] += expected in ranked
        half[2] += 1
        without = [hit for hit in six if hit.record.id != expected]
        unanswerable = _quoted(query["q"], without[:5], expected)
        quoting.setdefault(query["split"], Counter()).update(
            [_quoted(query["q"], hits, expected), f"unanswerable {unanswerable}"]
        )
        if ranked[:1] != [expected]:
            misses.append(
                {
                    "q": query["q"],
                    "split": query["split"],
                    "expected": data.facts[query["expected"]].text,
                    "got": text_of.get(ranked[0], ranked[0]) if ranked else None,
                    "rank": ranked.index(expected) + 1 if expected in ranked else None,
                }
            )
    n = len(data.queries)
    return {
        "recall_at_1": sum(c[0] for c in counts.values()) / n,
        "recall_at_5": sum(c[1] for c in counts.values()) / n,
        "n": n,
        "facts": len(data.facts),
        "halves": {
            split: {
                "recall_at_1": c[0] / c[2],
                "recall_at_5": c[1] / c[2],
                "n": c[2],
                "quoting": {outcome: quoting[split][outcome] for outcome in QUOTING_OUTCOMES},
            }
            for split, c in sorted(counts.items())
        },
        "misses": misses,
    }


# What Eko does with a question offline (bot/answer.py): it quotes the first of the best five facts
# that language.relevance.answers accepts, else says it does not know. Each question is asked twice:
# with every fact stored ("right", "don't know" or "wrong"), and with its own fact left out of the
# hits, as if nobody had said it ("unanswerable …": "don't know" is then right).
QUOTING_OUTCOMES = (
    "right",
    "don't know",
    "wrong",
    "unanswerable don't know",
    "unanswerable wrong",
)


def _quoted(question: str, hits: Sequence[ScoredRecord], expected: str) -> str:
    quoted = next(
        (
            hit.record.id
            for hit in hits
            if answers(question, hit.record.text, hit.score, about=hit.record.about, facet=hit.record.facet)
        ),
        None,
    )
    return "don't know" if quoted is None else "right" if quoted == expected else "wrong"


async def _measure(embedder: Embedder, dataset: Path) -> dict[str, dict[str, Any]]:
    with tempfile.TemporaryDirectory(prefix="eko-retrieval-") as tmp:
        mem = await Memory.open(MemoryConfig(path=Path(tmp)), embedder)
        try:
            return await evaluate_tunings(mem, dataset, {"hybrid": None, "dense": SearchTuning(mode="dense")})
        finally:
            await mem.close()


def main(argv: list[str] | None = None, embedder: Embedder | None = None) -> int:
    """Print recall@1/@5 for hybrid and dense-only search; exit 1 when hybrid misses its targets."""
    parser = argparse.ArgumentParser(
        prog="python -m memory.quality.retrieval", description="Print recall@1/@5 of memory search."
    )
    parser.add_argument("--dataset", type=Path, default=DATASET)
    parser.add_argument("--model", default=DEFAULT_MODEL, help="embedding model (name or path)")
    parser.add_argument("--misses", action="store_true", help="list the queries whose top hit is wrong")
    args = parser.parse_args(argv)
    figures = asyncio.run(_measure(embedder or load_embedder(args.model), args.dataset))
    for mode, result in figures.items():
        print(
            f"{mode:>6}: recall@1 {result['recall_at_1']:.3f}  recall@5 {result['recall_at_5']:.3f}"
            f"  ({result['n']} queries over {result['facts']} facts)"
        )
        if len(result["halves"]) > 1:
            for half, figure in result["halves"].items():
                print(
                    f"        {half}: recall@1 {figure['recall_at_1']:.3f}"
                    f"  recall@5 {figure['recall_at_5']:.3f}"
                )
        if args.misses:
            for miss in result["misses"]:
                if miss["split"] != "test":  # a test half's misses are never shown
                    print(f"        miss (rank {miss['rank']}): {miss['q']!r} → {miss['got']!r}")
    hybrid = figures["hybrid"]["halves"].get("test", figures["hybrid"])
    print(f"targets (hybrid, test half when there is one): recall@1 ≥ {TARGET_RECALL_AT_1}, "
          f"recall@5 ≥ {TARGET_RECALL_AT_5}")  # fmt: skip
    ok = hybrid["recall_at_1"] >= TARGET_RECALL_AT_1 and hybrid["recall_at_5"] >= TARGET_RECALL_AT_5
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())


README_FACT = NewRecord("fact", "La mère de David vient de Besançon", about="David", author="MickTest2")
README_QUESTION = "Eko, c'était quoi le nom du village de maman ?"


async def fused_scores(mem: Memory, query: str, limit: int = 5) -> list[tuple[str, float]]:
    """The best ``(text, fused score)`` of a hybrid search (cosine + weighted relative sparse score):
    what the ranking compares, so the margin between the first two facts can be read."""
    return [(record.text, score) for record, score in await mem.fused_scores("fact", query, limit)]


async def readme_example(memory: Memory | Callable[[], Awaitable[Memory]]) -> dict[str, Any]:
    """The README's example question against its fact among every fact of the blind set: the fact's
    rank, its fused score and the margin over the next fact."""
    mem = memory if isinstance(memory, Memory) else await memory()
    try:
        await mem.add_many([README_FACT, *load_set(BLIND).facts.values()])
        ranked = await fused_scores(mem, README_QUESTION)
    finally:
        if not isinstance(memory, Memory):
            await mem.close()
    texts = [text for text, _ in ranked]
    rank = texts.index(README_FACT.text) + 1 if README_FACT.text in texts else None
    first, second = ranked[0][1], ranked[1][1] if len(ranked) > 1 else 0.0
    return {
        "rank": rank,
        "score": round(first if rank == 1 else dict(ranked).get(README_FACT.text, 0.0), 3),
        "margin": round(first - second, 3) if rank == 1 else 0.0,
        "runner_up": ranked[1][0] if len(ranked) > 1 else None,
        "facts": 1 + len(load_set(BLIND).facts),
    }
