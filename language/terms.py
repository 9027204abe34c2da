"""Weighted lexical terms of a text, for the sparse side of hybrid search and the cheap relevance checks.

A text becomes a bag of normalised terms: accents folded, lowercased, function words removed
(:data:`STOPWORDS`: the closed categories of :mod:`language.text` and interrogatives), words cut to
a short prefix (a cheap stemmer that works for both languages: "travaille", "travailler",
"travail" share one term). Colloquial and bilingual words map to a shared concept term
through a small table (maman → mère, boulot → travail, mother → mère) so a question asked casually
still meets the fact written plainly.
"""

from __future__ import annotations

import re
from functools import lru_cache

from language.concepts import PHRASES, concepts_of
from language.facets import ANSWERED_BY, asks_attribute, names_organisation, read_facet, stated_facets
from language.text import FILLERS, FUNCTION_WORDS, LIGHT_VERBS, fold, folded_words, is_common_word

# Terms keep at most this many characters: long enough to tell words apart, short enough to join
# inflections ("travaille"/"travailler" → "travai").
PREFIX = 6

FACET_PREFIX = "~f:"
_WORD = re.compile(r"[a-z0-9]+")
_NAME_OF = re.compile(r"\b(?:nom|name)\s+(?:du|de la|de l['’]|des|de|d['’]|of the|of)\s*", re.IGNORECASE)
_TOKEN = re.compile(r"[^\W_]+")

# Words that never make a term: the closed categories of language.text (function words, light
# verbs, fillers), interrogatives, and the verbs that wrap a question ("tu sais…", "remember…").
_QUESTION_WORDS = folded_words(
    """quand comment pourquoi combien ou quel quelle quels quelles qui quoi est-ce c'est voila ya dit dire
    souviens rappelles sais savoir connais veux vrai gros peu beaucoup trop quelque quelqu
    what which who whom when where why how whats tell know remember again"""
)
STOPWORDS: frozenset[str] = FUNCTION_WORDS | LIGHT_VERBS | FILLERS | _QUESTION_WORDS
# "été" is the past participle of "être" (a stopword) except after these, where it is the summer
# ("le séminaire d'été", "cet été", "en été", "l'été"): French grammar, not a word of one text.
_SEASON_DETERMINERS = frozenset({"d", "l", "cet", "en", "cette"})


def facet_terms(text: str, query: bool) -> list[str]:
    """``~f:<facet>`` terms: the facet a question asks (``query``), or the facets a statement gives,
    so "d'où vient Noé ?" meets "Noé a grandi à Brest" through ``~f:origin``."""
    if query:
        asked = read_facet(text).facet
        if asked == "other" or (asked == "definition" and asks_attribute(text)):
            return []
        return [FACET_PREFIX + facet for facet in sorted(ANSWERED_BY.get(asked, {asked}))]
    stated = set(stated_facets(text))
    if names_organisation(text):
        stated.add("employer")  # where someone works, or had an interview: close enough to rank
    if any("travail" in concepts_of(word) for word in _WORD.findall(fold(text))):
        stated.add("role")  # a job or a position is named
    return [FACET_PREFIX + facet for facet in sorted(stated)]


def weighted_terms(text: str, name_weight: float = 1.0, query: bool = False) -> list[tuple[str, float]]:
    """The lexical terms of ``text`` in order (repeated as they occur), each with its weight.

    Words written with a capital that are neither stopwords nor concept words are taken for names
    (people, projects, places) and weigh ``name_weight``: a question about Mickael is about Mickael.
    ``query``: ``text`` is a question (its facet is read from its interrogatives, see
    :func:`facet_terms`).
    """
    return [(term, 1.0) for term in facet_terms(text, query)] + _word_terms(text, name_weight)


def _word_terms(text: str, name_weight: float) -> list[tuple[str, float]]:
    """:func:`weighted_terms` without the facet terms."""
    result: list[tuple[str, float]] = []
    text = _NAME_OF.sub(" ", text)  # "le nom du village" is the village
    folded = fold(text)
    for pattern, concept in PHRASES:
        result.extend(("~" + concept, 1.0) for _ in pattern.findall(folded))
    previous = ""
    for token in _TOKEN.findall(text):
        for word in _WORD.findall(fold(token)):
            summer = word == "ete" and previous in _SEASON_DETERMINERS
            previous = word
            if word in STOPWORDS and not summer:
                continue
            concepts = concepts_of(word)
            result.extend(("~" + concept, 1.0) for concept in concepts)
            if len(word) > 1 or word.isdigit():
                is_name = token[:1].isupper() and not concepts
                result.append((_prefix(word), name_weight if is_name else 1.0))
    result.extend((initials, name_weight) for initials in acronyms(text))
    return result


# A name of several capitalised words, or a compound of two words joined by a hyphen: what its
# initials abbreviate ("Mont Blanc Unlimited" is the "MBU", a "mobil-home" an "MH": probe
# conversations of a ski school and a campsite, whose questions met no fact).
_CAPITALISED_RUN = re.compile(r"(?<![\w'’-])(?:[A-ZÀ-Ý][^\W\d_]*(?:\s+|$)){2,5}")
_TWO_PART_COMPOUND = re.compile(r"(?<![\w'’-])([^\W\d_]{3,})-([^\W\d_]{3,})(?![\w'’-])")


def acronyms(text: str) -> list[str]:
    """The folded initials of the names of several capitalised words and of the two-part hyphenated
    compounds of ``text`` ("mbu" for "Mont Blanc Unlimited", "mh" for "mobil-home"); a stopword
    opening a name is no part of it ("Le Mont Blanc"), and initials that spell a stopword are none."""
    found = []
    for run in _CAPITALISED_RUN.finditer(text):
        words = [fold(word) for word in run.group(0).split()]
        while words and (words[0] in STOPWORDS or is_common_word(words[0])):
            words = words[1:]  # "Le Mont Blanc", "Bonjour Jean": a sentence's first word
        if len(words) >= 2:
            found.append("".join(word[0] for word in words))
    found.extend(fold(first[0] + second[0]) for first, second in _TWO_PART_COMPOUND.findall(text))
    return [initials for initials in found if initials not in STOPWORDS]


def _prefix(word: str) -> str:
    """The first :data:`PREFIX` letters; a plural's of exactly that length loses its "s" or "x"
    first, as a longer plural does by the cut ("fleurs" is "fleur", as "couleurs" is "couleu": "Mes
    fleurs préférées c'est les renoncules" did not relate to "la fleur préférée de Charlotte",
    probe conversation of a florist)."""
    if len(word) == PREFIX and word[-1] in "sx" and not word[:-1].isdigit():
        return word[:-1]
    return word[:PREFIX]


@lru_cache(maxsize=4096)  # a mention asks about its five facts and its words: recent texts suffice
def terms(text: str) -> tuple[str, ...]:
    """The word and concept terms of ``text``, in order, repeated as often as they occur (without the
    facet terms: two texts do not relate because both state a quantity).

    Cached: the relevance and answer rules ask for the terms of the same fact texts and question
    words many times per mention (every hit against every word of the question), on the event loop."""
    return tuple(term for term, _ in _word_terms(text, 1.0))
