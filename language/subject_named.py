"""A reply that names the question's subject and states the asked thing about it ("Le bureau de
Lyon est rue X" after "où est le bureau de Lyon ?"): the ``subject_named`` and ``told`` links of
language/answers.py, and whether a reply relates to what was asked besides its subject (the content
words of the question, through stems, concepts and translations). Pure functions.
"""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import pairwise

from language.concepts import synonym_class
from language.facets import (
    PREDICATE_FACETS,
    VALUE_FACETS,
    read_facet,
    stated_facets,
    unasked_words,
)
from language.lexicon import translates
from language.replies import (
    BOTH,
    CLEFT,
    COPULA,
    TIME_ADVERBIAL,
    AskedQuestion,
    asked_channel_value,
    asks_a_description,
    first_clause,
    fold_there_as_here,
    from_a_named_place,
    named_form,
    names_subject,
    same_direction_asked,
    topic_terms,
)
from language.terms import terms
from language.text import (
    FUNCTION_WORDS,
    INTERROGATIVES,
    LETTERS,
    LIGHT_VERBS,
    SUPPORT_VERBS,
    WHO_WORDS,
    Language,
    fold,
    fold_with_map,
    folded_words,
    tokens,
)
from language.value_shapes import PLACE_WORDS, SHAPES, fits_facet, only_a_name

# Without Eko's name or a reply reference, a preference is stated with a word of liking or a copula.
_PREFERENCE_CUE = {
    "fr": re.compile(r"\b(?:prefere\w*|favori\w*|adore\w*|aime\w*|kiffe\w*|c'est|est)\b"),
    "en": re.compile(r"\b(?:favou?rite|prefer\w*|love\w*|like\w*|is|it's)\b"),
}
# After a copula, these start a state or a circumstance, not a description ("est en vacances"),
# working or not among them ("Kestrel is down again", "le VPN est HS").
_NOT_DESCRIPTION = {
    "fr": r"en|a|au|aux|dans|sur|sous|pas|plus|ici|encore|toujours|deja|d'accord|occupe\w*|ferme\w*|"
    r"parti\w*|malade|absent\w*|desole\w*|partant\w*|ok|hs|down|up|casse\w*|plante\w*|tombe\w*|"
    r"repare\w*|lent\w*|de retour|revenu\w*",
    "en": r"in|on|at|not|no|busy|sorry|late|here|there|ok|okay|fine|away|off|closed|out|still|already|"
    # a verb in the progressive says what one is doing, not who one is ("Joséphine is selling her
    # old tractor": blind set of a cheese dairy)
    r"down|up|broken|offline|online|back|dead|slow|fixed|\w+ing",
}


def names_and_states(text: str, question: AskedQuestion, language: Language) -> bool:
    """The reply names the question's subject and states the asked thing about it: in words when
    the question has some besides the subject and does not ask what the subject is ("habite":
    "Malik est en réunion" does not say where he lives), else a description of the subject."""
    if not (
        question.subject
        and names_subject(text, question.subject)
        and preference_cued(text, question.facet, language)
    ):
        return False
    head = _head_before_a_place(question)
    if head is not None and head not in set(terms(text)) and not _has_copula(text, language):
        # the subject is a place situating the noun asked about ("c'est qui le médecin référent des
        # dialyses à Mercy ?"): naming the place and a word of the question, with neither that noun
        # nor a copula stating something, is not answering ("Départ 10h15 Steve + Kader, retour
        # dialyse Mercy…" was stored as the doctor: probe conversation of an ambulance company)
        return False
    if question.facet == "contact" and _CHANNEL.search(fold(text)) is None:
        # a way to reach the subject is a number, an address or a channel named: "mdr Gégé le
        # week-end il est au rugby" was stored as Gégé's number (probe conversation of a garage)
        return False
    if question.facet in PREDICATE_FACETS and question.facet in stated_facets(text):
        return True  # its predicate states the kind asked ("Bettina est originaire de Mulhouse")
    if asks_who(question) and (_cleft_light_verb(text) or _cleft_on_subject(text, question)):
        return True  # "c'est Capucine qui fait la paie" to "qui s'occupe de la paie ?"
    if question.facet in _ASKS_A_PERSON and _named_after_subject(text, question):
        return True  # "le cargo c'est Lucas qui l'a depuis mardi" to "qui a le cargo en ce moment ?"
    if question.facet == "place" and (
        not any(char.isupper() for char in question.subject) or _PUT.search(fold(question.text))
    ):
        # where a thing is kept, put or found, whatever verb asked it: a copula and a place after
        # the thing named ("the gas canisters are in the locked cage" to "where are the spare gas
        # canisters kept in the shop?"); a person "is at" a place for a while, not where they live
        return states_about(text, question, language)
    # a value asked with its subject alone besides the asking words ("combien on facture un balayage
    # ?": "Le balayage c'est 85€…", probe conversation of a hair salon) is stated by a copula after
    # the subject and a value of the shape asked (states_about)
    valued = question.facet in VALUE_FACETS and not _named_besides_the_asking(question)
    return (
        relates_to_asked(text, question, language)
        or not topic_terms(question)
        or asks_a_description(question)
        or valued
    ) and states_about(text, question, language)


