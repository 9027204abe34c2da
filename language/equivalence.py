"""Whether two records say the same thing (duplicate detection). Pure functions, no I/O, no LLM.

A single cosine threshold on a small English embedding model cannot tell "Qui est Corentin ?" /
"Je me demande qui est Corentin" (same) from "Qui est Corentin ?" / "Qui est Simon ?" (different):
both pairs are close in the vector space. So the dense similarity is only one signal; the decision
first applies cheap, explainable vetoes that a wrong merge would violate:

* **entities** (capitalised names, acronyms) — each side naming someone the other does not mention
  is a substitution ("Corentin" vs "Simon");
* **numbers** (digits and number words) — two different amounts or dates are two facts;
* **question intent** (qui/who, où/where, quand/when, combien/how much, pourquoi/why, comment/how,
  quoi/what) — "Qui est Corentin ?" and "Où travaille Corentin ?" ask different things;
* **negation** — "Simon aime le café" vs "Simon n'aime pas le café";
* **same template, another slot** — the content words line up one for one except a swapped word
  ("le film préféré" vs "le livre préféré", "la mère" vs "le père").

What survives is compared by cosine with a threshold that depends on how the content words relate
(same words, one side adds a detail, both sides reworded) and on the kind. Thresholds are calibrated
on ``memory/quality/dedup_set.jsonl`` with cross-validation (see ``memory/quality/dedup.py``).
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from dataclasses import dataclass
from difflib import SequenceMatcher
from functools import lru_cache
from typing import Literal

from language.text import fold, name_key

# What a record is, for the rules: a statement about someone (fact), about Eko (self), or a question.
Kind = Literal["fact", "self", "goal"]
Relation = Literal["same", "detail", "reworded", "slot"]

# Below this cosine, a stored record is not even considered as a duplicate candidate.
CANDIDATE_FLOOR: dict[Kind, float] = {"fact": 0.25, "self": 0.25, "goal": 0.25}

# Cosine needed to merge, per kind and per relation between the content words (calibrated).
THRESHOLDS: dict[Kind, dict[Relation, float]] = {
    # Same content words (after synonyms): only a very different embedding keeps them apart.
    # One side adds a detail: a fact absorbs it (the richer text is kept); a question with one more
    # constraint is usually another question, so goals need a near-identical embedding.
    "fact": {"same": 0.25, "detail": 0.5, "reworded": 0.9, "slot": 0.95},
    "self": {"same": 0.25, "detail": 0.5, "reworded": 0.9, "slot": 0.95},
    "goal": {"same": 0.275, "detail": 0.925, "reworded": 0.975, "slot": 0.975},
}

_TOKEN = re.compile(r"\d+(?:[.,]\d+)?|[^\W\d_]+|[$€%£]")

# Function words of French and English: they carry no content of their own.
_STOPWORD_TEXT = """
    le la les l un une des de du d au aux a à et ou en dans sur sous pour par avec sans chez
    vers ce cet cette ces c ça ca se s son sa ses mon ma mes ton ta tes notre nos votre vos leur
    leurs il elle ils elles on je j me m moi tu te t toi nous vous lui y que qu est sont être
    suis es sommes êtes était étaient été ai as avons avez ont avait eu fait faire font si tout
    tous toute toutes chaque très aussi déjà encore quel quelle quels quelles lequel laquelle
    ceci cela depuis peux peut pouvons pouvez peuvent sais sait the a an of to in on at for by
    with from into and or is are was were be been being am do does did has have had it its this
    that these those i me my mine you your he she him his her we us our they them their which
    whose there here than then so just also very can could will would shall should may might
    must some any each every per about since much many don doesn didn isn aren wasn weren couldn
    won wouldn haven hasn
    h am pm
