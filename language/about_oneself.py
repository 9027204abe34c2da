"""A reply from the very person a question is about, answering it in the first person without
naming Eko ("Ma couleur préférée c'est le bleu" from Bob, "j'habite à Villeurbanne" from Malik,
"c'est moi" to "qui pilote Toucan ?"): the ``subject_author`` link of language/answers.py.
Pure functions.
"""

from __future__ import annotations

import re

from language.facets import (
    VALUE_FACETS,
    stated_facets,
)
from language.questions import is_question
from language.readings import begins, words_match
from language.replies import (
    BORROWED_I_AM_FROM,
    CLAUSE_WORDS,
    CLOSING,
    FIRST_PERSON_VERB,
    I_AM,
    I_LIKE,
    LOCATIVE,
    TITLE_WORDS,
    AskedQuestion,
    asked_preposition,
    asks_base,
    favourite_named,
    first_clause,
    only_a_noun_phrase,
    who_clause_in_third_person,
    without_trailing_symbols,
)
from language.text import (
    DETERMINERS,
    FUNCTION_WORDS,
    INTERROGATIVES,
    Language,
    fold,
    fold_with_map,
    folded_words,
    is_verb_form,
    lemma,
    present_frame,
    tokens,
)
from language.value_shapes import is_a_value, of_a_value, only_a_name

# Being there in the first person, and working or being there asked of someone (closed classes).
_THERE_MYSELF = re.compile(
    r"\b(?:je suis la|je serai la|je serais la|j y suis|j y serai|i m in|i ll be in|i am in|i will be in|"
    r"i m around|i ll be around|i m here|i ll be here)\b"
)
_WORKING_ASKED = re.compile(
    r"\b(?:bosse|bossent|travaille|travaillent|consulte|consultera|est la|sera la|vient|viendra|works?|"
    # staying is being there too ("jusqu'à quand Jake reste en guest chez nous ?": "I'm here until
    # the 28th of June" from Jake, probe conversation of a tattoo studio)
    r"reste|restera|restent|stays?|staying|is in|comes in|around)\b"
)


def there_when_working(text: str, question: AskedQuestion) -> bool:
    """Asked on which days or at what time someone works or is there, a reply in the first person
    saying when they are there, with a value of that kind (probe conversations of a school and a
    dental practice: "Je suis là lundi, mardi, jeudi et vendredi" to "Tom il bosse quels jours ?")."""
    if question.facet not in ("date", "hours"):
        return False
    folded = " ".join(tokens(text))
    return (
        _THERE_MYSELF.search(folded) is not None
        and _WORKING_ASKED.search(" ".join(tokens(question.text))) is not None
        and question.facet in stated_facets(text)  # a day or an hour said, not "dans 5 min"
    )


def began_when_asked_since(text: str, question: AskedQuestion) -> bool:
    """Asked since when, a reply saying when the subject began, with a date ("J'ai commencé ici en
    mars 2019" to "Bastien il bosse ici depuis quand ?": probe conversation of an escape-room
    company): a beginning in other words (readings.begins)."""
    if question.facet != "date" or _SINCE_WHEN.search(fold(question.text)) is None:
        return False
    words = tokens(text)
    # the verb of beginning without an object of its own ("j'ai commencé le vélo en mars" began
    # something else)
    began = next((i for i, word in enumerate(words) if begins([word])), None)
    return (
        began is not None
        and (began + 1 >= len(words) or words[began + 1] not in DETERMINERS)
        and "date" in stated_facets(text)
    )


_SINCE_WHEN = re.compile(r"\b(?:depuis quand|since when|depuis combien de temps|how long)\b")


