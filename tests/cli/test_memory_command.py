"""``eko memory ...`` as a user runs it: a real subprocess on a temporary --data-dir.

Each process that embeds text pays the model load (seconds), so checks are grouped per process.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from qdrant_client import QdrantClient

from tests.cli.conftest import Eko

pytestmark = pytest.mark.slow

LINES = [
    {"kind": "fact", "text": "Mickael est CTO", "author": "David"},
    {
        "kind": "fact",
        "text": "Mickael est CTO chez lemapp depuis 2024",
        "about": "Mickael",
        "author": "Simon",
    },
    "this is not json",
    {"kind": "goal", "text": "Qui est Corentin ?", "author": "Eko"},
    {"kind": "goal", "text": "C'est qui Corentin ?", "author": "Eko"},
    {"kind": "goal", "text": "Où travaille Corentin ?", "author": "Eko"},
    {"kind": "nope", "text": "a kind that does not exist"},
    {"kind": "fact", "text": "   "},
    {"kind": "fact", "text": "La mère de David vient de Besançon", "about": "David", "author": "MickTest2"},
    {"kind": "self", "text": "Je peux résumer les discussions du Lobby"},
]


def _jsonl(rows: list[object]) -> str:
    return "".join(
        (row if isinstance(row, str) else json.dumps(row, ensure_ascii=False)) + "\n" for row in rows
    )


def _json_lines(text: str) -> list[dict[str, object]]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def test_import_search_list_and_export_round_trip(eko: Eko, tmp_path: Path) -> None:
    source = tmp_path / "memory.jsonl"
    source.write_text(_jsonl(LINES), encoding="utf-8")
    first = tmp_path / "first"

    imported = eko("--data-dir", str(first), "memory", "import", str(source), "--json")
    results = _json_lines(imported.stdout)
    assert [r["line"] for r in results] == list(range(1, len(LINES) + 1))  # one per line, in order
    status = {r["line"]: r["status"] for r in results}
    assert status == {
        1: "added", 2: "merged", 3: "error", 4: "added", 5: "merged",
        6: "added", 7: "error", 8: "error", 9: "added", 10: "added",
    }  # fmt: skip
    assert results[1]["duplicate_of"] == results[0]["id"] and results[0]["duplicate_of"] is None
    assert results[4]["duplicate_of"] == results[3]["id"]
    assert "JSON" in str(results[2]["error"]) and "kind" in str(results[6]["error"])
    assert "text" in str(results[7]["error"])
    assert imported.returncode == 1  # the bad lines are reported; the others are stored

    queries = tmp_path / "queries.jsonl"
    queries.write_text(
        _jsonl([{"q": "c'était quoi le nom du village de maman ?"}, {"q": "qui est le CTO ?"}])
    )
    found = eko(
        "--data-dir", str(first), "memory", "search", "--kind", "fact", "--queries", str(queries), "--json"
    )
    assert found.returncode == 0, found.stderr
    answers = _json_lines(found.stdout)
    assert [a["q"] for a in answers] == ["c'était quoi le nom du village de maman ?", "qui est le CTO ?"]
    assert answers[0]["results"][0]["text"] == "La mère de David vient de Besançon"
    # the merge kept the more informative text
    assert answers[1]["results"][0]["text"] == "Mickael est CTO chez lemapp depuis 2024"
    assert set(answers[1]["results"][0]) == {"id", "text", "score"}

    listed = eko(
        "--data-dir", str(first), "memory", "list", "--kind", "goal", "--status", "pending", "--json"
    )
    assert listed.returncode == 0, listed.stderr
    goals = _json_lines(listed.stdout)
    assert sorted(g["text"] for g in goals) == ["Où travaille Corentin ?", "Qui est Corentin ?"]
    assert {g["text"]: g["seen_count"] for g in goals}["Qui est Corentin ?"] == 2

    exported = eko("--data-dir", str(first), "memory", "export")
    assert exported.returncode == 0, exported.stderr
    rows = _json_lines(exported.stdout)
    assert {
        "kind": "fact",
        "text": "Mickael est CTO chez lemapp depuis 2024",
        "about": "Mickael",
        "author": "David",
    } in rows
    assert len(rows) == 5

    dump = tmp_path / "export.jsonl"
    dump.write_text(exported.stdout, encoding="utf-8")
    second = tmp_path / "second"
    reimported = eko("--data-dir", str(second), "memory", "import", str(dump))
    assert reimported.returncode == 0, reimported.stderr
    assert "5 added, 0 merged" in reimported.stdout
    again = eko("--data-dir", str(second), "memory", "export")
    # kind, text, about and author survive unchanged
    assert sorted(map(json.dumps, _json_lines(again.stdout))) == sorted(map(json.dumps, rows))


def test_unknown_id_usage_errors_and_storage_in_use(eko: Eko, tmp_path: Path) -> None:
    data = tmp_path / "data"
    missing = eko("--data-dir", str(data), "memory", "delete", "0b5f3c1e-0000-4000-8000-000000000000")
    assert missing.returncode == 1
    assert missing.stderr.strip().splitlines() == [
        "eko: no memory record with id '0b5f3c1e-0000-4000-8000-000000000000'"
    ]

    assert eko("--data-dir", str(data), "memory", "list", "--kind", "nope").returncode == 2
    no_query = eko("--data-dir", str(data), "memory", "search", "--kind", "fact")
    assert no_query.returncode == 2 and "QUERY" in no_query.stderr

    holder = QdrantClient(path=str(data / "qdrant"))  # what a running Eko holds
    try:
        busy = eko("--data-dir", str(data), "memory", "list", "--kind", "fact")
    finally:
        holder.close()
    assert busy.returncode == 1
    lines = busy.stderr.strip().splitlines()
    assert len(lines) == 1 and "in use" in lines[0] and str(data) in lines[0], busy.stderr
    assert "Traceback" not in busy.stderr


def test_eval_dedup_prints_the_figures_and_passes_its_targets(eko: Eko) -> None:
    run = eko("memory", "eval", "dedup", "--json")
    assert run.returncode == 0, run.stdout + run.stderr
    report = _json_lines(run.stdout)[0]
    for part in ("all", "held_out"):
        assert report[part]["precision"] >= 0.95 and report[part]["f1"] >= 0.9


def test_eval_search_prints_recall_and_passes_its_targets(eko: Eko) -> None:
    run = eko("memory", "eval", "search")
    assert run.returncode == 0, run.stdout + run.stderr
    assert "recall@1" in run.stdout and "recall@5" in run.stdout
