"""How Eko words a question it was asked, in its own voice: the direct question an indirect one
stands for, in the third person, as a goal's text; and French "de" before a noun, which topics and
fact headings share.
"""

from __future__ import annotations

import re

from language.asking_frames import recalls, request_frame_length
from language.facets import read_facet
from language.text import (
    PREPOSITIONS,
    TOKEN,
    Language,
    fold,
    folded_words,
    is_finite_verb,
    language_of,
    seeking_frame,
    sentence_language,
    tokens,
    with_chat_spellings,
)

# The letters French elides "de" before, a mute h among them ("d'Ilan", "d'Hugo").
VOWELS = "aeiouyéèêàâîôûh"

# "de" and the definite article a subject had in the question ("la CI de l'équipe Origami", "du
# bureau"), French grammar; none before a name ("l'âge d'Ilan").
_OF_THE = {"l": "de l'", "la": "de la ", "le": "du ", "les": "des "}


def of_the(determiner: str, subject: str) -> str:
    return _OF_THE.get(determiner) or of_before(subject)


def of_before(noun: str) -> str:
    """French "de", elided before a vowel or a mute h ("d'Ilan", "d'Hugo"), not before a "y" that
    is a consonant ("de Yanis"; "d'Yves")."""
    start = noun[:2].lower()
    consonant_y = start[:1] == "y" and start[1:2] in VOWELS
    return "d'" if start[:1] in VOWELS and not consonant_y else "de "


# First-person possessives and the determiner each becomes before a name's "de" ("mon badge" → "le
# badge de Léa"); an elided article before a vowel ("mon entretien" → "l'entretien").
_MY = {"mon": "le", "ma": "la", "mes": "les"}
_MY_WORD = re.compile(r"(?<![\w'’])(mon|ma|mes|my)\s+", re.IGNORECASE)
# Where the possessed noun phrase ends: punctuation, an interrogative, a copula, a pronoun.
_PHRASE_END = folded_words(
    "qui quoi ou quand comment pourquoi combien c ce est sont etait il elle ils elles on ne n "
    "who what where when how why is are was were it"
)


# The question a seeking frame stands for (language.text.seeking_frame): "je cherche le numéro de
# Paulin" is "c'est quoi le numéro de Paulin ?", "I'm looking for the staging URL" "what's the
# staging URL?". "du" and "des" hold the article after "besoin de".
_SOUGHT_ARTICLES = {"du": "le ", "des": "les "}


# Interrogatives opening an indirect question ("je me demandais qui…", "any idea where…"); not
# "si" / "if", whose question asks yes or no of what follows.
_INDIRECT_STARTS = folded_words(
    "qui ou quand combien comment pourquoi quel quelle quels quelles lequel laquelle "
    "who what where when how why which whose"
)


_SOUGHT_DETERMINERS = folded_words("le la les l the")
_SET_APART = re.compile(r"(?:\s+(?i:aussi|also|juste|just))?\s*[,:;…]+\s*|(?:\s+(?i:aussi|also))?\.{2,}\s*")


def _without_request_frame(text: str) -> str:
    """An indirect question as the direct one it asks: "je me demandais qui gère la paie" → "qui
    gère la paie", "do you know who runs the canteen?" → "who runs the canteen?" (language.intents
    request frames). Eko asks its goals in its own voice, and a fact's heading is read from the question."""
    written = list(TOKEN.finditer(text))
    folded = [with_chat_spellings(fold(match.group(0))) for match in written]  # "do u know"
    frame = request_frame_length(folded)
    if not frame or frame >= len(folded):
        return text
    # the frame set apart by a comma or a colon, a direct question after it ("je me demandais, la
    # MEP de Mandragore c'est prévue pour quand ?", "I was wondering: who runs the canteen?")
    apart = _SET_APART.match(text, written[frame - 1].end())
    if apart is not None:
        return text[apart.end() :]
    starts = (
        folded[frame] in _INDIRECT_STARTS
        or (
            # a preposition before the interrogative ("tu sais pour qui travaille Yvan ?"), or "c'est"
            # ("sais-tu c'est qui qui fait la garde ?": probe conversation of a veterinary clinic)
            folded[frame] in PREPOSITIONS
            and frame + 1 < len(folded)
            and folded[frame + 1] in _INDIRECT_STARTS
        )
        or (
            folded[frame : frame + 2] == ["c", "est"]
            and frame + 2 < len(folded)
            and folded[frame + 2] in _INDIRECT_STARTS
        )
    )
    if not starts and recalls(folded) and folded[frame] in _SOUGHT_DETERMINERS:
        # reminded of a thing, asked what it is ("rappelle-moi le nom de l'artisan pour l'eau
        # chaude" was asked as it was said: probe conversation of a campsite)
        opening = "what's " if language_of(folded[0]) == "en" else "c'est quoi "
        return opening + text[written[frame].start() :]
    if not starts:
        return text
    if language_of(folded[frame]) == "en" and folded[frame] != "who":
        return text  # "any idea where the keys are?": English puts the subject first once indirect
    return text[written[frame].start() :]


# A thing named first, then asked for by its pronoun ("le prix de Rhubarbe, tu l'as ?").
_ASKED_BY_ITS_PRONOUN = re.compile(
    r"^(?P<thing>(?:le|la|les|l['’])\s*.+?)[\s,]+(?:tu\s+l['’]\s*|t['’]\s*l['’]\s*|vous\s+l['’]\s*)"
    r"(?:as|aurais|avez|auriez)(?:\s+(?:stp|svp|déjà|deja))*\s*\??$",
    re.IGNORECASE,
)


