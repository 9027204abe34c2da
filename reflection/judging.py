"""What only a model may decide in the activity window, when there is one: vaguer answers, and
borderline duplicates.

* **Answers.** The rules (:mod:`language.answers`, applied by the bot as messages arrive) take only
  explicit links. With a model, the window's one call may also say that a message answers a goal
  Eko asked within the answer window; it gives the fact and why, and the reason is kept in the
  reflection record (``answers``). The message must be a human one of the window, posted after the
  question and within the window: the model cannot link anything else.
* **Borderline duplicates.** Records written since the window began are compared with their
  nearest stored neighbours by :func:`language.equivalence.judge`; the pairs it calls
  ``"borderline"`` are decided together in ONE ``purpose="duplicates"`` call, and the ones the
  model calls the same are merged. Offline nothing is asked: the rules already decided when the
  records were written.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from pydantic import BaseModel, ConfigDict, Field

from language.curiosity import asked_facet
from language.equivalence import judge
from llm.port import ChatTurn, LLMRequest
from memory.records import Kind, Record, RecordNotFound
from reflection.engine import Engine, RunLog
from reflection.records import ReflectionRecord, as_utc
from reflection.window import JudgedAnswer, Message, is_bot

log = logging.getLogger(__name__)

MAX_ASKED = 10  # asked goals shown to the window call
MAX_BORDERLINE = 12  # pairs decided in one call (the rest waits for the next window)
NEIGHBOURS = 4
RECENT_RECORDS = 30  # newest records of each kind looked at for borderline pairs


async def asked_goals(engine: Engine, now: datetime) -> list[Record]:
    """Goals Eko asked within the answer window and still waiting: what the window call may link."""
    window = engine.settings.answer_window
    asked = await engine.memory.list("goal", status="asked", limit=100)
    recent = [g for g in asked if g.asked_at is not None and timedelta(0) <= now - g.asked_at <= 2 * window]
    return sorted(recent, key=lambda g: g.asked_at or now, reverse=True)[:MAX_ASKED]


async def learn_judged_answers(
    engine: Engine,
    judged: Sequence[JudgedAnswer],
    asked: Sequence[Record],
    window: Sequence[Message],
    run: RunLog,
    record: ReflectionRecord,
) -> None:
    """Store the facts of the answers the model found (see the module docstring); reasons go in
    ``record.answers``."""
    goals = {goal.id: goal for goal in asked}
    messages = {str(m.get("id")): m for m in window if not is_bot(m, engine.settings.bot_name)}
    done: set[str] = set()
    for item in judged:
        goal, message = goals.get(item.goalId), messages.get(item.messageId)
        if goal is None or message is None or goal.id in done or not item.fact.strip():
            run.count("answersRefused")
            continue
        posted_at, asked_at = as_utc(message.get("ts")), goal.asked_at
        if (
            posted_at is None
            or asked_at is None
            or not (timedelta(0) <= posted_at - asked_at <= engine.settings.answer_window)
        ):
            run.count("answersRefused")
            continue
        author = str(message.get("author", "")) or None
        try:
            facet = goal.facet or asked_facet(goal.text, engine.language, engine.settings.bot_name)
            fact = await engine.memory.answer_goal(goal.id, item.fact.strip(), author, facet)
        except RecordNotFound:
            continue  # answered or dropped meanwhile
        done.add(goal.id)
        engine.answered.add(goal.id)
        await engine.safe(engine.rate.mark_answered(goal.id), "mark answered")
        run.count("answersJudged")
        record.answers.append(
            {"goalId": goal.id, "factId": fact.id, "messageId": item.messageId, "reason": item.reason.strip()}
        )
        log.info(
            "the model linked an answer to an asked curiosity",
            extra={"goal_id": goal.id, "fact_id": fact.id, "message_id": item.messageId},
        )


# --- borderline duplicates ------------------------------------------------------------------------


@dataclass(frozen=True)
class Pair:
    kind: Kind
    newer: Record
    older: Record


# The duplicates call's answer; the schema sent to the model is derived from these models
# (``Engine.ask``), as duplicates_system.j2 describes it.


class PairVerdict(BaseModel):
    model_config = ConfigDict(extra="ignore")
    pair: int
    same: bool
    reason: str = Field(default="", max_length=500)


class DuplicateDecision(BaseModel):
    model_config = ConfigDict(extra="ignore")
    pairs: list[PairVerdict] = Field(max_length=MAX_BORDERLINE)


def _fresh(record: Record, learned: set[str], window_ids: set[str]) -> bool:
    """Written by this window's learning, or from one of its messages (the bot's curiosities)."""
    source = record.source or {}
    return record.id in learned or str(source.get("message_id")) in window_ids


async def borderline_pairs(engine: Engine, learned: set[str], window_ids: set[str]) -> list[Pair]:
    """Pairs the rules call borderline: a record of this window (see :func:`_fresh`) and a stored
    neighbour."""
    pairs: list[Pair] = []
    seen: set[frozenset[str]] = set()
    language = engine.language
    for kind in ("goal", "fact"):
        for record in await engine.memory.list(kind, limit=RECENT_RECORDS):
            if not _fresh(record, learned, window_ids):
                continue
            if kind == "goal" and record.status != "pending":
                continue
            filters = {"status": "pending"} if kind == "goal" else None
            for hit in await engine.memory.search(kind, record.text, limit=NEIGHBOURS, filters=filters):
                other = hit.record
                key = frozenset((record.id, other.id))
                if other.id == record.id or key in seen:
                    continue
                seen.add(key)
                verdict = judge(kind, record.text, other.text, record.about, other.about, language)
                if verdict == "borderline":
                    newer, older = sorted((record, other), key=_created, reverse=True)
                    pairs.append(Pair(kind, newer, older))
                if len(pairs) >= MAX_BORDERLINE:
                    return pairs
    return pairs


def _created(record: Record) -> datetime:
    return record.created_at or datetime.min.replace(tzinfo=UTC)


async def decide_borderline(
    engine: Engine, learned: set[str], window: Sequence[Message], run: RunLog, record: ReflectionRecord
) -> int:
    """With a model: ONE call for this window's borderline pairs; merges the same ones. Returns how
    many were merged (offline: 0, no call)."""
    if engine.llm.mode == "offline":
        return 0
    pairs = await borderline_pairs(engine, learned, {str(m.get("id")) for m in window})
    if not pairs:
        return 0
    run.count("borderlinePairs", len(pairs))
    request = LLMRequest(
        purpose="duplicates",
        system=engine.templates.render("duplicates_system", bot_name=engine.settings.bot_name),
        turns=(ChatTurn("user", engine.templates.render("duplicates", pairs=pairs)),),
        max_tokens=600,
    )
    decision = await engine.ask(request, DuplicateDecision, run, record)
    if decision is None:
        return 0  # no verdict: both records stay, as the rules left them
    merged = 0
    for verdict in decision.pairs:
        if not verdict.same or not 0 <= verdict.pair < len(pairs):
            continue
        pair = pairs[verdict.pair]
        try:
            await engine.memory.merge([pair.older, pair.newer])
        except (RecordNotFound, ValueError) as exc:  # merged in an earlier pair, or another subject
            log.info("borderline pair not merged", extra={"error": str(exc)})
            continue
        merged += 1
        log.info(
            "borderline duplicates merged by the model",
            extra={
                "kind": pair.kind,
                "kept": pair.older.id,
                "merged": pair.newer.id,
                "reason": verdict.reason,
            },
        )
    run.count("borderlineMerged", merged)
    return merged
