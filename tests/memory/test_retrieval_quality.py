"""The shipped retrieval set: hybrid search must reach its recall targets and beat dense-only."""

from __future__ import annotations

from pathlib import Path

import pytest

from memory import Embedder, Memory, MemoryConfig, SearchTuning
from memory.quality.retrieval import (
    BLIND,
    DATASET,
    FOURTH,
    HOLDOUT,
    THIRD,
    evaluate_retrieval,
    evaluate_tunings,
    load_set,
    main,
    readme_example,
)

pytestmark = pytest.mark.slow
MARGIN = 0.02
# recall@1, recall@5 measured 2026-11-27 (dev: in the evening) with USE multilingual (docs/memory.md,
# "Retrieval quality"); the blind test half misses the targets (0.9 / 0.98): the docs say so.
MEASURED = {
    "old": (0.914, 1.0),  # 0.929 before "-ée" met its concept (2026-11-27: "lancée" gained a term)
    "old-holdout": (0.958, 1.0),
    "dev": (0.946, 1.0),
    "test": (0.784, 0.892),  # 0.770 before the other-facet re-rank (2026-11-27, night)
}
# Offline quotes (memory/quality/retrieval.py, QUOTING_OUTCOMES) measured the same day: right answers,
# at most this many wrong ones, at most this many quotes when the question's fact is left out.
# Since 2026-11-28 a fact stating only another facet is not quoted (language.relevance): dev 10 → 8
# and test 5 → 4 quotes with the question's fact left out; third test 5 → 4 wrong, 12 → 9.
QUOTES = {"dev": (37, 0, 8), "test": (27, 1, 4)}
# The third set (third_retrieval.jsonl, 2026-11-27, night): dev tuned on from then, test not.
# Since a verb's other forms meet its concept ("appris" → apprendre, 2026-11-29, morning): dev
# 0.855 / 0.968 → 0.887 / 0.984, test recall@5 0.887 → 0.903, dev right quotes 19 → 20.
MEASURED_THIRD = {"dev": (0.887, 0.984), "test": (0.629, 0.903)}
QUOTES_THIRD = {"dev": (20, 2, 3), "test": (23, 4, 9)}
# The fourth set (fourth_retrieval.jsonl, 2026-11-28, evening, a food bank): as committed, but dev
# recall@5 0.874 → 0.862 since a bare "how much" asks an amount (2026-11-28, night: one question
# ranks its fact sixth); test recall@1 0.772 → 0.783 since "how long" asks a quantity (2026-11-29).
# Test recall@5 0.957 → 0.967 since a verb's other forms meet its concept (2026-11-29, morning).
MEASURED_FOURTH = {"dev": (0.701, 0.862), "test": (0.783, 0.967)}
QUOTES_FOURTH = {
    "dev": (41, 4, 9),
    "test": (44, 3, 11),
}  # dev 40 right before "vient de quelle ville" (11-29)
QUOTES_MARGIN = 2


def test_the_set_is_big_enough() -> None:
    data = load_set(DATASET)
    french = [q for q in data.queries if q["lang"] == "fr"]
    assert len(data.facts) >= 50 and len(french) >= 40
    assert any(q["lang"] == "en" for q in data.queries)


async def test_hybrid_search_reaches_the_targets(tmp_path: Path, embedder: Embedder) -> None:
    mem = await Memory.open(MemoryConfig(path=tmp_path / "qdrant"), embedder)
    try:
        figures = await evaluate_tunings(mem, DATASET, {"hybrid": None, "dense": SearchTuning(mode="dense")})
    finally:
        await mem.close()
    hybrid, dense = figures["hybrid"], figures["dense"]
    at_1, at_5 = MEASURED["old"]
    assert hybrid["recall_at_1"] >= at_1 - MARGIN, hybrid["misses"]
    assert hybrid["recall_at_5"] >= at_5 - MARGIN, hybrid["misses"]
    assert hybrid["recall_at_1"] > dense["recall_at_1"]
    # The seed's own example.
    assert "c'était quoi le nom du village de maman ?" not in {m["q"] for m in hybrid["misses"]}


@pytest.mark.parametrize(
    ("path", "measured", "quotes"),
    [
        (BLIND, MEASURED, QUOTES),
        (THIRD, MEASURED_THIRD, QUOTES_THIRD),
        (FOURTH, MEASURED_FOURTH, QUOTES_FOURTH),
    ],
)
async def test_the_blind_sets_figures_per_half(
    tmp_path: Path,
    embedder: Embedder,
    path: Path,
    measured: dict[str, tuple[float, float]],
    quotes: dict[str, tuple[int, int, int]],
) -> None:
    async def fresh() -> Memory:
        return await Memory.open(MemoryConfig(path=tmp_path / "qdrant"), embedder)

    halves = (await evaluate_retrieval(fresh, path))["halves"]
    for half in ("dev", "test"):
        at_1, at_5 = measured[half]
        assert halves[half]["recall_at_1"] >= at_1 - MARGIN, halves
        assert halves[half]["recall_at_5"] >= at_5 - MARGIN, halves
        quoting, (right, wrong, unanswerable_wrong) = halves[half]["quoting"], quotes[half]
        assert sum(quoting.values()) == 2 * halves[half]["n"]
        assert quoting["right"] >= right - QUOTES_MARGIN, quoting
        assert quoting["wrong"] <= wrong, quoting
        assert quoting["unanswerable wrong"] <= unanswerable_wrong + QUOTES_MARGIN, quoting


