"""What the value a facet asks for looks like: a date, a number, a place, a cause, an hour, a count.

Closed word classes and digits, no vocabulary of any one subject: :func:`fits_facet` says whether a
reply has the shape of what was asked (a reply to "quand ?" holds a date or a day, one to "combien ?"
a number that is no hour nor a code). The rules of language/answers.py read it before linking a reply
to a question; language/relevance.py reads it to tell a stored fact that answers from one that does
not. Pure functions.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from language.text import (
    CURRENCIES,
    DETERMINERS,
    FUNCTION_WORDS,
    LETTERS,
    MONTHS,
    Language,
    fold,
    folded_words,
    is_common_word,
    sentence_language,
    tokens,
)

# What an answer looks like for the facets whose answers have a shape (any link): a date, a
# number, a place, a cause. Closed word classes and digits, no vocabulary of any one subject.
_NUMBER_WORDS = {
    "fr": r"un|une|deux|trois|quatre|cinq|six|sept|huit|neuf|dix|onze|douze|quinze|vingt|trente|quarante|"
    r"cinquante|soixante|cent|mille|million|dizaine|douzaine|centaine|moitie",
    "en": r"one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|"
    r"fifty|sixty|hundred|thousand|million|dozen|half",
}
DATE_WORDS = {
    "fr": r"janvier|fevrier|mars|avril|mai|juin|juillet|aout|septembre|octobre|novembre|decembre|lundi|"
    r"mardi|mercredi|jeudi|vendredi|samedi|dimanche|demain|hier|aujourd'hui|semaine|mois|an|annee|noel|"
    r"printemps|ete|automne|hiver|debut|fin|mi|matin|midi|soir|nuit|aprem|apres|matinee|soiree",
    "en": r"january|february|march|april|may|june|july|august|september|october|november|december|"
    r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|yesterday|today|week|month|"
    r"year|christmas|spring|summer|autumn|fall|winter|early|late|mid|morning|afternoon|evening|night|noon",
}
PLACE_WORDS = {
    "fr": r"a|au|aux|en|dans|chez|pres|rue|avenue|boulevard|bd|place|quai|chemin|route|etage|batiment|"
    r"cote|face|derriere|devant|entre|sur|sous|vers|nord|sud|est|ouest|centre|"
    # where things are kept (a closed class of storage: "Eko placard de la salle de motricité,
    # étagère du haut" to "où se trouve la valise PPMS ?": probe conversation of a school)
    r"placard|etagere|tiroir|armoire|casier|reserve|remise|cave|grenier|garage",
    "en": r"in|at|on|near|street|st|avenue|road|floor|building|next|behind|opposite|between|downtown|"
    r"north|south|east|west|centre|center|cupboard|shelf|drawer|locker|cabinet|closet|basement|storeroom",
}
_CAUSE_WORDS = {
    "fr": r"parce que|parce qu'|car|a cause|grace a|pour|vu que|puisque|comme|afin",
    "en": r"because|since|as|due to|thanks to|to|for|so that",
}
_CAUSE_CLEFT = {
    "fr": r"^c['’ ]?(?:est|etait) (?!qui\b)\S.*\bqui\s",
    "en": r"^it(?:['’]s| is| was) (?!who\b)\S.*\b(?:that|who)\s",
}
_AGE_UNITS = r"ans?|years?|yo|balais|berges"
# A number that is not a time of day ("15h", "14:30", "20 min"), nor its minutes ("16h30": "30"
# was read as a price, and "Eko, ch'est Karim 👍 lundi et jeudi 16h30" as the price of the evening
# childcare: probe conversation of a nursery school): what a price or an amount is.
_NOT_A_TIME = r"(?<![\d.,:])(?<!\dh)\d(?![\d.,]*\s*(?:h\b|h\d|heures?\b|min\b|minutes?\b|:\d))"
_TIME_OF_DAY_WORDS = {
    "fr": r"midi|minuit|matin|matinee|soir|soiree|aprem|apres midi|nuit|tot|tard|heure|heures",
    "en": r"noon|midnight|morning|evening|afternoon|night|early|late|o'clock|hour|hours|am|pm",
}
# A price: digits (no time), a number in words, free; "un", "une", "one" only before a currency, being
# articles too ("la clé de la cabane c'est Dédé qui l'a, et y a un double accroché dans le bureau"
# was stored as the price of a dozen oysters: probe conversation of an oyster farm).
_ONE = r"un|une|one"
_PRICE = {
    lang: rf"{_NOT_A_TIME}|\b(?!(?:{_ONE})\b)(?:{_NUMBER_WORDS[lang]}|gratuit|free)\b"
    rf"|\b(?:{_ONE})\s+(?:{'|'.join(sorted(CURRENCIES))})\b"
    for lang in ("fr", "en")
}
SHAPES: dict[str, dict[str, str]] = {
    "date": {lang: rf"\d|\b(?:{DATE_WORDS[lang]})s?\b" for lang in ("fr", "en")},  # "les mardis"
    "quantity": {lang: rf"\d|\b(?:{_NUMBER_WORDS[lang]})\b" for lang in ("fr", "en")},
    "price": {lang: _PRICE[lang] for lang in ("fr", "en")},
    "amount": {lang: _PRICE[lang] for lang in ("fr", "en")},
    # an age is a number alone or with its unit ("27 ans", "bientôt 30"), not "2 chats"
    "age": {
        lang: rf"(?:\d+|\b(?:{_NUMBER_WORDS[lang]})\b)\s*(?:{_AGE_UNITS})\b|\d+\s*(?:[^\w\s]|$)"
        for lang in ("fr", "en")
    },
    "place": {lang: rf"\b(?:{PLACE_WORDS[lang]})\b|\d" for lang in ("fr", "en")},
    # a time of day: digits, or the words naming one (a closed class)
    "hours": {lang: rf"\d|\b(?:{_TIME_OF_DAY_WORDS[lang]})\b" for lang in ("fr", "en")},
    # a cause word, or a cleft naming what did it ("c'est le certificat SSL qui a expiré")
    "reason": {lang: rf"\b(?:{_CAUSE_WORDS[lang]})\b|{_CAUSE_CLEFT[lang]}" for lang in ("fr", "en")},
}


# An age said alone: a number, and its unit or none.
_AGE_ALONE = re.compile(rf"\d{{1,3}}(?:\s*(?:{_AGE_UNITS})(?: old)?)?")
# The words a value stands among: determiners and the prepositions of time and measure (a pronoun,
# a copula or a verb makes it a sentence; "on" is the French pronoun too).
_VALUE_FRAME = DETERMINERS | folded_words(
    "de d a à en par pour vers des jusqu in at by per for from to of until"
)


def is_a_value(clause: str, facet: str, language: Language) -> bool:
    """``clause`` is a value of ``facet``'s shape and nothing else (see :func:`only_a_value`)."""
    if facet == "age":  # "34", "34 ans", not "14h30" nor "2 chats"
        return _AGE_ALONE.fullmatch(fold(clause)) is not None
    if not fits_facet(clause, facet, language):
        return False
    others = [word for word in tokens(clause) if not of_a_value(word) and word not in _LIKELY]
    return len(others) <= 1


