"""Replay a synthetic day of Lobby traffic through Eko's reflection and count what it costs.

    .venv/bin/python bench/day.py [--transcript bench/data/day_transcript.jsonl] [--model eager|shy]
                                  [--json out.json]

The transcript (shipped in the repo) holds Eko's memory at dawn (facts, self, goals) and a day of
messages with their local times. The clock is injected: the whole day runs in seconds. Every
simulated 10 minutes the newly due messages reach Eko's Lobby connection and
``ReflectionService.run_activity()`` runs; every 3 hours ``run_scheduled()`` runs too, as the
scheduler would. The model is the fake Messages API server of ``tests/fakes`` behind the real
``anthropic`` SDK; by default it is *eager* (it always wants to speak, with full confidence), the
worst case for the rate limit. ``--model shy`` never wants to intervene.

Printed: LLM calls and tokens per flow, calls in idle windows, spontaneous messages posted, and the
seed's budget (about 200 calls a day) as the reference. Exit status 1 when a target is missed:
at most half the seed's calls, no call in an idle window, at most 5 spontaneous messages.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import logging
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the fake model server lives in tests/fakes

from llm.anthropic_adapter import AnthropicLLM  # noqa: E402
from memory import Memory, MemoryConfig, load_embedder  # noqa: E402
from reflection import ReflectionService, ReflectionSettings  # noqa: E402
from store import open_database  # noqa: E402
from tests.fakes.anthropic_server import FakeAnthropic, Reply, text_reply, tool_reply  # noqa: E402

DEFAULT_TRANSCRIPT = ROOT / "bench" / "data" / "day_transcript.jsonl"
SEED_BUDGET = 200  # the seed: ~100 summaries + ~100 evaluations a day
TARGET_CALLS = SEED_BUDGET // 2
DAILY_MAX = 5
ACTIVITY_EVERY = timedelta(minutes=10)
REFLECTION_EVERY = timedelta(hours=3)
BOT = "Eko"


# ----------------------------------------------------------------------------------- the day


@dataclass(frozen=True)
class Day:
    date: date
    zone: ZoneInfo
    facts: list[dict[str, Any]]
    selves: list[str]
    goals: list[str]
    messages: list[dict[str, Any]]  # {"at": aware UTC datetime, "author", "text"}, in time order

    @property
    def start(self) -> datetime:
        return datetime.combine(self.date, datetime.min.time(), self.zone).astimezone(UTC)


def load_day(path: Path) -> Day:
    meta: dict[str, Any] = {}
    facts: list[dict[str, Any]] = []
    selves: list[str] = []
    goals: list[str] = []
    raw: list[dict[str, Any]] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            item = json.loads(line)
        except json.JSONDecodeError as exc:
            raise SystemExit(f"{path}:{number}: not JSON ({exc})") from None
        kind = item.get("type")
        if kind == "meta":
            meta = item
        elif kind == "fact":
            facts.append(item)
        elif kind == "self":
            selves.append(str(item["text"]))
        elif kind == "goal":
            goals.append(str(item["text"]))
        elif kind == "message":
            raw.append(item)
        else:
            raise SystemExit(f"{path}:{number}: unknown line type {kind!r}")
    zone = ZoneInfo(str(meta.get("timezone", "Europe/Paris")))
    day = date.fromisoformat(str(meta.get("date", "2026-11-23")))
    messages = []
    for item in raw:
        local = datetime.combine(day, datetime.strptime(item["t"], "%H:%M:%S").time(), zone)
        messages.append({"at": local.astimezone(UTC), "author": item["author"], "text": item["text"]})
    messages.sort(key=lambda m: m["at"])
    return Day(day, zone, facts, selves, goals, messages)


# ----------------------------------------------------------------------------------- the world


class Clock:
    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


class ReplayChat:
    """Eko's Lobby connection during the replay: messages appear when the clock reaches them."""

    def __init__(self, clock: Clock, messages: list[dict[str, Any]]) -> None:
        self._clock = clock
        self._pending = list(messages)
        self._ids = itertools.count(1)
        self.seen: list[dict[str, Any]] = []
        self.posts: list[dict[str, Any]] = []
        self.events: Counter[str] = Counter()

    @property
    def bot_name(self) -> str:
        return BOT

    def _store(self, author: str, text: str, at: datetime) -> dict[str, Any]:
        ts = at.astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")
        message = {"id": f"m{next(self._ids):05d}", "room": "lobby", "author": author, "text": text, "ts": ts}
        self.seen.append(message)
        return message

    def deliver_until(self, moment: datetime) -> int:
        """Deliver the messages said up to ``moment``; returns how many humans spoke."""
        count = 0
        while self._pending and self._pending[0]["at"] <= moment:
            item = self._pending.pop(0)
            self._store(item["author"], item["text"], item["at"])
            count += 1
        return count

    def recent_messages(self, limit: int = 20) -> list[dict[str, Any]]:
        return list(self.seen[-limit:]) if limit > 0 else []

    async def post(self, text: str) -> dict[str, Any]:
        message = self._store(BOT, text, self._clock())
        self.posts.append(message)
        return message

    async def emit(self, event: str, data: dict[str, Any]) -> None:
        self.events[event] += 1


