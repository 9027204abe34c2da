"""Whether a stored fact answers a question, and whether a message relates to a record (no model).

A dense cosine threshold alone cannot tell (measured on memory's retrieval set with the English
model Eko used first: right answers to colloquial French questions scored from 0.35 to 0.87,
unrelated facts up to 0.65). Three checks together can (:func:`answers`):

1. the dense score is at least :data:`MIN_SCORE` (:data:`MIN_SCORE_ONE_WORD` for a fact and a
   question with a single content word); a record of what Eko knows about itself, searched only
   for a question about Eko, is judged by its words alone: the model reads "qui t'a créé ?" and
   "Eko a été créé par David" as unrelated (0.13), second person against third;
2. at least two words of the question (one when it has a single content word) meet the fact
   lexically, through the weighted terms (stems and the colloquial concept table, so "maman"
   meets "mère");
3. every name in the question (a capitalised word that is not a common word) is in the fact or is
   what the fact is about: "l'anniversaire de Simon" is not answered by Sarah's birthday.

A fact learned as the answer to a curiosity carries the goal's subject and facet: the question
asked again — the same facet of the same subject (:func:`language.curiosity.read_curiosity`, the
subjects compared as the duplicate rules compare them), every content word of it in the fact
besides the words that ask ("sert à quoi", "combien coûte"), every name too — is answered by it
whatever the dense score (:func:`asks_again`): "c'est qui le DPO ?" scored 0.27 against "DPO :
it's Claire Martin from legal (d'après Tom)", and an unrelated fact 0.54.

The bot quotes facts with it; reflection's activity window answers open questions with it.
The scores are the default embedding model's (memory/use_encoder.py), calibrated on the dev halves
and regression sets of memory's retrieval sets, each question asked with its fact stored and
again with it left out (`eko memory eval search` prints the outcome; docs/bot.md, "Offline
answers").
"""

from __future__ import annotations

import re
from functools import lru_cache

from language.curiosity import Curiosity, read_curiosity
from language.equivalence import same_subject, subject_key
from language.facets import (
    ANSWERED_BY,
    VAGUE_FACETS,
    VALUE_FACETS,
    facet_of,
    states_another_facet,
    states_only_other_facets,
    unasked_words,
)
from language.terms import acronyms, terms
from language.text import CALENDAR, fold, is_common_word
from language.value_shapes import fits_facet

MIN_SCORE = 0.25
MIN_SHARED_WORDS = 2
# A question with a single content word ("c'est quoi Kraken ?") has less to check: ask more of it.
MIN_SCORE_ONE_WORD = 0.6
# A window message makes a record a candidate for the opportunity evaluation with one shared term
# and this dense score, or with this dense score alone. Below MIN_SCORE: a fact the offline answer
# could quote is always among the candidates.
CANDIDATE_MIN_SCORE = MIN_SCORE - 0.05
CANDIDATE_SURE_SCORE = 0.75

_WORD = re.compile(r"[^\W_]+", re.UNICODE)


def question_names(question: str, bot_name: str = "Eko") -> list[str]:
    """Capitalised words of ``question`` that are names (not common words, not the bot)."""
    return [
        word
        for word in _WORD.findall(question)
        if word[0].isupper() and not is_common_word(word) and fold(word) != fold(bot_name)
    ]


def shared_words(question: str, text: str) -> list[str]:
    """Words of ``question`` that share a term (stem or concept) with ``text``; a day or a month
    only with itself, in either language: the concept that lets "quel jour ?" meet "mardi" does
    not make Wednesday Tuesday ("le cours de yoga du mercredi il est à quelle heure ?" was
    answered with the competition wall's opening "le mardi 14, on commence à 8h": probe
    conversation of a climbing gym)."""
    text_terms = set(terms(text))
    # the days and months the text names, and None: a word naming neither meets any text
    named = {_calendar(word) for word in _WORD.findall(text)} | {None}
    return sorted(
        {
            word
            for word in _WORD.findall(question)
            if set(terms(word)) & text_terms and _calendar(word) in named
        }
    )


