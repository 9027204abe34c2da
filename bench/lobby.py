"""Lobby benchmark (not a test): broadcast latency, mention → reply time, lost messages.

Two servers, each in its own process (as in production, clients are elsewhere), driven by the same
50 python-socketio clients from this process, at the same rate, in the same run, in alternating
slices (``--rounds``, 3 by default) so that both meet the same machine conditions:

* **reference**: a bare python-socketio ``AsyncServer`` on aiohttp whose ``message`` handler acks
  and broadcasts the payload to everyone (no names, no validation, no storage, no bot);
* **Lobby**: the real ``lobby.Lobby`` with its embedded store (the SQLite message log), and Eko in the same
  process as ``eko up`` runs it: ``bot.Bot`` over ``bot.LobbyConnection``, offline mode, memory
  in a fresh embedded Qdrant holding 5,000 facts.

Load: every client posts in turn so the room gets ``--rate`` messages per second (100) for
``--duration`` seconds (30). One extra client asks Eko a question every 200 ms (closed loop: the
next question after the reply), half answerable from memory, half not.

Measured: **echo round trip** (a sender receiving its own message back), **delivery latency**
(send → each of the 50 clients receiving the broadcast), **mention → reply** (question sent →
Eko's reply received), and counts: every acknowledged message must reach every client exactly once.
The Lobby's flood limit (5 messages / 5 s per connection, meant for people) is raised for the load
clients: 100 msg/s from 50 clients is 2 msg/s each.

With ``--lobbies 2`` a third server joins the alternation: **two Lobby processes** sharing the room
through a ``redis-server`` started for the run (Debian's package; ``EKO_REDIS_URL``, lobby/shared.py),
on one data directory, Eko in the first; the load clients alternate between the two processes and
the asker is on the second (its questions and Eko's replies cross Redis). For every Lobby server the
run also checks **order**: each client must have received the messages in the order of the stored
history.

Run: ``.venv/bin/python bench/lobby.py`` (``--duration 30 --rate 100 --clients 50 --facts 5000``,
``--json``; ``--memory-dir DIR`` keeps the 5,000 imported facts for the next run, each run working on
a copy; ``--no-mentions`` measures the room without questions to Eko; ``--bot-apart`` runs Eko in a
process of its own, joining the Lobby as ``eko bot`` joins ``eko lobby``; ``--ablate
embedding|memory|store`` takes that part of the work away, to see what it costs: a diagnosis, never
a target figure). Targets (issue 11): Lobby broadcast p95 ≤ 2 x reference echo p95; mention → reply p95 ≤
50 ms; no message lost.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import socketio  # noqa: E402
from aiohttp import web  # noqa: E402

BOT_TOKEN = "bench-bot-token"
TARGET_BROADCAST_RATIO = 2.0
TARGET_MENTION_P95_MS = 50.0
MENTION_INTERVAL_S = 0.2


# --- servers (run in a child process: `--serve KIND PORT DATA_DIR FACTS MEMORY_DIR ABLATE REDIS`) ---


async def serve_reference(port: int) -> None:
    sio = socketio.AsyncServer(async_mode="aiohttp")

    async def on_connect(sid: str, environ: dict[str, Any], auth: Any = None) -> None:
        await sio.enter_room(sid, "lobby")

    async def on_message(sid: str, data: Any) -> dict[str, Any]:
        await sio.emit("message", data, room="lobby")
        return {"ok": True, "message": data}

    sio.on("connect", on_connect)
    sio.on("message", on_message)
    app = web.Application()
    sio.attach(app)
    await _serve(app, port)


async def serve_lobby_only(port: int, data_dir: Path, redis_url: str | None, ablate: str = "none") -> None:
    """A Lobby process without Eko: the second of a shared room, or the Lobby of ``--bot-apart``."""
    from lobby import Lobby
    from store import open_database

    database = await open_database(None, data_dir, "bench")
    if ablate == "store":
        _ablate(ablate, None, database.messages)
    lobby = Lobby(database.messages, bot_token=BOT_TOKEN, flood_limit=(100_000, 1.0), redis_url=redis_url)
    app = web.Application()
    lobby.attach(app)

    async def before_stop() -> None:
        await lobby.close()
        await database.close()

    await _serve(app, port, None, before_stop)


async def serve_lobby(
    port: int, data_dir: Path, fact_count: int, memory_dir: Path, ablate: str, redis_url: str | None = None
) -> None:
    from lobby import Lobby
    from store import open_database

    database = await open_database(None, data_dir, "bench")
    message_log = database.messages
    eko = await _eko_memory(data_dir, fact_count, memory_dir)
    _ablate(ablate, eko.memory, message_log)  # before the Lobby takes hold of the message log's methods
    lobby = Lobby(message_log, bot_token=BOT_TOKEN, flood_limit=(100_000, 1.0), redis_url=redis_url)
    app = web.Application()
    lobby.attach(app)
    bot = None

    async def after_start() -> None:
        nonlocal bot
        bot = await eko.join(f"http://127.0.0.1:{port}")

    async def before_stop() -> None:
        await eko.leave(bot)
        await lobby.close()
        await database.close()

    await _serve(app, port, after_start, before_stop)


async def serve_bot(lobby_port: int, data_dir: Path, fact_count: int, memory_dir: Path, ablate: str) -> None:
    """Eko in a process of its own (``eko bot``), joining a Lobby served by another (``eko lobby``)."""
    eko = await _eko_memory(data_dir, fact_count, memory_dir)
    _ablate(ablate, eko.memory, None)
    bot = await eko.join(f"http://127.0.0.1:{lobby_port}")
    print("READY", flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
    await eko.leave(bot)


@dataclass
class _Eko:
    """Eko's memory, ready, and what it takes to join a Lobby and leave it (stats written)."""

    memory: Any
    data_dir: Path

    async def join(self, url: str) -> Any:
        from bot import Bot, LobbyConnection
        from llm import OfflineLLM

        connection = LobbyConnection(url, "Eko", BOT_TOKEN)
        bot = Bot(connection, self.memory, OfflineLLM(), "fr")
        await bot.start()
        await connection.wait_connected(30)
        # Steady state is what is measured: the language rules' data loaded now, not in a slice
        # (bot.start() runs that warm-up in the background).
        await bot.warmed_up()
        return bot

    async def leave(self, bot: Any) -> None:
        if bot is not None:
            (self.data_dir / "bot_stats.json").write_text(json.dumps(bot.stats()))
            await bot.stop()
        await self.memory.close()