def _has_copula(text: str, language: Language) -> bool:
    """``text`` states something with a copula, in either language ("c'est", "est", "is")."""
    folded = fold(text)
    return any(re.search(rf"(?<![\w']){COPULA[lang]}\s", folded) for lang in BOTH[language])


def _head_before_a_place(question: AskedQuestion) -> str | None:
    """The term of the first noun of the question when its subject is a place after a preposition
    of place ("médecin" in "c'est qui le médecin référent des dialyses à Mercy ?"), else None."""
    words = tokens(question.text)
    subject = tokens(question.subject or "")
    at = next((i for i in range(len(words)) if words[i : i + len(subject)] == subject), None)
    if not subject or at is None or at == 0 or words[at - 1] not in _PLACE_PREPOSITIONS:
        return None
    cues = cue_terms(question.text)
    for word in words[: at - 1]:
        found = [term for term in terms(word) if term not in cues]
        if word not in FUNCTION_WORDS and word not in INTERROGATIVES and found:
            return found[0]
    return None


_PLACE_PREPOSITIONS = folded_words("a au aux en in at")


# What reaching someone is said with: digits, an address, a channel or the words naming one.
_CHANNEL = re.compile(
    r"\d|@|\b(?:e ?mail|mail|slack|teams|whatsapp|signal|telegram|sms|texto|tel|telephone|portable|"
    r"phone|mobile|numero|number|joignable|reachable|appel\w*|call\w*|ring|text)\b"
)


# Participles of putting somewhere: what they ask of is a thing, whatever its name ("où elle est
# garée la Titine ?", the garage's loan car: probe conversation).
_PUT = re.compile(r"\b(?:garee?s?|rangee?s?|posee?s?|stockee?s?|laissee?s?|parked|kept|stored|left)\b")


def _cleft_light_verb(text: str) -> bool:
    """A cleft (:data:`CLEFT`) whose verb is a light verb (faire, do): it stands for any doing of
    what it names, whichever verb the question asked with ("c'est Capucine qui fait la paie" to
    "qui s'occupe de la paie ?", "qui gère la paie ?")."""
    found = CLEFT.match(fold(text))
    return found is not None and found.group(2) in LIGHT_VERBS


def _cleft_on_subject(text: str, question: AskedQuestion) -> bool:
    """Asked with a support verb (:data:`SUPPORT_VERBS`: the noun says what is done), a cleft
    whose verb, any verb, takes the question's subject as its object: it says who does that ("c'est
    Margaux qui gère la commande des dégaines" to "qui passe la commande des dégaines ?": probe
    conversation of a climbing gym). The subject right after the verb, not anywhere after it
    ("c'est Paul qui m'a dit que la commande…"); asked with another verb, that verb is what is
    asked ("qui a créé Anémone ?" is not answered by who maintains it)."""
    folded = fold(text)
    found = CLEFT.match(folded)
    if found is None or not question.subject:
        return False
    verb, end = found.group(2), found.end()
    reflexive = _REFLEXIVE_VERB.match(folded, found.start(2))
    if reflexive is not None:  # "c'est moi qui m'occupe du crafting"
        verb, end = reflexive.group(1), reflexive.end()
    # … or with the question's own verb ("c'est Julie qui a les CP" to "qui a les CP cette année ?":
    # probe conversation of a school), or both saying who is in charge of it ("c'est moi qui gère
    # le crafting" to "qui est en charge du crafting ?": probe conversation of a game studio)
    asked = tokens(question.text)
    same_verb = any(word == "qui" and verb == found.group(2) for word, verb in pairwise(asked))
    in_charge = synonym_class(verb) == _IN_CHARGE and any(synonym_class(word) == _IN_CHARGE for word in asked)
    if not (set(asked) & SUPPORT_VERBS or same_verb or in_charge):
        return False
    subject = re.escape(fold(question.subject))
    return (
        re.match(
            rf"\s+(?:(?:de |d'|du |des )?(?:le |la |les |l'|the |our |notre |nos )?){subject}\b",
            folded[end:],
        )
        is not None
    )


