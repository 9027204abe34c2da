"""`eko memory import` reads its file line by line with bounded memory, and refuses a hostile line by
its number (too long, too deep, control characters) while the others go on."""

from __future__ import annotations

import json
import os
import tracemalloc
from pathlib import Path

import pytest

from eko.memory_cli import MAX_LINE_BYTES, _batches, import_encoders, parse_import_line, read_lines


def _fact(text: str) -> str:
    return json.dumps({"kind": "fact", "text": text, "author": "Sarah"})


def test_each_hostile_line_is_refused_by_number(tmp_path: Path) -> None:
    rows = [
        _fact("Sarah aime le vélo"),
        "x" * (MAX_LINE_BYTES + 10),  # over the line limit
        '{"kind": "fact", "text": "deep", "source": ' + "[" * 5000 + "]" * 5000 + "}",
        '{"kind": "fact", "text": "ok", "source": {"a": ' + '{"b": ' * 30 + "1" + "}" * 30 + "}}",
        _fact("Le code est\u0000caché"),
        _fact("Un texte \u001b[31mrouge\u001b[0m"),
        _fact("Un C1\u009bici"),
        json.dumps({"kind": "fact", "text": "auteur", "author": "Bob\u0007"}),
        _fact("Mickael est CTO"),
    ]
    source = tmp_path / "import.jsonl"
    source.write_text("\n".join(rows) + "\n", encoding="utf-8")
    valid, refused = next(_batches(str(source)))
    assert [number for number, _ in valid] == [1, 9]
    reasons = {outcome["line"]: outcome["error"] for outcome in refused}
    assert reasons[2] == f"line longer than {MAX_LINE_BYTES} bytes"
    assert "nested deeper" in reasons[3] and "nested deeper" in reasons[4]
    assert "control character (U+0000" in reasons[5]
    assert "control character (U+001B" in reasons[6]
    assert "control character (U+009B" in reasons[7]
    assert "author holds a control character (U+0007" in reasons[8]


def test_the_line_limit_is_on_a_line_s_content_wherever_the_line_is(tmp_path: Path) -> None:
    """A line of exactly MAX_LINE_BYTES was refused when a newline followed it, taken at the end."""
    head, tail = '{"kind": "fact", "text": "x", "source": {"pad": "', '"}}'
    exact = head + "p" * (MAX_LINE_BYTES - len(head) - len(tail)) + tail
    over = head + "p" * (MAX_LINE_BYTES + 1 - len(head) - len(tail)) + tail
    source = tmp_path / "limit.jsonl"
    source.write_bytes(f"{exact}\n{exact}\r\n{over}\n{over}\r\n{exact}".encode())
    read = [(number, unreadable) for number, _, unreadable in read_lines(str(source))]
    too_long = f"line longer than {MAX_LINE_BYTES} bytes"
    assert read == [(1, None), (2, None), (3, too_long), (4, too_long), (5, None)]


@pytest.mark.parametrize("number", ["NaN", "-Infinity", "1e999"])
def test_a_number_json_has_not_is_refused_by_its_line(number: str) -> None:
    """Python's json reads them; the embedded engine refused the payload mid-write and the whole
    import stopped with a traceback."""
    with pytest.raises(ValueError, match="source holds a number that is not finite"):
        parse_import_line('{"kind": "fact", "text": "x", "source": {"a": [' + number + "]}}")
    assert parse_import_line('{"kind": "fact", "text": "x", "source": {"a": 1.5}}').source == {"a": 1.5}


@pytest.mark.parametrize("field", ["seen_count", "author_count"])
def test_a_count_no_store_can_hold_is_refused_by_its_line(field: str) -> None:
    """10**30 was stored as 1 (seen_count) or 0 (author_count) without a word."""
    with pytest.raises(ValueError, match=f"{field} must be"):
        parse_import_line(json.dumps({"kind": "fact", "text": "x", field: 2**63}))
    record = parse_import_line(json.dumps({"kind": "fact", "text": "x", field: 2**63 - 1}))
    assert record.history is not None and getattr(record.history, field) == 2**63 - 1