async def _eko_memory(data_dir: Path, fact_count: int, memory_dir: Path) -> _Eko:
    from memory import Memory, MemoryConfig, load_embedder

    bench_memory = _bench_memory_module()
    facts = bench_memory.synthetic_facts(fact_count)
    embedder = load_embedder()
    started = time.perf_counter()
    memory = await Memory.open(MemoryConfig(path=memory_dir), embedder)
    if await memory.count("fact") < len(facts) * 0.95:  # a reused --memory-dir is already filled
        for start in range(0, len(facts), 256):
            await memory.add_many(facts[start : start + 256])
    ready, elapsed = await memory.count("fact"), time.perf_counter() - started
    print(f"# memory: {ready} facts ready in {elapsed:.0f} s", file=sys.stderr, flush=True)
    if not memory_dir.is_relative_to(data_dir):
        # A kept --memory-dir: every run starts from the same memory, so what Eko records during a
        # run (a curiosity per unknown question) goes to this run's copy, not into the next run.
        await memory.close()
        run_memory_dir = data_dir / "memory"
        shutil.copytree(memory_dir, run_memory_dir)
        os.sync()  # or the copy's writeback lands in the measured slices, behind the store's fsyncs
        memory = await Memory.open(MemoryConfig(path=run_memory_dir), embedder)
    # Steady state is what is measured: load the embedding model and build the in-process indexes
    # now (seconds of CPU that would otherwise land in the first measured slice).
    await memory.search("fact", "Eko", limit=1)
    return _Eko(memory, data_dir)