# A verb after its reflexive pronoun, as folded ("s'occupe", "m'occupe").
_REFLEXIVE_VERB = re.compile(r"[smt]'(\w+)")
_IN_CHARGE = "in_charge"  # the synonym class of being in charge of a thing (language/concepts.py)


def _named_besides_the_asking(question: AskedQuestion) -> set[str]:
    """:func:`topic_terms` without the words that ask the facet ("prix", "coûte", "combien")."""
    # the subject's words read as the question's are ("2e" is the tokens "2", "e": probe
    # conversation of a school, "le conseil d'école du 2e trimestre" named "2" besides it)
    subject = question.subject or ""
    return set(terms(" ".join(unasked_words(question.text)))) - set(terms(" ".join(tokens(subject))))


def asks_who(question: AskedQuestion) -> bool:
    return bool(set(tokens(question.text)) & WHO_WORDS)


ASKED_PEOPLE = frozenset({"agent", "identity", "participant"})


def gives_asked_channel(text: str, question: AskedQuestion) -> bool:
    """The reply holds a value of the channel a contact question asks (a phone number for "le numéro
    de Paulin", an address for "le mail de Paulin"), never of the other one."""
    return asked_channel_value(text, question) is not None


def relates_to_asked(
    text: str, question: AskedQuestion, language: Language, besides: str | None = None
) -> bool:
    """The reply carries a content word of the question besides ``besides`` (its subject, unless
    told another person: its author, when the author is whom the subject belongs to). When the
    question qualifies what it asks ("la couleur préférée", "le film préféré"), the qualifier must
    be there: sharing only the words that ask the facet ("préférée") is saying the same kind of
    thing about something else ("ma voiture préférée c'est la Clio")."""
    asked = terms_asked(question, besides)
    if asked & set(terms(_with_unit_names(text))):
        return True
    if _derives_one_of(text, question.text, asked):
        return True  # "La fermeture du refuge c'est le 28 septembre" to "le refuge ferme quand ?"
    # … or its translation, the team writing both languages ("Mon légume préféré c'est le
    # chou-fleur" to "what's Gwenaëlle's favourite vegetable?": probe conversation of a farm co-op)
    return _translates_one_of(text, question.text, asked)


# Symbols of units of measure and the words that name them (the SI's and chat's closed set): "60W"
# says the watts asked ("il fait combien de watts le laser ?": probe conversation of a fablab),
# "per kg" the kilo ("combien coûte la Cuvée Gentiane au kilo ?": fifth answers set, dev half).
_UNIT_NAMES = {
    "kg": "kilo",
    "km": "kilometre",
    "w": "watts",
    "kw": "kilowatts",
    "l": "litre",
    "cl": "centilitre",
    "ml": "millilitre",
    "g": "gramme",
    "m": "metre",
    "cm": "centimetre",
    "mm": "millimetre",
}
_UNIT_SYMBOL = re.compile(
    r"(?<=\d)\s?(kg|km|kw|w|l|cl|ml|g|m|cm|mm)\b"
    # a symbol of two letters also after what a price is counted by ("per kg", "le kg", "/kg")
    r"|(?:(?<=\bper )|(?<=\bpar )|(?<=\ble )|(?<=\bau )|(?<=/))\s?(kg|km|kw|cl|ml|cm|mm)\b",
    re.IGNORECASE,
)


