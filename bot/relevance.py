"""Offline mode: is a fact found by memory search good enough to be quoted as the answer?

A dense cosine threshold alone cannot tell (measured on memory's retrieval set with the packaged
English model: right answers to colloquial French questions score from 0.35 to 0.87, unrelated
facts up to 0.65). Three checks together can:

1. the dense score is at least :data:`MIN_SCORE` (:data:`MIN_SCORE_ONE_WORD` for a fact and a
   question with a single content word);
2. at least two words of the question (one when it has a single content word) meet the fact
   lexically, through memory's sparse terms (stems and the colloquial concept table, so "maman"
   meets "mère");
3. every name in the question (a capitalised word that is not a common word) is in the fact or is
   what the fact is about: "l'anniversaire de Simon" is not answered by Sarah's birthday.

Calibration (docs/bot.md): of 70 questions with a known answer, 55 get it, 9 get "I do not
know"; of 20 questions nothing answers, 18 get "I do not know".
"""

from __future__ import annotations

import re

from memory.learning import fold, is_common_word
from memory.records import ScoredRecord
from memory.sparse import terms

MIN_SCORE = 0.35
MIN_SHARED_WORDS = 2
# A question with a single content word ("c'est quoi Kraken ?") has less to check: ask more of it.
MIN_SCORE_ONE_WORD = 0.6

_WORD = re.compile(r"[^\W_]+", re.UNICODE)


def question_names(question: str, bot_name: str = "Eko") -> list[str]:
    """Capitalised words of ``question`` that are names (not common words, not the bot)."""
    return [
        word
        for word in _WORD.findall(question)
        if word[0].isupper() and not is_common_word(word) and fold(word) != fold(bot_name)
    ]


def shared_words(question: str, text: str) -> list[str]:
    """Words of ``question`` that share a sparse term (stem or concept) with ``text``."""
    text_terms = set(terms(text))
    return sorted({word for word in _WORD.findall(question) if set(terms(word)) & text_terms})


def content_words(question: str) -> int:
    return len({word for word in _WORD.findall(question) if terms(word)})


def answers_question(
    question: str, hit: ScoredRecord, bot_name: str = "Eko", min_score: float = MIN_SCORE
) -> bool:
    """True when ``hit`` can be quoted as the answer to ``question`` (see the module docstring)."""
    if hit.score < min_score:
        return False
    record = hit.record
    needed = min(MIN_SHARED_WORDS, content_words(question))
    if needed == 0 or len(shared_words(question, record.text)) < needed:
        return False
    # (self records are searched only for questions about Eko itself: already a narrow context)
    if needed == 1 and record.kind != "self" and hit.score < max(min_score, MIN_SCORE_ONE_WORD):
        return False
    haystack = fold(f"{record.text} {record.about or ''}")
    return all(fold(name) in haystack for name in question_names(question, bot_name))
