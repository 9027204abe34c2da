"""Which Lobby message answers which question Eko asked, and the answer it carries.

The seed decides that people answer Eko by naming it ("Comment répondre à Eko": no false
positives); links as explicit as naming Eko count the same. A message answers an asked question
when it says something (not a question, not thanks or chit-chat), was posted within the answer
window after the question, and is linked to it by one of:

* ``reply``: it is a reply to Eko's question (the Lobby's ``replyTo`` reference);
* ``mention``: it names Eko (the most recently asked question it may answer);
* ``subject_author``: its author is the question's subject and it is about what was asked
  ("Ma couleur préférée c'est le bleu" from Bob, after "quelle est la couleur préférée de Bob ?");
* ``subject_named``: it names the subject and states the asked thing about it ("Le bureau de Lyon
  est rue X" after "où est le bureau de Lyon ?").

A curiosity Eko has not asked yet can be answered too, only when told to Eko (``told``, see
:func:`find_told_answer`): the message names Eko, names the subject and states the asked thing.

"About what was asked" is lexical (a content word of the question besides the subject, through the
weighted terms' stems and concepts), or, for a question that asks only who or what the subject is,
a copula right after the subject ("Corentin est dev chez lemlist", "je suis dev chez lemlist" from
Corentin). Nothing vaguer: precision first, a wrong answer stored as a fact is worse than a missed
one. Pure functions; the flows that store the fact phrase it with their own templates.

This module links; the rules it reads sit one job per module, each importing only those before it:
language/value_shapes.py (what a value looks like), language/replies.py (the wire types, what a
reply says), language/saying.py (whether it says anything), language/subject_named.py and
language/about_oneself.py (the two links without Eko's name), language/repairs.py (self-repairs),
language/off_topic.py (a linked reply speaking of something else); language/fact_wording.py writes
the answer as a fact.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import timedelta

from language.about_oneself import (
    ONESELF,
    began_when_asked_since,
    fills_the_asked_preposition,
    measured_with_the_asked_verb,
    names_a_favourite,
    names_a_place,
    names_with_the_asked_verb,
    naming_oneself,
    only_a_value,
    tells_when_with_the_asked_verb,
    there_when_working,
)
from language.facets import (
    PREDICATE_FACETS,
    VALUE_FACETS,
    stated_facets,
)
from language.mentions import mentions_bot
from language.off_topic import (
    OPENING_COPULA,
    a_place_for_a_person,
    about_something_else,
    acknowledges,
    asks_first,
    fits_asked,
    leads_with_subject,
    names_no_origin,
    names_someone,
    names_who_does_another_thing,
    only_another_value,
    opens_with_another_subject,
    replied_with_a_reason,
    says_nothing_asked,
    speaks_of_oneself,
    speaks_of_the_day,
    subject_then_past,
)
from language.repairs import within, without_repairs
from language.replies import (
    I_AM,
    OPENING,
    Answer,
    AskedQuestion,
    Link,
    Said,
    answer_text,
    asks_a_description,
    asks_base,
    first_clause,
    first_person_description,
    is_about,
    is_standalone,
    same_direction_asked,
    without_trailing_symbols,
)
from language.saying import says_something
from language.subject_named import (
    ASKED_PEOPLE,
    asks_who,
    gives_asked_channel,
    names_and_states,
    preference_cued,
    relates_to_asked,
    states_about,
)
from language.terms import terms
from language.text import (
    NOT_AFTER_AN_ABBREVIATION,
    Language,
    fold,
    former_state,
    name_key,
    sentence_language,
    tokens,
)
from language.value_shapes import SHAPES, fits_facet, is_a_value, only_a_name

_CLOSING_ASIDE = re.compile(r"\s*\([^()]*\)\W*$")


def find_answer(
    said: Said,
    asked: Sequence[AskedQuestion],
    *,
    window: timedelta,
    language: Language = "fr",
    bot_name: str = "Eko",
) -> Answer | None:
    """The asked question ``said`` answers, with how they are linked, or None (see the module doc).

    ``asked`` holds the questions still waiting for an answer. A reply (``replyTo``) to one of them
    may come at any time; every other link needs the message within ``window`` of the question.
    """
    if name_key(said.author) == name_key(bot_name):
        return None
    text = without_repairs(answer_text(said.text, language, bot_name))
    candidates = [q for q in asked if within(said.posted_at, q.asked_at, window)]
    named = naming_oneself(text, said.author)
    if named is not None:
        # "c'est moi" to "qui pilote Toucan ?": the author is the person asked for
        asking_who = [q for q in candidates if asks_who(q) and not is_about(q, said.author)]
        if asking_who or ONESELF.match(fold(text)):
            text, candidates = named, asking_who
        # else "c'est moi la nouvelle juriste" from Ysée may still describe her to "qui est Ysée ?"
    # How sure the speaker is, said after the answer ("23 je crois", "à Lyon il me semble"), is kept
    # with the answer (``told``) but is no part of what the rules read.
    told = text
    hedge = _CLOSING_HEDGE.search(text)
    if hedge is not None and hedge.start() > 0:
        text = text[: hedge.start()]
    aside = _CLOSING_ASIDE.search(text)
    if aside is not None and aside.start() > 0:
        # an aside in brackets closing the answer adds to it, kept with it; the rules read the
        # answer ("Eko, 45287 (c'est le Dr Schaeffer cette nuit)" to "c'est quoi le numéro du cardio
        # de garde cette nuit ?" was lost: probe conversation of an emergency department)
        text = text[: aside.start()]
    opening = _OPENING_HEDGE.match(text)
    if opening is not None and opening.end() < len(text):
        text = text[opening.end() :]  # "je crois que c'est jeudi": the rules read "c'est jeudi"
    if not says_something(said.text, text, language, bot_name):
        return None
    live = sorted(candidates, key=lambda q: q.asked_at or said.posted_at, reverse=True)
    live = [
        q
        for q in live
        if (fits_asked(text, q, language) or replied_with_a_reason(said, q))
        and not says_nothing_asked(text, q)
        and not only_another_value(text, q, language)
        and not speaks_of_oneself(text, q, said.author)
        and not names_who_does_another_thing(text, q)
        and not speaks_of_the_day(text, q)
        and not acknowledges(text, q)
        and not asks_first(text, q, language)
        and not names_no_origin(text, q)
        and not a_place_for_a_person(text, q, language)
    ]
    if said.reply_to is not None:
        replied = [q for q in live if q.message_id is not None and q.message_id == said.reply_to]
        if replied:
            return _answer(replied[0], "reply", told, language)
    if mentions_bot(said.text, bot_name):
        # A full statement about the subject must be about what was asked ("Eko, Marius il
        # regarde que des séries" does not give his favourite film); a fragment is taken as it is.
        fitting = [
            q
            for q in live
            if not about_something_else(text, q, language)
            # the subject and a verb in a past tense speak of something over ("le séminaire
            # c'était génial l'an dernier"), as without Eko's name below
            and not (subject_then_past(text, q) and not former_state(q.text))
            and (
                not leads_with_subject(text, q)
                or (states_about(text, q, language) and preference_cued(text, q.facet, language))
            )
        ]
        if not fitting:
            return None
        return _answer(_the_one_answered(text, fitting, language), "mention", told, language)
    # Not naming Eko, a reply in a past tense to a question in the present speaks of something
    # over ("le séminaire c'était génial l'an dernier" to "c'est quand le séminaire ?").
    # (its first clause: "je suis au club depuis 1987, à l'époque y avait que des Optimist" tells
    # the present first, then a memory: probe conversation of a sailing rental)
    live = [q for q in live if not (former_state(first_clause(text)) and not former_state(q.text))]
    for question in live:
        if is_about(question, said.author):
            describes = first_person_description(text, language) and asks_a_description(question)
            # what was asked besides the person: "anniversaire" in "l'anniversaire de Manon"
            relates = relates_to_asked(text, question, language) or relates_to_asked(
                text, question, language, said.author
            )
            # or says the kind of thing asked in its own words ("I live in Leeds" to "what city is
            # Ben based in?"): for the facets a predicate states, not those a value alone shows
            states = question.facet in PREDICATE_FACETS and question.facet in stated_facets(text)
            if states and question.facet == "place" and not asks_base(question):
                # being somewhere is not living there ("bonjour, je suis sur intervention
                # d'urgence, fuite chez client avenue de Grammont" from Andrei was stored as where he
                # lives: probe conversation of a plumbing firm), as names_a_place reads it
                states = I_AM.match(fold(_after_greeting(text))) is None
            # or gives the very address or number asked ("mon num c'est le 06 11 22 33 44"), or
            # names a place after the preposition the question's kind takes ("à Lorient, près du
            # port" to "où habite Gwendal ?", "de Brest" to "d'où vient Gwendal ?")
            states = states or gives_asked_channel(text, question) or names_a_place(text, question)
            # or, in the first person, says the preposition the question asks after ("je suis à
            # fond sur la migration de Pingouin" to "Léo bosse sur quel projet ?")
            # or is the value asked and nothing else ("le 3 mars" to "quand arrive Zoé ?"), in any
            # of its sentences (_each_sentence)
            states = states or any(
                fills_the_asked_preposition(part, question) or only_a_value(part, question, language)
                for part in _each_sentence(text)
            )
            # or, asked when they work, says when they are there ("Je serai là les mardis et
            # jeudis" to "c'est quels jours qu'il bosse chez nous Thomas ?")
            states = states or there_when_working(text, question) or began_when_asked_since(text, question)
            # or measures with the question's own verb ("je fais du 38" to "quelle taille de
            # chaussures fait Samia ?", "je chausse du 44")
            states = states or measured_with_the_asked_verb(text, question)
            # or names the thing asked with that verb ("J'ai le BPJEPS voile" to "Anke elle a quel
            # diplôme de monitrice ?")
            states = states or names_with_the_asked_verb(text, question)
            # or tells when with it ("je finis à 7h30" to "Mélanie elle finit sa garde à quelle heure ?")
            states = states or tells_when_with_the_asked_verb(text, question, language)
            if (describes or relates or states) and preference_cued(text, question.facet, language):
                return _answer(question, "subject_author", told, language)
            if question.facet == "preference" and names_a_favourite(text):
                # the thing liked, named alone ("les lasagnes de ma grand-mère, sans hésiter", "moi
                # c'est le vert", "ma préférée c'est le vert", "I love pierogi")
                return _answer(question, "subject_author", told, language)
    if _WARNING.match(fold(text)):
        # a warning about the subject tells what to mind, not what was asked ("careful, the spare
        # devkit's still on the old firmware, update it before you flash anything")
        return None
    for question in live:
        both = _language_of_both(text, question, language)
        # (not about another thing of the subject, as with Eko's name: "Mes corrections des Heures
        # blanches je les rends vendredi 4 juillet" from Sophie was stored as the novel's release
        # date: probe conversation of a publishing house)
        if names_and_states(text, question, both) and not opens_with_another_subject(text, question):
            return _answer(question, "subject_named", told, language)
    return None


def _the_one_answered(text: str, fitting: list[AskedQuestion], language: Language) -> AskedQuestion:
    """Of the open questions a reply naming Eko fits (the latest first), the one it answers."""
    # the question the reply shares words with, subject included ("le séminaire c'est du 12
    # au 14 juin" answers "quand part-on en séminaire ?" even when asked before another one)
    about = [q for q in fitting if relates_to_asked(text, q, language)] or [
        q for q in fitting if set(terms(text)) & set(terms(q.text))
    ]
    # a value of the one shape a question asks answers it, not one sharing a verb with it ("Eko,
    # 7€50 pièce, on les prend par 10" to "on paie combien les chambres à air ?" was stored as
    # "c'est quel cargo que Cian prend d'hab ?", asked before: probe conversation of couriers)
    clause = first_clause(text)
    # not a code, nor a name then a value ("ch'est Karim 👍 lundi et jeudi 16h30": who, then when)
    valued = not _A_CODE.search(clause) and not names_someone(clause)
    shaped = [q for q in fitting if valued and q.facet in SHAPES and is_a_value(clause, q.facet, language)]
    # … and the very number or address a question asks for ("Eko, le 05 61 42 17 80" went to "quel
    # organisme gère le tiers payant de la MGEN ?", asked last, not to the hotline's number:
    # probe conversation of a pharmacy)
    shaped = shaped or [q for q in fitting if gives_asked_channel(clause, q)]
    if len(shaped) == 1:
        about = shaped
    # "c'est" and a name alone, opening the reply, answers the one open question asking who,
    # whatever follows ("Eko, ch'est Karim 👍 lundi et jeudi 16h30" to "c'est qui qui fait les
    # APC ?" went to "Claire elle vient quels jours ?", sharing the days: probe conversation
    # of a nursery school)
    first = first_clause(_SENTENCE_BREAK.split(text, maxsplit=1)[0])
    opened = OPENING_COPULA.match(first)
    asking_who = [q for q in fitting if q.facet in ASKED_PEOPLE]
    if opened and len(asking_who) == 1 and only_a_name(without_trailing_symbols(first[opened.end() :])):
        about = asking_who
    if not about and len(fitting) > 1:
        # a proper name alone answers the one open question asking who or which place, not
        # the latest asking another thing ("Eko, Froid Service Alsace, à Horbourg-Wihr" after
        # "qui on appelle quand le frigo tombe en panne ?" then "Élodie a fait sa thèse sur quel
        # sujet ?": probe conversation of a veterinary clinic, stored as her thesis)
        by_name = [q for q in fitting if q.facet in _NAMES_ANSWER]
        about = by_name if len(by_name) == 1 and only_a_name(clause) else []
    return (about or fitting)[0]


def _language_of_both(text: str, question: AskedQuestion, language: Language) -> Language:
    """The language the question and the reply are both clearly written in, else the Lobby's: "the
    docs site is CC BY-SA 4.0" states its copula in English to "which licence does the docs site
    use?" in a French-speaking Lobby (probe conversation of a software team)."""
    asked_in = sentence_language(tokens(question.text))
    return asked_in if asked_in is not None and asked_in == sentence_language(tokens(text)) else language


