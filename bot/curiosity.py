"""Curiosity → fact (seed, "Apprentissage post-réponse"): the asked goals a message may answer.

After reflection asked a goal in the Lobby (status ``asked``, with the message id), a human message
can answer it. Which message answers which goal is the rule of :mod:`language.answers` (a reply
naming Eko, a ``replyTo`` reference, the subject answering, a statement naming the subject, within
``EKO_ANSWER_WINDOW``); this module feeds it the asked goals and Lobby messages, and phrases the fact
so that asking the question again finds it ("Couleur préférée de Bob : le bleu"): the goal's topic
and the answer, unless the answer is already a standalone statement.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from language.curiosity import Curiosity, read_curiosity
from language.fact_wording import (
    as_told,
    asked_verb_opening,
    fragment,
    said_by_the_subject,
    said_of_who,
    said_with_the_asked_preposition,
    said_with_their_pronoun,
    with_the_speaker_named,
)
from language.headings import fact_heading, heading_ends_with_verb
from language.repairs import find_correction
from language.replies import Answer, AskedQuestion, Said
from language.text import FUNCTION_WORDS, Language, fold
from llm import PromptTemplates
from memory.records import Record, RecordNotFound

# Goals asked longer ago than this are not even looked at (a reply reference may come late; the
# answer window bounds every other link).
ASK_WINDOW = timedelta(hours=24)
_ASKED_LIMIT = 100


async def open_asked_goals(memory: Any, now: datetime, within: timedelta = ASK_WINDOW) -> list[Record]:
    """Asked goals still waiting for an answer, asked less than ``within`` ago, most recent first."""
    asked = await memory.list("goal", status="asked", limit=_ASKED_LIMIT)
    recent = [g for g in asked if g.asked_at is not None and timedelta(0) <= now - g.asked_at <= within]
    return sorted(recent, key=lambda g: g.asked_at or now, reverse=True)


def asked_question(goal: Record) -> AskedQuestion:
    return AskedQuestion(goal.id, goal.text, goal.about, goal.asked_at, goal.asked_message_id, goal.facet)


def said(message: dict[str, Any], now: datetime) -> Said:
    """A Lobby message as the answer rule reads it (no timestamp: received now)."""
    reply_to = message.get("replyTo")
    return Said(
        str(message.get("text", "")),
        str(message.get("author", "")),
        parse_ts(message.get("ts")) or now,
        str(reply_to) if isinstance(reply_to, str) and reply_to else None,
    )


def parse_ts(value: Any) -> datetime | None:
    """A Lobby timestamp (ISO 8601) as an aware datetime, or None when it is not one."""
    try:
        parsed = datetime.fromisoformat(str(value))
    except ValueError:
        return None
    return parsed if parsed.tzinfo is not None else parsed.replace(tzinfo=UTC)


def topic_of(goal: Record, curiosity: Curiosity | None) -> str:
    """What the goal asks about (``curiosity``, its reading), as a noun phrase ("couleur préférée de
    Bob"), else its subject."""
    if curiosity is not None and curiosity.topic.strip():
        return _as_written(fact_heading(curiosity).strip(), goal.text)
    return (goal.about or goal.text).strip()


def _as_written(topic: str, text: str) -> str:
    """``topic`` as the goal wrote it: its words may come back without their apostrophes ("rôle d
    Axelle" for "rôle d'Axelle")."""
    words = [re.escape(word) for word in topic.split()]
    found = re.search(r"[\s'’]+".join(words), text, re.IGNORECASE) if words else None
    return found.group(0) if found else topic


def fact_text(
    answer: Answer, goal: Record, author: str, templates: PromptTemplates, language: Language, bot_name: str
) -> str:
    """The fact an answer gives: kept as it is when standalone ("Corentin est dev chez lemlist"),
    else the goal's topic, the answer and who said it ("Couleur préférée de Bob : le bleu (d'après
    Bob)"), so that asking the question again finds it."""
    if answer.standalone:
        return _capitalised(with_the_speaker_named(answer.text, author))
    curiosity = read_curiosity(goal.text, language, bot_name)
    written_topic = topic_of(goal, curiosity)
    topic = _capitalised(written_topic)
    question = asked_question(goal)
    verb = asked_verb_opening(answer.text, question, language)
    if verb is not None and verb in {fold(word) for word in written_topic.split()}:
        # the subject saying it with the verb the heading already holds: said of them, whole
        # ("Stefan joue dans l'orchestre depuis 2016…" rather than "Nombre de temps de Stefan joue
        # dans l'orchestre dans l'orchestre depuis 2016…": probe conversation of an orchestra)
        own = said_by_the_subject(question, answer.text, author)
        if own is not None:
            return templates.render("agent_fact", name=own[0], predicate=own[1], author=author or "?")
    value = as_told(fragment(answer.text, question, language), question, author)
    # "Capucine s'occupe de la paie", "Léo bosse sur la migration de Pingouin", "Greta grew up in
    # Gdansk" (from Greta's "I grew up in Gdansk"), "Yvan est à Vannes" (from "il est à Vannes"),
    # each (d'après …)
    doer = (
        said_of_who(question, value)
        or said_with_the_asked_preposition(question, value)
        or said_by_the_subject(question, value, author)
        or said_with_their_pronoun(question, value)
    )
    if doer is not None:
        name, predicate = doer
        return templates.render("agent_fact", name=name, predicate=predicate, author=author or "?")
    # "Quentin bosse chez Alan (d'après Quentin)" rather than "Quentin bosse : chez Alan"
    last_word = (topic.split() or [""])[-1]
    completes = _COMPLEMENT.match(value) or (_OBJECT.match(value) and last_word.islower())
    clause = bool(curiosity and completes and heading_ends_with_verb(curiosity))
    if clause:
        topic = _capitalised(_with_article(written_topic, goal.text))
        # inside the sentence, a preposition opening the answer is lowercase ("Stéphane a fait sa
        # formation Kérastase à Paris", from "À Paris, à l'Institut…": probe conversation of a salon)
        first = (value.split() or [""])[0]
        if first[:1].isupper() and fold(first) in FUNCTION_WORDS:
            value = value[:1].lower() + value[1:]
        if goal.facet in ("price", "amount"):
            # "est à 390 €" gives a price; the heading's verb takes it without the "à" ("L'abonnement
            # coûte 390 €", not "coûte à 390 €": probe conversation of a climbing gym), while a time
            # keeps it ("commence à 9h")
            value = _PRICE_AFTER_A.sub("", value, count=1)
    return templates.render("goal_fact", topic=topic, answer=value, author=author or "?", clause=clause)


# "à" before a number opening a value ("à 390 €").
_PRICE_AFTER_A = re.compile(r"^[àa]\s+(?=\d)", re.IGNORECASE)
# A clause opens with its subject's article as the question wrote it: "Le séminaire se passe à
# Annecy", from "le séminaire se passe où ?" (a noun-phrase heading goes without: "Couleur préférée
# de Bob : le bleu").
_ARTICLE = r"(?<![\w'’])(?i:(?:le|la|les|the)\s+|l['’])"


def _with_article(topic: str, text: str) -> str:
    first = topic.split()[0] if topic.split() else ""
    found = re.search(_ARTICLE + rf"(?={re.escape(first)}\b)", text) if first else None
    return found.group(0) + topic if found else topic


# An answer that opens with a preposition or a number completes a verb ("chez Alan", "à Caen",
# "29 € par mois"); one that opens with an article is its object ("Romane aime manger" + "les
# lasagnes"), when the heading ends with a verb and not with a name ("C'est qui Clervie").
_COMPLEMENT = re.compile(
    r"(?:\d|(?:à|a|au|aux|en|dans|chez|pour|de|du|des|sur|vers|près|in|at|for|from|on|near|by)\b|d['’])",
    re.IGNORECASE,
)
_OBJECT = re.compile(r"(?:(?:le|la|les|un|une|the)\b|l['’])", re.IGNORECASE)


def says_who(text: str, author: str | None) -> bool:
    """The fact's text already ends with its author's name in brackets (see ``goal_fact.j2``)."""
    return bool(author) and text.rstrip(" .").endswith(f"{author})")


def _capitalised(text: str) -> str:
    text = text.strip()
    return text[:1].upper() + text[1:]


def linked_goal(answer: Answer | None, goals: Sequence[Record]) -> Record | None:
    if answer is None:
        return None
    return next((g for g in goals if g.id == answer.goal_id), None)


async def find_corrected(
    memory: Any,
    message: dict[str, Any],
    now: datetime,
    window: timedelta,
    language: Language,
    bot_name: str,
    replying: bool = False,
) -> tuple[Answer, Record, Record] | None:
    """The answer ``message`` corrects (:func:`language.repairs.find_correction`; ``replying``: it
    replies to one of Eko's messages): the new answer, the goal and the fact given within
    ``window``, by the message's author or holding the value the message takes back ("22h30 pas
    22h45": the fact saying 22h45, whoever gave it). Only a fact learned from that goal alone (never
    merged with another, never said by anyone else): replacing it loses nothing."""
    answered = await memory.list("goal", status="answered", limit=_ASKED_LIMIT)
    recent = [
        g for g in answered if g.updated_at is not None and timedelta(0) <= now - g.updated_at <= window
    ]
    for goal in sorted(recent, key=lambda g: g.updated_at or now, reverse=True):
        try:
            fact = await memory.get(goal.answer_fact_id or "")
        except RecordNotFound:
            continue
        if fact.goal_id != goal.id or fact.seen_count != 1 or not fact.author or goal.updated_at is None:
            continue
        answer = find_correction(
            said(message, now),
            asked_question(goal),
            fact.author,
            goal.updated_at,
            window=window,
            language=language,
            bot_name=bot_name,
            replying=replying,
            corrected=fact.text,
        )
        if answer is not None:
            return answer, goal, fact
    return None