# Naming oneself as the person asked for: "moi", "c'est moi", "moi 🙋", "c'est moi qui m'en
# occupe", "me", "it's me" (first-person stressed pronouns, a closed class).
# The pronoun alone or before "qui" ("moi, je pense que…" is a topic, not an answer).
ONESELF = re.compile(
    # (and Picard's "ch'est mi": "Eko, ch'est mi, Gérard, départ 13h d'vant l'club-house" to "c'est
    # qui qui conduit l'minibus ?" was stored as where a match is played: probe conversation of a
    # football club in Lens)
    r"^(?:(?:c'est|c est|it's|it is|that's|that is)\s+(?:mi\b)?|ch'est\s+mi\b)?(?:(?<=mi)|moi|me)(?![\w'])"
    r"(?=\s+qui\b|\s+who\b|[^\w]*$|"
    # … or naming themself after it ("c'est moi, Gérard, …")
    r"\s*,\s*[^\W\d_]+\s*,|"
    # the speaker named with whom, since when or where ("c'est moi, avec Lina", "c'est moi depuis
    # mars", "moi, au secrétariat": probe conversation of a town hall, stored as "… : moi")
    r"\s*,?\s*(?:avec|depuis|with|since|au|aux|a|en|at|in)\b|"
    # … or telling what they did, in the first person ("c'est moi, j'ai déposé la demande à la mairie
    # lundi": probe conversation of a removal company, read as not knowing)
    r"\s*,\s*(?:j['’]|je\s|i\s|i['’]))"
)


# What was asked named first, then "c'est moi qui" ("la clé du compresseur c'est moi qui l'ai":
# probe conversation of a dive centre, stored as "Clé du local compresseur : moi qui l'ai").
_ONESELF_AFTER_TOPIC = re.compile(r"^[^?!.]{1,60}?\s+(?:c'est|c est)\s+moi(?=\s+qui\b)")
# "c'est moi le CTO 👋", "it's me, the new designer": the speaker names themself as what follows.
_ONESELF_AS = re.compile(r"^(?:c'est|c est|it's|it is)\s+(?:moi|me)\s*,?\s+((?:le|la|l'|les|the)\s*\w.*)$")


def naming_oneself(text: str, author: str) -> str | None:
    """``text`` with the speaker's name for the pronoun when it names the speaker as the answer
    ("c'est moi" from Sixtine → "c'est Sixtine"; "c'est moi le CTO" from Ambroise → "le CTO c'est
    Ambroise"), else None."""
    folded, index = fold_with_map(text)
    found = ONESELF.match(folded) or _ONESELF_AFTER_TOPIC.match(folded)
    if not author.strip():
        return None
    named_as = _ONESELF_AS.match(folded)
    if found is None and named_as is not None:
        what = without_trailing_symbols(text[index[named_as.start(1)] :]).strip(CLOSING)
        return f"{what} c'est {author.strip()}"
    if found is None:
        return None
    start = found.end() - (2 if folded[found.end() - 2 : found.end()] in ("me", "mi") else 3)
    end = index[found.end()] if found.end() < len(index) else len(text)
    rest = text[end:]
    # the speaker's own name said after it, once is enough ("c'est moi, Gérard, départ 13h…")
    rest = re.sub(rf"^\s*,\s*{re.escape(author.strip())}\s*(?=,)", "", rest, count=1, flags=re.IGNORECASE)
    return (text[: index[start]] + author.strip() + who_clause_in_third_person(rest)).strip()


def measured_with_the_asked_verb(text: str, question: AskedQuestion) -> bool:
    """The reply's first clause opens with "je" and the question's own verb, and gives a number
    ("je fais du 38, mais plutôt 39 en bottines" from Samia to "quelle taille de chaussures fait
    Samia ?": probe conversation of a theatre company): a measure of the speaker asked with that
    verb. Without a number right after the verb ("je fais du théâtre depuis 10 ans") it tells
    something else."""
    said = _after_the_asked_verb(text, question)
    return said is not None and _MEASURE.match(fold(said[1])) is not None