def of_a_value(word: str) -> bool:
    """A folded word that belongs to a value: a determiner or preposition framing it, a number, a
    number or a date written out."""
    return word in _VALUE_FRAME or word[:1].isdigit() or _NUMBER_OR_DATE_WORD.fullmatch(word) is not None


# A folded word of a number or a date in either language, singular or plural.
_NUMBER_OR_DATE_WORD = re.compile(
    rf"(?:{_NUMBER_WORDS['fr']}|{_NUMBER_WORDS['en']}|{DATE_WORDS['fr']}|{DATE_WORDS['en']})s?"
)


# Adverbs of likelihood a value may come with ("lundi prochain normalement", "le 3 a priori"):
# they qualify how sure the speaker is, not what the value is.
_LIKELY = folded_words(
    "normalement probablement surement theoriquement priori principe doute "
    "normally probably presumably likely"
)


def opens_with_value(folded: str, facet: str | None, languages: Iterable[Language]) -> bool:
    """A folded text opens with a value of the shape ``facet`` asks for (a place preposition, a
    date, a number), read in any of ``languages``; False for a facet of no shape."""
    shape = SHAPES.get(facet or "")
    return shape is not None and any(re.match(shape[lang], folded) for lang in languages)


def fits_facet(text: str, facet: str | None, language: Language) -> bool:
    """An answer to a date, number, price, place or reason question has that shape, read in Eko's
    language and in the answer's own when its words are clearly of the other (wordfreq's vote,
    ``text.sentence_language``): "I live in Vincennes" answers "où habite Tom ?". Not both
    languages always: the English place words would take the French "on" ("on verra")."""
    shape = SHAPES.get(facet or "")
    if shape is None:
        return True
    if facet == "place" and (only_a_name(text) or only_a_name(_FIRST_PIECE.split(text, maxsplit=1)[0])):
        # "Colmar", "Aix-en-Provence": a place named alone, or before what is said of it ("Bergamo 🇮🇹
        # città alta, polenta e tutto": probe conversation of a bistro kitchen)
        return True
    folded = fold(text)
    if facet in _PLACED:
        folded = _HAS.sub(r"\1 has", folded)  # "il a un chat": the verb, not the folded "à"
    if facet in _COUNTED | {"hours", "age"}:
        # a code of letters then digits names a thing ("au T2", "la MK4"), it gives no time, count or
        # age ("c'est moi qui fais le premier vol d'Orly au T2" was the hour Giovanni starts: probe
        # conversation of a taxi company); a date may be one ("en Q1")
        folded = _LETTERS_THEN_DIGITS.sub(" ", folded)
    if facet == "hours":
        # a length of time is no time of day ("Eko, 1h max entre l'enregistrement et la validation"
        # was stored as when Mélanie finishes: probe conversation of a hospital lab)
        folded = _DURATION.sub(" ", folded)
    if facet in _COUNTED:
        folded = _DAY_OF_MONTH.sub(" ", folded)  # "3rd to 5th of June", "le 3 avril": a date, no count
        folded = _LABEL_NUMBER.sub(" ", folded)  # "salle 012", "poste 4412": which one, not how many
    said_in = sentence_language(tokens(text))
    return any(re.search(shape[lang], folded) for lang in {language, said_in or language})


