"""PROBE, not a test: outsider probe conversations run through Eko's real path, pass/fail per probe.

Each conversation of ``loop_probe3.jsonl`` (written by an outsider before reading the rules of
language/, issue #10) runs in a fresh world: a real Lobby on loopback, real Socket.IO human
clients, Eko offline (``OfflineLLM``) with real memory (packaged embedding model) and the real
reflection service, one injected clock — the wiring of tests/bot/test_learning_loop.py. A step
is a message (``by``, ``text``, optional ``after`` seconds, ``reply_to_question``: sent with the
Lobby's ``replyTo`` on Eko's question, ``reply_has`` / ``reply_lacks``: checked in Eko's replies to
it) or a manual reflection (``reflect``, ``asks_has``). ``expect`` checks the end state: ``goals``
(count, any status), ``answered`` (the goal reflection asked), ``facts`` (count), ``fact_has`` /
``fact_lacks`` / ``fact_author`` (the fact that answered the asked goal, else the only fact).
Text checks compare case- and accent-folded.

The expectations are the outsider's reading of issue #10, not what the rules do: a failing probe
is a finding to judge (fix with a general rule, or leave alone and say why), not a test to make
green. Run from the repository root:

    HF_HUB_OFFLINE=1 PYTHONPATH=$PWD python -m tests.probes.run_loop_probe [ID_PREFIX ...] [--json OUT]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import sys
import tempfile
import time
import unicodedata
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Any

from bot import Bot, LobbyConnection
from llm import OfflineLLM
from memory import Embedder, Memory, MemoryConfig, load_embedder
from reflection import ReflectionService, ReflectionSettings
from store import open_database
from tests.conftest import FakeClock, unused_port
from tests.lobby.conftest import BOT_TOKEN, WAIT, Client, LobbyServer

PROBES = Path(__file__).with_name("loop_probe3.jsonl")
WINDOW = timedelta(minutes=10)


def folded(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", text.casefold()) if not unicodedata.combining(c))


@dataclass
class Outcome:
    probe: dict[str, Any]
    failures: list[str] = field(default_factory=list)
    transcript: list[str] = field(default_factory=list)
    goals: list[str] = field(default_factory=list)
    facts: list[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not self.failures


class World:
    """One conversation's Lobby, memory, reflection and Eko (fresh for each probe)."""

    def __init__(self, root: Path, embedder: Embedder) -> None:
        self.root = root
        self.embedder = embedder
        self.clock = FakeClock()
        self.clients: dict[str, Client] = {}
        self.observer: Client | None = None
        self.room: list[dict[str, Any]] = []

    async def __aenter__(self) -> World:
        self.server = LobbyServer(self.root / "lobby", unused_port(), self.clock, flood_limit=(1000, 1.0))
        await self.server.start()
        config = MemoryConfig(path=self.root / "qdrant")
        self.memory = await Memory.open(config, self.embedder, clock=self.clock)
        self.database = await open_database(None, self.root, "eko")
        self.connection = LobbyConnection(
            self.server.url, "Eko", BOT_TOKEN, backoff_initial_s=0.05, backoff_max_s=0.2
        )
        llm = OfflineLLM()
        self.reflection = ReflectionService(
            memory=self.memory,
            llm=llm,
            db=self.database.db,
            chat=self.connection,
            settings=ReflectionSettings(quiet_hours="", answer_window=WINDOW),
            clock=self.clock,
        )
        await self.reflection.start()
        self.bot = Bot(
            self.connection,
            self.memory,
            llm,
            "fr",
            reflection=self.reflection,
            clock=self.clock,
            answer_window=WINDOW,
        )
        await self.bot.start()
        if not await self.connection.wait_connected(WAIT):
            raise RuntimeError("Eko did not join the Lobby")
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.bot.stop()
        for client in self.clients.values():
            await client.close()
        await self.reflection.close()
        await self.database.close()
        await self.memory.close()
        await self.server.stop()

    async def human(self, name: str) -> Client:
        if name not in self.clients:
            client = Client(self.server.url)
            await client.connect({"name": name})
            await client.next("history")
            self.clients[name] = client
            if self.observer is None:
                self.observer = client
        return self.clients[name]

    async def read_until(self, wanted: str) -> None:
        """Read the room (as the observer receives it, in order) up to the message ``wanted``."""
        assert self.observer is not None
        while not any(m["id"] == wanted for m in self.room):
            self.room.append(dict(await self.observer.next("message", WAIT)))

    async def eko_after(self, message_id: str, count: int) -> list[str]:
        """Eko's ``count`` first messages after ``message_id``."""
        await self.read_until(message_id)
        start = next(i for i, m in enumerate(self.room) if m["id"] == message_id)
        assert self.observer is not None
        while sum(1 for m in self.room[start + 1 :] if m["author"] == "Eko") < count:
            self.room.append(dict(await self.observer.next("message", WAIT)))
        return [m["text"] for m in self.room[start + 1 :] if m["author"] == "Eko"][:count]

    def posts(self) -> int:
        c = self.bot.counters
        return c.answered + c.failures

    async def say(
        self, name: str, text: str, reply_to: str | None = None
    ) -> tuple[dict[str, Any], list[str]]:
        client = await self.human(name)
        if self.observer is None:
            self.observer = client
        before = self.posts()
        payload: dict[str, Any] = {"text": text}
        if reply_to:
            payload["replyTo"] = reply_to
        ack = await client.send(payload)
        if not ack.get("ok"):
            raise RuntimeError(f"the Lobby refused {text!r}: {ack}")
        message = dict(ack["message"])
        deadline = time.monotonic() + WAIT
        while not any(m.get("id") == message["id"] for m in self.connection.recent_messages(60)):
            if time.monotonic() > deadline:
                raise RuntimeError("Eko never saw the message")
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.02)
        await self.bot.drain()
        replies = await self.eko_after(message["id"], self.posts() - before)
        return message, replies

    async def reflect(self) -> dict[str, Any]:
        client = self.observer
        assert client is not None
        answer = await client.sio.call("reflection:trigger", {}, timeout=WAIT)
        if not answer.get("ok"):
            raise RuntimeError(f"reflection refused: {answer}")
        while (latest := (await client.next("reflection:update", WAIT))["latest"])["id"] != answer[
            "reflectionId"
        ]:
            pass
        if latest.get("action") != "message":
            raise RuntimeError(f"reflection asked nothing: {latest.get('action')} {latest.get('reason', '')}")
        await self.read_until(latest["messageId"])
        return next(m for m in self.room if m["id"] == latest["messageId"])