def asked_directly(text: str) -> str:
    """A request opening with the speaker's seeking frame, as the question it asks ("je cherche le
    numéro de Paulin" → "c'est quoi le numéro de Paulin", "I'm looking for the staging URL" →
    "what's the staging URL"): Eko asks its goals later in its own voice. Only when the thing sought
    names what is asked of it (a number, an address, a price…): "je cherche la salle Everest" may
    ask where it is, not what it is. An indirect question is asked directly ("je me demandais qui
    gère la paie" → "qui gère la paie"), and a thing asked for by its pronoun as what it is ("le
    prix de Rhubarbe, tu l'as ?" → "c'est quoi le prix de Rhubarbe"). Anything else unchanged."""
    text = _without_request_frame(text)
    if (by_pronoun := _ASKED_BY_ITS_PRONOUN.match(text.strip())) is not None:
        return "c'est quoi " + by_pronoun.group("thing")
    written = list(TOKEN.finditer(text))
    folded = [fold(match.group(0)) for match in written]
    frame = seeking_frame(folded)
    if not frame or min(frame) > 3 or read_facet(text).facet in ("other", "definition"):
        return text
    sought = max(frame) + 1  # the determiner of the thing sought
    if sought >= len(written):
        return text
    opening = "what's " if language_of(folded[min(frame)]) == "en" else "c'est quoi "
    article = _SOUGHT_ARTICLES.get(folded[sought])
    rest = (
        text[written[sought + 1].start() :]
        if article and sought + 1 < len(written)
        else text[written[sought].start() :]
    )
    return opening + (article or "") + rest


def in_third_person(text: str, author: str) -> str:
    """``text`` with its first-person possessives given to ``author``: "c'est quand mon entretien
    annuel ?" from Léa → "c'est quand l'entretien annuel de Léa ?", "where is my badge?" → "where
    is Léa's badge?". A goal is asked to the team later by Eko, whose "my" would be its own."""
    author = " ".join(author.split())
    if not author:
        return text
    pieces: list[str] = []
    position = 0
    for found in _MY_WORD.finditer(text):
        if found.start() < position:
            continue
        end = _phrase_end(text, found.end())
        phrase = text[found.end() : end].rstrip()
        if not phrase:
            continue
        possessive = found.group(1).lower()
        if possessive == "my":
            owned = f"{author}'s {phrase}"
        else:
            article = _MY[possessive]
            article = "l'" if article != "les" and phrase[:1].lower() in VOWELS else article + " "
            owned = f"{article}{phrase} {of_before(author)}{author}"
        if found.start() == 0 or text[found.start() - 1] in ".!?\n":
            owned = owned[:1].upper() + owned[1:]
        pieces.append(text[position : found.start()] + owned)
        position = found.end() + len(phrase)
    return "".join(pieces) + text[position:] if pieces else text


def _phrase_end(text: str, start: int) -> int:
    """Where the noun phrase starting at ``start`` ends (see :data:`_PHRASE_END`): at most five
    words, none a finite verb after the first."""
    ends = [start]
    kept: list[str] = []
    for count, word in enumerate(re.finditer(r"[^\W\d_][\w'’-]*|\d+|[^\w\s]", text[start:])):
        folded = fold(word.group(0))
        if folded in _NEGATIONS and len(ends) > 2:
            return ends[-2]  # "mon badge marche plus": the word before "plus" is the verb
        if not folded[:1].isalnum() or folded.split("'")[0] in _PHRASE_END or count >= 5:
            break
        if count and is_finite_verb(word.group(0).lower()):
            break
        ends.append(start + word.end())
        kept.append(folded)
    while len(kept) > 1 and kept[-1] in PREPOSITIONS:
        # a preposition whose object the phrase does not hold ends nothing ("mes IK à qui ?" was
        # written "les IK à de Bastien qui ?": probe conversation of a nursing practice)
        kept.pop()
        ends.pop()
    return ends[-1]


# The second word of a French negation ("ne … pas", "ne … plus"), and "not": the verb precedes it.
_NEGATIONS = folded_words("pas plus jamais rien not")


# "please" closing a request: Eko asks the room later in its own voice, without it ("Au fait,
# c'est quoi le nom de l'artisan pour l'eau chaude stp ?": probe conversation of a campsite).
_CLOSING_PLEASE = re.compile(
    r"[\s,]+(?:stp|svp|s['’]il te pla[iî]t|s['’]il vous pla[iî]t|please|pls|plz)[\s!?.…]*$", re.IGNORECASE
)


def as_asked(question: str) -> str:
    """A question as it was asked, its spaces collapsed, without its closing marks and "please"."""
    return _CLOSING_PLEASE.sub("", " ".join(question.split()).rstrip(" .!?…")).rstrip(" .!?…")


def as_curiosity(question: str, language: Language = "fr") -> str:
    """A question as a goal text: capitalised, one trailing "?" (the words stay the asker's), spaced
    as the question's own language writes it ("Où habite Timéo ?", "Who's the PM of Pivert?")."""
    text = as_asked(question)
    if not text:
        return ""
    written_in = sentence_language(tokens(text)) or language
    return text[0].upper() + text[1:] + (" ?" if written_in == "fr" else "?")
