"""Self-repairs: a speaker taking back what they just said ("c'est mardi... non mercredi pardon",
"Eko ah non pardon, c'est mercredi !" right after "Eko c'est mardi").

:func:`opens_with_repair` tells a message that repairs the one before; :func:`find_correction`
finds the fact it corrects. Conversational repair markers are a closed class of both languages.
Pure functions.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from language.mentions import mentions_bot
from language.off_topic import about_something_else, denies
from language.questions import sentence_around
from language.replies import (
    CLOSING,
    Answer,
    AskedQuestion,
    Said,
    answer_text,
    is_about,
    is_standalone,
    taken_back,
    taken_back_span,
)
from language.saying import says_something
from language.text import (
    CALENDAR,
    Language,
    fold,
    fold_with_map,
    name_key,
)
from language.value_shapes import fits_facet

# Conversational repair markers, French and English, read whatever Eko's language: the speaker
# takes back what they just said. A closed class; inside an answer (below) and opening a message.
_REPAIR_MARKERS = r"pardon|oups|je veux dire|je voulais dire|sorry|oops|i mean|no wait"
# Opening a message, with "non" and the formulas that only open one ("Eko ah non pardon, c'est
# mercredi !" right after "Eko c'est mardi").
_SELF_REPAIR = re.compile(
    rf"^(?:(?:non|{_REPAIR_MARKERS}|(?:petite |small |quick )?correction|erreur|mon erreur|"
    r"je me suis trompee?|my bad|my mistake|i meant|scratch that)\b"
    # what the correction is about, before a colon ("petite correction pour la bière : …")
    r"(?:\s+(?:pour|sur|about|on|re|for)\b[^:.!?]{0,40}:)?[\s,!.…:;-]*)+"
)


# A self-repair inside an answer: a pause, a repair marker, the value meant ("c'est mardi... non
# mercredi pardon"). After an ellipsis or a dash any marker; after a comma not "non", which also
# qualifies ("à Lyon, non loin de la gare"). What follows the last one is the answer, without the
# apology closing it.
_REPAIR_INSIDE = re.compile(
    rf"(?:(?:\.\.\.|…|\s[-–—])\s*(?:non|{_REPAIR_MARKERS})|,\s*(?:{_REPAIR_MARKERS}))\b"
    rf"(?:[\s,!.…:;-]*(?:non|{_REPAIR_MARKERS})\b)*[\s,!.…:;-]*"
)
_CLOSING_APOLOGY = re.compile(r"(?:[\s,!.…]*\b(?:pardon|sorry|oups|oops|dsl|desole|my bad))+[\s!.…]*$")


def without_repairs(text: str) -> str:
    """``text`` without what its author took back (see :data:`_REPAIR_INSIDE`)."""
    folded, index = fold_with_map(text)
    ends = [match.end() for match in _REPAIR_INSIDE.finditer(folded)]
    if not ends:
        return text
    if ends[-1] >= len(folded):
        return ""  # taken back, nothing said instead ("c'est mardi... non")
    rest = folded[ends[-1] :]
    apology = _CLOSING_APOLOGY.search(rest)
    stop = ends[-1] + (apology.start() if apology else len(rest))
    if stop <= ends[-1]:
        return text
    return text[index[ends[-1]] : index[stop - 1] + 1].strip(CLOSING)


def opens_with_repair(text: str, language: Language = "fr", bot_name: str = "Eko") -> bool:
    """The message opens (after Eko's name and the openers) with a self-repair marker: a cheap test
    before any memory read."""
    return bool(_SELF_REPAIR.match(fold(answer_text(text, language, bot_name))))


def find_correction(
    said: Said,
    question: AskedQuestion,
    answered_by: str,
    answered_at: datetime,
    *,
    window: timedelta,
    language: Language = "fr",
    bot_name: str = "Eko",
    replying: bool = False,
    corrected: str | None = None,
) -> Answer | None:
    """The new answer in a message by which ``answered_by`` corrects the answer they gave
    ``question`` at ``answered_at``: it names Eko or replies to Eko's note of it (``replying``, the
    page's reply reference: as explicit), comes within ``window``, opens with a self-repair marker
    (:data:`_SELF_REPAIR`) and what follows answers the question as any answer must (says
    something, the facet's shape, no denial). No marker: None.

    ``corrected``, the text of the fact the answer became: a correction naming the value it takes
    back ("22h30 pas 22h45", "the 24th, not the 21st") corrects only a fact holding that value, and
    then whoever sends it (a colleague who knows better); otherwise only ``answered_by`` corrects
    (a second opinion is no correction)."""
    if name_key(said.author) == name_key(bot_name):
        return None
    values = taken_back(said.text)
    if corrected is not None and values and not _holds_a_value(corrected, values):
        return None  # "c'est 22h30 pas 22h45" corrects the fact saying 22h45, not the last one noted
    if name_key(said.author) != name_key(answered_by) and not (corrected is not None and values):
        return None
    # as explicit as the answer itself: naming Eko, replying to it, or the question's subject
    # taking back what they said of themself ("Ah non, je dis n'importe quoi : c'est 5h30")
    addressed = replying or mentions_bot(said.text, bot_name) or is_about(question, said.author)
    if not addressed or not within(said.posted_at, answered_at, window):
        return None
    text = answer_text(said.text, language, bot_name)
    folded, index = fold_with_map(text)
    repair = _SELF_REPAIR.match(folded)
    if repair is None or repair.end() >= len(folded):
        return None
    rest = answer_text(text[index[repair.end()] :], language, bot_name)
    rest = _after_a_preamble(_without_taken_back(_without_excuse(rest)), question.facet, language)
    if not says_something(rest, rest, language, bot_name):
        return None
    if not fits_facet(rest, question.facet, language) or denies(rest, question):
        return None
    if about_something_else(rest, question, language):
        # what follows the marker is about another thing ("haha ils ont le créneau « quand ils
        # veulent »" then "non sérieux : le club de water-polo a le bassin le mardi de 20h à 22h"
        # replaced Inès's answer about her own lesson group: probe conversation of a swimming pool)
        return None
    return Answer(question.goal_id, "correction", rest, is_standalone(rest, question, language))


def _without_excuse(text: str) -> str:
    """A correction up to the speaker speaking of themself ("mercredi matin ! je confonds toujours
    avec la tournée des Tilleuls" → "mercredi matin"); what follows the value and says more of it
    stays ("Sunday not Saturday. Sunday the 14th from 2pm, up at the taproom")."""
    first = sentence_around(text, 0, 1)
    rest = text[len(first) :]
    found = _SPEAKER_SENTENCE.search(rest)
    kept = first + (rest[: found.start()] if found else rest)
    return kept.strip(CLOSING) or text


def _after_a_preamble(text: str, facet: str | None, language: Language) -> str:
    """What follows a colon when only it has the shape asked ("c'est la fatigue : depuis janvier
    c'est 5h30 le samedi" → "depuis janvier c'est 5h30 le samedi")."""
    before, colon, after = text.partition(":")
    if not colon or not after.strip() or fits_facet(before, facet, language):
        return text
    return after.strip() if fits_facet(after, facet, language) else text


def _without_taken_back(text: str) -> str:
    """A correction without the value it takes back, named after the one meant ("jeudi pas
    mercredi. Toujours à 9h" → "jeudi. Toujours à 9h", "Sunday not Saturday"): a day, a month, a
    number or a code after "pas" or "not", and a later sentence naming it (what else "pas"
    negates stays: "jeudi, pas avant 9h")."""
    found = taken_back_span(text)
    if found is None:
        return text
    start, end, values = found
    kept = text[:start] + text[end:]
    # and a sentence about the value taken back ("la C012, pas la C014. La C014 c'est la salle Pasteur")
    sentences = re.split(r"(?<=[.!?…])\s+", kept)
    about_it = [i for i, one in enumerate(sentences) if i and values[0] in re.findall(r"\w+", fold(one))]
    return " ".join(one for i, one in enumerate(sentences) if i not in about_it).strip(CLOSING)


def _holds_a_value(text: str, values: tuple[str, ...]) -> bool:
    """Whether ``text`` says the first of ``values`` (a number up to its ordinal suffix: "14th" /
    "14", a day or month in either language: "samedi" / "Saturday")."""
    said = {_value_key(word) for word in re.findall(r"\w+", fold(_HOUR_COLON.sub(r"\1h\2", text)))}
    return _value_key(values[0]) in said


_HOUR_COLON = re.compile(r"\b(\d{1,2})[:.](\d{2})\b")
_ORDINAL = re.compile(r"^(\d+)(?:st|nd|rd|th|er|e|eme)$")


def _value_key(word: str) -> str:
    word = word.lstrip("£$€")  # "not £25": the fact's words hold "25"
    return CALENDAR.get(word) or _ORDINAL.sub(r"\1", _HOUR_COLON.sub(r"\1h\2", word))


# A sentence in which the speaker speaks of themself: it opens with "je", "j'", "I".
_SPEAKER_SENTENCE = re.compile(r"(?:^|(?<=[.!?…]))\s*(?:je|j['’]|i|i['’]m)\b", re.IGNORECASE)


def within(posted_at: datetime, asked_at: datetime | None, window: timedelta) -> bool:
    return asked_at is not None and timedelta(0) <= posted_at - asked_at <= window