async def run_probe(probe: dict[str, Any], embedder: Embedder) -> Outcome:
    outcome = Outcome(probe)
    with tempfile.TemporaryDirectory(prefix="eko-probe-") as tmp:
        async with World(Path(tmp), embedder) as world:
            asked_goal_id: str | None = None
            question: dict[str, Any] | None = None
            try:
                for step in probe["steps"]:
                    if step.get("reflect"):
                        await world.bot.drain()
                        world.clock.advance(step.get("after", 61))
                        question = await world.reflect()
                        outcome.transcript.append(f"  [reflect] Eko: {question['text']}")
                        asked = await world.memory.list("goal", status="asked")
                        asked_goal_id = asked[0].id if asked else None
                        for want in step.get("asks_has", []):
                            if folded(want) not in folded(question["text"]):
                                outcome.failures.append(f"Eko's question lacks {want!r}")
                        continue
                    world.clock.advance(step.get("after", 10))
                    reply_to = question["id"] if step.get("reply_to_question") and question else None
                    _, replies = await world.say(step["by"], step["text"], reply_to)
                    mark = " [replyTo]" if reply_to else ""
                    outcome.transcript.append(f"  {step['by']}: {step['text']}{mark}")
                    outcome.transcript.extend(f"    Eko: {r}" for r in replies)
                    joined = folded(" ".join(replies))
                    for want in step.get("reply_has", []):
                        if folded(want) not in joined:
                            outcome.failures.append(f"reply to {step['text']!r} lacks {want!r}")
                    for unwanted in step.get("reply_lacks", []):
                        if folded(unwanted) in joined:
                            outcome.failures.append(f"reply to {step['text']!r} has {unwanted!r}")
            except (RuntimeError, TimeoutError) as err:
                outcome.failures.append(f"run stopped: {err}")
            await world.bot.drain()
            await check_end(world, probe.get("expect", {}), asked_goal_id, outcome)
    return outcome