def _with_unit_names(text: str) -> str:
    """``text`` with its unit symbols written as words ("60W" → "60 watts", "per kg" → "per kilo")."""
    return _UNIT_SYMBOL.sub(lambda found: " " + _UNIT_NAMES[(found.group(1) or found.group(2)).lower()], text)


def _derives_one_of(text: str, asked: str, asked_terms: set[str]) -> bool:
    """A word of ``text`` is derived from a word of ``asked`` whose term is one of ``asked_terms``,
    the asked word of five letters or more whole at its start: a noun of the asked verb
    ("fermeture" of "ferme", "ouverture" of "ouvre" does not: probe conversation of a mountain
    hut)."""
    asked_words = {word for word in tokens(asked) if len(word) >= 5 and set(terms(word)) & asked_terms}
    told = {word for word in tokens(text) if word not in FUNCTION_WORDS}
    return any(b.startswith(a) and b != a for a in asked_words for b in told)


def _translates_one_of(text: str, asked: str, asked_terms: set[str]) -> bool:
    """A word of ``text`` translates a word of ``asked`` whose term is one of ``asked_terms``."""
    asked_words = {word for word in tokens(asked) if set(terms(word)) & asked_terms}
    told = {word for word in tokens(text) if word not in FUNCTION_WORDS}
    return any(_translated(a, b) for a in asked_words for b in told)


def _translated(a: str, b: str) -> bool:
    """One folded word translates the other (language.lexicon: the English one must be English)."""
    return a != b and (translates(a, b) or translates(b, a))


def terms_asked(question: AskedQuestion, besides: str | None = None) -> set[str]:
    """What the question asks about its subject (``besides``, unless told another person): its
    qualifiers, else its topic, the content words the subject does not use (see relates_to_asked)."""
    outsider = question.subject if besides is None else besides
    topic = set(terms(question.text)) - set(terms(outsider or ""))
    return (topic - cue_terms(question.text)) or topic


@lru_cache(maxsize=1024)
def cue_terms(question: str) -> frozenset[str]:
    """The terms of the words that ask the question's facet ("préférée", "habite", "prix")."""
    reading = read_facet(question)
    return frozenset(terms(" ".join(reading.words[i] for i in sorted(reading.cue_positions))))


def preference_cued(text: str, facet: str | None, language: Language) -> bool:
    folded = fold(text)
    cued = any(_PREFERENCE_CUE[lang].search(folded) for lang in BOTH[language])
    return facet != "preference" or cued


def states_about(text: str, question: AskedQuestion, language: Language) -> bool:
    """The reply states what was asked about the subject it names: it carries a content word of
    the question besides the subject, or describes the subject with a copula right after it
    ("Corentin est dev chez lemlist"; for a place, "le bureau de Rouen est rue X") when that is
    what was asked."""
    if relates_to_asked(text, question, language):
        return True
    if same_direction_asked(text, question):
        return True  # "Ismaël arrive le 2 septembre" to "quand commence Ismaël ?"
    if gives_asked_channel(text, question):
        return True  # the very number or address asked ("Baudouin c'est le 06 71 42 88 19")
    if question.facet in _ASKS_A_PERSON and _named_after_subject(text, question):
        return True  # "les clés du minibus c'est Yann qui les a" to "c'est qui qui a les clés du minibus ?"
    if question.facet == "origin" and from_a_named_place(text, question):
        return True  # "Hattie est anglaise, de Taunton" to "d'où vient Hattie ?"
    shaped = False
    if question.facet == "place":
        after = PLACE_WORDS
    elif question.facet in SHAPES and not _named_besides_the_asking(question):
        # The subject is all the question names ("quand est l'anniversaire de Marc ?", "c'est quoi
        # le prix de Rhubarbe ?"): a copula right after it and a value of the facet's shape
        # (checked by find_answer) state it.
        after = {lang: r"\w" for lang in BOTH[language]}
        shaped = True
    elif asks_a_description(question) or (question.facet == "agent" and not topic_terms(question)):
        # a role asked by its holder ("qui est le lead de Cormoran ?"): the role, a copula, a name,
        # or a name, a copula and the role ("Julie est la lead de Cormoran")
        if question.facet == "agent" and _names_the_holder(text, question, language):
            return True
        after = {lang: rf"(?!(?:{_NOT_DESCRIPTION[lang]})\b)\w" for lang in BOTH[language]}
    else:
        return False
    subject = re.escape(fold(named_form(text, question.subject or "") or question.subject or ""))
    # the copula after a space, or contracted onto the subject before a determiner or a preposition
    # ("Tove's our new PO", "Tove's in Tromsø"; "Tove's cat" is hers), in either language: people
    # switch to English in a French room ("Berthe is the cellar master": blind set of a cheese dairy)
    here = fold_there_as_here(text)
    stated = None
    for lang in BOTH[language]:
        stated = re.search(
            # (an adverbial of time may follow the subject: "le veto de garde ce week-end c'est…")
            rf"(?<!\w){subject}(?:{TIME_ADVERBIAL})?"
            rf"(?:\s*,?\s+(?:il |elle |it )?|(?=['’]s\s+{_AFTER_CONTRACTED_IS}\b))"
            rf"{COPULA[lang]}\s+(?=(?:{after[lang]}))",
            here,
        )
        if stated is not None:
            break
    if stated is None:
        return False
    if shaped and not fits_facet(first_clause(here[stated.end() :]), question.facet, language):
        return False  # "Rhubarbe c'est nul, 3 bugs par jour": what the copula says is no price
    # "Paul est en réunion", "à la cafét'": of a person, a state or a moment, not where one lives
    # ("le bureau est au premier étage" still says where a thing is)
    return question.facet != "place" or not (only_a_name(question.subject or "") and _IN_A_STATE.search(text))


