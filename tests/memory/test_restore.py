"""The API boundary: text that cannot be UTF-8 is refused, and backups restore records as they were."""

from __future__ import annotations

from dataclasses import asdict
from datetime import UTC, datetime

import pytest

from memory import History, Memory, NewRecord
from tests.conftest import FakeClock

BACKUP = {
    "id": "3e1dbec6-14fa-4495-8370-8001c71625ee",
    "kind": "goal",
    "text": "Qui est Corentin ?",
    "about": "Corentin",
    "author": "Eko",
    "authors": ["Eko", "Simon"],
    "author_count": 2,
    "source": {"room": "lobby", "message_id": "m0"},
    "created_at": "2025-01-02T03:04:05.123456+00:00",
    "updated_at": "2025-01-03T00:00:00+00:00",
    "seen_count": 3,
    "status": "answered",
    "asked_at": "2025-01-02T04:00:00+00:00",
    "asked_message_id": "m1",
    "answer_fact_id": "0b5f3c1e-0000-4000-8000-000000000000",
    "goal_id": None,
    "variants": ["C'est qui Corentin ?"],
}


@pytest.mark.parametrize("bad", ["\ud800", "Simon \udcff aime le café"])
async def test_text_that_is_not_utf8_is_refused_before_anything_is_written(memory: Memory, bad: str) -> None:
    with pytest.raises(ValueError, match=r"item 2: text is not valid UTF-8"):
        await memory.add_many([NewRecord("fact", "Simon aime le thé"), NewRecord("fact", bad)])
    for field in ("about", "author"):
        with pytest.raises(ValueError, match=rf"{field} is not valid UTF-8"):
            await memory.add("fact", "Simon aime le thé", **{field: bad})
    with pytest.raises(ValueError, match="source is not valid UTF-8"):
        await memory.add("fact", "Simon aime le thé", source={"room": bad})
    with pytest.raises(ValueError, match="query is not valid UTF-8"):
        await memory.search("fact", bad)
    assert await memory.count("fact") == 0


async def test_a_backup_line_is_restored_with_its_id_and_history(memory: Memory, clock: FakeClock) -> None:
    (result,) = await memory.add_many([BACKUP])
    assert (result.status, result.id) == ("added", BACKUP["id"])
    record = await memory.get(BACKUP["id"])
    as_json = {k: v.isoformat() if isinstance(v, datetime) else v for k, v in asdict(record).items()}
    assert as_json == {**BACKUP, "facet": None}  # a backup written before records had a facet

    # Restoring the same backup again changes nothing: nothing is counted twice.
    (again,) = await memory.add_many([BACKUP])
    assert (again.status, again.duplicate_of) == ("merged", BACKUP["id"])
    assert await memory.get(BACKUP["id"]) == record
    assert await memory.count("goal") == 1

    # A backup holding more (another author, another wording) gives it back to the stored record.
    richer = {**BACKUP, "authors": ["Eko", "Nadia"], "variants": ["Corentin, c'est qui ?"], "seen_count": 2}
    (merged,) = await memory.add_many([richer])
    restored = await memory.get(BACKUP["id"])
    assert merged.status == "merged"
    assert restored.authors == ["Eko", "Simon", "Nadia"] and restored.seen_count == 3
    assert restored.variants == ["C'est qui Corentin ?", "Corentin, c'est qui ?"]
    assert restored.updated_at == clock.now


async def test_restored_ids_stay_unique_across_kinds(memory: Memory) -> None:
    await memory.add_many([BACKUP])
    with pytest.raises(ValueError, match=r"item 1: id .* is already a goal record"):
        await memory.add_many([{**BACKUP, "kind": "fact", "status": None}])
    with pytest.raises(ValueError, match="given to a fact too"):
        await memory.add_many(
            [
                NewRecord(
                    "fact", "Simon aime le thé", history=History(id="6f1c0f1e-0000-4000-8000-00000000000a")
                ),
                NewRecord("self", "Je résume", history=History(id="6f1c0f1e-0000-4000-8000-00000000000a")),
            ]
        )
    assert await memory.count("fact") == 0 and await memory.count("self") == 0


async def test_history_without_an_id_goes_through_the_duplicate_check(
    memory: Memory, clock: FakeClock
) -> None:
    stored = await memory.add("goal", "Qui est Corentin ?", author="Eko")
    (result,) = await memory.add_many(
        [
            {
                "kind": "goal",
                "text": "C'est qui Corentin ?",
                "author": "Simon",
                "seen_count": 2,
                "status": "asked",
            }
        ]
    )
    assert (result.status, result.id) == ("merged", stored.id)
    goal = await memory.get(stored.id)
    assert (goal.seen_count, goal.status, goal.authors) == (3, "asked", ["Eko", "Simon"])

    (dated,) = await memory.add_many(
        [{"kind": "fact", "text": "Simon aime le thé", "created_at": "2024-05-01T08:00:00"}]
    )
    fact = await memory.get(dated.id)
    assert fact.created_at == fact.updated_at == datetime(2024, 5, 1, 8, tzinfo=UTC)


@pytest.mark.parametrize(
    ("extra", "reason"),
    [
        ({"id": "42"}, "id must be a UUID"),
        ({"seen_count": 0}, "seen_count must be a positive integer"),
        ({"seen_count": True}, "seen_count must be a positive integer"),
        ({"authors": "Eko"}, "authors must be a list of strings"),
        ({"variants": [1]}, "variants must be a list of strings"),
        ({"created_at": "yesterday"}, "created_at must be an ISO 8601"),
        ({"status": "done"}, "status must be one of"),
        ({"kind": "fact", "status": "pending"}, "status applies to goals only"),
        ({"colour": "blue"}, "unknown field"),
    ],
)
async def test_bad_history_fields_are_named(memory: Memory, extra: dict[str, object], reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        await memory.add_many([{"kind": "goal", "text": "Qui est Simon ?", **extra}])
    assert await memory.count("goal") == 0 and await memory.count("fact") == 0
