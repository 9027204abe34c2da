"""Records ⇄ Qdrant payloads. Datetimes are stored as ISO strings plus a float timestamp to sort on."""

from __future__ import annotations

import copy
from dataclasses import fields
from datetime import UTC, datetime
from typing import Any, cast

from memory.records import KINDS, GoalStatus, Kind, Record

_DATETIMES = ("created_at", "updated_at", "asked_at")
_PAYLOAD_FIELDS = tuple(f.name for f in fields(Record) if f.name != "id")
_STATUSES: tuple[GoalStatus, ...] = ("pending", "asked", "answered", "dropped")
# Older collections (the seed's) kept their text under other keys.
_LEGACY_TEXT_KEYS = ("text", "content", "memory", "data", "question", "goal", "fact")


def to_payload(record: Record) -> dict[str, Any]:
    # What dataclasses.asdict gives, without its recursive deep copy (a tenth of a bulk import's
    # checks and writes): lists of strings copied, the source mapping deep-copied.
    payload = {name: _copied(getattr(record, name)) for name in _PAYLOAD_FIELDS}
    for key in _DATETIMES:
        value = payload[key]
        payload[key] = value.isoformat() if isinstance(value, datetime) else None
    payload["created_ts"] = record.created_at.timestamp() if record.created_at else 0.0
    return payload


def _copied(value: Any) -> Any:
    if isinstance(value, list):
        return list(value)
    return copy.deepcopy(value) if isinstance(value, dict) else value


def _datetime(value: object) -> datetime | None:
    if isinstance(value, str) and value:
        try:
            parsed = datetime.fromisoformat(value)
        except ValueError:
            return None
        return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)
    if isinstance(value, int | float) and value > 0:
        return datetime.fromtimestamp(value, UTC)
    return None


def _strings(value: object) -> list[str]:
    return [str(item) for item in value] if isinstance(value, list) else []


def _optional_str(value: object) -> str | None:
    return None if value is None or value == "" else str(value)


def legacy_text(payload: dict[str, Any]) -> str:
    for key in _LEGACY_TEXT_KEYS:
        value = payload.get(key)
        if isinstance(value, str) and value.strip():
            return value
    return ""


# What the duplicate rules read of a stored record (its text, whom it is about, who said it): a
# duplicate candidate is read with these fields only, and read whole once it is merged into
# (memory/store.py, ``_candidates``): an import reads tens of thousands of candidates.
JUDGED_FIELDS = (*_LEGACY_TEXT_KEYS, "kind", "about", "author")


def about_of(payload: dict[str, Any] | None) -> str | None:
    """Whom a stored payload is about (None: nobody named), as :func:`from_payload` reads it."""
    return _optional_str((payload or {}).get("about"))


def from_payload(point_id: str, kind: Kind, payload: dict[str, Any] | None) -> Record:
    """A record from a stored payload; tolerant of missing or foreign fields (legacy collections)."""
    data = payload or {}
    status = data.get("status")
    source = data.get("source")
    seen = data.get("seen_count")
    stored_kind = data.get("kind")
    return Record(
        id=str(point_id),
        kind=cast(Kind, stored_kind) if stored_kind in KINDS else kind,
        text=legacy_text(data),
        about=about_of(data),
        author=_optional_str(data.get("author")),
        facet=_optional_str(data.get("facet")),  # absent from records stored before it existed
        authors=_strings(data.get("authors")),
        source=source if isinstance(source, dict) else None,
        created_at=_datetime(data.get("created_at")),
        updated_at=_datetime(data.get("updated_at")),
        seen_count=seen if isinstance(seen, int) and seen > 0 else 1,
        status=status if status in _STATUSES else ("pending" if kind == "goal" else None),
        asked_at=_datetime(data.get("asked_at")),
        asked_message_id=_optional_str(data.get("asked_message_id")),
        answer_fact_id=_optional_str(data.get("answer_fact_id")),
        goal_id=_optional_str(data.get("goal_id")),
        variants=_strings(data.get("variants")),
        author_count=count if isinstance(count := data.get("author_count"), int) and count > 0 else 0,
    )


RECORD_FIELDS = frozenset(f.name for f in fields(Record))
