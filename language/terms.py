"""Weighted lexical terms of a text, for the sparse side of hybrid search and the cheap relevance checks.

A text becomes a bag of normalised terms: accents folded, lowercased, French and English stopwords
removed, words cut to a short prefix (a cheap stemmer that works for both languages: "travaille",
"travailler", "travail" share one term). Colloquial and bilingual words map to a shared concept term
through a small table (maman → mère, boulot → travail, mother → mère) so a question asked casually
still meets the fact written plainly.
"""

from __future__ import annotations

import re

from language.concepts import PHRASES, concepts_of
from language.text import fold

# Terms keep at most this many characters: long enough to tell words apart, short enough to join
# inflections ("travaille"/"travailler" → "travai").
PREFIX = 6

_WORD = re.compile(r"[a-z0-9]+")
_TOKEN = re.compile(r"[^\W_]+")

_STOPWORDS_FR = """
a au aux avec ce ces c ca cela celle celui cet cette ci d dans de des du elle elles en et est etait
etre eu il ils j je l la le les leur leurs lui m ma mais me meme mes moi mon n ne ni nos notre nous on
ou par pas pour qu que quel quelle quelles quels qui quoi s sa sans se ses si son sont sur t ta te tes
toi ton tu un une vos votre vous y ont ai as avons avez sera serait suis es sommes etes fait faire
fais comme plus tres tout tous toute toutes aussi alors donc car or bien deja encore ici la-bas
chez vers quand comment pourquoi combien ou-est qu-est-ce estce cest c-est voila ben bah hein euh
genre truc trucs machin chose quelque quelqu peu beaucoup trop ete avait avaient etaient sait sais
savoir dit dire souviens dis font fait faire vrai gros ya deja peut peux veux
"""

_STOPWORDS_EN = """
a an the and or but if of at by for with about against between into through during before after above
below to from up down in out on off over under again further then once here there when where why how
all any both each few more most other some such no nor not only own same so than too very s t can will
just don should now i me my myself we our ours you your yours he him his she her hers it its they them
their what which who whom this that these those am is are was were be been being have has had having
do does did doing would could ought also tell know remember again whats what's who's
"""

STOPWORDS: frozenset[str] = frozenset((_STOPWORDS_FR + _STOPWORDS_EN).split())


def weighted_terms(text: str, name_weight: float = 1.0) -> list[tuple[str, float]]:
    """The lexical terms of ``text`` in order (repeated as they occur), each with its weight.

    Words written with a capital that are neither stopwords nor concept words are taken for names
    (people, projects, places) and weigh ``name_weight``: a question about Mickael is about Mickael.
    """
    result: list[tuple[str, float]] = []
    folded = fold(text)
    for pattern, concept in PHRASES:
        result.extend(("~" + concept, 1.0) for _ in pattern.findall(folded))
    for token in _TOKEN.findall(text):
        for word in _WORD.findall(fold(token)):
            if word in STOPWORDS:
                continue
            concepts = concepts_of(word)
            result.extend(("~" + concept, 1.0) for concept in concepts)
            if len(word) > 1 or word.isdigit():
                is_name = token[:1].isupper() and not concepts
                result.append((word[:PREFIX], name_weight if is_name else 1.0))
    return result


def terms(text: str) -> list[str]:
    """The lexical terms of ``text``, in order, repeated as often as they occur."""
    return [term for term, _ in weighted_terms(text)]
