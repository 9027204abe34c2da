"""Writing records the way legacy tools did: straight to Qdrant, with no duplicate check."""

from __future__ import annotations

import uuid
from dataclasses import replace
from datetime import timedelta

from memory import Memory
from memory.store import _point


async def raw_copy(memory: Memory, record_id: str, author: str, about: str | None = None) -> str:
    """Write a copy of a record as a separate point (an hour younger, by ``author``, about ``about``
    if given); returns its id."""
    record = await memory.get(record_id)
    later = record.created_at + timedelta(hours=1) if record.created_at else None
    copy = replace(
        record,
        id=str(uuid.uuid4()),
        author=author,
        authors=[author],
        status="pending" if record.kind == "goal" else None,
        created_at=later,
        about=about or record.about,
    )
    vector = (await memory._embedder.embed([copy.text]))[0]
    await memory._backend.upsert(copy.kind, [_point(copy, vector)])
    return copy.id