# Warning interjections opening a message (a closed class of both languages).
_WARNING = re.compile(
    r"^(?:careful|be careful|watch out|heads up|beware|warning|attention|fais gaffe|faites gaffe|gaffe|"
    r"prudence|mefiance|mefie toi)\b"
)


def find_told_answer(
    said: Said, waiting: Sequence[AskedQuestion], *, language: Language = "fr", bot_name: str = "Eko"
) -> Answer | None:
    """The waiting question (a curiosity Eko has not asked yet) that ``said`` answers when told to
    Eko, or None: the message names Eko, says something, names the question's subject and states
    the asked thing about it with the facet's shape ("Eko, Hélios c'est notre outil de monitoring"
    while "c'est quoi Hélios ?" waits). Link ``told``; no window (the question is still waiting),
    and nothing looser than the ``subject_named`` link: a fragment ("Eko, c'est le bleu") names no
    subject and answers nothing not asked."""
    if name_key(said.author) == name_key(bot_name) or not mentions_bot(said.text, bot_name):
        return None
    text = without_repairs(answer_text(said.text, language, bot_name))
    if not says_something(said.text, text, language, bot_name):
        return None
    for question in waiting:
        if (
            fits_asked(text, question, language)
            and not says_nothing_asked(text, question)
            and names_and_states(text, question, language)
        ):
            return _answer(question, "told", text, language)
    return None


