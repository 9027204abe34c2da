"""Import memory benchmark (not a test): the peak RSS of `eko memory import` on a large file.

Issue 13's bound: an import streams its file, so a 200 MB file costs what the process itself costs
plus a bounded working set, under 300 MB of RSS. This writes such a file — ``--facts`` distinct
facts first (whole batches of facts encoded and checked: the heaviest part), then lines refused for
an escape character (the Lobby's control-character rule) up to ``--size-mb`` megabytes — and runs
the command twice in fresh processes on fresh data directories: on a one-line file (the reference:
the interpreter, the model, the word data) and on the large file. Each child's peak RSS is read from
the kernel (``os.wait4``) and printed in KiB, MiB and SI megabytes, with the large file's ratio to
the reference. Run: ``.venv/bin/python bench/import_memory.py`` (``--size-mb 200 --facts 200``,
``--tree DIR`` to measure another checkout).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TREE = Path(__file__).resolve().parents[1]
TARGET_BYTES = 300 * 1000 * 1000  # issue 13: "RSS under 300 MB", read in SI megabytes (the strictest)
_RUN = "import sys; from eko.cli import main; sys.exit(main(['memory', 'import', sys.argv[1]]))"


def write_file(path: Path, size_bytes: int, facts: int) -> int:
    """``facts`` facts (one in ten a duplicate), then refused lines up to ``size_bytes``; the line
    count."""
    refused = json.dumps(
        {"kind": "fact", "text": "Un texte \x1b[31mrouge\x1b[0m avec une séquence d'échappement, refusé"},
        ensure_ascii=False,
    ).encode()
    lines = max(facts, size_bytes // (len(refused) + 1))
    with path.open("wb") as out:
        for index in range(lines):
            if index < facts:
                # Teams numbered apart from rooms: near-identical facts, so the duplicate checks and
                # the word data they read are part of the peak (they found two rooms merged); one
                # in ten says an earlier room's fact again with a detail, by someone else: a merge.
                room = index // 2 if index % 10 == 9 else index
                text = f"Le salon numéro {room} du bâtiment B accueille l'équipe {room % 17}"
                text += " depuis mars" if room != index else ""
                fact = {"kind": "fact", "text": text, "author": "Léa" if room != index else "Sarah"}
                out.write(json.dumps(fact, ensure_ascii=False).encode())
            else:
                out.write(refused)
            out.write(b"\n")
    return lines


def peak_import(tree: Path, file: Path, data_dir: Path) -> tuple[int, float, str]:
    """(peak RSS in KiB, wall seconds, the command's last line) of one `eko memory import` process."""
    env = {**os.environ, "EKO_DATA_DIR": str(data_dir), "PYTHONPATH": str(tree), "HF_HUB_OFFLINE": "1"}
    begin = time.perf_counter()
    child = subprocess.Popen(
        [sys.executable, "-c", _RUN, str(file)],
        cwd=tree,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,  # one line per refused line: millions
    )
    assert child.stdout is not None
    last = b""
    for line in child.stdout:
        last = line
    _, _status, usage = os.wait4(child.pid, 0)
    child.returncode = 0  # reaped by wait4
    return usage.ru_maxrss, time.perf_counter() - begin, last.decode(errors="replace").strip()


def describe(kib: int) -> str:
    return f"{kib:,} KiB = {kib / 1024:.0f} MiB = {kib * 1024 / 1e6:.0f} MB"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size-mb", type=int, default=200, help="size of the large file, in SI megabytes")
    parser.add_argument("--facts", type=int, default=200)
    parser.add_argument("--tree", type=Path, default=TREE, help="the checkout whose command is measured")
    args = parser.parse_args()
    tree = args.tree.resolve()
    with tempfile.TemporaryDirectory(prefix="eko-import-memory-") as scratch:
        root = Path(scratch)
        one = root / "one.jsonl"
        one.write_text(json.dumps({"kind": "fact", "text": "Le bureau de Lyon est au 3e étage"}) + "\n")
        large = root / "large.jsonl"
        lines = write_file(large, args.size_mb * 1000 * 1000, args.facts)
        print(f"code: {tree}; load avg {os.getloadavg()[0]:.1f}")
        reference, seconds, said = peak_import(tree, one, root / "data-one")
        print(f"one-line file: peak RSS {describe(reference)} ({seconds:.1f} s) | {said}")
        peak, seconds, said = peak_import(tree, large, root / "data-large")
        size = large.stat().st_size / 1e6
        print(f"{size:.0f} MB file, {lines:,} lines: peak RSS {describe(peak)} ({seconds:.1f} s) | {said}")
        verdict = "met" if peak * 1024 < TARGET_BYTES else "MISSED"
        print(f"ratio to the one-line import ×{peak / reference:.2f}; target < 300 MB → {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
