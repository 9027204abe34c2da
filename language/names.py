"""Names in a message: which capitalised words name someone or something unknown, and what people
tell Eko about itself. Rules only, used by the learning flow and by the answer path."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from language.mentions import mention_spans
from language.text import COMMON_WORDS, Language, fold, folded_words

# A name: a capitalised word (letters, optional inner - or '), e.g. "Corentin", "Jean-Marc".
_WORD = re.compile(r"[@#]?[^\W\d_][\w'’-]*", re.UNICODE)
_SENTENCE_END = re.compile(r"[.!?…]+\s*$")
_ACRONYM = re.compile(r"^[A-Z0-9]{2,6}$")
# Capitalised words: candidate names and topics for the offline summary.
_CAPITALISED = re.compile(r"(?<![\w'’])([A-ZÀ-ÖØ-Þ][\w’'-]+)")
_LETTER_WORDS = re.compile(r"[^\W\d_][\w'’-]*")
# Sentence-initial words that are never an answer on their own.
_DETERMINERS = folded_words(
    "le la les l un une des il elle ils elles on ce c cette the a an he she it they this"
)


# Words before a name that say it is a thing (a project, a product), not a person.
_THING_BEFORE: dict[Language, frozenset[str]] = {
    "fr": folded_words(
        "sur projet projets appli app application outil produit site le la les l du des un une "
        "plan offre repo lib librairie framework service client boîte boite startup société"
    ),
    "en": folded_words(
        "on project app application tool product site the a an plan repo library framework service "
        "client company startup"
    ),
}
# Words before a name that say it is a person.
_PERSON_BEFORE: dict[Language, frozenset[str]] = {
    "fr": folded_words("avec à a selon merci salut coucou bonjour demande dis comme pote collègue chez"),
    "en": folded_words("with to according thanks hi hello ask tell like colleague friend"),
}
# Words right after a name that say it is a person ("Corentin a dit", "Simon pense").
_PERSON_AFTER: dict[Language, frozenset[str]] = {
    "fr": folded_words(
        "a dit pense trouve bosse travaille arrive vient est m'a t'a nous va veut sait part revient "
        "était etait avait"
    ),
    "en": folded_words("said says thinks works is was has had wants knows told asked"),
}

# "Eko, tu es le bot de l'équipe" → "Eko est le bot de l'équipe" (second person → third person).
_SELF_VERBS: dict[str, tuple[tuple[re.Pattern[str], str], ...]] = {
    "fr": tuple(
        (re.compile(rf"^(?:tu\s+|t['’]\s*){pattern}\b", re.IGNORECASE), third)
        for pattern, third in (
            (r"es", "est"),
            (r"as", "a"),
            (r"peux", "peut"),
            (r"ne\s+peux\s+pas", "ne peut pas"),
            (r"dois", "doit"),
            (r"sais", "sait"),
            (r"sers\s+à", "sert à"),
            (r"fais", "fait"),
            (r"parles", "parle"),
            (r"connais", "connaît"),
            (r"t['’]appelles", "s'appelle"),
            (r"aimes", "aime"),
            (r"vis", "vit"),
            (r"habites", "habite"),
            (r"n['’]es\s+pas", "n'est pas"),
            (r"n['’]as\s+pas", "n'a pas"),
        )
    ),
    "en": tuple(
        (re.compile(rf"^you\s+{pattern}\b|^you['’]{pattern}\b", re.IGNORECASE), third)
        for pattern, third in (
            (r"are", "is"),
            (r"re", "is"),
            (r"have", "has"),
            (r"ve", "has"),
            (r"can", "can"),
            (r"can['’]t", "can't"),
            (r"cannot", "cannot"),
            (r"should", "should"),
            (r"must", "must"),
            (r"know", "knows"),
            (r"speak", "speaks"),
            (r"like", "likes"),
            (r"live", "lives"),
            (r"were", "was"),
        )
    ),
}


@dataclass(frozen=True)
class NameMention:
    """An unknown name found in a message, with the rules' guess of what it is."""

    name: str
    is_person: bool


def _fold(word: str) -> str:
    return fold(word.strip("@#'’"))


def _is_capitalised(word: str) -> bool:
    core = word.lstrip("@#")
    return bool(core) and core[0].isupper()