# ----------------------------------------------------------------------------------- the model


def fill(schema: dict[str, Any], name: str, eager: bool, texts: dict[str, str]) -> Any:
    """A value matching ``schema`` (the subset tools use), as a model wanting to speak would give."""
    kind = schema.get("type")
    if "enum" in schema:
        options = list(schema["enum"])
        return "message" if eager and "message" in options else ("pass" if "pass" in options else options[0])
    if kind == "object":
        return {key: fill(sub, key, eager, texts) for key, sub in schema.get("properties", {}).items()}
    if kind == "array":
        return []  # nothing new learned: keeps memory as it was at dawn
    if kind == "boolean":
        return eager
    if kind in ("number", "integer"):
        return schema.get("maximum", 1) if eager else schema.get("minimum", 0)
    return texts.get(name, "ok")


def responder(eager: bool) -> Any:
    calls = itertools.count(1)

    def reply(body: dict[str, Any]) -> Reply:
        number = next(calls)
        texts = {
            "message": f"Message proposé par le modèle factice (appel n°{number})",
            "reason": "Le sujet revient dans la conversation et j'ai une curiosité en attente.",
            "summary": "L'équipe discute de son travail du moment.",
        }
        tools = body.get("tools") or []
        if not tools:
            return text_reply(texts["message"])
        tool = tools[0]
        data = fill(tool.get("input_schema", {}), "", eager, texts)
        return tool_reply(data, name=tool.get("name", "respond"))

    return reply


# ----------------------------------------------------------------------------------- the replay


@dataclass
class Tick:
    at: datetime
    humans: int
    activity_calls: int = 0
    reflection_calls: int = 0
    reflection_ran: bool = False

    @property
    def calls(self) -> int:
        return self.activity_calls + self.reflection_calls


@dataclass
class Result:
    ticks: list[Tick]
    per_flow: dict[str, dict[str, int]]
    total_calls: int
    total_tokens: int
    posts: list[dict[str, Any]]
    records: Counter[str]
    skip_reasons: Counter[str]
    active_windows: int
    service_stats: dict[str, Any]
    wall_s: float


async def replay(day: Day, eager: bool, workdir: Path) -> Result:
    started = time.perf_counter()
    clock = Clock(day.start)
    chat = ReplayChat(clock, day.messages)
    embedder = load_embedder()
    memory = await Memory.open(MemoryConfig(path=workdir / "qdrant"), embedder, clock=clock)
    database = await open_database(None, workdir, "eko_bench")
    try:
        await memory.add_many(
            [{"kind": "fact", "text": f["text"], "about": f.get("about")} for f in day.facts]
            + [{"kind": "self", "text": text, "about": BOT} for text in day.selves]
            + [{"kind": "goal", "text": text, "author": BOT} for text in day.goals]
        )
        async with FakeAnthropic() as fake:
            fake.responder = responder(eager)
            llm = AnthropicLLM("claude-haiku-4-5", 10.0, 0, api_key="sk-ant-bench", base_url=fake.base_url)
            service = ReflectionService(
                memory=memory,
                llm=llm,
                db=database.db,
                chat=chat,
                settings=ReflectionSettings(timezone=str(day.zone), daily_max=DAILY_MAX),
                clock=clock,
            )
            await service.start()
            ticks: list[Tick] = []
            active_windows = 0
            end = day.start + timedelta(days=1)
            moment = day.start
            while moment < end:
                moment += ACTIVITY_EVERY
                clock.now = moment
                humans = chat.deliver_until(moment)
                tick = Tick(moment, humans)
                before = fake.calls
                await service.run_activity()
                tick.activity_calls = fake.calls - before
                if humans:
                    active_windows += 1
                if (moment - day.start) % REFLECTION_EVERY == timedelta(0):
                    before = fake.calls
                    await service.run_scheduled()
                    tick.reflection_calls = fake.calls - before
                    tick.reflection_ran = True
                ticks.append(tick)
            await service.close()
            status = await service.status()
            stats = llm.stats()
            await llm.aclose()
        history = status["history"]
        per_flow = {
            purpose: {"calls": s.calls, "tokens": s.usage.total, "failures": s.failures, "bad": s.bad_outputs}
            for purpose, s in sorted(stats.items())
        }
        return Result(
            ticks=ticks,
            per_flow=per_flow,
            total_calls=sum(f["calls"] for f in per_flow.values()),
            total_tokens=sum(f["tokens"] for f in per_flow.values()),
            posts=chat.posts,
            records=Counter(f"{r['trigger']}:{r['action']}" for r in history),
            skip_reasons=Counter(str(r.get("skipReason")) for r in history if r.get("skipReason")),
            active_windows=active_windows,
            service_stats=status["stats"],
            wall_s=time.perf_counter() - started,
        )
    finally:
        await database.close()
        await memory.close()


