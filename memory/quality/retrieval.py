"""Retrieval quality: recall@1 and recall@5 of ``Memory.search`` on a labelled set of facts and questions.

The set (``retrieval_set.jsonl``) holds fact lines ``{"type": "fact", "key", "text", "about"}`` and query
lines ``{"type": "query", "q", "expected": <fact key>, "lang"}``. Run ``python -m memory.quality.retrieval``
to print the figures for hybrid search and for dense-only search.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from memory.embeddings import PACKAGED_MODEL, Embedder, load_embedder
from memory.records import NewRecord
from memory.storage import MemoryConfig
from memory.store import Memory, SearchTuning

DATASET = Path(__file__).with_name("retrieval_set.jsonl")
TARGET_RECALL_AT_1 = 0.85
TARGET_RECALL_AT_5 = 0.95


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
            queries.append({"q": row["q"], "expected": row["expected"], "lang": row.get("lang", "fr")})
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
    """Load the set's facts into a fresh (empty) memory, run its queries, return recall figures.

    ``memory`` is an open, empty ``Memory`` or an async factory of one (then closed afterwards).
    """
    data = load_set(dataset_path)
    mem = memory if isinstance(memory, Memory) else await memory()
    try:
        if tuning is not None:
            mem.tuning = tuning
        keys = list(data.facts)
        results = await mem.add_many([data.facts[key] for key in keys])
        id_of = {key: result.id for key, result in zip(keys, results, strict=True)}
        text_of = {result.id: data.facts[key].text for key, result in zip(keys, results, strict=True)}
        at_1 = at_5 = 0
        misses: list[dict[str, Any]] = []
        for query in data.queries:
            hits = await mem.search("fact", query["q"], limit=5)
            ranked = [hit.record.id for hit in hits]
            expected = id_of[query["expected"]]
            at_1 += bool(ranked[:1] == [expected])
            at_5 += expected in ranked
            if ranked[:1] != [expected]:
                misses.append(
                    {
                        "q": query["q"],
                        "expected": data.facts[query["expected"]].text,
                        "got": text_of.get(ranked[0], ranked[0]) if ranked else None,
                        "rank": ranked.index(expected) + 1 if expected in ranked else None,
                    }
                )
        n = len(data.queries)
        return {
            "recall_at_1": at_1 / n,
            "recall_at_5": at_5 / n,
            "n": n,
            "facts": len(data.facts),
            "misses": misses,
        }
    finally:
        if not isinstance(memory, Memory):
            await mem.close()


async def _measure(embedder: Embedder, dataset: Path, mode: str) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="eko-retrieval-") as tmp:

        async def fresh() -> Memory:
            return await Memory.open(MemoryConfig(path=Path(tmp) / mode), embedder)

        tuning = SearchTuning(mode="dense") if mode == "dense" else None
        return await evaluate_retrieval(fresh, dataset, tuning)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m memory.quality.retrieval", description="Print recall@1/@5 of memory search."
    )
    parser.add_argument("--dataset", type=Path, default=DATASET)
    parser.add_argument("--model", default=PACKAGED_MODEL, help="embedding model (name or path)")
    parser.add_argument("--misses", action="store_true", help="list the queries whose top hit is wrong")
    args = parser.parse_args(argv)
    embedder = load_embedder(args.model)
    failed = False
    for mode in ("hybrid", "dense"):
        figures = asyncio.run(_measure(embedder, args.dataset, mode))
        print(
            f"{mode:>6}: recall@1 {figures['recall_at_1']:.3f}  recall@5 {figures['recall_at_5']:.3f}"
            f"  ({figures['n']} queries over {figures['facts']} facts)"
        )
        if args.misses:
            for miss in figures["misses"]:
                print(f"        miss (rank {miss['rank']}): {miss['q']!r} → {miss['got']!r}")
        if mode == "hybrid":
            failed = (
                figures["recall_at_1"] < TARGET_RECALL_AT_1 or figures["recall_at_5"] < TARGET_RECALL_AT_5
            )
    print(f"targets (hybrid): recall@1 ≥ {TARGET_RECALL_AT_1}, recall@5 ≥ {TARGET_RECALL_AT_5}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
