"""How equivalent records combine (pure functions): nothing said is lost, attribution is kept."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime

from language.equivalence import richer_text
from memory.items import capped_authors
from memory.records import GoalStatus, Record

# Later in the lifecycle wins when goals merge; an answer carries the most information.
_STATUS_RANK: dict[GoalStatus | None, int] = {None: 0, "pending": 1, "asked": 2, "dropped": 3, "answered": 4}


def _add_variant(variants: list[str], text: str, kept_text: str) -> list[str]:
    known = {v.strip().casefold() for v in variants} | {kept_text.strip().casefold()}
    return variants if text.strip().casefold() in known else [*variants, text]


def _authors(record: Record) -> list[str]:
    if record.authors:
        return list(record.authors)
    return [record.author] if record.author else []


def _author_count(record: Record) -> int:
    return max(record.author_count, len(_authors(record)))


def absorb(existing: Record, incoming: Record, now: datetime) -> Record:
    """``existing`` after absorbing the equivalent ``incoming`` (which is not stored separately)."""
    merged = _combined(existing, incoming)
    return replace(merged, seen_count=existing.seen_count + incoming.seen_count, updated_at=now)


def restore_into(stored: Record, backup: Record, now: datetime) -> Record:
    """``stored`` after taking back what a backup of the same record (same id) holds that it lacks.

    Unlike :func:`absorb`, nothing is counted twice: the backup is an older copy of this record,
    not another occurrence, so ``seen_count`` is the larger of the two and restoring the same backup
    again changes nothing (``updated_at`` moves only when something did).
    """
    times = [t for t in (stored.created_at, backup.created_at) if t is not None]
    combined = _combined(stored, backup)
    restored = replace(
        combined,
        seen_count=max(stored.seen_count, backup.seen_count),
        created_at=min(times) if times else None,
        # The same people, counted once (the backup is this record, not another occurrence).
        author_count=max(_author_count(stored), _author_count(backup), len(combined.authors)),
    )
    return stored if restored == stored else replace(restored, updated_at=now)


def _combined(kept: Record, other: Record) -> Record:
    """``kept`` holding what ``other`` says too: the richer text, the other wording as a variant,
    every author, the fields it lacked, the further goal lifecycle. Counts and dates are the caller's."""
    text = richer_text(kept.text, other.text)
    variants = list(kept.variants)
    for candidate in [kept.text, other.text, *other.variants]:  # the kept text is never its own variant
        variants = _add_variant(variants, candidate, text)
    authors = _authors(kept)
    added = [a for a in _authors(other) if a not in authors]
    # People the other record counted without listing them are others still.
    unlisted = _author_count(other) - len(_authors(other))
    authors, author_count = capped_authors(authors + added, _author_count(kept) + len(added) + unlisted)
    combined = replace(
        kept,
        text=text,
        variants=variants,
        authors=authors,
        author_count=author_count,
        author=kept.author or other.author,
        about=kept.about or other.about,
        facet=kept.facet or other.facet,
        source=kept.source or other.source,
        goal_id=kept.goal_id or other.goal_id,
    )
    return _further_lifecycle(combined, kept, other)


def _further_lifecycle(result: Record, current: Record, other: Record) -> Record:
    """``result`` with ``other``'s goal lifecycle when it is further along than ``current``'s.

    A goal only moves forward (pending → asked → answered): merging never re-opens an answer.
    """
    if _STATUS_RANK[other.status] <= _STATUS_RANK[current.status]:
        return result
    return replace(
        result,
        status=other.status,
        asked_at=other.asked_at or current.asked_at,
        asked_message_id=other.asked_message_id or current.asked_message_id,
        answer_fact_id=other.answer_fact_id or current.answer_fact_id,
    )


def merge_cluster(records: Sequence[Record], now: datetime) -> Record:
    """One record from a cluster of equivalent ones: the oldest id survives and absorbs the others."""
    if not records:
        raise ValueError("cannot merge an empty cluster")
    ordered = sorted(records, key=lambda r: (r.created_at is None, r.created_at or now, r.id))
    kept = ordered[0]
    for other in ordered[1:]:
        kept = absorb(kept, other, now)
    return kept


def complete_link_clusters(count: int, pairs: dict[tuple[int, int], float]) -> list[list[int]]:
    """Group items so that every two items of a group are equivalent (no chaining A~B~C with A≁C).

    ``pairs`` maps ``(i, j)`` with ``i < j`` to their similarity for every equivalent pair; groups
    grow from the most similar pairs first. Returns groups of two or more, each sorted.
    """
    group_of = list(range(count))
    members: dict[int, list[int]] = {i: [i] for i in range(count)}

    def linked(a: int, b: int) -> bool:
        return (min(a, b), max(a, b)) in pairs

    for (i, j), _ in sorted(pairs.items(), key=lambda item: -item[1]):
        gi, gj = group_of[i], group_of[j]
        if gi == gj:
            continue
        if all(linked(a, b) for a in members[gi] for b in members[gj]):
            for item in members[gj]:
                group_of[item] = gi
            members[gi].extend(members.pop(gj))
    return sorted((sorted(m) for m in members.values() if len(m) > 1), key=lambda m: m[0])