# ----------------------------------------------------------------------------------- report


def report(day: Day, result: Result, eager: bool) -> dict[str, Any]:
    # An idle window is one where nobody spoke: the activity flow must not call the model then.
    # (The 3-hourly goal reflection may speak after a silence: that is what it is for, seed "Vision" 4.)
    idle = [t for t in result.ticks if t.humans == 0]
    idle_calls = sum(t.activity_calls for t in idle)
    reflection_calls_in_silence = sum(t.reflection_calls for t in idle)
    local = [(t.at.astimezone(day.zone), t) for t in result.ticks]
    by_hour: Counter[int] = Counter()
    for when, tick in local:
        by_hour[(when - timedelta(minutes=10)).hour] += tick.calls
    seed_on_this_day = 2 * result.active_windows
    targets = {
        f"calls <= {TARGET_CALLS} (half the seed's budget)": result.total_calls <= TARGET_CALLS,
        "0 activity calls in idle windows": idle_calls == 0,
        f"spontaneous messages <= {DAILY_MAX}": len(result.posts) <= DAILY_MAX,
    }
    figures = {
        "model": "eager" if eager else "shy",
        "messages": len(day.messages),
        "windows": len(result.ticks),
        "activeWindows": result.active_windows,
        "idleWindows": len(idle),
        "callsInIdleWindows": idle_calls,
        "goalReflectionCallsAfterSilence": reflection_calls_in_silence,
        "llm": result.per_flow,
        "totalCalls": result.total_calls,
        "totalTokens": result.total_tokens,
        "spontaneousMessages": len(result.posts),
        "posts": [
            {
                "at": datetime.fromisoformat(p["ts"].replace("Z", "+00:00"))
                .astimezone(day.zone)
                .strftime("%H:%M"),
                "text": p["text"],
            }
            for p in result.posts
        ],
        "records": dict(result.records),
        "windowsWithActivity": result.service_stats.get("windows"),
        "windowsFilteredWithoutCall": result.service_stats.get("windowsFiltered"),
        "skipReasons": dict(result.skip_reasons),
        "callsByHour": {f"{h:02d}h": by_hour[h] for h in range(24) if by_hour[h]},
        "seedBudget": SEED_BUDGET,
        "seedDesignOnThisDay": seed_on_this_day,
        "targets": targets,
        "wallSeconds": round(result.wall_s, 1),
    }
    print(f"Day replay: {len(day.messages)} messages on {day.date} ({day.zone}), model {figures['model']}")
    print(f"  windows: {len(result.ticks)} (active {result.active_windows}, idle {len(idle)})")
    print("  LLM calls and tokens per flow:")
    for purpose, flow in result.per_flow.items():
        print(f"    {purpose:<12} {flow['calls']:>4} calls {flow['tokens']:>8} tokens")
    print(f"    {'total':<12} {result.total_calls:>4} calls {result.total_tokens:>8} tokens")
    print(
        f"  active windows passed by the embedding pre-filter without a call: "
        f"{figures['windowsFilteredWithoutCall']} of {figures['windowsWithActivity']}"
    )
    print(f"  activity calls in idle windows: {idle_calls}")
    print(f"  goal-reflection calls after a silent window (allowed): {reflection_calls_in_silence}")
    print(f"  calls by hour (local): {figures['callsByHour']}")
    print(f"  spontaneous messages posted: {len(result.posts)}")
    for post in figures["posts"]:
        print(f"    {post['at']}  {post['text']}")
    print(f"  reflections: {dict(result.records)}; skip reasons: {dict(result.skip_reasons)}")
    print(
        f"  reference: the seed budgets ~{SEED_BUDGET} calls/day; its design (summary + evaluation "
        f"per active window) would make {seed_on_this_day} on this day"
    )
    for name, ok in targets.items():
        print(f"  [{'ok' if ok else 'MISSED'}] {name}")
    print(f"  replayed in {result.wall_s:.1f} s")
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--transcript", type=Path, default=DEFAULT_TRANSCRIPT)
    parser.add_argument("--model", choices=("eager", "shy"), default="eager")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    day = load_day(args.transcript)
    with tempfile.TemporaryDirectory(prefix="eko-bench-day-") as workdir:
        result = asyncio.run(replay(day, args.model == "eager", Path(workdir)))
    figures = report(day, result, args.model == "eager")
    if args.json:
        args.json.write_text(json.dumps(figures, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    return 0 if all(figures["targets"].values()) else 1


if __name__ == "__main__":
    sys.exit(main())