async def _serve(app: web.Application, port: int, after_start: Any = None, before_stop: Any = None) -> None:
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    if after_start is not None:
        await after_start()
    print("READY", flush=True)
    # stop when the parent closes our stdin
    loop = asyncio.get_running_loop()
    await loop.run_in_executor(None, sys.stdin.read)
    if before_stop is not None:
        await before_stop()
    await runner.cleanup()


def _ablate(part: str, memory: Any, message_log: Any) -> None:
    """Take one part of the work away, to see what it costs the room (``--ablate``; never a figure
    to compare with the targets): ``embedding`` gives every text the same vector (search, dedup and
    the rest still run), ``memory`` answers every search with nothing and records nothing, ``store``
    makes the Lobby's durable message write a no-op."""
    import numpy as np

    if part == "embedding":
        dimension = memory._embedder.dimension  # the configured model's (512 for USE, 384 for MiniLM)

        async def constant(texts: list[str]) -> Any:
            return np.full((len(texts), dimension), 1 / np.sqrt(dimension), dtype=np.float32)

        memory._embedder.embed = constant
    elif part == "memory":

        async def nothing(*args: Any, **kwargs: Any) -> list[Any]:
            return []

        async def not_recorded(*args: Any, **kwargs: Any) -> Any:
            return SimpleNamespace(id="ablated", status="new")

        memory.search = nothing
        memory.add = not_recorded
    elif part == "store" and message_log is not None:  # the Lobby's process only

        async def not_stored(messages: list[Any]) -> None:
            return None

        message_log.append_many = not_stored


