"""Eko in the Lobby: answers the messages that name it, turns answers to its questions into facts.

Each mention is handled in its own task, at most ``max_concurrent`` at a time (a semaphore: later
mentions wait their turn, none is dropped), so a slow model call never blocks the event loop, the
connection or the other messages. Eko never answers its own messages, and replies with ``replyTo``
set to the message it answers. A message that does not name Eko is looked at only when Eko asked
something within the answer window (or it replies to one of Eko's messages): when
:func:`language.answers.find_answer` links it to an asked goal (its author is the goal's subject,
it names the subject and states the asked thing, or it replies to the question), it becomes a fact
and Eko thanks its author. Learning from the rest of the conversation is batched per window by
reflection's activity flow, not here.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
import statistics
from collections import deque
from collections.abc import Callable, Coroutine
from dataclasses import asdict, dataclass
from datetime import datetime, timedelta
from typing import Any

from bot.answer import DEFAULT_ANSWER_WINDOW, Reply, Responder
from bot.connection import ChatPostError
from bot.curiosity import fact_text, open_asked_goals, parse_ts
from bot.ports import BotConnection, BotMemory, ReflectionAPI
from language.mentions import mentions_bot
from language.text import Language, fold
from language.warm import warm_up
from llm import LLM, PromptTemplates
from memory.store import utc_now

log = logging.getLogger(__name__)

TRIGGER_EVENT = "reflection:trigger"
_LOOK_BACK = 50  # Lobby messages searched for Eko's last question before any memory read
# Mentions posted while Eko was disconnected are answered after it rejoins, unless this old.
MISSED_MENTION_MAX_AGE = timedelta(minutes=15)


@dataclass
class BotCounters:
    mentions: int = 0  # messages naming Eko that it handled
    answered: int = 0  # replies posted
    unknown_to_goal: int = 0  # questions it could not answer, recorded as curiosities
    curiosity_to_fact: int = 0  # answers to its questions, recorded as facts
    llm_fallbacks: int = 0  # model failed or answered off-format: offline answer instead
    failures: int = 0  # a mention that could not be answered normally (an apology was posted)
    post_errors: int = 0  # replies the Lobby did not accept

    def as_dict(self) -> dict[str, int]:
        return asdict(self)


class Bot:
    """Wires the Lobby connection to the answer logic (see the module docstring)."""

    def __init__(
        self,
        connection: BotConnection,
        memory: BotMemory,
        llm: LLM,
        language: Language = "fr",
        reflection: ReflectionAPI | None = None,
        clock: Callable[[], datetime] | None = None,
        *,
        templates: PromptTemplates | None = None,
        max_concurrent: int = 4,
        answer_window: timedelta = DEFAULT_ANSWER_WINDOW,
    ) -> None:
        self.connection = connection
        self.reflection = reflection
        self.bot_name = connection.bot_name
        self._language = language
        self.counters = BotCounters()
        self.responder = Responder(
            memory,
            llm,
            templates or PromptTemplates("bot", language),
            bot_name=self.bot_name,
            language=language,
            clock=clock or utc_now,
            answer_window=answer_window,
        )
        self.answer_window = answer_window
        self._slots = asyncio.Semaphore(max_concurrent)
        self._tasks: set[asyncio.Task[None]] = set()
        self._think_ms: deque[float] = deque(maxlen=1000)  # mention received → reply ready
        self._warm_up: asyncio.Task[None] | None = None
        self._idle = asyncio.Event()
        self._idle.set()
        # Curiosities just recorded (goal id → when), open to an answer from the room for the
        # answer window as if Eko had asked them: the person asked about, or someone naming them,
        # often answers right away ("Eko, where's Hallvard based?" … Hallvard: "I'm in Aberdeen").
        self._fresh_goals: dict[str, datetime] = {}
        connection.add_message_listener(self.on_message)
        connection.set_call_handler(TRIGGER_EVENT, self.on_trigger)

    async def start(self) -> None:
        """Join the Lobby (in the background: a server that is down is retried with backoff).

        Memory's embedding model loads on first use (seconds): a warm-up search runs now, in the
        background, so the first person to name Eko does not wait for it.
        """
        self._warm_up = asyncio.create_task(self._warm_up_memory(), name="bot-warm-up")
        await self.connection.start()

    async def warmed_up(self) -> None:
        """Wait for the warm-up :meth:`start` began (a benchmark measures the steady state)."""
        if self._warm_up is not None:
            await self._warm_up

    async def _warm_up_memory(self) -> None:
        try:
            # The language rules' dictionaries too: loaded on first use, they stalled the Lobby's
            # event loop for a second in the middle of the day (docs/bot.md, "2026-11-27").
            await asyncio.to_thread(warm_up, self._language, self.bot_name)
            await self.responder.memory.search("fact", self.bot_name, limit=1)
        except Exception:  # only a warm-up: the first mention will show a real problem
            log.warning("memory warm-up failed", exc_info=True)

    async def stop(self, grace_s: float = 15.0) -> None:
        """Finish the replies under way (up to ``grace_s`` seconds), then leave the Lobby."""
        try:
            await asyncio.wait_for(self.drain(), grace_s)
        except TimeoutError:
            log.warning("stopping with mentions still unanswered", extra={"in_progress": len(self._tasks)})
            for task in list(self._tasks):
                task.cancel()
            await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._warm_up is not None and not self._warm_up.done():
            self._warm_up.cancel()
        await self.connection.stop()

    async def drain(self) -> None:
        """Wait until every mention received so far has been handled."""
        await self._idle.wait()

    def stats(self) -> dict[str, float]:
        """Counters, mentions in progress, and p50/p95 of the time to build a reply (ms, last 1000)."""
        think = sorted(self._think_ms)
        return {
            **self.counters.as_dict(),
            "in_progress": len(self._tasks),
            "think_ms_p50": round(statistics.median(think), 1) if think else 0.0,
            "think_ms_p95": round(think[int(0.95 * (len(think) - 1))], 1) if think else 0.0,
        }

    # --- events -------------------------------------------------------------------------------------

    def on_message(self, message: dict[str, Any], missed: bool = False) -> None:
        """A new Lobby message (called by the connection; never blocks)."""
        if fold(str(message.get("author", ""))) == fold(self.bot_name):
            return  # never answer itself
        if not mentions_bot(str(message.get("text", "")), self.bot_name):
            if self._may_answer_eko(message):
                self._spawn(self._learn_answer(message), f"answer-{message.get('id')}")
            return
        if missed and not self._recent_enough(message):
            log.info(
                "not answering an old mention seen after a reconnection",
                extra={"message_id": message.get("id")},
            )
            return
        self._spawn(self._handle(message), f"mention-{message.get('id')}")
        if missed:
            log.info("answering a mention posted while disconnected", extra={"message_id": message.get("id")})

    def _spawn(self, work: Coroutine[Any, Any, None], name: str) -> None:
        task = asyncio.create_task(work, name=name)
        self._tasks.add(task)
        self._idle.clear()
        task.add_done_callback(self._done)

    def _may_answer_eko(self, message: dict[str, Any]) -> bool:
        """Cheap test before any memory read: Eko recorded a curiosity or asked something (a
        message of its that is a question) within the answer window before this message, or the
        message replies to one of Eko's messages. Eko's other answers to mentions do not open the
        door to every later message."""
        posted_at = parse_ts(message.get("ts")) or self.responder.clock()
        if self._open_fresh_goals(posted_at) or self._replies_to_bot(message):
            return True
        bot = fold(self.bot_name)
        for earlier in reversed(self.connection.recent_messages(_LOOK_BACK)):
            if fold(str(earlier.get("author", ""))) != bot:
                continue
            spoke_at = parse_ts(earlier.get("ts"))
            if spoke_at is None:
                continue
            if posted_at - spoke_at > self.answer_window:
                break  # older messages are older still
            if posted_at >= spoke_at and "?" in str(earlier.get("text", "")):  # it asked something
                return True
        return False

    def _replies_to_bot(self, message: dict[str, Any]) -> bool:
        """The message replies (the page's reply reference) to one of Eko's recent messages."""
        reply_to = message.get("replyTo")
        if reply_to is None:
            return False
        bot = fold(self.bot_name)
        return any(
            earlier.get("id") == reply_to and fold(str(earlier.get("author", ""))) == bot
            for earlier in self.connection.recent_messages(_LOOK_BACK)
        )

    def _open_fresh_goals(self, now: datetime) -> dict[str, datetime]:
        """The curiosities recorded less than the answer window before ``now`` (older ones are
        forgotten here; they wait for reflection to ask them)."""
        for goal_id, recorded_at in list(self._fresh_goals.items()):
            if now - recorded_at > self.answer_window:
                del self._fresh_goals[goal_id]
        return {goal_id: at for goal_id, at in self._fresh_goals.items() if at <= now}

    def _recent_enough(self, message: dict[str, Any]) -> bool:
        posted_at = parse_ts(message.get("ts"))
        return posted_at is None or self.responder.clock() - posted_at <= MISSED_MENTION_MAX_AGE

    def _done(self, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        if not self._tasks:
            self._idle.set()

    async def on_trigger(self, data: Any = None) -> dict[str, Any]:
        """``reflection:trigger`` forwarded by the server: the ack is reflection's answer."""
        if self.reflection is None:
            return {"ok": False, "code": "disabled", "error": "reflection is not enabled"}
        requested_by = str(data.get("requestedBy") or "") if isinstance(data, dict) else ""
        try:
            result = self.reflection.try_start_manual(requested_by or "?")
            if inspect.isawaitable(result):
                result = await result
        except Exception as err:  # the server waits for an ack: answer with the error, never hang
            log.exception("manual reflection could not start", extra={"requested_by": requested_by})
            return {"ok": False, "code": "failed", "error": str(err) or type(err).__name__}
        return dict(result)

    # --- one mention ----------------------------------------------------------------------------------

    async def _handle(self, message: dict[str, Any]) -> None:
        async with self._slots:
            self.counters.mentions += 1
            started = asyncio.get_running_loop().time()
            recent = self.connection.recent_messages(self.responder.context_messages + 1)
            try:
                reply = await self.responder.respond(message, recent)
            except Exception:
                self.counters.failures += 1
                log.exception("could not answer a mention", extra={"message_id": message.get("id")})
                await self._post(self.responder.failure_text(str(message.get("author", ""))), message)
                return
            self._think_ms.append((asyncio.get_running_loop().time() - started) * 1000)
            if await self._post(reply.text, message):
                self.counters.answered += 1
            self._count(reply)
            try:
                curiosity_goal_id = await self.responder.remember_curiosity(reply)
            except Exception:
                self.counters.failures += 1
                log.exception("could not record a curiosity", extra={"message_id": message.get("id")})
                curiosity_goal_id = None
            if curiosity_goal_id is not None:
                self.counters.unknown_to_goal += 1
                self._fresh_goals[curiosity_goal_id] = self.responder.clock()
            log.info(
                "answered a mention",
                extra={
                    "message_id": message.get("id"),
                    "source": reply.source,
                    "tone": reply.tone,
                    "used_facts": len(reply.used_fact_ids),
                    "curiosity_goal_id": curiosity_goal_id,
                    "answered_goal_id": reply.answered_goal_id,
                    "duration_ms": round((asyncio.get_running_loop().time() - started) * 1000, 1),
                },
            )

    # --- a message that does not name Eko but may answer its question -------------------------------

    async def _learn_answer(self, message: dict[str, Any]) -> None:
        async with self._slots:
            responder = self.responder
            try:
                # "Ah sorry, my mistake, it's 16:00 not 17:00" replying to Eko's "noted: …", or
                # the subject taking back what they said of themself
                corrected = await responder.correct(message, replying=self._replies_to_bot(message))
                if corrected is not None:
                    if await self._post(corrected.text, message):
                        self.counters.answered += 1
                    return
                now = responder.clock()
                goals = await open_asked_goals(responder.memory, now)
                fresh = self._open_fresh_goals(parse_ts(message.get("ts")) or now)
                waiting = [g for g in await responder.goals_by_id(fresh) if g.status == "pending"]
                answer, goal = responder.link_answer(message, [*goals, *waiting], opened_at=fresh)
                if answer is None or goal is None:
                    return
                author = str(message.get("author", ""))
                text = fact_text(answer, goal, author, responder.templates, responder.language, self.bot_name)
                fact = await responder.store_answer(goal.id, text, author, told=goal.status == "pending")
                if fact is None:
                    return  # another message answered it first
            except Exception:
                self.counters.failures += 1
                log.exception("could not learn from an answer", extra={"message_id": message.get("id")})
                return
            log.info(
                "an answer to an asked curiosity became a fact",
                extra={
                    "goal_id": goal.id,
                    "fact_id": fact.id,
                    "link": answer.link,
                    "message_id": message.get("id"),
                },
            )
            self._answered(goal.id)
            if await self._post(responder.templates.render("noted", asker=author, fact=fact.text), message):
                self.counters.answered += 1

    def _count(self, reply: Reply) -> None:
        if reply.llm_fallback:
            self.counters.llm_fallbacks += 1
        if reply.answered_goal_id is not None:
            self._answered(reply.answered_goal_id)

    def _answered(self, goal_id: str) -> None:
        """A goal became a fact: counted, and reflection resets its adaptive cooldown."""
        self.counters.curiosity_to_fact += 1
        if self.reflection is not None:
            try:
                self.reflection.note_goal_answered(goal_id)
            except Exception:  # reflection's bookkeeping must not cost the reply
                log.exception("reflection could not note an answered goal")

    async def _post(self, text: str, message: dict[str, Any]) -> bool:
        try:
            await self.connection.post(text, reply_to=_message_id(message))
        except ChatPostError as err:
            self.counters.post_errors += 1
            log.warning("reply not posted", extra={"message_id": message.get("id"), "error": str(err)})
            return False
        return True


def _message_id(message: dict[str, Any]) -> str | None:
    value = message.get("id")
    return value if isinstance(value, str) and value else None