def _answer(question: AskedQuestion, link: Link, text: str, language: Language) -> Answer:
    text = _sentence_answering(text, question, language)
    return Answer(question.goal_id, link, text, is_standalone(text, question, language))


def _each_sentence(text: str) -> list[str]:
    """``text``, then each of its sentences without the connective opening it: one in a borrowed
    language may come first ("Ich bin seit Mai 2021 hier 🙂 donc depuis mai 2021…" to "depuis quand
    Lukas bosse au bike park ?": probe conversation of a bike park)."""
    return [text, *(_DISCOURSE_OPENING.sub("", part) for part in _SENTENCE_BREAK.split(text))]


# A connective opening a sentence that goes on from the one before ("donc", "so", "bref").
_DISCOURSE_OPENING = re.compile(r"^\s*(?:donc|bref|enfin|du coup|so|anyway)\b[\s,]*", re.IGNORECASE)
# Sentence ends inside a reply (a full stop or an exclamation, then a capital); not the full stop
# of an initial or a title before a name ("c'est M. Guérin, de chez Qualiconsult": probe
# conversation of a building site, stored as "M").
_SENTENCE_BREAK = re.compile(
    rf"(?<=[.!]){NOT_AFTER_AN_ABBREVIATION}\s+(?=[A-ZÀ-Ý])|(?<=[\U0001F300-\U0001FAFF\u2600-\u27BF\uFE0F])\s+(?=\w)"
)