def _after_the_asked_verb(text: str, question: AskedQuestion) -> tuple[str, str] | None:
    """The question's own verb (by lemma) when the reply's first clause opens with "je" and it, folded,
    and what the clause says after it, as written; None when it opens otherwise."""
    clause = first_clause(without_trailing_symbols(text).strip())
    folded, index = fold_with_map(clause)
    opening = FIRST_PERSON_VERB["fr"].match(folded) or FIRST_PERSON_VERB["en"].match(folded)
    if opening is None:
        return None
    # by lemma, or by stem where the lemmas part ("finis" reads as the participle "fini", "finit" as
    # "finir": probe conversation of a hospital lab)
    # (after a subject pronoun a word is a verb, whatever noun it also spells: "Gwen elle part en
    # congés quand ?", probe conversation of a game studio)
    # (and right before the word asking, after a noun, whatever noun it also spells: "Nadia part
    # quand en mission ?", probe conversation of an NGO, where "je pars le 14 avril" was lost)
    asked = tokens(question.text)
    asked_verbs = [
        word
        for i, word in enumerate(asked)
        if is_verb_form(word)
        or (i > 0 and asked[i - 1] in _SUBJECT_PRONOUNS)
        or (
            0 < i < len(asked) - 1
            and asked[i + 1] in INTERROGATIVES
            and word not in FUNCTION_WORDS
            and asked[i - 1] not in FUNCTION_WORDS
        )
    ]
    said = opening.group(1)
    same = any(lemma(said) == lemma(verb) or words_match(said, verb, synonyms=False) for verb in asked_verbs)
    return (said, clause[index[opening.end()] :]) if same else None


def tells_when_with_the_asked_verb(text: str, question: AskedQuestion, language: Language) -> bool:
    """Asked when or at what time, the reply's first clause opens with "je" and the question's own
    verb, then a value of that shape ("je finis à 7h30, mais je reste jusqu'à 8h" from Mélanie to
    "Mélanie elle finit sa garde à quelle heure ?": probe conversation of a hospital lab, lost)."""
    if question.facet not in ("hours", "date"):
        return False
    said = _after_the_asked_verb(text, question)
    if said is None or lemma(said[0]) in _BE_HAVE:
        return False  # "je suis là lundi" to "c'est quand l'anniversaire de Tom ?": the copula asks nothing
    return is_a_value(said[1], question.facet, language)


_BE_HAVE = frozenset({"etre", "avoir", "be", "have"})
_SUBJECT_PRONOUNS = folded_words("il elle on ils elles he she they")


def names_with_the_asked_verb(text: str, question: AskedQuestion) -> bool:
    """Asked which thing ("quel diplôme", "which licence"), the reply's first clause opens with "je"
    and the question's own verb, then a thing written with capitals ("J'ai le BPJEPS voile, option
    multicoques" from Anke to "Anke elle a quel diplôme de monitrice ?": probe conversation of a
    sailing club): the named thing asked. "j'ai une réunion" names nothing."""
    if not set(tokens(question.text)) & _WHICH_WORDS:
        return False
    said = _after_the_asked_verb(text, question)
    named = _NAMED_OBJECT.match(said[1]) if said is not None else None
    return named is not None and sum(char.isupper() for char in named.group(1)) >= 2


_WHICH_WORDS = folded_words("quel quelle quels quelles which what")
# The verb's object: a determiner maybe, then a word opening with a capital or a digit.
_NAMED_OBJECT = re.compile(r"(?:(?:le|la|les|l'|un|une|du|des|mon|ma|mes|the|a|an|my)\s*)?([A-Z0-9][\w-]*)")


# A number right after the verb, as its object ("du 38", "1m80", "environ 70 kg").
_MEASURE = re.compile(r"(?:(?:du|de|d|le|la|les|l|un|une|environ|about|around)\s+)?\d")


def fills_the_asked_preposition(text: str, question: AskedQuestion) -> bool:
    return asked_preposition(fold(without_trailing_symbols(text).strip()), question) is not None


