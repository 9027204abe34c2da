"""Embedded store benchmark (not a test): one-message writes while the event loop is busy.

The Lobby stores each message (the embedded message log, store/embedded_log.py) before broadcasting
it. This measures what that write costs when the event loop beside it is busy with Python work, as
the Lobby's loop is when it fans messages out. (Its former engine, tinymongo, ran each write in a
worker thread that had to get the GIL back after each SQLite call, and a loop that lets go of the
GIL only for an instant, ``epoll`` with a zero timeout, kept taking it back first: docs/bot.md.)

For each share of time the loop spends busy (0, 50, 90, 100 %, in 0.5 ms slices), writes run one
after the other for ``--seconds`` (10); printed: writes done, p50 / p95 / max latency. The 0 % row
is the reference. A write still waiting when its window ends (and at least 1 s) is counted as
unfinished. Writes alternate with a task that does nothing, timed the same way: its latency is the
busy loop's own (and the machine's) share of each write's figure.

Run: ``.venv/bin/python bench/store_under_load.py`` (``--sync full`` for the durability that waits
for the disk on every write; figures in docs/bot.md, "Benchmark").
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from store import LobbyMessage, open_database  # noqa: E402
from store.embedded_log import Sync  # noqa: E402

SLICE_S = 0.0005


async def _busy_loop(duty: float, stop: asyncio.Event) -> None:
    """Python work on the loop for ``duty`` of the time, in ``SLICE_S`` slices."""
    idle_s = SLICE_S * (1 - duty) / duty
    while not stop.is_set():
        started = time.perf_counter()
        while time.perf_counter() - started < SLICE_S:
            sum(range(100))
        await asyncio.sleep(idle_s)  # 0 at 100 %: back to the loop, never idle in epoll


async def measure(seconds: float, sync: Sync) -> None:
    with tempfile.TemporaryDirectory(prefix="eko-store-bench-") as folder:
        database = await open_database(None, Path(folder), "bench", sync=sync)
        written = 0

        async def write() -> None:
            nonlocal written
            written += 1
            message = LobbyMessage(id=f"m{written}", room="lobby", author="Alice", text="hello", ts="t")
            await database.messages.append_many([message])

        for _ in range(50):  # warm up: storage created, first writes done
            await write()

        async def nothing() -> None:
            return None

        for duty in (0.0, 0.5, 0.9, 1.0):
            stop = asyncio.Event()
            busy = asyncio.create_task(_busy_loop(duty, stop)) if duty > 0 else None
            latencies: dict[bool, list[float]] = {True: [], False: []}
            end = time.perf_counter() + seconds
            pending: asyncio.Task[None] | None = None
            writing = False
            while time.perf_counter() < end:
                writing = not writing  # a write, then the reference: the same wait with nothing to do
                started = time.perf_counter()
                pending = asyncio.create_task(write() if writing else nothing())
                done, _ = await asyncio.wait({pending}, timeout=max(end - started, 1.0))
                if not done:
                    break
                latencies[writing].append((time.perf_counter() - started) * 1000)
            unfinished = pending is not None and not pending.done()
            stop.set()
            if busy is not None:
                await busy
            if pending is not None:
                await pending  # the loop is idle again: a worker thread would get the GIL back
            print(_row(duty, seconds, latencies[True], latencies[False], unfinished), flush=True)
        await database.close()


def _row(
    duty: float, seconds: float, latencies: list[float], reference: list[float], unfinished: bool
) -> str:
    head = f"event loop busy {duty:4.0%}: {len(latencies):5d} writes in {seconds:.0f} s"
    tail = f", {int(unfinished)} unfinished at the end"
    if len(latencies) < 2 or len(reference) < 2:
        return head + tail
    p50, p95 = statistics.median(latencies), statistics.quantiles(latencies, n=20)[18]
    r50, r95 = statistics.median(reference), statistics.quantiles(reference, n=20)[18]
    return (
        f"{head}, p50 {p50:.3f} ms, p95 {p95:.3f} ms, max {max(latencies):.1f} ms"
        f" (reference, a task doing nothing: p50 {r50:.3f} ms, p95 {r95:.3f} ms){tail}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=10.0, help="how long each row writes")
    parser.add_argument("--sync", choices=["normal", "full"], default="normal", help="EKO_STORE_SYNC")
    args = parser.parse_args(argv)
    asyncio.run(measure(args.seconds, args.sync))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
