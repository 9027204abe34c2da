"""The goal reflection (seed "Flow complet"): ask the most recent pending curiosity, guards first."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from language.equivalence import Attribution, is_equivalent
from language.intents import intent_of
from language.questions import Tone
from language.relevance import answers
from llm.port import ChatTurn, LLMRequest
from memory.records import Record, RecordNotFound, ScoredRecord
from reflection.engine import Engine, RunLog, Skip, context_line
from reflection.phrasing import GoalDecision, offline_question, wording_in
from reflection.ratelimit import Claim
from reflection.records import ReflectionRecord
from reflection.window import Message

log = logging.getLogger(__name__)

_ASKABLE = ("information", "statement")  # intents a stored goal may have (statement: no cue either way)
_MAX_DROPS = 5  # chit-chat or already answered goals set aside in one run, at most
_FACTS_CHECKED = 5  # nearest facts read for an answer to the goal before asking it
RECENT_CONTEXT = 20  # Lobby messages given to the model as context (the seed's eko-handler uses 20)


class GoalFlow:
    """Ask one curiosity: the most recent pending goal, phrased by the model or the templates."""

    def __init__(self, engine: Engine) -> None:
        self._e = engine

    async def run(self, record: ReflectionRecord) -> ReflectionRecord:
        """Guards → goal → duplicates → context → slot → phrasing → post → goal asked → record."""
        e, run = self._e, RunLog()
        automatic = record.trigger != "manual"  # a manual trigger bypasses the guards and rate limit
        skip = await e.guards() if automatic else None
        if skip is not None:
            return await e.skip(record, skip, run)

        await e.progress(record, "gathering")
        goal = await self._next_curiosity()
        if goal is None:
            return await e.skip(record, Skip("no_goal"), run)
        goal, record.duplicate_goal_ids = await self._merge_duplicates(goal)
        record.goal_id = goal.id

        await e.progress(record, "context")
        facts = await e.memory.search("fact", goal.text, limit=5)
        self_facts = await e.memory.search("self", goal.text, limit=3)
        recent = e.chat.recent_messages(RECENT_CONTEXT)
        record.goals_count = await e.memory.count("goal", "pending")
        record.facts_count = len(facts) + len(self_facts)

        # The slot is taken before the model is paid: a run that may not post costs nothing.
        claim: Claim | None = None
        if automatic:
            taken = await e.claim(goal.id)
            if isinstance(taken, Skip):
                return await e.skip(record, taken, run)
            claim = taken

        await e.progress(record, "thinking")
        message, reason, tone = await self._phrase(goal, facts, self_facts, recent, run, record)
        record.reason, record.tone = reason, tone
        failed = await e.post_recorded(record, message, claim, goal.id)
        if failed is not None:
            return await e.skip(record, failed, run)
        if not automatic:
            await e.rate.record_manual_post(e.clock(), goal.id)
        return await e.finish(record, run, message_at=e.clock())

    async def _next_curiosity(self) -> Record | None:
        """The next pending goal that is a request for information and that no stored fact answers:
        chit-chat stored by an older version ("Tu en penses quoi ?", "T'es là ?") is dropped, and a
        goal a fact answers (learned since for a paraphrase the duplicate rules kept apart, or
        imported) is marked answered by it: Eko would quote that fact if asked, so it does not ask."""
        e = self._e
        for _ in range(_MAX_DROPS):
            goal = await e.memory.next_goal()
            if goal is None:
                return None
            if intent_of(goal.text, e.language, e.settings.bot_name) not in _ASKABLE:
                log.info("chit-chat goal dropped, not asked", extra={"goal_id": goal.id})
                await e.memory.drop_goal(goal.id)
                continue
            known = await self._answering_fact(goal)
            if known is None:
                return goal
            log.info("goal already answered, not asked", extra={"goal_id": goal.id, "fact_id": known.id})
            await e.memory.settle_goal(goal.id, known.id)
        return None

    async def _answering_fact(self, goal: Record) -> Record | None:
        """The stored fact that answers ``goal`` as the bot would quote it (language/relevance.py)."""
        e = self._e
        for hit in await e.memory.search("fact", goal.text, limit=_FACTS_CHECKED):
            fact = hit.record
            if answers(goal.text, fact.text, hit.score, about=fact.about, bot_name=e.settings.bot_name,
                       facet=fact.facet):  # fmt: skip
                return fact
        return None

    async def _merge_duplicates(self, goal: Record) -> tuple[Record, list[str]]:
        """Merge pending goals equivalent to ``goal`` (seed phase 3): the survivor and the merged ids."""
        hits = await self._e.memory.search("goal", goal.text, limit=6, filters={"status": "pending"})
        cluster = [goal] + [
            hit.record
            for hit in hits
            if hit.record.id != goal.id
            and is_equivalent(
                "goal",
                goal.text,
                hit.record.text,
                hit.score,
                Attribution(goal.about, goal.author),
                Attribution(hit.record.about, hit.record.author),
            )
        ]
        if len(cluster) < 2:
            return goal, []
        try:
            merged = await self._e.memory.merge(cluster)
        except (RecordNotFound, ValueError) as exc:
            log.warning("duplicate goals not merged", extra={"goal_id": goal.id, "error": str(exc)})
            return goal, []
        others = [record.id for record in cluster if record.id != merged.id]
        log.info("duplicate goals merged", extra={"kept": merged.id, "merged": len(others)})
        return merged, others

    async def _phrase(
        self,
        goal: Record,
        facts: Sequence[ScoredRecord],
        self_facts: Sequence[ScoredRecord],
        recent: Sequence[Message],
        run: RunLog,
        record: ReflectionRecord,
    ) -> tuple[str, str, Tone]:
        """The model's phrasing of the curiosity, or the offline per-tone template."""
        e = self._e
        request = LLMRequest(
            purpose="reflection",
            system=e.templates.render("reflect_system", bot_name=e.settings.bot_name),
            turns=(
                ChatTurn(
                    "user",
                    e.templates.render(
                        "reflect",
                        goal=goal.text,
                        facts=[hit.record for hit in facts],
                        self_facts=[hit.record for hit in self_facts],
                        messages=[context_line(m) for m in recent],
                    ),
                ),
            ),
            max_tokens=400,
        )
        decision = await e.ask(request, GoalDecision, run, record)
        if decision is not None:
            return decision.message, decision.reason or e.reason("curiosity", goal.text), decision.tone
        asked = wording_in(e.language, [goal.text, *goal.variants])
        message, tone = offline_question(e.templates, asked)
        return message, e.reason("curiosity", goal.text), tone