async def test_the_readme_example_ranks_its_fact_first_with_a_clear_margin(
    tmp_path: Path, embedder: Embedder
) -> None:
    async def fresh() -> Memory:
        return await Memory.open(MemoryConfig(path=tmp_path / "qdrant"), embedder)

    example = await readme_example(fresh)
    assert example["rank"] == 1 and example["facts"] > 90
    assert example["margin"] >= 0.4, example  # measured 0.559 (fused scores run up to 2.5)


async def test_evaluate_retrieval_with_a_factory(tmp_path: Path, embedder: Embedder) -> None:
    async def fresh() -> Memory:
        return await Memory.open(MemoryConfig(path=tmp_path / "qdrant"), embedder)

    figures = await evaluate_retrieval(fresh, HOLDOUT)
    assert figures["n"] == len(load_set(HOLDOUT).queries)
    assert 0.0 <= figures["recall_at_1"] <= figures["recall_at_5"] <= 1.0
    at_1, at_5 = MEASURED["old-holdout"]
    assert figures["recall_at_1"] >= at_1 - MARGIN and figures["recall_at_5"] >= at_5 - MARGIN, figures


def test_the_command_prints_both_rankings(
    tmp_path: Path, embedder: Embedder, capsys: pytest.CaptureFixture[str]
) -> None:
    small = tmp_path / "small.jsonl"
    small.write_text(
        "\n".join(
            [
                '{"type": "fact", "key": "a", "text": "La mère de David vient de Besançon"}',
                '{"type": "fact", "key": "b", "text": "Simon joue de la batterie"}',
                '{"type": "query", "q": "c\'était quoi le nom du village de maman ?", "expected": "a"}',
                '{"type": "query", "q": "Simon il joue de quel instrument ?", "expected": "b"}',
            ]
        ),
        encoding="utf-8",
    )
    assert main(["--dataset", str(small), "--misses"], embedder=embedder) == 0
    out = capsys.readouterr().out
    assert "hybrid: recall@1 1.000  recall@5 1.000  (2 queries over 2 facts)" in out
    assert "dense: recall@1" in out


async def test_local_indexes_rank_like_qdrant(tmp_path: Path, embedder: Embedder) -> None:
    """Local mode answers unfiltered searches from in-process indexes; a filter goes through Qdrant's
    own dense and IDF sparse search. A filter every fact matches must give the same rankings."""
    data = load_set(DATASET)
    mem = await Memory.open(MemoryConfig(path=tmp_path / "qdrant"), embedder)
    try:
        await mem.add_many(list(data.facts.values()))
        for query in data.queries[:25]:
            local = await mem.search("fact", query["q"], limit=5)
            through_qdrant = await mem.search("fact", query["q"], limit=5, filters={"kind": "fact"})
            assert [h.record.id for h in local] == [h.record.id for h in through_qdrant], query["q"]
            assert [round(h.score, 5) for h in local] == [round(h.score, 5) for h in through_qdrant]
    finally:
        await mem.close()


async def test_a_fact_stating_another_facet_ranks_after_one_that_may_answer(
    tmp_path: Path, embedder: Embedder
) -> None:
    """ "Octave travaille chez Ledger" says where he works, not his job (the third set's dev half):
    it loses ``other_facet_penalty`` (language.facets.states_another_facet)."""
    mem = await Memory.open(MemoryConfig(path=tmp_path / "qdrant"), embedder)
    try:
        await mem.add("fact", "Octave travaille chez Ledger depuis 2021.", about="Octave")
        await mem.add("fact", "Octave est ingénieur sécurité, spécialisé en cryptographie.", about="Octave")
        hits = await mem.search("fact", "c'est quoi le métier d'Octave ?")
        assert hits[0].record.text.startswith("Octave est ingénieur")
        hits = await mem.search("fact", "Octave bosse pour quelle boîte ?")
        assert hits[0].record.text.startswith("Octave travaille chez Ledger")
    finally:
        await mem.close()


async def test_a_date_alone_ranks_after_a_place_for_where(tmp_path: Path, embedder: Embedder) -> None:
    """ "où ?" is not answered by a date (language.facets.gives_a_date_not_a_place; the third set's
    dev half): the dated fact loses ``other_facet_penalty``."""
    mem = await Memory.open(MemoryConfig(path=tmp_path / "qdrant"), embedder)
    try:
        await mem.add("fact", "L'offsite d'été est prévu du 24 au 26 juin.", about="offsite d'été")
        await mem.add("fact", "L'offsite d'été a lieu dans un gîte à Honfleur.", about="offsite d'été")
        hits = await mem.search("fact", "l'offsite de l'été se fait où ?")
        assert "Honfleur" in hits[0].record.text
    finally:
        await mem.close()
