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

"About what was asked" is lexical (a content word of the question besides the subject, through the
weighted terms' stems and concepts), or, for a question that asks only who or what the subject is,
a copula right after the subject ("Corentin est dev chez lemlist", "je suis dev chez lemlist" from
Corentin). Nothing vaguer: precision first, a wrong answer stored as a fact is worse than a missed
one. Pure functions; the flows that store the fact phrase it with their own templates.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Literal

from language.mentions import mentions_bot, name_spans, strip_mention
from language.questions import is_about_bot, is_question
from language.terms import terms
from language.text import LETTERS, Language, fold, fold_with_map, is_common_word, name_key, normalise_quotes

Link = Literal["reply", "mention", "subject_author", "subject_named"]
LINKS: tuple[Link, ...] = ("reply", "mention", "subject_author", "subject_named")

# Copulas and presentatives: what follows them is what the sentence says its subject is.
_COPULA = {
    "fr": r"(?:c'est|c'etait|ce sont|ce serait|est|sont|etait|sera|s'appelle|reste)",
    "en": r"(?:it's|it is|it was|that's|that is|is|are|was|were|'s)",
}
# "je suis dev chez lemlist" describes who one is; "je suis en retard", "je suis d'accord" do not
# (a preposition, adverb or negation right after the copula: closed word classes).
_FIRST_PERSON_COPULA = {
    "fr": re.compile(
        r"^(?:moi,?\s+)?(?:je suis|j'suis|chuis|je m'appelle|je bosse|je travaille|j'habite|je vis)\s+"
        r"(?!(?:en|a|au|dans|sur|sous|pas|plus|la|ici|d'accord|occupe|desole|partant|ok)\b)\w"
    ),
    "en": re.compile(
        r"^(?:i am|i'm|im|my name is|i work|i live)\s+"
        r"(?!(?:in|on|at|not|busy|sorry|late|here|there|ok|okay|fine)\b)\w"
    ),
}
# Discourse markers that open an answer and carry nothing ("ben c'est le bleu").
_OPENERS = {
    "fr": re.compile(r"^(?:(?:ben|bah|beh|alors|euh|bon|oui|ouais|ah|oh|eh bien|hmm|donc|bein)\b[\s,!.…]*)+"),
    "en": re.compile(r"^(?:(?:well|so|um|uh|oh|yes|yeah|hmm|ah)\b[\s,!.…]*)+"),
}
_CLOSING = " \t.!…,;:"


@dataclass(frozen=True)
class AskedQuestion:
    """A question Eko asked in the Lobby (an asked goal), as the rule sees it."""

    goal_id: str
    text: str  # the goal as people said it
    subject: str | None  # the goal's ``about``
    asked_at: datetime | None
    message_id: str | None  # Eko's message in the Lobby that asked it


@dataclass(frozen=True)
class Said:
    """A Lobby message that may answer."""

    text: str
    author: str
    posted_at: datetime
    reply_to: str | None = None  # the Lobby's ``replyTo``: the id of the message it replies to


@dataclass(frozen=True)
class Answer:
    goal_id: str
    link: Link
    text: str  # what was said, without Eko's name and the openers ("le bleu")
    standalone: bool  # already a statement that names the subject and what was asked


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
    text = answer_text(said.text, language, bot_name)
    if not says_something(said.text, text, language, bot_name):
        return None
    if said.reply_to is not None:
        replied = [q for q in asked if q.message_id is not None and q.message_id == said.reply_to]
        if replied:
            return _answer(replied[0], "reply", text, language)
    live = sorted(
        (q for q in asked if _within(said.posted_at, q.asked_at, window)),
        key=lambda q: q.asked_at or said.posted_at,
        reverse=True,
    )
    if not live:
        return None
    if mentions_bot(said.text, bot_name):
        about = [q for q in live if _relates(text, q, language)]
        return _answer((about or live)[0], "mention", text, language)
    for question in live:
        if question.subject and name_key(question.subject) == name_key(said.author):
            describes = not topic_terms(question) and _first_person_description(text, language)
            if describes or _relates(text, question, language):
                return _answer(question, "subject_author", text, language)
    for question in live:
        if question.subject and _names(text, question.subject) and _states_about(text, question, language):
            return _answer(question, "subject_named", text, language)
    return None


def answer_text(text: str, language: Language = "fr", bot_name: str = "Eko") -> str:
    """A message without Eko's name and the openers: "Eko, ben c'est le bleu !" → "c'est le bleu"."""
    said = strip_mention(normalise_quotes(text), bot_name).strip(_CLOSING)
    folded, index = fold_with_map(said)
    opener = _OPENERS[language].match(folded)
    if opener and opener.end() < len(folded):
        said = said[index[opener.end()] :]
    return said.strip(_CLOSING)


def says_something(raw: str, text: str, language: Language = "fr", bot_name: str = "Eko") -> bool:
    """Not a question, not about Eko itself, and at least one word that is not a common one.

    "merci !", "ok", "Eko t'es là ?", "Eko, tu es génial" answer nothing.
    """
    if not text or raw.rstrip().endswith("?") or is_question(strip_mention(raw, bot_name), language):
        return False
    if is_about_bot(text, language):
        return False
    return any(not is_common_word(word) for word in LETTERS.findall(text))


def fragment(text: str, question: AskedQuestion, language: Language = "fr") -> str:
    """The answer inside a reply that is not a statement on its own.

    "c'est le bleu" → "le bleu"; "Ma couleur préférée c'est le bleu" → "le bleu" (what comes
    after a copula preceded by what was asked); otherwise the reply itself.
    """
    folded, index = fold_with_map(text)
    copula = _COPULA[language]
    topic = topic_terms(question)
    for match in reversed(list(re.finditer(rf"(?<![\w']){copula}\s+", folded))):
        if match.end() >= len(folded):
            continue
        start, end = index[match.start()], index[match.end()]
        if start == 0 or topic & set(terms(text[:start])):
            return text[end:].strip(_CLOSING)
    return text.strip(_CLOSING)


def topic_terms(question: AskedQuestion) -> set[str]:
    """The content terms of the question besides its subject (its facet words: "couleur", "bureau")."""
    subject = set(terms(question.subject or ""))
    return set(terms(question.text)) - subject


def _answer(question: AskedQuestion, link: Link, text: str, language: Language) -> Answer:
    return Answer(question.goal_id, link, text, is_standalone(text, question, language))


def is_standalone(text: str, question: AskedQuestion, language: Language = "fr") -> bool:
    """Already a fact on its own: it names the subject, states something about it in the third
    person, and carries what was asked ("Corentin est dev chez lemlist"; "Le bureau de Lyon est
    rue X")."""
    if not question.subject or not _names(text, question.subject):
        return False
    if _first_person_description(text, language) or re.match(r"^(?:c'est|it's)\b", fold(text)):
        return False
    topic = topic_terms(question)
    return not topic or bool(topic & set(terms(text)))


def _within(posted_at: datetime, asked_at: datetime | None, window: timedelta) -> bool:
    return asked_at is not None and timedelta(0) <= posted_at - asked_at <= window


def _names(text: str, subject: str) -> bool:
    return bool(name_spans(text, subject))


def _relates(text: str, question: AskedQuestion, language: Language) -> bool:
    """The reply carries a content word of the question besides its subject."""
    return bool(topic_terms(question) & set(terms(text)))


def _first_person_description(text: str, language: Language) -> bool:
    return bool(_FIRST_PERSON_COPULA[language].match(fold(text)))


def _states_about(text: str, question: AskedQuestion, language: Language) -> bool:
    """The reply states what was asked about the subject it names.

    With facet words in the question, the reply must carry one of them; a question about who or
    what the subject is needs a copula right after the subject ("Corentin est ...").
    """
    if topic_terms(question):
        return _relates(text, question, language)
    folded = fold(text)
    subject = re.escape(fold(question.subject or ""))
    return bool(re.search(rf"(?<!\w){subject}\s*,?\s+{_COPULA[language]}\s+\S", folded))