@pytest.mark.parametrize("blank", ["\u200b\u200b", "\u3164", " \ufeff\u2060 "])
def test_a_fact_that_shows_nothing_is_refused(blank: str) -> None:
    # It has no word to compare: it merged with any other wordless fact ("12").
    with pytest.raises(ValueError, match="text must be a non-empty string"):
        parse_import_line(_fact(blank))


def test_line_breaks_and_tabs_stay_allowed() -> None:
    record = parse_import_line(_fact("Deux lignes\net une tabulation\t"))
    assert record.text == "Deux lignes\net une tabulation"


def test_reading_a_huge_line_keeps_memory_bounded(tmp_path: Path) -> None:
    source = tmp_path / "huge.jsonl"
    with source.open("w", encoding="utf-8") as file:
        file.write(_fact("avant") + "\n")
        file.write('{"kind": "fact", "text": "' + "a" * 50_000_000 + '"}\n')  # one 50 MB line
        for n in range(2000):
            file.write(_fact(f"fait numéro {n}") + "\n")
    tracemalloc.start()
    try:
        numbers = [number for number, _, _ in read_lines(str(source))]
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert numbers == list(range(1, 2003))
    assert peak < 4 * MAX_LINE_BYTES  # a few lines' worth, never the 50 MB line nor the whole file


@pytest.mark.parametrize("blank", ["", "   ", "\r"])
def test_blank_lines_are_skipped_but_counted(tmp_path: Path, blank: str) -> None:
    source = tmp_path / "blank.jsonl"
    source.write_text(_fact("un") + "\n" + blank + "\n" + _fact("deux") + "\n", encoding="utf-8")
    assert [number for number, _, _ in read_lines(str(source))] == [1, 3]


def test_a_byte_order_mark_opening_the_file_is_not_part_of_line_one(tmp_path: Path) -> None:
    # Notepad and Excel write one; it made line 1 invalid JSON. A BOM further on is text.
    source = tmp_path / "bom.jsonl"
    source.write_bytes(b"\xef\xbb\xbf" + (_fact("un") + "\n" + _fact("deux") + "\n").encode())
    lines = list(read_lines(str(source)))
    assert [(number, error) for number, _, error in lines] == [(1, None), (2, None)]
    first = lines[0][1]
    assert first is not None and parse_import_line(first) == parse_import_line(_fact("un"))


def test_an_import_encodes_one_batch_per_core_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    """Eko is stopped while it imports: the import takes the cores this process may use, one encode
    per core, or fewer when each encode runs on several torch threads (EKO_EMBEDDING_THREADS)."""
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1, 2, 3}, raising=False)
    assert [import_encoders(threads) for threads in (1, 2, 3, 4, 8)] == [4, 2, 1, 1, 1]
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {5}, raising=False)
    assert import_encoders(1) == 1


def test_no_string_of_a_line_is_longer_than_a_text_may_be(tmp_path: Path) -> None:
    # An `about` of 100 KB was stored, and a 9,000-character variant; the text's own limit is 8,000.
    from memory.items import MAX_TEXT_CHARS

    long = "x" * (MAX_TEXT_CHARS + 1)
    rows = [
        json.dumps({"kind": "fact", "text": "Sarah aime le vélo", "about": long}),
        json.dumps({"kind": "fact", "text": "Sarah aime le vélo", "author": long}),
        json.dumps({"kind": "goal", "text": "Qui est Sarah ?", "facet": long}),
        json.dumps({"kind": "fact", "text": "Sarah aime le vélo", "variants": ["Sarah fait du vélo", long]}),
        json.dumps({"kind": "fact", "text": "Sarah aime le vélo", "source": {"room": long}}),
        json.dumps({"kind": "fact", "text": "Sarah aime le vélo", "about": "y" * MAX_TEXT_CHARS}),
    ]
    source = tmp_path / "import.jsonl"
    source.write_text("\n".join(rows) + "\n", encoding="utf-8")
    valid, refused = next(_batches(str(source)))
    assert [number for number, _ in valid] == [6]
    reasons = {outcome["line"]: outcome["error"] for outcome in refused}
    for line, field in enumerate(("about", "author", "facet", "variants", "source"), start=1):
        assert reasons[line] == f"{field} is {MAX_TEXT_CHARS + 1} characters long (at most {MAX_TEXT_CHARS})"