def find_unknown_names(
    text: str,
    known_names: Iterable[str] = (),
    language: Language = "fr",
    bot_name: str = "Eko",
) -> list[NameMention]:
    """Capitalised names and projects in ``text`` that are not in ``known_names``.

    Consecutive capitalised words form one name ("Kraken FM"). A word that starts a sentence is
    only taken when ``@``-prefixed or followed by a word that says it is a person ("Corentin a
    dit"): otherwise any sentence starter would become a curiosity.
    """
    known = {_fold(name) for name in known_names} | {_fold(bot_name)}
    common = COMMON_WORDS[language]
    words = list(_WORD.finditer(text))
    found: list[NameMention] = []
    seen: set[str] = set()
    index = 0
    while index < len(words):
        match = words[index]
        word = match.group()
        if not _is_capitalised(word) or _fold(word) in common or _fold(word) in known:
            index += 1
            continue
        # extend to "Kraken FM", "Jean Dupont"
        group = [match]
        while index + len(group) < len(words):
            nxt = words[index + len(group)]
            gap = text[group[-1].end() : nxt.start()]
            if gap.strip() or not _is_capitalised(nxt.group()) or _fold(nxt.group()) in common:
                break
            group.append(nxt)
        index += len(group)
        name = _POSSESSIVE.sub("", " ".join(m.group().lstrip("@#") for m in group)).strip("'’-")
        if len(name) < 2 or _fold(name) in known or _fold(name) in seen:
            continue  # "Dmitri's favourite film": Dmitri, whom the Lobby knows
        before_text = text[: match.start()]
        if _after_a_place_preposition(before_text, language):
            continue  # "I'm in Bristol", "j'habite à Lyon": a place, no one to ask about
        starts_sentence = not before_text.strip() or bool(_SENTENCE_END.search(before_text))
        previous = _previous_word(before_text)
        after = fold(words[index].group()) if index < len(words) else ""
        explicit = word.startswith("@")
        person_after = after in _PERSON_AFTER[language]
        if previous is not None and _fold(previous) == _fold(bot_name):
            starts_sentence = True  # "Eko, Corentin ..." : the name starts what is said to the bot
        if starts_sentence and not (explicit or person_after):
            continue
        seen.add(_fold(name))
        person = _guess_person(group, previous, after, explicit, language) and not _works_at(
            before_text, language
        )
        found.append(NameMention(name, person))
    return found


# The English possessive closing a name ("Dmitri's", "Priya’s").
_POSSESSIVE = re.compile(r"['’]s$", re.IGNORECASE)
# Prepositions before a place's name: always ("en Islande", "in Bristol", "near Vannes"), or after a
# verb of being, living, going or coming ("je suis à Lyon", "il vient de Brest"; not "dis à Paul").
_PLACE_PREPOSITIONS: dict[Language, frozenset[str]] = {
    "fr": folded_words("en dans vers pres"),
    "en": folded_words("in near from"),
}
_PLACE_AFTER_VERB: dict[Language, frozenset[str]] = {
    "fr": folded_words("a au aux de d du"),
    "en": folded_words("to at"),
}
_VERBS_OF_PLACE: dict[Language, frozenset[str]] = {
    "fr": folded_words(
        """suis es est sommes etes sont etait habite habites habitent habitait vit vis vivent vivait
        vais va vont allons part pars partent partons rentre rentres rentrent vient viens viennent
        venait originaire basee base basees bases nee ne grandi demenage demenagent installee installe"""
    ),
    "en": folded_words("go goes going went moved move moving live lives lived based am is are was were"),
}


def _two_words_before(before_text: str) -> list[str]:
    """The last two words before a name, folded, without the elided word they may open with
    ("j'habite" → "habite") and an elided word alone as its letters ("d'" → "d")."""
    words = [fold(word) for word in _WORD.findall(before_text)[-2:]]
    return [re.split(r"['’]", word.rstrip("'’"))[-1] for word in words]


def _after_a_place_preposition(before_text: str, language: Language) -> bool:
    """The words before a name put it after a preposition of place (see ``_PLACE_PREPOSITIONS``)."""
    words = _two_words_before(before_text)
    if not words:
        return False
    if words[-1] in _PLACE_PREPOSITIONS[language]:
        return True
    return _verb_then(words, _VERBS_OF_PLACE[language], _PLACE_AFTER_VERB[language])