def _sentence_answering(text: str, question: AskedQuestion, language: Language) -> str:
    """Of a reply of several sentences, the one that answers: it shares a word with the question
    and has the facet's shape ("Mon anniv c'est le 17 mars. Et mon dessert
    préféré c'est le tiramisu" to "c'est quand l'anniv de Baptiste ?" is "Mon anniv c'est le 17
    mars"). The whole reply when none or several do."""
    sentences = [part.strip() for part in _SENTENCE_BREAK.split(text.strip()) if part.strip()]
    if len(sentences) < 2:
        return text
    answering = [
        sentence
        for sentence in sentences
        if (set(terms(sentence)) & set(terms(question.text)) or same_direction_asked(sentence, question))
        and fits_facet(sentence, question.facet, language)
    ]
    if not answering and question.facet in VALUE_FACETS:
        # none says the question's words again: the one sentence holding a value of the kind asked
        # ("je repars le 14 octobre, flight from CDG 🙂 gonna miss the jambon persillé" to "Mia
        # elle repart quand en Australie ?": probe conversation of a wine estate)
        answering = [sentence for sentence in sentences if fits_facet(sentence, question.facet, language)]
    return answering[0].rstrip(" .!") if len(answering) == 1 else text


# The facets a proper name alone answers: who, whom, where, for whom one works, what it is called.
_NAMES_ANSWER = frozenset({"identity", "agent", "participant", "place", "origin", "employer", "name"})