def names_a_place(text: str, question: AskedQuestion) -> bool:
    """The reply's first clause is a preposition of the question's kind and a place's name and
    nothing else ("à Lorient, près du port", "in Leeds", "d'Angers"; for an employer, "chez Alan"),
    after "je" and the question's
    own verb ("je pars en Islande" to "où part Joachim ?") or, for an origin, "je suis" ("je suis
    de Brest"). Asked where someone is based, "je suis" / "I'm" open it too ("I'm in Bristol, near
    the harbour" to "where is Olivia based?") unless the reply says for how long ("je suis à Lyon
    cette semaine": a stay); being somewhere is not living there ("je suis à Nantes" to "où habite
    Gwendal ?")."""
    preposition = LOCATIVE.get(question.facet or "")
    if preposition is None:
        return False
    clause = first_clause(text)
    folded, index = fold_with_map(clause)
    staying = I_AM.match(folded) if asks_base(question) else None
    if staying is not None:
        words = tokens(text)
        if present_frame(words) or set(words) & _FOR_A_TIME:
            return False
        clause = clause[index[staying.end()] :]
    # "moi" may stress the subject first ("moi je suis de Logroño": probe conversation of a wine
    # estate, not taken from the very person asked about)
    opening = re.match(r"(?:moi\s*,?\s*)?(?:je|j['’]|i)\s*([^\W\d_]+)\s+", clause, re.IGNORECASE)
    if opening is not None:
        verb = fold(opening.group(1))
        asked = [word for word in tokens(question.text) if word not in FUNCTION_WORDS]
        if any(words_match(verb, word, False) for word in asked) or (
            question.facet == "origin" and verb in _I_AM_FROM
        ):
            clause = clause[opening.end() :]
    borrowed = BORROWED_I_AM_FROM.match(clause) if question.facet == "origin" else None
    if borrowed is not None:
        # "Sono di Bergamo !", "soy de Logroño", "ich bin aus Freiburg": the languages a team
        # borrows say where one comes from too (probe conversation of a print shop: Giulia's answer
        # was not taken)
        clause = clause[borrowed.end() :]
        preposition = rf"{preposition}|di|aus|uit|van"
    found = re.match(rf"(?:{preposition})(?:\s+|(?<=['’]))(.+)$", clause, re.IGNORECASE)
    return found is not None and only_a_name(found.group(1))


# Words that make where one is a stay: a time, a trip ("aujourd'hui", "en ce moment", "until Friday").
_FOR_A_TIME = folded_words(
    """aujourd hui demain soir moment actuellement jusqu jusque vacances conge deplacement
    today tonight tomorrow now currently until till holiday holidays vacation trip"""
)


# "je suis de Brest", "I'm from Leeds": the copula before where one comes from.
_I_AM_FROM = folded_words("suis am m")


def only_a_value(text: str, question: AskedQuestion, language: Language) -> bool:
    """The reply's first clause is a value of the shape asked, with at most one word besides
    function words, numbers and calendar words (a unit or a qualifier): "le 3 mars", "lundi
    prochain !", "3000 euros par mois". A fragment: a sentence, a question or a second word says
    something else ("on se voit le 3 ?", "le 3 mars c'est mon anniv")."""
    if question.facet not in VALUE_FACETS or is_question(text):
        return False
    # "c'est" before the value presents it ("moi c'est le jeudi, toute la journée" to "Lucas il a cours
    # au CFA quel jour ?" from Lucas: probe conversation of a cheese shop)
    clause = first_clause(text)
    presented = _PRESENTED.sub("", clause, count=1)
    if presented != clause and not of_a_value((tokens(presented) or [""])[0]):
        return False  # "c'est nul le jeudi" judges; the value comes right after "c'est"
    return is_a_value(presented, question.facet, language)


_PRESENTED = re.compile(
    r"^\s*(?:(?:moi|me),?\s+)?(?:c['’]est|c est|it['’]s|it is)\s+(?!(?:pas|plus|not|no)\b)", re.IGNORECASE
)


def names_a_favourite(text: str) -> bool:
    """The reply names a favourite alone: a noun phrase (see :func:`only_a_noun_phrase`), or after
    a verb of liking, its object even with no article ("I love pierogi, my gran's recipe")."""
    named = favourite_named(text)
    if only_a_noun_phrase(named):
        return True
    clause = tokens(first_clause(named))
    liked = I_LIKE.match(text.strip()) is not None
    return (
        liked and not is_question(text) and 0 < len(clause) <= TITLE_WORDS and not set(clause) & CLAUSE_WORDS
    )
