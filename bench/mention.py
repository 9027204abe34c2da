"""One offline mention, alone (not a test): Eko's time to answer and what it holds the event loop.

``bench/lobby.py`` measures a mention inside a loaded Lobby, where Eko's work and the broadcasts
share one event loop and two cores; this isolates Eko's part. Eko (offline, as ``eko up`` builds
it: ``bot.answer.Responder`` over an embedded memory holding 5,000 synthetic facts) answers the
same distinct questions as ``bench/lobby.py`` (half answerable, half not, an unknown one becoming
a curiosity), one at a time, while a probe sleeps 1 ms in a loop on the same event loop: how late
it wakes is the **loop lag** a Lobby's broadcasts would wait behind Eko. Measured: ``respond``
(mention → reply ready), ``remember`` (the curiosity written after the reply, duplicate checks
included) and the probe's lag p50 / p99 / max, after 20 questions of warm-up.

Run: ``.venv/bin/python bench/mention.py [--memory-dir DIR] [--questions 100]`` (``--memory-dir``
as in bench/lobby.py: the 5,000 facts are imported there once, each run works on a copy).
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.answer import Responder
from language.warm import warm_up
from llm import OfflineLLM, PromptTemplates
from memory import Memory

WARM_UP_QUESTIONS = 20


def _lobby_bench() -> Any:
    """bench/lobby.py, for its questions and its memory of 5,000 facts (one home for both)."""
    path = Path(__file__).with_name("lobby.py")
    spec = importlib.util.spec_from_file_location("bench_lobby", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_lobby"] = module
    spec.loader.exec_module(module)
    return module


def _spread(percentile: Callable[[list[float], float], float], samples: list[float], upper: float) -> str:
    """p50 / the ``upper`` percentile / max, by bench/memory.py's ``percentile`` (one home for it)."""
    points = {"p50": percentile(samples, 0.5), f"p{upper * 100:.0f}": percentile(samples, upper)}
    shown = " / ".join(f"{name} {value:.2f}" for name, value in points.items())
    return f"{shown} / max {max(samples):.2f} ms"


async def measure(memory_dir: Path | None, count: int) -> str:
    lobby_bench = _lobby_bench()
    with tempfile.TemporaryDirectory(prefix="eko-bench-mention-") as tmp:
        eko = await lobby_bench._eko_memory(Path(tmp), 5000, memory_dir or Path(tmp) / "memory")
        memory: Memory = eko.memory
        try:
            await asyncio.to_thread(warm_up, "fr", "Eko")
            responder = Responder(
                memory,
                OfflineLLM(),
                PromptTemplates("bot", "fr"),
                bot_name="Eko",
                language="fr",
                clock=lambda: datetime.now(UTC),
            )
            lags: list[float] = []
            probing = True

            async def probe() -> None:
                while probing:
                    started = time.perf_counter()
                    await asyncio.sleep(0.001)
                    lags.append((time.perf_counter() - started - 0.001) * 1000)

            prober = asyncio.create_task(probe())
            respond_ms: list[float] = []
            remember_ms: list[float] = []
            for number, question in enumerate(lobby_bench._questions(count + WARM_UP_QUESTIONS)):
                if number == WARM_UP_QUESTIONS:
                    lags.clear()
                    respond_ms.clear()
                    remember_ms.clear()
                message = {
                    "id": str(number),
                    "author": "Léa",
                    "text": question,
                    "ts": datetime.now(UTC).isoformat(),
                }
                started = time.perf_counter()
                reply = await responder.respond(message, [])
                replied = time.perf_counter()
                await responder.remember_curiosity(reply)
                respond_ms.append((replied - started) * 1000)
                remember_ms.append((time.perf_counter() - replied) * 1000)
            probing = False
            await prober
        finally:
            await memory.close()
    percentile = lobby_bench._bench_memory_module().percentile
    return "\n".join(
        [
            f"{count} offline mentions, 5,000 facts, one at a time",
            f"respond (mention → reply ready): {_spread(percentile, respond_ms, 0.95)}",
            f"remember (curiosity written): {_spread(percentile, remember_ms, 0.95)}",
            f"event loop lag behind them: {_spread(percentile, lags, 0.99)} over {len(lags)} probes",
        ]
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--memory-dir", type=Path, help="keep the 5,000 imported facts here and reuse them")
    parser.add_argument("--questions", type=int, default=100)
    args = parser.parse_args(argv)
    print(asyncio.run(measure(args.memory_dir, args.questions)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
