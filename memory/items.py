"""Checking what callers hand to ``Memory.add_many`` (the API boundary) and turning it into records.

Everything is refused here with a short ``ValueError`` before any embedding or write: a text the
tokenizer cannot take (a lone surrogate) must cost its own line, not a whole import batch.
"""

from __future__ import annotations

import math
import uuid
from collections.abc import Mapping
from dataclasses import fields, replace
from datetime import UTC, datetime
from typing import Any, cast

from language.controls import MAX_DEPTH, first_control, is_blank, too_deep
from memory.records import KINDS, GoalStatus, History, NewRecord, Record

MAX_TEXT_CHARS = 8_000
# The most authors a record lists: the first and the latest ones (a fact a thousand people repeated
# would otherwise carry a thousand names in every search result); ``author_count`` keeps the total.
MAX_AUTHORS = 20
# The largest count a record keeps: a signed 64-bit integer, what every store's payload holds (a
# larger one was stored as 1 or 0 without a word by the embedded engine).
MAX_COUNT = 2**63 - 1
STATUSES: tuple[GoalStatus, ...] = ("pending", "asked", "answered", "dropped")
ITEM_FIELDS = ("kind", "text", "about", "author", "source", "facet")
HISTORY_FIELDS = tuple(f.name for f in fields(History))


def is_utf8(text: str) -> bool:
    """Whether ``text`` can be written as UTF-8 (a lone surrogate such as "\ud800" cannot)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def check_utf8(name: str, value: str) -> None:
    """``ValueError`` when ``value`` cannot be written as UTF-8 (a lone surrogate such as "\\ud800")."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as error:
        raise ValueError(
            f"{name} is not valid UTF-8 text (lone surrogate U+{ord(value[error.start]):04X}"
            f" at character {error.start + 1})"
        ) from None


def check_text(name: str, value: str) -> None:
    """:func:`check_utf8`, and no control character the Lobby refuses (:mod:`language.controls`):
    a fact Eko quotes in the Lobby must pass the Lobby's rule. No string of a record is longer than
    its text may be (an ``about`` of 100 KB was stored; a variant of 9,000 characters too)."""
    if len(value) > MAX_TEXT_CHARS:
        raise ValueError(f"{name} is {len(value)} characters long (at most {MAX_TEXT_CHARS})")
    check_utf8(name, value)
    at = first_control(value)
    if at is not None:
        raise ValueError(f"{name} holds a control character (U+{ord(value[at]):04X} at character {at + 1})")


def _check_strings(name: str, value: object) -> None:
    """Every string inside a JSON-like value (``source``) must be writable as UTF-8, every number
    finite (Python's json reads ``NaN``, ``Infinity`` and ``1e999``, which JSON has not: the embedded
    engine refused the payload mid-write and the whole import stopped); bounded depth."""
    if too_deep(value):
        raise ValueError(f"{name} is nested deeper than {MAX_DEPTH} levels")
    if isinstance(value, str):
        check_text(name, value)
    elif isinstance(value, float) and not math.isfinite(value):
        raise ValueError(f"{name} holds a number that is not finite ({value})")
    elif isinstance(value, Mapping):
        for key, inner in value.items():
            _check_strings(name, key)
            _check_strings(name, inner)
    elif isinstance(value, list | tuple):
        for inner in value:
            _check_strings(name, inner)


def _optional_string(name: str, value: object) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise ValueError(f"{name} must be a string")
    check_text(name, value)
    return value.strip() or None


def _strings(name: str, value: object) -> tuple[str, ...]:
    if not isinstance(value, list | tuple) or not all(isinstance(item, str) for item in value):
        raise ValueError(f"{name} must be a list of strings")
    for item in value:
        check_text(name, item)
    return tuple(value)


def _datetime(name: str, value: object) -> datetime | None:
    if value is None or isinstance(value, datetime):
        parsed = value
    elif isinstance(value, str):
        try:
            parsed = datetime.fromisoformat(value)
        except ValueError:
            raise ValueError(f"{name} must be an ISO 8601 date and time, not {value!r}") from None
    else:
        raise ValueError(f"{name} must be an ISO 8601 date and time")
    # Stored times are aware UTC; a naive one is taken as UTC, as the payload reader does.
    return parsed if parsed is None or parsed.tzinfo else parsed.replace(tzinfo=UTC)


def _record_id(value: object) -> str | None:
    if value is None:
        return None
    try:
        return str(uuid.UUID(str(value)))
    except ValueError:
        raise ValueError(f"id must be a UUID, not {value!r}") from None


