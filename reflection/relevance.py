"""Cheap relevance checks between Lobby messages and memory records (no model).

Memory's ``score`` is the dense cosine of the packaged English model, which is noisy on French
small talk: "il fait beau aujourd'hui" reaches 0.52 against an unrelated fact while "c'était quoi le
nom du village de maman ?" scores 0.38 against "La mère de David vient de Besançon" (measured
2026-11-22). So a record counts only when the dense score AND memory's lexical terms agree (stems and
the colloquial concept table: "maman" meets "mère", "village" meets "vient de"), or when the dense
score alone is very high.
"""

from __future__ import annotations

import re

from memory.learning import fold, is_common_word
from memory.records import Record, ScoredRecord
from memory.sparse import terms

# A window message makes a record a candidate for the opportunity evaluation with one shared term
# and this dense score, or with this dense score alone.
CANDIDATE_MIN_SCORE = 0.3
CANDIDATE_SURE_SCORE = 0.75
# A fact answers a question offline with this dense score, two shared terms (one when the question
# has a single content word) and every name of the question in the fact.
ANSWER_MIN_SCORE = 0.35
ANSWER_SHARED_TERMS = 2

_NAME = re.compile(r"[^\W\d_][\w'’-]*")


def _record_terms(record: Record) -> set[str]:
    return set(terms(f"{record.text} {record.about or ''}"))


def shared_terms(text: str, record: Record) -> set[str]:
    return set(terms(text)) & _record_terms(record)


def is_candidate(text: str, hit: ScoredRecord) -> bool:
    """Whether ``hit`` is related enough to the message ``text`` to deserve the model's attention."""
    if hit.score >= CANDIDATE_SURE_SCORE:
        return True
    return hit.score >= CANDIDATE_MIN_SCORE and bool(shared_terms(text, hit.record))


def answers(question: str, hit: ScoredRecord, bot_name: str) -> bool:
    """Whether the fact ``hit`` can be given as the answer to ``question`` without a model."""
    if hit.score < ANSWER_MIN_SCORE:
        return False
    question_terms = {t for t in terms(question) if not t.startswith("~")}
    needed = min(ANSWER_SHARED_TERMS, len(question_terms))
    if needed == 0 or len(shared_terms(question, hit.record)) < needed:
        return False
    haystack = fold(f"{hit.record.text} {hit.record.about or ''}")
    names = [
        word
        for word in _NAME.findall(question)
        if word[0].isupper() and not is_common_word(word) and fold(word) != fold(bot_name)
    ]
    return all(fold(name) in haystack for name in names)