def _bench_memory_module() -> Any:
    """bench/memory.py's synthetic team facts and questions (loaded by path: "memory" is taken)."""
    spec = importlib.util.spec_from_file_location("bench_memory", ROOT / "bench" / "memory.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# --- load clients (this process) ----------------------------------------------------------------


@dataclass
class Results:
    sent: dict[str, float] = field(default_factory=dict)  # message text → send time
    acked: set[str] = field(default_factory=set)
    refused: int = 0
    timeouts: int = 0  # no acknowledgement within 30 s
    echo_ms: list[float] = field(default_factory=list)
    delivery_ms: list[float] = field(default_factory=list)
    received: dict[str, int] = field(default_factory=dict)  # text → receipts
    mention_ms: list[float] = field(default_factory=list)
    mentions_unanswered: int = 0
    orders: dict[str, list[str]] = field(default_factory=dict)  # client → texts in the order received


class LoadClient:
    def __init__(self, url: str, name: str, results: Results) -> None:
        self.name = name
        self.results = results
        self.sio = socketio.AsyncClient(reconnection=False)
        self.sio.on("message", self._on_message)
        self.url = url
        self.eko_replies: asyncio.Queue[float] = asyncio.Queue()

    async def connect(self) -> None:
        await self.sio.connect(self.url, auth={"name": self.name}, transports=["websocket"], wait_timeout=10)

    async def _on_message(self, data: Any) -> None:
        now = time.perf_counter()
        text = data.get("text", "") if isinstance(data, dict) else ""
        sent_at = self.results.sent.get(text)
        if sent_at is not None:
            self.results.received[text] = self.results.received.get(text, 0) + 1
            self.results.orders.setdefault(self.name, []).append(text)
            self.results.delivery_ms.append((now - sent_at) * 1000)
            if text.startswith(f"[{self.name}]"):
                self.results.echo_ms.append((now - sent_at) * 1000)
        elif isinstance(data, dict) and data.get("author") == "Eko":
            self.eko_replies.put_nowait(now)

    async def post(self, text: str) -> None:
        self.results.sent[text] = time.perf_counter()
        try:
            ack = await self.sio.call("message", {"text": text}, timeout=30)
        except socketio.exceptions.TimeoutError:
            self.results.timeouts += 1
            return
        if isinstance(ack, dict) and ack.get("ok"):
            self.results.acked.add(text)
        else:
            self.results.refused += 1


async def run_load(
    urls: list[str],
    clients: int,
    rate: float,
    duration: float,
    questions: Iterator[str] | None,
    results: Results,
    tag: str = "",
) -> Results:
    """Load one server for ``duration`` seconds; ``questions`` (shared by every slice, never
    repeated: Eko keeps recent embeddings, a repeated question would cost it nothing) go to Eko."""
    # Several Lobby processes: the load alternates between them, the asker is on the last one.
    load = [LoadClient(urls[i % len(urls)], f"c{i:02d}", results) for i in range(clients)]
    asker = LoadClient(urls[-1], "asker", results) if questions is not None else None
    for client in [*load, *([asker] if asker else [])]:
        await client.connect()
    await asyncio.sleep(1.0)  # histories delivered, rooms joined
    stop_at = time.perf_counter() + duration

    async def produce() -> None:
        interval = 1.0 / rate
        next_at = time.perf_counter()
        sequence = 0
        pending: set[asyncio.Task[None]] = set()
        while next_at < stop_at:
            client = load[sequence % clients]
            task = asyncio.create_task(client.post(f"[{client.name}] {tag}message {sequence}"))
            pending.add(task)
            task.add_done_callback(pending.discard)
            sequence += 1
            next_at += interval
            await asyncio.sleep(max(0.0, next_at - time.perf_counter()))
        await asyncio.gather(*pending)

    async def ask() -> None:
        assert asker is not None and questions is not None
        while time.perf_counter() < stop_at:
            while not asker.eko_replies.empty():  # a late reply to an earlier question
                asker.eko_replies.get_nowait()
            started = time.perf_counter()
            try:
                await asker.sio.call("message", {"text": next(questions)}, timeout=30)
            except socketio.exceptions.TimeoutError:
                results.timeouts += 1
                continue
            try:
                replied = await asyncio.wait_for(asker.eko_replies.get(), 5.0)
                results.mention_ms.append((replied - started) * 1000)
            except TimeoutError:
                results.mentions_unanswered += 1
            await asyncio.sleep(max(0.0, MENTION_INTERVAL_S - (time.perf_counter() - started)))

    await asyncio.gather(produce(), *([ask()] if asker else []))
    await asyncio.sleep(2.0)  # let the last broadcasts arrive
    for client in [*load, *([asker] if asker else [])]:
        await client.sio.disconnect()
    return results


def _questions(count: int) -> list[str]:
    """``count`` distinct questions, answerable from the synthetic facts and unknown in turn."""
    module = _bench_memory_module()
    pairs = (count + 1) // 2
    known = list(dict.fromkeys(module.synthetic_questions(pairs * 4, module.synthetic_facts(5000))))[:pairs]
    if len(known) < pairs:
        raise SystemExit(
            f"only {len(known)} distinct answerable questions for {pairs} needed: shorten --duration"
        )
    unknown = [f"Eko, c'est quoi le projet secret numéro {n} ?" for n in range(pairs)]
    return [q for pair in zip((f"Eko, {q}" for q in known), unknown, strict=True) for q in pair][:count]


# --- orchestration ------------------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _start_server(
    kind: str,
    port: int,
    data_dir: Path,
    facts: int,
    memory_dir: Path | None = None,
    ablate: str = "none",
    redis_url: str = "-",
) -> subprocess.Popen[str]:
    memory = str(memory_dir or data_dir / "qdrant")
    process = subprocess.Popen(
        [
            *(sys.executable, __file__, "--serve", kind, str(port), str(data_dir)),
            *(str(facts), memory, ablate, redis_url),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    if line.strip() != "READY":
        process.kill()
        raise RuntimeError(f"{kind} server did not start")
    return process


def _stop_server(process: subprocess.Popen[str]) -> None:
    assert process.stdin is not None
    process.stdin.close()
    try:
        process.wait(30)
    except subprocess.TimeoutExpired:
        process.kill()


_NOTHING_KEPT = ("--save", "", "--appendonly", "no", "--loglevel", "warning")


def _start_redis(folder: Path) -> tuple[subprocess.Popen[bytes], str]:
    """Debian's redis-server on a free loopback port, nothing persisted."""
    binary = shutil.which("redis-server")
    if binary is None:
        raise SystemExit("--lobbies 2 needs redis-server (apt-get install redis-server)")
    port = _free_port()
    process = subprocess.Popen(
        [binary, "--bind", "127.0.0.1", "--port", str(port), "--dir", str(folder), *_NOTHING_KEPT],
        stdout=subprocess.DEVNULL,
    )
    for _ in range(500):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5) as sock:
                sock.sendall(b"PING\r\n")
                if sock.recv(16).startswith(b"+PONG"):
                    return process, f"redis://127.0.0.1:{port}/0"
        except OSError:
            pass
        time.sleep(0.02)
    process.kill()
    raise RuntimeError("redis-server did not start")


async def _stored_order(data_dir: Path) -> list[str]:
    from store import open_database

    database = await open_database(None, data_dir, "bench")
    try:
        return [message["text"] for message in await database.messages.recent("lobby", 1_000_000)]
    finally:
        await database.close()


def _order_mismatches(results: Results, stored: list[str]) -> int:
    """Clients that did not receive the messages in the order of the stored history."""
    sent = set(results.sent)
    history = [text for text in stored if text in sent]
    position = {text: index for index, text in enumerate(history)}
    return sum(
        1
        for order in results.orders.values()
        if [position.get(text, -1) for text in order] != sorted(position.get(text, -1) for text in order)
    )


def _percentiles(samples: list[float]) -> dict[str, float]:
    if not samples:
        return {"p50": float("nan"), "p95": float("nan"), "n": 0}
    ordered = sorted(samples)
    return {
        "p50": round(statistics.median(ordered), 2),
        "p95": round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 2),
        "n": len(ordered),
    }