_LETTERS_THEN_DIGITS = re.compile(r"(?<![\w'’])[^\W\d_]+\d+\w*")
# A number of hours or minutes said as a length: a bound after it, or "pendant", "en", "within" before.
_DURATION = re.compile(
    r"\b(?:pendant|durant|en|dans|within|for|in)\s+\d+\s*(?:h|heures?|min|minutes?|hours?|mins?)\b"
    r"|\b\d+\s*(?:h|heures?|min|minutes?|hours?|mins?)\s+(?:max|maxi|maximum|min|mini|minimum|environ|"
    r"de route|de trajet|de delai|tops?|about)\b"
)
# A number naming which one of a kind of place or line (a closed class of nouns numbered so: rooms,
# extensions, doors, floors, lines, numbers), or written with a leading zero: a label, no count
# ("dans l'auditorium Ravel, salle 012" was quoted for "combien de places il y a dans l'auditorium
# Ravel ?": probe conversation of a conservatory).
_LABEL_NUMBER = re.compile(
    r"\b(?:salle|salles|room|poste|ext|bureau|office|porte|door|quai|platform|etage|floor|batiment|bat|"
    r"building|ligne|line|bus|tram|canal|channel|chambre|box|casier|locker|n|no|numero|num|number)"
    r"\s*[°#.]?\s*\d+\w*|(?<![\d,.])0\d+\b"
)
# Where the first piece of a chat message ends: a punctuation mark or an emoji.
_FIRST_PIECE = re.compile(r"\s*(?:[,.!;:]|[\u2600-\u27bf\U0001f000-\U0001faff])")
# Facets whose answer is a place; "a" after a subject pronoun is "avoir", not the folded "à".
_PLACED = frozenset({"place", "origin"})
_HAS = re.compile(r"\b(il|elle|on|ca|y|qui|tu|j|t)\s+a\b")
# Facets whose answer counts (a number, a price): an ordinal or a day of a month is no count.
_COUNTED = frozenset({"quantity", "price", "amount"})
_MONTH_NAMES = "|".join(name for names in MONTHS for name in names)
_DAY_OF_MONTH = re.compile(
    rf"\b\d{{1,2}}(?:st|nd|rd|th|er|eme|e)?(?:\s+(?:of\s+)?(?:{_MONTH_NAMES}))\b"
    rf"|\b(?:{_MONTH_NAMES})\s+\d{{1,2}}(?:st|nd|rd|th)?\b|\b\d+(?:st|nd|rd|th|er|eme|e)\b"
)


def only_a_name(text: str) -> bool:
    """``text`` is a proper name and nothing else: at most four words, capitalised and none a common
    word ("Merci Vianney" is thanks), function words between them ("Aix-en-Provence")."""
    words = LETTERS.findall(text)
    if not 1 <= len(words) <= 4 or not (words[0][0].isupper() and words[-1][0].isupper()):
        return False
    return all((word[0].isupper() and not is_common_word(word)) or word in FUNCTION_WORDS for word in words)
