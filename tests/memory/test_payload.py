"""Records ⇄ payloads (memory/payload.py)."""

from __future__ import annotations

from dataclasses import asdict
from datetime import UTC, datetime

from memory.payload import from_payload, to_payload
from memory.records import Record


def test_a_payload_is_the_record_as_a_copied_mapping() -> None:
    """``to_payload`` skips ``dataclasses.asdict``'s recursive copy (a bulk import's cost) but gives
    the same mapping, and nothing in it is shared with the record."""
    when = datetime(2026, 11, 26, 15, 0, tzinfo=UTC)
    record = Record(
        id="0b5f3c1e-0000-4000-8000-000000000000",
        kind="goal",
        text="Qui est Corentin ?",
        about="Corentin",
        author="Eko",
        authors=["Eko", "Simon"],
        source={"room": "lobby", "ids": ["m1", "m2"], "nested": {"depth": [1, 2]}},
        created_at=when,
        updated_at=when,
        seen_count=2,
        facet="identity",
        status="asked",
        asked_at=when,
        asked_message_id="m3",
        variants=["C'est qui Corentin ?"],
        author_count=3,
    )
    payload = to_payload(record)
    expected = asdict(record)
    expected.pop("id")
    for key in ("created_at", "updated_at", "asked_at"):
        expected[key] = when.isoformat()
    expected["created_ts"] = when.timestamp()
    assert payload == expected and list(payload) == list(expected)
    assert from_payload(record.id, "goal", payload) == record
    payload["authors"].append("Zoé")
    payload["variants"].append("?")
    payload["source"]["nested"]["depth"].append(3)
    assert record.authors == ["Eko", "Simon"] and record.variants == ["C'est qui Corentin ?"]
    assert record.source == {"room": "lobby", "ids": ["m1", "m2"], "nested": {"depth": [1, 2]}}