def _after_greeting(text: str) -> str:
    """``text`` without the greetings opening it ("bonjour, je suis…" → "je suis…")."""
    opened = OPENING.match(fold(text))
    return text[opened.end() :] if opened else text


# Letters with digits after them, one word: a code or a password ("LilleCowork59", "T7351"), no
# value of a shape ("14h", "1er", "2pm" put the digits first). The replay of a coworking space's
# probe conversation stored "LilleCowork59" as the date of the monthly invoice.
_A_CODE = re.compile(r"(?<![\w])[^\W\d_]+\d")


# How sure the speaker is: a verb of believing in the first person, French and English.
_BELIEVING_FR = r"je crois|je pense|j['’]imagine|je suppose|il me semble"
_BELIEVING_EN = r"i think|i guess|i believe|i suppose"
# … said after the answer ("les lasagnes je crois", "à Lyon il me semble").
_CLOSING_HEDGE = re.compile(
    rf"[\s,]*(?:{_BELIEVING_FR}|me semble-t-il|de mémoire|si je me souviens bien|si je dis pas de bêtise|"
    rf"{_BELIEVING_EN}|if i remember)[\s!.…]*$",
    re.IGNORECASE,
)
# … or before it, with its conjunction ("je crois que c'est jeudi", "I think it's Paul").
_OPENING_HEDGE = re.compile(
    rf"^(?:{_BELIEVING_FR})\s+(?:que\s+|qu['’]\s*)|^(?:{_BELIEVING_EN})\s+(?:that\s+)?", re.IGNORECASE
)