def _calendar(word: str) -> str | None:
    """The day or month a word names ("mercredi", "Wednesdays" → "day:3"), or None."""
    folded = fold(word)
    return CALENDAR.get(folded) or CALENDAR.get(folded.removesuffix("s"))


def content_words(question: str) -> int:
    return len({word for word in _WORD.findall(question) if terms(word)})


def answers(
    question: str,
    text: str,
    score: float,
    *,
    about: str | None = None,
    about_bot: bool = False,
    bot_name: str = "Eko",
    min_score: float = MIN_SCORE,
    facet: str | None = None,
) -> bool:
    """True when the record ``text`` (about ``about``, found with dense ``score``) can be quoted as
    the answer to ``question`` (see the module docstring). ``about_bot``: a record of what Eko knows
    about itself, searched only for questions about Eko (already a narrow context). ``facet``: the
    facet of the goal the fact answered, when it was learned from an answer."""
    text = without_attribution(text)
    if facet is not None and asks_again(question, text, about, facet, bot_name):
        return True
    if facet is not None and not _facets_agree(_asked_facet(question, bot_name), facet):
        return False  # learned as the date of the demo, it does not say who the contact is
    if score < min_score and not about_bot:
        return False
    needed = min(MIN_SHARED_WORDS, content_words(question))
    if needed == 0 or len(shared_words(question, text)) < needed:
        return False
    if needed == 1 and not about_bot and score < max(min_score, MIN_SCORE_ONE_WORD):
        return False
    if not about_bot and not _gives_asked_kind(question, text):
        return False
    fact = f"{text} {about or ''}"
    return _names_in(question, fact, bot_name) and _subject_met(question, fact, bot_name)


def _subject_met(question: str, fact: str, bot_name: str) -> bool:
    """The fact (its text and what it is about) meets the subject the question asks about: two
    words of time shared ("à quelle heure commence le yoga le mercredi ?", "le mardi 14, on
    commence à 8h") do not make the wall's opening the yoga class (probe conversation of a climbing
    gym). Measured on the retrieval sets' offline quotes: three wrong quotes fewer (two on the third
    dev half, one on the fourth test half), one right one fewer (blind dev)."""
    subject = _asked_subject_terms(question, bot_name)
    if not subject:
        return True
    # (by their first five letters too: "majoration" meets "majorées", which stem apart)
    said = set(terms(fact))
    return bool(subject & said) or any(
        len(asked) >= 5 and len(term) >= 5 and asked[:5] == term[:5] for asked in subject for term in said
    )


@lru_cache(maxsize=1024)  # one question is checked against every fact the search found
def _read(question: str, bot_name: str) -> Curiosity | None:
    """The question as a curiosity: read once, whatever facts the search found for it."""
    return read_curiosity(question, bot_name=bot_name)


@lru_cache(maxsize=1024)
def _asked_subject_terms(question: str, bot_name: str) -> frozenset[str]:
    asked = _read(question, bot_name)
    if asked is None or not asked.subject:
        return frozenset()
    return frozenset(terms(asked.subject))


# Who said a learned fact, closing it ("… (d'après Rachid)", "… (according to Tom)"): the speaker
# is no word of what the fact says ("Rachid il est de perm quel samedi ?" was answered with the
# library's Saturday closing time, which Rachid had given: probe conversation of a library).
_ATTRIBUTION = re.compile(r"\s*\((?:d['’]apr[eè]s|according to)\s[^()]*\)\s*$", re.IGNORECASE)


def without_attribution(text: str) -> str:
    """A fact's text without who said it, closing it."""
    return _ATTRIBUTION.sub("", text)


_PRICES = frozenset({"price", "amount"})
_PRICED = re.compile(r"\d(?:[\d\s.,]*\d)?\s*(?:€|%|\$|£|euros?\b|eur\b|chf\b|dollars?\b)", re.IGNORECASE)