def _lost(results: Results, clients: int) -> int:
    """Acknowledged messages that did not reach every client exactly once."""
    receivers = clients + 1 if results.mention_ms or results.mentions_unanswered else clients
    return sum(1 for text in results.acked if results.received.get(text, 0) != receivers)


def measure(args: argparse.Namespace) -> dict[str, Any]:
    report: dict[str, Any] = {
        "clients": args.clients,
        "rate": args.rate,
        "duration_s": args.duration,
        # the machine's load (other processes compete for the same cores): read the figures with it
        "loadavg_1m_before": round(os.getloadavg()[0], 2),
        "ablate": args.ablate,
        "eko": "in a process of its own" if args.bot_apart else "in the Lobby's process",
    }
    with tempfile.TemporaryDirectory(prefix="eko-bench-") as tmp:
        data_dirs = {"lobby": Path(tmp) / "lobby", "lobbies": Path(tmp) / "lobbies"}
        for folder in data_dirs.values():
            folder.mkdir()
        redis: subprocess.Popen[bytes] | None = None
        servers: dict[str, list[subprocess.Popen[str]]] = {}
        urls: dict[str, list[str]] = {}
        try:
            port = _free_port()
            servers["reference"] = [_start_server("reference", port, Path(tmp), 0)]
            urls["reference"] = [f"http://127.0.0.1:{port}"]
            port = _free_port()
            lobby_dir = data_dirs["lobby"]
            if args.bot_apart:  # `eko lobby` and `eko bot`: Eko in a process of its own
                servers["lobby"] = [
                    _start_server("lobby-only", port, lobby_dir, 0, None, args.ablate),
                    _start_server("bot", port, lobby_dir, args.facts, args.memory_dir, args.ablate),
                ]
            else:  # `eko up`: Eko in the Lobby's process
                servers["lobby"] = [
                    _start_server("lobby", port, lobby_dir, args.facts, args.memory_dir, args.ablate)
                ]
            urls["lobby"] = [f"http://127.0.0.1:{port}"]
            if args.lobbies == 2:
                redis, redis_url = _start_redis(Path(tmp))
                shared_dir, first, second = data_dirs["lobbies"], _free_port(), _free_port()
                servers["lobbies"] = [
                    _start_server(
                        "lobby", first, shared_dir, args.facts, args.memory_dir, args.ablate, redis_url
                    ),
                    _start_server("lobby-only", second, shared_dir, 0, None, "none", redis_url),
                ]
                urls["lobbies"] = [f"http://127.0.0.1:{first}", f"http://127.0.0.1:{second}"]
            results = {name: Results() for name in servers}
            # One question per MENTION_INTERVAL_S at most, none repeated across slices.
            lobby_slices = args.rounds * (len(servers) - 1)
            wanted = int(args.duration / args.rounds / MENTION_INTERVAL_S) * lobby_slices + 10
            questions = iter(_questions(wanted)) if args.mentions else None
            # Alternate slices so all servers meet the same machine conditions (other processes too).
            for round_number in range(args.rounds):
                for name in servers:
                    asyncio.run(
                        run_load(
                            urls[name],
                            args.clients,
                            args.rate,
                            args.duration / args.rounds,
                            None if name == "reference" else questions,
                            results[name],
                            f"r{round_number} ",
                        )
                    )
        finally:
            for processes in servers.values():
                for process in reversed(processes):  # Eko (--bot-apart) leaves before its Lobby stops
                    _stop_server(process)
            if redis is not None:
                redis.kill()
                redis.wait()
        ref = results["reference"]
        report["reference"] = {
            "echo_ms": _percentiles(ref.echo_ms),
            "delivery_ms": _percentiles(ref.delivery_ms),
            "sent": len(ref.sent),
            "acked": len(ref.acked),
            "lost": _lost(ref, args.clients),
        }
        for name in ("lobby", "lobbies"):
            if name not in results:
                continue
            res, data_dir = results[name], data_dirs[name]
            bot_stats_path = data_dir / "bot_stats.json"
            report[name] = {
                "processes": len(servers[name]),
                "echo_ms": _percentiles(res.echo_ms),
                "delivery_ms": _percentiles(res.delivery_ms),
                "mention_reply_ms": _percentiles(res.mention_ms),
                "mentions_unanswered": res.mentions_unanswered,
                "sent": len(res.sent),
                "acked": len(res.acked),
                "refused": res.refused,
                "ack_timeouts": res.timeouts,
                "lost": _lost(res, args.clients),
                "order_mismatches": _order_mismatches(res, asyncio.run(_stored_order(data_dir))),
                "facts": args.facts,
                "bot": json.loads(bot_stats_path.read_text()) if bot_stats_path.exists() else None,
            }
    report["loadavg_1m_after"] = round(os.getloadavg()[0], 2)
    ref_p95 = report["reference"]["echo_ms"]["p95"]
    report["broadcast_p95_over_reference_echo_p95"] = round(
        report["lobby"]["delivery_ms"]["p95"] / ref_p95, 2
    )
    if "lobbies" in report:
        report["two_processes_broadcast_p95_over_reference_echo_p95"] = round(
            report["lobbies"]["delivery_ms"]["p95"] / ref_p95, 2
        )
        report["two_processes_over_one_delivery_p95"] = round(
            report["lobbies"]["delivery_ms"]["p95"] / report["lobby"]["delivery_ms"]["p95"], 2
        )
    # An ablated run is a diagnosis, not the product: it meets no target.
    report["targets_met"] = (
        None
        if args.ablate != "none"
        else {
            "broadcast": report["broadcast_p95_over_reference_echo_p95"] <= TARGET_BROADCAST_RATIO,
            "mention_reply": report["lobby"]["mention_reply_ms"]["p95"] <= TARGET_MENTION_P95_MS,
            "no_loss": all(
                report[name]["lost"] == 0 for name in ("reference", "lobby", "lobbies") if name in report
            ),
            "order": all(
                report[name]["order_mismatches"] == 0 for name in ("lobby", "lobbies") if name in report
            ),
        }
    )
    return report