# What follows "'s" when it is "is" rather than a possessive: a determiner, a preposition or an
# adverb (closed classes).
_AFTER_CONTRACTED_IS = (
    r"(?:our|the|a|an|my|his|her|their|your|in|at|from|on|with|not|still|now|currently|also|just|based)"
)


# Questions asking who is or does something: those of ASKED_PEOPLE but a participant ("avec qui…"
# asks a companion, which "X c'est Yann" does not tell).
_ASKS_A_PERSON = ASKED_PEOPLE - {"participant"}


def _named_after_subject(text: str, question: AskedQuestion) -> bool:
    """The subject, "c'est" or "it's", and a name right after: who it is, said of the subject put
    first (probe conversation of a sailing school: "Eko, les clés du minibus c'est Yann qui les a
    jusqu'à dimanche" answered nothing)."""
    subject = re.escape(fold(named_form(text, question.subject or "") or question.subject or ""))
    if not subject:
        return False
    folded, index = fold_with_map(text)
    # an adverbial of time may follow the subject ("l'astreinte du week-end c'est Ludo" to "c ki ki
    # fait l'astreinte samedi dimanche": probe conversation of a plumbing firm, replayed)
    found = re.search(
        rf"(?<!\w){subject}(?:{TIME_ADVERBIAL})?\s*,?\s+(?:c'est|ch'est|c est|it's|it is|ce sont)\s+", folded
    )
    if found is None or found.end() >= len(index):
        return False
    name = LETTERS.match(text[index[found.end()] :])
    return name is not None and only_a_name(name.group(0))


def _names_the_holder(text: str, question: AskedQuestion, language: Language) -> bool:
    """A name, a copula and the role asked ("Julie est la lead de Cormoran")."""
    role = re.escape(fold(question.subject or ""))
    pattern = rf"^(\S+(?:\s+\S+)?)\s+{COPULA[language]}\s+(?:le |la |l'|the )?{role}\b"
    found = re.match(pattern, fold(text))
    return found is not None and only_a_name(text[: len(found.group(1))])


# A copula, then a preposition and a lowercase word: where someone is for now ("est en réunion",
# "est à la cafét'", "is in a meeting"), not a place's name ("est en Bretagne", "est à Lyon").
_IN_A_STATE = re.compile(
    r"\b(?:est|sont|suis|is|are|am)\s+(?:en|à|a|au|aux|dans|in|at)\s+"
    r"(?:(?:la|le|les|un|une|an|the)\s+|l['’])?(?!(?:la|le|les|un|une|an|the)\s)[a-zà-ÿ]"
)
