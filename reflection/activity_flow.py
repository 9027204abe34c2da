"""The activity window (seed "Décisions" 1 and 2): every 10 minutes, what happened in the Lobby.

Idle → nothing at all. Otherwise a cheap pre-filter (memory search + lexical agreement, no model)
decides whether the window deserves a model call; ONE call then gives the summary, the learning
items and the opportunity evaluation; Eko speaks only when the model is very sure and the guards
and the rate limit allow it. Offline, rules do each part honestly.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any

from language.curiosity import read_curiosity
from language.names import capitalised_words, short_answer
from language.questions import Tone
from language.relevance import answers, is_candidate
from llm.port import ChatTurn, LLMRequest
from memory.records import Kind, Record, ScoredRecord
from reflection.engine import Engine, RunLog, Skip, context_line
from reflection.judging import asked_goals, decide_borderline, learn_judged_answers
from reflection.learning import LearnedItem, learn, offline_extract
from reflection.records import ActivityOutcome, ActivitySummary, ReflectionRecord, as_utc
from reflection.window import (
    Message,
    WindowDecision,
    human_messages,
    open_questions,
    participants,
    select_window,
    top_topics,
)

log = logging.getLogger(__name__)

WINDOW_VIEW = 200  # Lobby messages looked at for a window (the bot keeps this many)
WINDOW_PROMPT_MESSAGES = 60  # the newest messages of a window shown to the model
WINDOW_SEARCH_MESSAGES = 20  # the newest human messages of a window used for the pre-filter
CANDIDATES_PER_KIND = 8

Proposal = tuple[str, str, Tone]  # message, reason, tone


class ActivityFlow:
    """One window at a time, from where the last one ended (the cursor survives restarts)."""

    def __init__(self, engine: Engine) -> None:
        self._e = engine
        self._cursor: tuple[str | None, str | None] = (None, None)  # last id and ts of the last window
        self.idle_windows = 0

    async def load_cursor(self) -> None:
        """Where the last window ended, from the store: a restart does not read it again."""
        cursor = await self._e.repo.activity_cursor()
        if cursor:
            self._cursor = (cursor.get("lastId"), cursor.get("lastTs"))

    async def run(self) -> ActivityOutcome | None:
        e = self._e
        window = select_window(e.chat.recent_messages(WINDOW_VIEW), *self._cursor)
        humans = human_messages(window, e.settings.bot_name)
        if window:
            self._cursor = (str(window[-1].get("id")), str(window[-1].get("ts", "")) or None)
        if not humans:
            self.idle_windows += 1  # idle: no call, no record, no store write
            return None
        now = e.clock()
        await e.safe(e.repo.set_activity_cursor(*self._cursor, now), "activity cursor")
        run = RunLog()
        run.count("windows")

        facts, goals = await self._prefilter(humans)
        # With a model only: the window call may link vaguer answers to the questions Eko asked.
        asked = await asked_goals(e, now) if e.llm.mode != "offline" else []
        rule_items = offline_extract(
            humans, e.settings.bot_name, self._known_names(humans, facts, goals), e.language
        )
        summary = self._offline_summary(humans, now)
        candidates = len(facts) + len(goals)
        outcome = ActivityOutcome(summary=summary, candidates=candidates, llm_called=False)
        if not candidates and not rule_items and not asked:  # small talk: nothing to evaluate or learn
            run.count("windowsFiltered")
            await self._store(summary, run)
            return outcome

        # An opportunity the guards would refuse anyway is not worth a model call.
        blocked = await e.guards() if candidates else None
        evaluate = candidates > 0 and blocked is None
        record = e.new_record("opportunity")
        record.goals_count, record.facts_count = len(goals), len(facts)
        decision: WindowDecision | None = None
        if evaluate:
            for phase in ("gathering", "context", "thinking"):
                await e.progress(record, phase)
        if evaluate or rule_items or asked:
            request = self._request(window[-WINDOW_PROMPT_MESSAGES:], facts, goals, asked)
            decision = await e.ask(request, WindowDecision, run, record)
            outcome.llm_called = bool(run.calls)
        if decision is not None:
            summary.summary = decision.summary.strip() or summary.summary
            summary.topics = [t.strip() for t in decision.topics if t.strip()][:10] or summary.topics
            summary.source = "model"
        items = self._with_facets(
            self._learned_items(decision, humans) if decision is not None else rule_items
        )
        learned_ids: set[str] = set()
        if items:
            report = await learn(e.memory, items)
            learned_ids = {result.id for result in report.results if result.status == "added"}
            outcome.learned = report.as_dict()
            run.count("learned", report.learned)
            run.count("merged", report.merged)
            run.count("learnFailed", report.failed)
        if decision is not None and decision.answers:
            await learn_judged_answers(e, decision.answers, asked, window, run, record)
        await decide_borderline(e, learned_ids, window, run, record)
        record.activity_summary = summary.summary
        if not candidates:  # learning only: no opportunity to evaluate
            if record.answers:  # the reasons of the answers the model linked are kept in a record
                outcome.record = await e.skip(record, Skip("no_opportunity"), run)
                await self._store(summary, None)
            else:
                await self._store(summary, run)
            return outcome
        await self._store(summary, None)
        if blocked is not None:
            outcome.record = await e.skip(record, blocked, run)
        else:
            outcome.record = await self._opportunity(record, decision, humans, goals, run)
        return outcome

    async def _prefilter(self, humans: Sequence[Message]) -> tuple[list[ScoredRecord], list[ScoredRecord]]:
        """Facts and pending goals related to the window's newest human messages (see relevance.py)."""
        best: dict[Kind, dict[str, ScoredRecord]] = {"fact": {}, "goal": {}}
        for message in humans[-WINDOW_SEARCH_MESSAGES:]:
            text = str(message.get("text", ""))[:1000]
            for kind in ("fact", "goal"):
                filters = {"status": "pending"} if kind == "goal" else None
                for hit in await self._e.memory.search(kind, text, limit=3, filters=filters):
                    known = best[kind].get(hit.record.id)
                    if is_candidate(text, f"{hit.record.text} {hit.record.about or ''}", hit.score) and (
                        known is None or hit.score > known.score
                    ):
                        best[kind][hit.record.id] = hit
        ranked = {
            k: sorted(v.values(), key=lambda h: -h.score)[:CANDIDATES_PER_KIND] for k, v in best.items()
        }
        return ranked["fact"], ranked["goal"]

    @staticmethod
    def _known_names(
        humans: Sequence[Message], facts: Sequence[ScoredRecord], goals: Sequence[ScoredRecord]
    ) -> set[str]:
        """Speakers and the names related records mention: not new curiosities."""
        known = set(participants(humans))
        for hit in (*facts, *goals):
            known.update(
                capitalised_words(f"{hit.record.about or ''} {hit.record.text}", sentence_start=True)
            )
        return known

    def _request(
        self,
        messages: Sequence[Message],
        facts: Sequence[ScoredRecord],
        goals: Sequence[ScoredRecord],
        asked: Sequence[Record] = (),
    ) -> LLMRequest:
        """The one call of a window; ``messages`` include Eko's own, so the model sees what it said."""
        e = self._e
        return LLMRequest(
            purpose="window",
            system=e.templates.render("window_system", bot_name=e.settings.bot_name),
            turns=(
                ChatTurn(
                    "user",
                    e.templates.render(
                        "window",
                        messages=[context_line(m) for m in messages],
                        facts=[hit.record for hit in facts],
                        goals=[hit.record for hit in goals],
                        asked=list(asked),
                    ),
                ),
            ),
            max_tokens=1200,
        )

    def _with_facets(self, items: Sequence[LearnedItem]) -> list[LearnedItem]:
        """Goals carry their subject and facet, as the bot's do (``language.curiosity``)."""
        e = self._e
        result: list[LearnedItem] = []
        for item in items:
            reading = (
                read_curiosity(item.text, e.language, e.settings.bot_name) if item.kind == "goal" else None
            )
            if reading is not None and item.facet is None:
                item = replace(item, about=item.about or reading.subject, facet=reading.facet)
            result.append(item)
        return result

    def _learned_items(self, decision: WindowDecision, humans: Sequence[Message]) -> list[LearnedItem]:
        """The model's learning as memory items; an author must be someone who spoke in the window."""
        speakers = {str(m.get("author", "")).casefold(): str(m.get("author", "")) for m in humans}
        groups: tuple[tuple[Kind, Sequence[Any]], ...] = (
            ("fact", decision.facts),
            ("goal", decision.goals),
            ("self", decision.self_items),
        )
        items: list[LearnedItem] = []
        for kind, entries in groups:
            for entry in entries:
                author = speakers.get(entry.author.casefold()) if entry.author else None
                about = self._e.settings.bot_name if kind == "self" else (entry.about or "").strip() or None
                if entry.text.strip():
                    items.append(LearnedItem(kind, entry.text.strip(), about=about, author=author))
        return items

    async def _opportunity(
        self,
        record: ReflectionRecord,
        decision: WindowDecision | None,
        humans: Sequence[Message],
        goals: Sequence[ScoredRecord],
        run: RunLog,
    ) -> ReflectionRecord:
        """Decide whether to chime in (strict), then obey the same guards and rate limit as the cron."""
        e = self._e
        goal_id: str | None = None
        proposal: Proposal | None = None
        if decision is not None:
            op = decision.opportunity
            message = op.message.strip()
            if op.intervene and message and op.confidence >= e.settings.opportunity_min_confidence:
                proposal = (message, op.reason.strip() or e.reason("opportunity"), op.tone)
                if op.goalId and op.goalId in {hit.record.id for hit in goals}:
                    goal_id = op.goalId
        elif record.fallback is not None:
            proposal = await self._offline_answer(humans)
        if proposal is None:
            return await e.skip(record, Skip("no_opportunity"), run)
        skip = await e.guards()
        if skip is not None:
            return await e.skip(record, skip, run)
        claim = await e.claim(goal_id)
        if isinstance(claim, Skip):
            return await e.skip(record, claim, run)
        message, reason, tone = proposal
        record.reason, record.tone, record.goal_id = reason, tone, goal_id
        failed = await e.post_recorded(record, message, claim, goal_id)
        if failed is not None:
            return await e.skip(record, failed, run)
        return await e.finish(record, run, message_at=e.clock())

    async def _offline_answer(self, humans: Sequence[Message]) -> Proposal | None:
        """Offline, the one opportunity rules can take honestly: a question a stored fact answers."""
        e = self._e
        for question in reversed(open_questions(humans, e.settings.bot_name, e.language)[-2:]):
            text = str(question.get("text", ""))[:1000]
            hits = await e.memory.search("fact", text, limit=3)
            fact_hit = next(
                (
                    hit
                    for hit in hits
                    if answers(
                        text, hit.record.text, hit.score, about=hit.record.about, bot_name=e.settings.bot_name
                    )
                ),
                None,
            )
            if fact_hit is None:
                continue
            fact = fact_hit.record
            asker = str(question.get("author", ""))
            answer = short_answer(fact.text, text, {asker, *(n for n in (fact.about,) if n)})
            author = fact.author if fact.author and fact.author.casefold() != asker.casefold() else None
            message = e.templates.render("answer_from_fact", answer=answer, author=author, fact=fact.text)
            return message, e.reason("answer_from_fact", text), "helpful"
        return None

    def _offline_summary(self, humans: Sequence[Message], now: datetime) -> ActivitySummary:
        """Participants, message count and the most frequent names: the summary rules can make."""
        people = participants(humans)
        topics = top_topics(humans, exclude=set(people) | {self._e.settings.bot_name})
        times = [t for m in humans if (t := as_utc(m.get("ts"))) is not None]
        text = self._e.templates.render("summary", count=len(humans), participants=people, topics=topics)
        return ActivitySummary(
            id=uuid.uuid4().hex,
            timestamp=now,
            period_start=min(times, default=now),
            period_end=max(times, default=now),
            message_count=len(humans),
            summary=text,
            participants=people,
            topics=topics,
        )

    async def _store(self, summary: ActivitySummary, run: RunLog | None) -> None:
        """Store the summary; with ``run``, also its counters (a window that leaves no record)."""
        await self._e.safe(self._e.repo.save_summary(summary), "activity summary")
        if run is not None:
            await self._e.add_to_stats(run)