def _pp(stats: dict[str, float]) -> str:
    return f"{stats['p50']}/{stats['p95']} ms"


def _ablated(report: dict[str, Any]) -> str:
    return "" if report["ablate"] == "none" else f", WITHOUT its {report['ablate']} (diagnosis only)"


def describe(report: dict[str, Any]) -> str:
    ref, lob = report["reference"], report["lobby"]
    ratio = report["broadcast_p95_over_reference_echo_p95"]
    lines = [
        f"{report['clients']} clients, {report['rate']:.0f} msg/s for {report['duration_s']:.0f} s"
        f" (load average {report['loadavg_1m_before']} before, {report['loadavg_1m_after']} after)",
        f"reference (bare python-socketio broadcast): echo p50/p95 {_pp(ref['echo_ms'])},"
        f" delivery p50/p95 {_pp(ref['delivery_ms'])}, {ref['acked']} acked, {ref['lost']} lost",
        f"Lobby + Eko ({lob['facts']} facts, offline, {report['eko']}{_ablated(report)}):"
        f" echo p50/p95 {_pp(lob['echo_ms'])},"
        f" delivery p50/p95 {_pp(lob['delivery_ms'])}, {lob['acked']} acked, {lob['refused']} refused,"
        f" {lob['ack_timeouts']} without ack,"
        f" {lob['lost']} lost",
        f"mention → reply p50/p95 {_pp(lob['mention_reply_ms'])} over {lob['mention_reply_ms']['n']}"
        f" questions, {lob['mentions_unanswered']} unanswered",
        f"broadcast p95 / reference echo p95 = {ratio} (target ≤ {TARGET_BROADCAST_RATIO});"
        f" targets met: {report['targets_met']}",
        f"Eko: {lob['bot']}",
    ]
    if "lobbies" in report:
        two = report["lobbies"]
        lines[3:3] = [
            f"two Lobby processes over Redis (Eko in the first, asker on the second): echo p50/p95"
            f" {_pp(two['echo_ms'])}, delivery p50/p95 {_pp(two['delivery_ms'])}, {two['acked']} acked,"
            f" {two['lost']} lost, {two['order_mismatches']} clients out of order;"
            f" mention → reply p50/p95 {_pp(two['mention_reply_ms'])},"
            f" {two['mentions_unanswered']} unanswered",
            f"delivery p95: two processes / one = {report['two_processes_over_one_delivery_p95']},"
            " two processes / reference echo ="
            f" {report['two_processes_broadcast_p95_over_reference_echo_p95']};"
            f" one process: {lob['order_mismatches']} clients out of order",
        ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    # --serve KIND PORT DATA_DIR FACTS MEMORY_DIR ABLATE REDIS_URL (the server processes)
    parser.add_argument("--serve", nargs=7, help=argparse.SUPPRESS)
    parser.add_argument(
        "--lobbies",
        type=int,
        choices=[1, 2],
        default=1,
        help="2: also measure two Lobby processes sharing the room through a redis-server",
    )
    parser.add_argument(
        "--memory-dir", type=Path, help="keep Eko's memory here and reuse it (skips the import next time)"
    )
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--rate", type=float, default=100.0)
    parser.add_argument("--duration", type=float, default=30.0)
    parser.add_argument("--facts", type=int, default=5000)
    parser.add_argument("--rounds", type=int, default=3, help="alternate reference and Lobby this many times")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--no-mentions", dest="mentions", action="store_false", help="no questions to Eko")
    parser.add_argument(
        "--bot-apart",
        action="store_true",
        help="Eko in a process of its own (`eko lobby` + `eko bot`) instead of the Lobby's (`eko up`)",
    )
    parser.add_argument(
        "--ablate",
        choices=["none", "embedding", "memory", "store"],
        default="none",
        help="diagnosis only: Eko without its embedding model (constant vectors) or without memory,"
        " or the Lobby without its durable message write",
    )
    args = parser.parse_args(argv)
    if args.serve:
        kind, port, data_dir, facts, memory_dir, ablate, redis_url = args.serve
        redis = None if redis_url == "-" else redis_url
        if kind == "reference":
            asyncio.run(serve_reference(int(port)))
        elif kind == "lobby-only":
            asyncio.run(serve_lobby_only(int(port), Path(data_dir), redis, ablate))
        elif kind == "bot":
            asyncio.run(serve_bot(int(port), Path(data_dir), int(facts), Path(memory_dir), ablate))
        else:
            asyncio.run(serve_lobby(int(port), Path(data_dir), int(facts), Path(memory_dir), ablate, redis))
        return 0
    report = measure(args)
    print(json.dumps(report, indent=2) if args.json else describe(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