async def check_end(
    world: World, expect: dict[str, Any], asked_goal_id: str | None, outcome: Outcome
) -> None:
    memory = world.memory
    goals = await memory.list("goal")
    facts = await memory.list("fact")
    outcome.goals = [f"{g.status}: {g.text} [about={g.about!r} facet={g.facet!r}]" for g in goals]
    outcome.facts = [f"{f.text} [author={f.author!r}]" for f in facts]
    if "goals" in expect and len(goals) != expect["goals"]:
        outcome.failures.append(f"{len(goals)} goals, expected {expect['goals']}")
    if "facts" in expect and len(facts) != expect["facts"]:
        outcome.failures.append(f"{len(facts)} facts, expected {expect['facts']}")
    fact = None
    if asked_goal_id is not None:
        goal = await memory.get(asked_goal_id)
        if "answered" in expect and (goal.status == "answered") != expect["answered"]:
            outcome.failures.append(f"asked goal is {goal.status}, expected answered={expect['answered']}")
        if goal.answer_fact_id:
            fact = await memory.get(goal.answer_fact_id)
    elif "answered" in expect:
        outcome.failures.append("no goal was asked")
    if fact is None and len(facts) == 1:
        fact = facts[0]
    if any(k in expect for k in ("fact_has", "fact_lacks", "fact_author")):
        if fact is None:
            if expect.get("fact_has") or expect.get("fact_author"):
                outcome.failures.append("no fact to check")
            return
        for want in expect.get("fact_has", []):
            if folded(want) not in folded(fact.text):
                outcome.failures.append(f"fact lacks {want!r}")
        for unwanted in expect.get("fact_lacks", []):
            if folded(unwanted) in folded(fact.text):
                outcome.failures.append(f"fact has {unwanted!r}")
        if "fact_author" in expect and fact.author != expect["fact_author"]:
            outcome.failures.append(f"fact author {fact.author!r}, expected {expect['fact_author']!r}")


async def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("prefixes", nargs="*", help="run only the probes whose id starts with one of these")
    parser.add_argument("--json", type=Path, help="write every outcome here")
    parser.add_argument("--quiet", action="store_true", help="transcripts of failures only")
    args = parser.parse_args(argv)
    probes = [json.loads(line) for line in PROBES.read_text(encoding="utf-8").splitlines() if line.strip()]
    if args.prefixes:
        probes = [p for p in probes if any(p["id"].startswith(x) for x in args.prefixes)]
    logging.basicConfig(level=logging.ERROR)
    embedder = load_embedder()
    outcomes = []
    for probe in probes:
        outcome = await run_probe(probe, embedder)
        outcomes.append(outcome)
        print(f"{'PASS' if outcome.passed else 'FAIL'} {probe['id']}: {probe['what']}", flush=True)
        if not outcome.passed or not args.quiet:
            print("\n".join(outcome.transcript))
            for line in outcome.goals:
                print(f"    goal {line}")
            for line in outcome.facts:
                print(f"    fact {line}")
            for failure in outcome.failures:
                print(f"    !! {failure}")
    groups: dict[str, list[bool]] = {}
    for o in outcomes:
        groups.setdefault(o.probe["id"][0], []).append(o.passed)
    names = {"c": "curiosity or not", "d": "one goal or two", "a": "answer, fact, asked again"}
    for key, results in groups.items():
        print(f"{names.get(key, key)}: {sum(results)}/{len(results)}")
    print(f"total: {sum(o.passed for o in outcomes)}/{len(outcomes)}")
    if args.json:
        args.json.write_text(
            json.dumps(
                [{"id": o.probe["id"], "passed": o.passed, "failures": o.failures} for o in outcomes],
                ensure_ascii=False,
                indent=1,
            ),
            encoding="utf-8",
        )
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main(sys.argv[1:])))
