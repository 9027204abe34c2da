"""A record lists at most MAX_AUTHORS people (the first and the latest) and counts all of them."""

from __future__ import annotations

from datetime import UTC, datetime

from memory.items import MAX_AUTHORS, capped_authors
from memory.merging import absorb, restore_into
from memory.records import Record

NOW = datetime(2026, 11, 25, 10, 0, tzinfo=UTC)


def _said_by(author: str, text: str = "Le wifi est au tableau") -> Record:
    return Record(id=author, kind="fact", text=text, author=author, authors=[author])


def test_merging_many_people_keeps_the_first_and_the_latest_and_counts_them_all() -> None:
    record = _said_by("p0")
    for n in range(1, 20_000):
        record = absorb(record, _said_by(f"p{n}"), NOW)
    assert len(record.authors) == MAX_AUTHORS
    assert record.authors[0] == "p0" and record.authors[-1] == "p19999"
    assert record.authors[1:] == [f"p{n}" for n in range(20_000 - MAX_AUTHORS + 1, 20_000)]
    assert record.author_count == 20_000
    assert record.seen_count == 20_000


def test_a_repeated_author_is_counted_once_and_unlisted_ones_add_up() -> None:
    record = absorb(_said_by("Sarah"), _said_by("Sarah"), NOW)
    assert (record.authors, record.author_count) == (["Sarah"], 1)
    crowd = Record(id="c", kind="fact", text="x", author="a", authors=["a", "b"], author_count=50)
    merged = absorb(_said_by("Sarah"), crowd, NOW)
    assert merged.authors == ["Sarah", "a", "b"] and merged.author_count == 51


def test_restoring_a_backup_does_not_count_its_people_twice() -> None:
    stored = Record(id="r", kind="fact", text="x", author="a", authors=["a", "b"], author_count=30)
    assert restore_into(stored, stored, NOW).author_count == 30


def test_capped_authors_on_a_long_list() -> None:
    authors = [f"p{n}" for n in range(100)]
    kept, count = capped_authors(authors, 0)
    assert kept == ["p0", *authors[100 - MAX_AUTHORS + 1 :]] and count == 100
    assert capped_authors(["a"], 7) == (["a"], 7)