def _gives_asked_kind(question: str, text: str) -> bool:
    """The fact has what the question asks for when that is a value (a date for "quand", a number
    for "combien": :func:`language.value_shapes.fits_facet`), and does not state another facet through
    its predicate ("Octave travaille chez Ledger" is not his job)."""
    asked = facet_of(question)
    if asked in VALUE_FACETS and not fits_facet(text, asked, "fr"):
        return False
    if states_only_other_facets(asked, text) and not (asked in _PRICES and _PRICED.search(text)):
        # "il y a 22 postes au bureau de Bordeaux" does not say where it is; a price asked for, which
        # the fact gives with its currency or as a percentage, is given whatever else it places
        # ("Heure sup le samedi : majorées à 50%, c'est dans l'accord de la boîte" to "la
        # majoration des heures sup du samedi c'est combien ?": probe conversation of a shipyard)
        return False
    return not states_another_facet(asked, text)


@lru_cache(maxsize=1024)  # one question is checked against every fact the search found
def _asked_facet(question: str, bot_name: str) -> str:
    asked = _read(question, bot_name)
    return asked.facet if asked is not None else facet_of(question)


# Facets that tell the same thing in other words, besides ANSWERED_BY: a time of day is a date's,
# who someone is or who does a thing both ask a person ("who's running the migration?"), and a
# price and a count are both numbers a fact often gives together ("49 € par siège, et on a 12
# sièges": its shape is checked, _gives_asked_kind).
_ALIKE = (
    frozenset({"date", "hours"}),
    frozenset({"identity", "agent"}),
    frozenset({"price", "quantity", "amount"}),
)


def _facets_agree(asked: str, learned: str) -> bool:
    """A fact learned as the answer to a ``learned`` question may answer an ``asked`` one: either
    is unknown ("other"), they are one facet, one answers the other (ANSWERED_BY, _ALIKE), or the
    learned one was vague and a value is asked."""
    if "other" in (asked, learned) or asked == learned or (learned in VAGUE_FACETS and asked in VALUE_FACETS):
        return True
    return (
        learned in ANSWERED_BY.get(asked, ())
        or asked in ANSWERED_BY.get(learned, ())
        or any({asked, learned} <= alike for alike in _ALIKE)
    )


def asks_again(question: str, text: str, about: str | None, facet: str, bot_name: str = "Eko") -> bool:
    """``question`` asks again what the fact ``text`` (about ``about``) was learned to answer: the
    same facet of the same subject, and every content word and name of the question is in the fact
    or its subject ("quel est le plat préféré de Bob ?" is not answered by Bob's favourite colour,
    although both ask Bob's preference)."""
    if not about:
        return False
    asked = _read(question, bot_name)
    if asked is None or asked.facet != facet or asked.subject is None:
        return False
    if not same_subject(subject_key(asked.subject), subject_key(about)):
        return False
    joined = f"{text} {about}"
    # The words that ask (the facet's cues: "sert à quoi", "combien coûte") are the facet already
    # matched; every other word says what is asked and must be in the fact.
    # what the message asks, without Eko's name nor what is told around it ("…déjà ? une lectrice
    # m'a demandé")
    said = " ".join(unasked_words(asked.text))
    if len(shared_words(said, joined)) < content_words(said):
        return False
    return _names_in(question, joined, bot_name)


def _names_in(question: str, fact: str, bot_name: str) -> bool:
    """Every name of ``question`` is in ``fact`` (the fact's text and what it is about), or
    abbreviates one of its names ("MBU" for "Mont Blanc Unlimited": :func:`language.terms.acronyms`)."""
    haystack = fold(fact)
    abbreviated = set(acronyms(fact))
    return all(
        fold(name) in haystack or fold(name) in abbreviated for name in question_names(question, bot_name)
    )


def is_candidate(text: str, record_text: str, score: float) -> bool:
    """Whether a record (its text and subject joined) is related enough to the message ``text`` to
    deserve the model's attention: a very high dense score, or a fair one and a shared term."""
    if score >= CANDIDATE_SURE_SCORE:
        return True
    return score >= CANDIDATE_MIN_SCORE and bool(set(terms(text)) & set(terms(record_text)))
