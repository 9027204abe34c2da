"""Does the embedded engine let other Python threads run while it works? (not a test)

Eko calls the engine (Qdrant Edge, ``qdrant-edge-py``) from worker threads so that the event loop
keeps serving the Lobby meanwhile. That only helps if the engine releases the interpreter's lock
while it computes. This script measures it: a pure-Python counter on the main thread, alone for
a second (the reference, same run), then beside a worker thread that calls the engine in a loop —
``query_batch`` (an import's duplicate search: 256 queries for 16 neighbours), ``query`` (one
search, as a mention makes), writing points then ``optimize`` (indexing). The share of the
counter's own rate it keeps is how much the engine lets the rest of the process run: near 100 %
releases the lock, near 0 % holds it. ``time.sleep`` in the worker is the control (it releases the lock).

Run: ``.venv/bin/python bench/engine_gil.py`` (``--points 20000``, ``--seconds 2``).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from memory.backends.edge import shard_config
from memory.storage import DENSE

DIMENSION = 512  # the default model's (memory/use_encoder.py)


def _count(seconds: float) -> float:
    """Iterations per second of a pure-Python loop on this thread."""
    count, end = 0, time.perf_counter() + seconds
    while time.perf_counter() < end:
        count += 1
    return count / seconds


def _beside(work: Callable[[], object], seconds: float) -> tuple[float, int, float]:
    """The counter's rate while ``work`` runs in a loop on another thread; the calls made and the
    mean time of one."""
    stop = threading.Event()
    calls: list[float] = []

    def loop() -> None:
        while not stop.is_set():
            begin = time.perf_counter()
            work()
            calls.append(time.perf_counter() - begin)

    worker = threading.Thread(target=loop)
    worker.start()
    time.sleep(0.05)  # the worker is in its first call
    rate = _count(seconds)
    stop.set()
    worker.join()
    return rate, len(calls), sum(calls) / max(1, len(calls))


def _grow_and_index(shard: Any, vectors: np.ndarray, written: list[int]) -> None:
    """What an import does between its indexings, shortened: new points, then the engine indexes."""
    import qdrant_edge as qe

    start = written[0]
    points = [qe.Point(start + i, {DENSE: vectors[i].tolist()}, {"text": "new"}) for i in range(1000)]
    shard.update(qe.UpdateOperation.upsert_points(points))
    shard.optimize()
    written[0] = start + 1000


def main(argv: list[str] | None = None) -> int:
    import qdrant_edge as qe

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--points", type=int, default=20_000)
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args(argv)

    folder = Path(tempfile.mkdtemp(prefix="eko-engine-gil-"))
    shard = qe.EdgeShard.create(str(folder / "shard"), shard_config(DIMENSION))
    rng = np.random.default_rng(0)
    vectors = rng.standard_normal((args.points, DIMENSION)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    for start in range(0, args.points, 1000):
        points = [
            qe.Point(i, {DENSE: vectors[i].tolist()}, {"text": f"fact {i}", "about": f"person {i % 900}"})
            for i in range(start, min(start + 1000, args.points))
        ]
        shard.update(qe.UpdateOperation.upsert_points(points))

    def request(row: int, limit: int) -> qe.QueryRequest:
        return qe.QueryRequest(
            limit=limit, query=qe.Query.Nearest(vectors[row].tolist(), using=DENSE), with_payload=True
        )

    written = [args.points]  # the next id the indexing case writes
    batch = qe.QueryBatchRequest([request(i, 16) for i in range(256)])
    single = request(0, 50)
    alone = _count(1.0)
    print(f"{args.points} points, {DIMENSION} dimensions; a pure-Python counter alone: {alone:,.0f}/s")
    cases: list[tuple[str, Callable[[], object]]] = [
        ("time.sleep(0.005) (control)", lambda: time.sleep(0.005)),
        ("query_batch, 256 x 16 nearest", lambda: shard.query_batch(batch)),
        ("query, 50 nearest", lambda: shard.query(single)),
        ("upsert 1,000 points, then optimize", lambda: _grow_and_index(shard, vectors, written)),
    ]
    for name, work in cases:
        rate, calls, mean = _beside(work, args.seconds)
        print(f"beside {name:32} {rate / alone:6.1%} of its rate ({calls} calls, {mean * 1000:.1f} ms each)")
    shard.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