def _history(row: Mapping[str, Any]) -> History | None:
    if not any(name in row for name in HISTORY_FIELDS):
        return None
    seen = row.get("seen_count")
    seen = 1 if seen is None else seen
    if isinstance(seen, bool) or not isinstance(seen, int) or not 1 <= seen <= MAX_COUNT:
        raise ValueError(f"seen_count must be a positive integer (at most {MAX_COUNT})")
    status = row.get("status")
    if status is not None and status not in STATUSES:
        raise ValueError(f"status must be one of {', '.join(STATUSES)}, not {status!r}")
    authors = row.get("authors")
    count = row.get("author_count")
    if count is not None and (
        isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= MAX_COUNT
    ):
        raise ValueError(f"author_count must be a non-negative integer (at most {MAX_COUNT})")
    return History(
        id=_record_id(row.get("id")),
        authors=None if authors is None else _strings("authors", authors),
        author_count=count,
        seen_count=seen,
        variants=_strings("variants", row.get("variants") or []),
        created_at=_datetime("created_at", row.get("created_at")),
        updated_at=_datetime("updated_at", row.get("updated_at")),
        status=cast("GoalStatus | None", status),
        asked_at=_datetime("asked_at", row.get("asked_at")),
        asked_message_id=_optional_string("asked_message_id", row.get("asked_message_id")),
        answer_fact_id=_optional_string("answer_fact_id", row.get("answer_fact_id")),
        goal_id=_optional_string("goal_id", row.get("goal_id")),
    )


def item_from_mapping(row: Mapping[str, Any]) -> NewRecord:
    """``{"kind", "text", "about", "author", "source", "facet"}`` plus, optionally, the fields of a backup
    line (:class:`History`: id, authors, seen_count, variants, times, goal lifecycle)."""
    unknown = set(row) - set(ITEM_FIELDS) - set(HISTORY_FIELDS)
    if unknown:
        raise ValueError(f"unknown field(s): {', '.join(sorted(unknown))}")
    kind = row.get("kind")
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {', '.join(KINDS)}, not {kind!r}")
    item = NewRecord(
        kind=kind,
        text=cast(str, row.get("text")),  # checked by check_item below
        about=row.get("about"),
        author=row.get("author"),
        source=row.get("source"),
        facet=row.get("facet"),
        history=_history(row),
    )
    return check_item(item)


def check_item(item: NewRecord | Mapping[str, Any]) -> NewRecord:
    """A valid item, with text, ``about`` and ``author`` trimmed; ``ValueError`` naming what is wrong."""
    if isinstance(item, Mapping):
        return item_from_mapping(item)
    if item.kind not in KINDS:
        raise ValueError(f"kind must be one of {', '.join(KINDS)}, not {item.kind!r}")
    # Blank: only whitespace or characters shown as nothing (zero-width spaces...), which left no
    # word to compare and merged with any other wordless fact.
    if not isinstance(item.text, str) or is_blank(item.text):
        raise ValueError("text must be a non-empty string")
    check_text("text", item.text)
    about = _optional_string("about", item.about)
    author = _optional_string("author", item.author)
    facet = _optional_string("facet", item.facet)
    if item.source is not None and not isinstance(item.source, dict):
        raise ValueError("source must be an object like {'room': ..., 'message_id': ...}")
    _check_strings("source", item.source)
    if item.history is not None and item.history.status is not None and item.kind != "goal":
        raise ValueError(f"status applies to goals only, not to a {item.kind}")
    return replace(item, text=item.text.strip(), about=about, author=author, facet=facet)


def capped_authors(authors: list[str], count: int) -> tuple[list[str], int]:
    """``authors`` kept to the first and the latest :data:`MAX_AUTHORS` - 1, and how many there are."""
    total = max(count, len(authors))
    if len(authors) <= MAX_AUTHORS:
        return authors, total
    return [authors[0], *authors[len(authors) - MAX_AUTHORS + 1 :]], total


def new_record(item: NewRecord, now: datetime, goal_id: str | None = None) -> Record:
    """The record ``item`` becomes: a new one written ``now``, or the one its history describes."""
    history = item.history or History()
    default_authors = [item.author] if item.author else []
    authors, author_count = capped_authors(
        default_authors if history.authors is None else list(history.authors), history.author_count or 0
    )
    created = history.created_at or now
    return Record(
        id=history.id or str(uuid.uuid4()),
        kind=item.kind,
        text=item.text,
        about=item.about,
        author=item.author,
        facet=item.facet,
        authors=authors,
        author_count=author_count,
        source=item.source,
        created_at=created,
        updated_at=history.updated_at or created,
        seen_count=history.seen_count,
        status=history.status or ("pending" if item.kind == "goal" else None),
        asked_at=history.asked_at,
        asked_message_id=history.asked_message_id,
        answer_fact_id=history.answer_fact_id,
        goal_id=goal_id or history.goal_id,
        variants=list(history.variants),
    )