# Working for an organisation: "bosse chez Qonto", "works at Qonto", "travaille pour Alan".
_EMPLOYER_PREPOSITIONS: dict[Language, frozenset[str]] = {
    "fr": folded_words("chez pour"),
    "en": folded_words("at for"),
}
_VERBS_OF_WORK: dict[Language, frozenset[str]] = {
    "fr": folded_words(
        "bosse bosses bossent bossait travaille travailles travaillent travaillait taffe stage"
    ),
    "en": folded_words("work works working worked employed intern interning"),
}


def _works_at(before_text: str, language: Language) -> bool:
    """The words before a name say it employs someone (see ``_EMPLOYER_PREPOSITIONS``)."""
    return _verb_then(
        _two_words_before(before_text), _VERBS_OF_WORK[language], _EMPLOYER_PREPOSITIONS[language]
    )


def _verb_then(words: list[str], verbs: frozenset[str], prepositions: frozenset[str]) -> bool:
    """The two words before a name are one of ``verbs`` and one of ``prepositions``."""
    return len(words) == 2 and words[0] in verbs and words[1] in prepositions


def _previous_word(before_text: str) -> str | None:
    words = _WORD.findall(before_text)
    return words[-1] if words else None


def _guess_person(
    group: Sequence[re.Match[str]], previous: str | None, after: str, explicit: bool, language: Language
) -> bool:
    names = [m.group().lstrip("@#") for m in group]
    if explicit:
        return True
    if any(_ACRONYM.match(n) or any(c.isdigit() for c in n) for n in names):
        return False  # "Kraken FM", "Ralph V2": a product
    previous_folded = fold(previous or "").split("'")[-1].split("’")[-1]
    if previous_folded in _THING_BEFORE[language]:
        return False
    if previous_folded in _PERSON_BEFORE[language] or after in _PERSON_AFTER[language]:
        return True
    return len(names) == 1  # a lone capitalised word mid-sentence is most often a first name


def self_statement(text: str, bot_name: str = "Eko", language: Language = "fr") -> str | None:
    """What ``text`` tells the bot about itself, in the third person, or None.

    ``"Eko, tu es le bot de l'équipe"`` → ``"Eko est le bot de l'équipe"``. Only statements
    addressed to the bot by name count; questions do not ("Eko, tu es là ?" → None).
    """
    spans = mention_spans(text, bot_name)
    if not spans or text.rstrip().endswith("?"):
        return None
    start, end = spans[0]
    # "Eko, tu es ..." (name first) or "tu es ..., Eko" (name last)
    if not text[:start].strip(" \t,;:!-"):
        said = text[end:]
    elif not text[end:].strip(" \t,;:!.-"):
        said = text[:start]
    else:
        return None
    said = said.strip(" \t,;:!-").rstrip(" ,;:")
    for pattern, third_person in _SELF_VERBS[language]:
        match = pattern.match(said)
        if match:
            rest = said[match.end() :].strip()
            if not rest.strip(".!… "):
                return None
            return f"{bot_name} {third_person} {rest}"
    return None


def main_entity(text: str, language: Language = "fr", bot_name: str = "Eko") -> str | None:
    """The first capitalised name in ``text`` (a person or a project), if any."""
    names = find_unknown_names(text, (), language, bot_name)
    return names[0].name if names else None


def capitalised_words(text: str, sentence_start: bool = False) -> list[str]:
    """Capitalised words (likely names and projects); sentence starters only with ``sentence_start``."""
    words = []
    for match in _CAPITALISED.finditer(text):
        before = text[: match.start()].rstrip()
        if not sentence_start and (not before or before[-1] in ".!?…:"):
            continue
        words.append(match.group(1).strip("'’-"))
    return words


def short_answer(fact_text: str, question: str, exclude: set[str]) -> str:
    """The answer inside a fact when it is one name the question lacks ("Besançon"), else the fact.

    Only a name among the last words of the fact counts (French and English put the new
    information last: "La mère de David vient de Besançon"); ``exclude`` holds names that cannot be
    the answer (who asks, who the fact is about).
    """
    asked = {fold(word) for word in _LETTER_WORDS.findall(question)}
    excluded = {fold(name) for name in exclude} | asked
    words: list[str] = _LETTER_WORDS.findall(fact_text)
    names = [w for w in words if w[:1].isupper() and fold(w) not in excluded and fold(w) not in _DETERMINERS]
    unique = list(dict.fromkeys(names))
    if len(unique) == 1 and unique[0] in words[-3:]:
        return unique[0]
    return fact_text.strip().rstrip(".!")