"""
_STOPWORDS = frozenset(_STOPWORD_TEXT.split())

# Words that make a sentence politer or vaguer without changing what it says.
_FILLERS = frozenset(
    [
        "exactement",
        "vraiment",
        "juste",
        "justement",
        "precisement",
        "finalement",
        "donc",
        "alors",
        "bien",
        "mieux",
        "demande",
        "demander",
        "savoir",
        "aimerais",
        "voudrais",
        "veux",
        "veut",
        "voulais",
        "comprendre",
        "truc",
        "chose",
        "choses",
        "exactly",
        "really",
        "actually",
        "just",
        "wonder",
        "know",
        "want",
        "wanted",
        "wish",
        "understand",
        "better",
        "thing",
        "things",
        "curious",
        "curieux",
        "curieuse",
    ]
)

_NEGATIONS = frozenset(
    [
        "ne",
        "n",
        "pas",
        "jamais",
        "plus",
        "rien",
        "aucun",
        "aucune",
        "personne",
        "not",
        "no",
        "never",
        "cannot",
        "nothing",
    ]
)
# "plus" is a negation only next to "ne"; alone it is "more" (handled in _polarity).

# Question words → intent. "quel/which" stays neutral: "Dans quelle entreprise travaille X ?" asks "where".
_INTENTS: dict[str, str] = {
    "qui": "who",
    "who": "who",
    "whom": "who",
    "ou": "where",
    "where": "where",
    "quand": "when",
    "when": "when",
    "combien": "how_much",
    "pourquoi": "why",
    "why": "why",
    "comment": "how",
    "how": "how",
    "quoi": "what",
    "what": "what",
}
_QUESTION_PHRASES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\bqu est ce (que|qui)\b|\bqu est ce\b|\bce qu (est|etait)\b"), "what"),
    (re.compile(r"\bhow (much|many)\b"), "how_much"),
    (re.compile(r"\bsince when\b|\bdepuis quand\b"), "since_when"),
    (re.compile(r"\bd ou\b"), "where"),
)

# Number words (articles such as "un"/"one" are left out on purpose: "un stand-up" is not a count).
_NUMBER_WORDS: dict[str, str] = {
    "deux": "2", "trois": "3", "quatre": "4", "cinq": "5", "six": "6", "sept": "7", "huit": "8",
    "neuf": "9", "dix": "10", "onze": "11", "douze": "12", "vingt": "20", "trente": "30",
    "quarante": "40", "cinquante": "50", "cent": "100", "mille": "1000",
    "two": "2", "three": "3", "four": "4", "five": "5", "seven": "7", "eight": "8",
    "nine": "9", "ten": "10", "eleven": "11", "twelve": "12", "twenty": "20", "thirty": "30",
    "forty": "40", "fifty": "50", "hundred": "100", "thousand": "1000",
}  # fmt: skip

# Everyday synonyms (colloquial French, and the English word for the commonest relations), mapped
# to one canonical form so rewordings compare equal. Generic vocabulary only: no project names.
_SYNONYMS: dict[str, str] = {
    # family
    "maman": "mere", "mother": "mere", "mom": "mere", "mum": "mere",
    "papa": "pere", "father": "pere", "dad": "pere",
    "frangin": "frere", "brother": "frere", "frangine": "soeur", "sister": "soeur",
    "femme": "epouse", "wife": "epouse", "husband": "mari", "son": "fils", "daughter": "fille",
    "enfants": "enfant", "gosses": "enfant", "gamins": "enfant", "kids": "enfant", "kid": "enfant",
    "children": "enfant", "child": "enfant",
    # work and life
    "bosse": "travaille", "bosser": "travaille", "taffe": "travaille", "works": "travaille",
    "work": "travaille", "working": "travaille", "worked": "travaille",
    "boulot": "travail", "taf": "travail", "job": "travail",
    "boite": "entreprise", "societe": "entreprise", "company": "entreprise", "firm": "entreprise",
    "vit": "habite", "lives": "habite", "live": "habite", "living": "habite",
    "adore": "aime", "likes": "aime", "like": "aime", "loves": "aime", "love": "aime",
    "hates": "deteste", "hate": "deteste",
    "prefere": "prefere", "favourite": "prefere", "favorite": "prefere", "prefers": "prefere",
    "code": "ecrit", "codee": "ecrit", "written": "ecrit", "writes": "ecrit",
    "uses": "utilise", "use": "utilise", "using": "utilise", "used": "utilise",
    "rejoint": "arrive", "joined": "arrive", "join": "arrive", "arrived": "arrive",
    "become": "devenu", "became": "devenu", "devient": "devenu", "devenir": "devenu",
    "meet": "rencontre", "met": "rencontre", "comes": "vient", "come": "vient",
    "search": "cherche", "ask": "pose", "asks": "pose", "browse": "navigue", "access": "acces",
    "summarise": "resume", "summarize": "resume", "facts": "fait", "people": "personne",
    "person": "personne", "movie": "film", "book": "livre", "bike": "velo", "music": "musique",
    "language": "langage", "editor": "editeur", "coffee": "cafe", "tea": "the", "day": "jour",
    "week": "semaine", "month": "mois", "most": "maximum", "online": "ligne", "radio": "radio",
    "prix": "coute", "tarif": "coute", "cost": "coute", "costs": "coute", "coutent": "coute",
    "price": "coute",
    "monday": "lundi", "tuesday": "mardi", "wednesday": "mercredi", "thursday": "jeudi",
    "friday": "vendredi", "saturday": "samedi", "sunday": "dimanche",
    "january": "janvier", "february": "fevrier", "march": "mars", "april": "avril", "may": "mai",
    "june": "juin", "july": "juillet", "august": "aout", "september": "septembre",
    "october": "octobre", "november": "novembre", "december": "decembre",
    "$": "dollar", "dollars": "dollar", "€": "euro", "euros": "euro", "£": "livre_sterling",
    "ans": "an", "years": "an", "year": "an", "old": "an",
    "team": "equipe", "project": "projet", "meeting": "reunion",
    "freelancer": "freelance", "independant": "freelance", "indep": "freelance",
    "name": "nom", "appelle": "nom", "called": "nom",
    "memory": "memoire", "internet": "web",
}  # fmt: skip

# Months and weekdays are values like numbers: "en septembre 2019" is not "en novembre 2019".
_MONTHS = (
    ("janvier", "january"), ("fevrier", "february"), ("mars", "march"), ("avril", "april"),
    ("mai",), ("juin", "june"), ("juillet", "july"), ("aout", "august"), ("septembre", "september"),
    ("octobre", "october"), ("novembre", "november"), ("decembre", "december"),
)  # fmt: skip
_DAYS = (
    ("lundi", "monday"), ("mardi", "tuesday"), ("mercredi", "wednesday"), ("jeudi", "thursday"),
    ("vendredi", "friday"), ("samedi", "saturday"), ("dimanche", "sunday"),
)  # fmt: skip
_CALENDAR: dict[str, str] = {
    **{name: f"month:{number}" for number, names in enumerate(_MONTHS, 1) for name in names},
    **{name: f"day:{number}" for number, names in enumerate(_DAYS, 1) for name in names},
}

_ENTITY_NOISE = frozenset({"i", "je", "j"})


def _stem(word: str) -> str:
    """A light suffix stripper so "travaille"/"travaillent"/"travailler" and "dollar"/"dollars" meet."""
    for suffix in (
        "ements",
        "ement",
        "ations",
        "ation",
        "aient",
        "ait",
        "ant",
        "ent",
        "ers",
        "er",
        "es",
        "s",
        "e",
    ):
        if len(word) - len(suffix) >= 3 and word.endswith(suffix):
            return word[: -len(suffix)]
    return word


@dataclass(frozen=True)
class Analysis:
    """What the decision needs to know about one text."""

    folded: str  # the folded tokens joined by spaces
    content: tuple[str, ...]  # content words, canonical and stemmed, in order
    entities: frozenset[str]  # names and acronyms (folded, stemmed words; "eva morel" is one name)
    entity_words: frozenset[str]
    entity_counts: tuple[tuple[str, int], ...]  # how often each name word occurs
    canonical_text: str  # every canonical token, space-separated and space-padded
    numbers: frozenset[str]
    intents: frozenset[str]
    negated: bool
    all_words: frozenset[str]  # every canonical, stemmed token (for "mentioned anywhere" checks)
    by_prefix: dict[str, frozenset[str]]  # words of 5+ letters by their first 5 (for near matches)


def _canonical(folded: str) -> str:
    if folded in _NUMBER_WORDS:
        return _NUMBER_WORDS[folded]
    if folded in _SYNONYMS:
        return _stem(_SYNONYMS[folded])
    if folded[:1].isdigit():
        return folded.replace(",", ".")
    return _stem(folded)


@lru_cache(maxsize=16384)
def analyse(text: str) -> Analysis:
    raw_tokens = _TOKEN.findall(unicodedata.normalize("NFKC", text).replace("’", "'"))
    folded = [fold(token) for token in raw_tokens]
    joined = " ".join(folded)
    content: list[str] = []
    numbers: set[str] = set()
    all_words: set[str] = set()
    canonicals: list[str] = []
    runs: list[list[str]] = []  # consecutive capitalised words: one name ("Eva Morel", "Kraken FM")
    previous_was_name = False
    for position, (raw, word) in enumerate(zip(raw_tokens, folded, strict=True)):
        calendar = _CALENDAR.get(word) or _CALENDAR.get(word.removesuffix("s"))
        canonical = calendar or _canonical(word)
        all_words.add(canonical)
        canonicals.append(canonical)
        is_name = False
        if calendar or canonical[:1].isdigit():
            numbers.add(canonical)
            content.append(canonical)
            previous_was_name = False
            continue
        # Stop words are matched with their accents: "thé" is tea, "the" is an article.
        lowered = raw.casefold()
        if lowered in _STOPWORDS or word in _FILLERS or word in _NEGATIONS or word in _INTENTS:
            previous_was_name = False
            continue
        content.append(canonical)
        # A capitalised word is a name, unless it only starts the sentence and is an ordinary word.
        is_name = (
            raw[:1].isupper() and word not in _ENTITY_NOISE and (position > 0 or word not in _COMMON_STARTS)
        ) or (len(raw) > 1 and raw.isupper())
        if is_name:
            if previous_was_name:
                runs[-1].append(canonical)
            else:
                runs.append([canonical])
        previous_was_name = is_name
    entities = {" ".join(run) for run in runs}
    intents = {_INTENTS[word] for word in folded if word in _INTENTS}
    for pattern, intent in _QUESTION_PHRASES:
        if pattern.search(joined):
            intents.add(intent)
    if "since_when" in intents:
        intents.discard("when")
        intents.discard("where")  # "d'où" never appears in "depuis quand"
    if "how_much" in intents:
        intents.discard("how")
    if not intents and any(word in _WHICH for word in folded):
        intents.add("which")  # "Quel est le film préféré de X ?": compatible with any wh-question
    if not intents and text.rstrip().endswith("?"):
        intents.add("yes_no")  # "Simon fait du vélo ?" is not "Qui est Simon ?"
    return Analysis(
        folded=joined,
        content=tuple(content),
        entities=frozenset(entities),
        entity_words=frozenset(word for run in runs for word in run),
        entity_counts=tuple(sorted(Counter(word for run in runs for word in run).items())),
        canonical_text=" " + " ".join(canonicals) + " ",
        numbers=frozenset(numbers),
        intents=frozenset(intents),
        negated=_polarity(folded),
        all_words=frozenset(all_words),
        by_prefix=_by_prefix(all_words),
    )


# Capitalised sentence starters that are ordinary words, not names.
_COMMON_STARTS = frozenset(
    [
        "comprendre",
        "pourquoi",
        "comment",
        "combien",
        "depuis",
        "dans",
        "stand",
        "standup",
        "mon",
        "ma",
        "mes",
        "notre",
        "nos",
        "votre",
        "vos",
        "understand",
        "since",
        "how",
        "why",
        "where",
        "when",
        "what",
        "who",
        "which",
    ]
)


def _polarity(folded: list[str]) -> bool:
    words = set(folded)
    if words & {"pas", "jamais", "rien", "aucun", "aucune", "not", "never", "cannot", "nothing", "no"}:
        return True
    if "plus" in words and ({"ne", "n"} & words):
        return True
    return _ENGLISH_NOT.search(" ".join(folded)) is not None


_ENGLISH_NOT = re.compile(r"\b(?:don|doesn|didn|isn|aren|wasn|weren|can|couldn|won|wouldn|haven|hasn) t\b")


def _by_prefix(words: set[str]) -> dict[str, frozenset[str]]:
    groups: dict[str, set[str]] = {}
    for word in words:
        if len(word) >= _NEAR_PREFIX:
            groups.setdefault(word[:_NEAR_PREFIX], set()).add(word)
    return {prefix: frozenset(group) for prefix, group in groups.items()}


_NEAR_PREFIX = 5


def _mentions(word: str, analysis: Analysis) -> bool:
    if word in analysis.all_words:
        return True
    # Near matches share at least their first five letters: only those words are compared.
    return any(_close(word, other) for other in analysis.by_prefix.get(word[:_NEAR_PREFIX], ()))


def _close(a: str, b: str) -> bool:
    """Same word up to a typo or an inflection the stemmer missed (only for longer words)."""
    if min(len(a), len(b)) < _NEAR_PREFIX:
        return False
    prefix = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        prefix += 1
    return prefix >= _NEAR_PREFIX and prefix >= min(len(a), len(b)) - 2


def _unmatched(a: tuple[str, ...], b: Analysis) -> list[str]:
    return [word for word in a if not _mentions(word, b)]


def relation(a: Analysis, b: Analysis) -> Relation:
    """How the content words of two texts relate: identical, one adds a detail, one word swapped in the
    same template (often another object: "film"/"livre"), or both reworded."""
    only_a = _unmatched(a.content, b)
    only_b = _unmatched(b.content, a)
    if not only_a and not only_b:
        return "same"
    if not only_a or not only_b:
        return "detail"
    return "slot" if _slot_swap(a, b) else "reworded"


def veto(kind: Kind, a: Analysis, b: Analysis) -> str | None:
    """The reason two texts cannot be the same record, or None when only similarity can tell."""
    if a.numbers and b.numbers and not (a.numbers <= b.numbers or b.numbers <= a.numbers):
        return "number"
    if any(not _names(e, b) for e in a.entities) and any(not _names(e, a) for e in b.entities):
        return "entity"
    # A question about one more person or thing is another question ("C'est quoi Kraken FM ?" vs
    # "Qu'est-ce que David a mergé sur Kraken FM ?"); a fact naming one more thing adds a detail.
    if kind == "goal" and (
        any(not _names(e, b) for e in a.entities) or any(not _names(e, a) for e in b.entities)
    ):
        return "entity"
    if a.intents and b.intents and not (a.intents & b.intents) and not _which_compatible(a, b):
        return "intent"
    if a.negated != b.negated:
        return "negation"
    if _slot_swap(a, b, names_only=True):
        return "slot"  # "chez lemapp" / "chez Criteo": another name in the same place
    return None


_WHICH = frozenset({"quel", "quelle", "quels", "quelles", "lequel", "laquelle", "which"})


def _which_compatible(a: Analysis, b: Analysis) -> bool:
    """ "Quel/which" can ask for a place, a person or a thing: it only conflicts with a yes/no question."""
    return ("which" in a.intents and "yes_no" not in b.intents) or (
        "which" in b.intents and "yes_no" not in a.intents
    )


def _names(entity: str, other: Analysis) -> bool:
    """Whether ``other`` mentions the name ``entity`` (a multi-word name must appear whole)."""
    if " " not in entity:
        return _mentions(entity, other)
    return f" {entity} " in other.canonical_text


def _slot_swap(a: Analysis, b: Analysis, names_only: bool = False) -> bool:
    """Same template with one word swapped: aligned 1-for-1 replacements inside shared context."""
    matcher = SequenceMatcher(a=a.content, b=b.content, autojunk=False)
    shared = sum(block.size for block in matcher.get_matching_blocks())
    if shared == 0:
        return False
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "replace" or (i2 - i1) != (j2 - j1):
            continue
        for left, right in zip(a.content[i1:i2], b.content[j1:j2], strict=True):
            if left == right or _close(left, right):
                continue
            if (
                names_only
                and a.entity_counts != b.entity_counts
                and (left in a.entity_words or right in b.entity_words)
            ):
                return True  # "déteste Vim" / "déteste Elixir", even if Vim is named elsewhere too
            if _mentions(left, b) or _mentions(right, a):
                continue
            if not names_only or left in a.entity_words or right in b.entity_words:
                return True
    return False


@dataclass(frozen=True)
class Attribution:
    """Who a record is about and who said it: the text alone does not always name its subject."""

    about: str | None = None
    author: str | None = None


UNATTRIBUTED = Attribution()

# First-person words: in "J'ai deux enfants" the subject is whoever said it. Matched on folded
# tokens; "j'"/"m'" keep their apostrophe so a lone "m" (metres) or "J" (an initial) does not count.
_FIRST_PERSON_WORDS = frozenset(
    {"je", "moi", "mon", "ma", "mes", "nous", "notre", "nos"}
    | {"i", "i'm", "im", "me", "my", "mine", "we", "our", "ours", "myself", "ourselves"}
)
_FIRST_PERSON_ELISIONS = re.compile(r"(?<![^\W\d_])[jm]'(?=[^\W\d_])")
_WORDS = re.compile(r"[^\W\d_]+(?:'m)?")


def is_first_person(text: str) -> bool:
    """Whether the speaker is (part of) what ``text`` talks about: "J'ai deux enfants", "My dog"."""
    folded = fold(unicodedata.normalize("NFKC", text).replace("’", "'"))
    if _FIRST_PERSON_ELISIONS.search(folded):
        return True
    return any(word in _FIRST_PERSON_WORDS for word in _WORDS.findall(folded))


def subject_veto(
    kind: Kind, new_text: str, new: Attribution, existing_text: str, existing: Attribution
) -> str | None:
    """Why two records cannot be one because they concern different people, or None.

    The same words about two subjects are two facts: "Il habite à Lyon" about Simon is not the same
    record as about Zoé, and "J'ai deux enfants" said by Alice is not Bob's. A record whose subject
    is unknown (no ``about``, no author) is left to the text checks, as before.
    """
    about_a, about_b = name_key(new.about), name_key(existing.about)
    if about_a and about_b:
        return "about" if about_a != about_b else None
    if about_a or about_b or kind == "self":
        # A self record speaks as Eko whoever wrote it down: its first person is always Eko.
        return None
    author_a, author_b = name_key(new.author), name_key(existing.author)
    speakers_differ = bool(author_a and author_b and author_a != author_b)
    if speakers_differ and (is_first_person(new_text) or is_first_person(existing_text)):
        return "speaker"
    return None


def is_equivalent(
    kind: Kind,
    new_text: str,
    existing_text: str,
    cosine: float,
    new: Attribution = UNATTRIBUTED,
    existing: Attribution = UNATTRIBUTED,
) -> bool:
    """True when ``new_text`` says the same thing as ``existing_text`` (so it must be merged).

    ``new`` and ``existing`` say who each record is about and who said it; different subjects
    never merge, however alike the texts (see :func:`subject_veto`).
    """
    if subject_veto(kind, new_text, new, existing_text, existing) is not None:
        return False
    a, b = analyse(new_text), analyse(existing_text)
    if a.folded == b.folded:
        return True
    thresholds = THRESHOLDS[kind]
    if cosine < min(thresholds.values()) or veto(kind, a, b) is not None:
        return False
    return cosine >= thresholds[relation(a, b)]


def richer_text(kept: str, incoming: str) -> str:
    """The text a merged record keeps: the more informative of the two (never lose a detail).

    ``incoming`` replaces ``kept`` only when it says everything ``kept`` says and more
    ("Mickael est CTO" → "Mickael est CTO chez lemapp depuis 2024"); otherwise ``kept`` stays and the
    caller records ``incoming`` as a variant.
    """
    old, new = analyse(kept), analyse(incoming)
    missing_from_new = _unmatched(old.content, new)
    extra_in_new = _unmatched(new.content, old)
    if not missing_from_new and extra_in_new:
        return incoming
    return kept
