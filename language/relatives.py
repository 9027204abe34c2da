"""Whether a fact speaks of the person a question asks about, or of one of their relatives.

"il fait quoi Mickael dans la boîte ?" asks about Mickael; "La femme de Mickael est architecte" names
him but is about his wife, and both share every lexical term search weighs (Mickael, a job). The
reverse holds too: "la copine de David elle bosse dans quoi ?" is not answered by "David est
développeur". A relative is read from the kinship concepts of the concept table
(:data:`language.concepts.KINSHIP`: mère, frangin, copine, fils, wife…) in the two constructions that
attach one to a name: "<relative> de/d'/of <Name>" and "<Name>'s <relative>". Search uses
:func:`other_person` to rank such facts below the others (memory/store.py).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache

from language.concepts import KINSHIP, concepts_of
from language.text import fold, is_common_word, name_key

_WORD = re.compile(r"[^\W\d_]+")
_OF = re.compile(r"([^\W\d_]+)\s+(?:de|d['’]|of)\s*([^\W\d_]+)", re.IGNORECASE)
_POSSESSIVE = re.compile(r"([^\W\d_]+)['’]s?\s+([^\W\d_]+)")
# "grand-père" is one relative (a grandparent), not a "père".
_GRAND = re.compile(r"\bgrand[- ](?=p[eè]re|m[eè]re|father|mother)", re.IGNORECASE)


def _kin(folded_word: str) -> frozenset[str]:
    return frozenset(concept for concept in concepts_of(folded_word) if concept in KINSHIP)


def _kin_of_text(text: str) -> frozenset[str]:
    return frozenset().union(*(_kin(word) for word in _WORD.findall(fold(text))))


def _is_name(word: str) -> bool:
    return word[:1].isupper() and not is_common_word(word)


def _attached(text: str) -> Iterator[tuple[str, str]]:
    """(word, name) for each word attached to a capitalised word: "X de Name", "Name's X"."""
    for match in _OF.finditer(text):
        yield match.group(1), match.group(2)
    for match in _POSSESSIVE.finditer(text):
        yield match.group(2), match.group(1)


def relatives(text: str) -> dict[str, frozenset[str]]:
    """Folded name → the kinship concepts of that person's relatives ``text`` speaks of ("Le père
    de Mickael est médecin" → ``{"mickael": {"pere"}}``); a name with something else attached ("le
    TJM de Malik") maps to an empty set."""
    found: dict[str, frozenset[str]] = {}
    for word, name in _attached(_GRAND.sub("grand", text)):
        if _is_name(name):
            found[fold(name)] = found.get(fold(name), frozenset()) | _kin(fold(word))
    return found


@lru_cache(maxsize=16384)  # the duplicate and answer rules ask it of each text many times
def kin_of(text: str) -> frozenset[tuple[str, frozenset[str]]]:
    """The names ``text`` speaks of a relative of, with those relatives' kinship concepts ("la sœur
    de Paul habite à Nantes" → {("paul", {"soeur"})}); a name with something else attached is left
    out ("le TJM de Malik")."""
    return frozenset((name, kin) for name, kin in relatives(text).items() if kin)


@dataclass(frozen=True)
class AskedPerson:
    """Who a question asks about: the names it holds and the relatives it asks of."""

    names: frozenset[str]
    kin: frozenset[str]
    unread: bool  # something of a name that is no known relative ("la petite de Mickael")


def asked_person(question: str) -> AskedPerson:
    text = _GRAND.sub("grand", question)
    names = frozenset(fold(word) for word in _WORD.findall(text) if _is_name(word))
    unread = any(not kin for kin in relatives(text).values())
    return AskedPerson(names, _kin_of_text(text), unread)


def other_person(asked: AskedPerson, text: str, about: str | None = None) -> bool:
    """True when the fact ``text`` (about ``about``) names a person the question names but speaks of
    someone else: a relative of theirs the question does not ask about, or the person themself when
    the question asks about a relative the fact never mentions. False whenever the question cannot
    be read this way (no name, or something of a name that is no known relative)."""
    if not asked.names or asked.unread:
        return False
    named = asked.names & _words(f"{text} {about or ''}")
    if not named:
        return False
    attached, mentioned = _people(text)
    return any(attached.get(name, frozenset()) - asked.kin for name in named) or bool(asked.kin - mentioned)


# Search reads the same stored facts again and again (memory/store.py): their readings are cached.
@lru_cache(maxsize=4096)
def _words(text: str) -> frozenset[str]:
    return frozenset(_WORD.findall(fold(text)))


@lru_cache(maxsize=4096)
def _people(text: str) -> tuple[dict[str, frozenset[str]], frozenset[str]]:
    """The relatives of each name ``text`` speaks of, and every kinship concept it mentions."""
    return relatives(text), _kin_of_text(_GRAND.sub("grand", text))


def subjects_named(question: str, subjects: Iterable[str | None]) -> frozenset[str]:
    """The stored subjects (records' ``about``) the question names, whatever their case ("malik
    habite où ?" names "Malik"): every word of the subject is a word of the question."""
    words = _words(question)
    return frozenset(
        key
        for key in (name_key(subject) for subject in subjects if subject)
        if key and set(key.split()) <= words
    )


def about_another(named: frozenset[str], text: str, about: str | None) -> bool:
    """A record about another subject than the ones the question names ("Tristan habite à Pessac"
    for "malik habite où ?"), which does not name them either. False when the question names none."""
    if not named or not about:
        return False
    key = name_key(about)
    if key in named:
        return False
    return not any(set(name.split()) <= _words(text) for name in named)
