"""French ↔ English word translations from the FreeDict dictionaries Debian packages.

``dict-freedict-fra-eng`` and ``dict-freedict-eng-fra`` install two dictd databases under
``/usr/share/dictd`` (``scripts/install.sh`` and the ``Dockerfile`` install them). A dictd database
is a tab-separated ``.index`` (headword, offset, length; numbers in base 64) and a gzip-compressed
``.dict.dz`` holding the entries::

    anniversaire /anivɛʀsɛʀ/ <n, masc>
    1. anniversary
    2. birthday

Only single-word translations are kept, folded (lowercase, no accents), by lemma: a text word is
read through simplemma (French forms are looked up folded, as the rules write them: "reparee" →
réparer). :func:`translates` says whether two words are one in the two languages.

The data is optional: without it :func:`translates` is always False (the rules then match words
as they did with the concept table alone) and :func:`missing_notice` says how to install it (``eko
up`` logs it, ``eko memory eval`` prints it). ``DICTD_DIRECTORY`` is read when the dictionaries are
first used: a test points it at a database of its own.
"""

from __future__ import annotations

import gzip
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from language.text import ENGLISH_VERB_ENDINGS, english_lemma, fold, language_of

DICTD_DIRECTORY = Path("/usr/share/dictd")
PACKAGES = ("dict-freedict-fra-eng", "dict-freedict-eng-fra")
_FRENCH_ENGLISH = "freedict-fra-eng"
_ENGLISH_FRENCH = "freedict-eng-fra"
_BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
# Inside a translation: "[cul] whisk" (a domain), "(fitted) carpet" (a gloss), "1. " (a sense).
_DOMAIN = re.compile(r"\[[^]]*\]")
_GLOSS = re.compile(r"\([^)]*\)")
_SENSE = re.compile(r"^\s*\d+\.\s*")
_WORD = re.compile(r"[^\W\d_]+")
_TAG = re.compile(r"<([^>]*)>")


@dataclass(frozen=True)
class Lexicon:
    """Folded French lemma → folded English words (the senses where it is a verb apart: an
    English verb is matched by its lemma, any other word as written), English lemma → French
    words, and the French words of both dictionaries as written (lowercase, accents kept: how
    simplemma writes lemmas)."""

    french_english: Mapping[str, frozenset[str]]
    french_english_verbs: Mapping[str, frozenset[str]]
    english_french: Mapping[str, frozenset[str]]
    french_written: frozenset[str] = frozenset()


EMPTY = Lexicon({}, {}, {})


def missing_notice(directory: Path | None = None) -> str | None:
    """One line saying the bilingual dictionary is not installed and how to install it, or None."""
    directory = directory or DICTD_DIRECTORY
    absent = [name for name in (_FRENCH_ENGLISH, _ENGLISH_FRENCH) if not _files(directory, name)]
    if not absent:
        return None
    return (
        f"bilingual dictionary missing ({', '.join(absent)} in {directory}): French/English duplicates "
        f"are matched without it; install it with `apt-get install {' '.join(PACKAGES)}`"
    )


def load() -> Lexicon:
    """The two dictionaries of :data:`DICTD_DIRECTORY` (read once, on first use), :data:`EMPTY`
    without them."""
    return _load(DICTD_DIRECTORY)


def warm() -> None:
    """Build now what the lexicon builds on first use: the two dictionaries and the French forms
    their words take (a second or more, holding whoever asks first; language/warm.py)."""
    load()
    _french_forms()
    _written_with_accents()


@lru_cache(maxsize=4)
def _load(directory: Path) -> Lexicon:
    if missing_notice(directory) is not None:
        return EMPTY
    french = list(entries(directory, _FRENCH_ENGLISH))
    english = list(entries(directory, _ENGLISH_FRENCH))
    written = {headword.casefold() for headword, _, _ in french} | {
        text.casefold() for _, _, translations in english for text in translations
    }
    return Lexicon(
        _translations(entry for entry in french if not entry[1].startswith("v")),
        _translations(entry for entry in french if entry[1].startswith("v")),
        _translations(english),
        frozenset(written),
    )


def _files(directory: Path, name: str) -> tuple[Path, Path] | None:
    index, data = directory / f"{name}.index", directory / f"{name}.dict.dz"
    return (index, data) if index.is_file() and data.is_file() else None


def _number(text: str) -> int:
    value = 0
    for char in text:
        value = value * 64 + _BASE64.index(char)
    return value


def entries(directory: Path, name: str) -> Iterator[tuple[str, str, list[str]]]:
    """``(headword, part of speech, translations)`` of each entry of one dictd database, as
    written (the part of speech as tagged: "n, fem", "v", "adj"; "" when the entry has none)."""
    files = _files(directory, name)
    if files is None:
        return
    index, data = files
    body = gzip.decompress(data.read_bytes())  # a dictzip file is a gzip file
    for line in index.read_text(encoding="utf-8").splitlines():
        parts = line.split("\t")
        if len(parts) != 3 or parts[0].startswith("00database"):
            continue  # the database's own header entries
        start, size = _number(parts[1]), _number(parts[2])
        lines = body[start : start + size].decode("utf-8").splitlines()
        if not lines:
            continue
        headword = lines[0].split(" /")[0].split(" <")[0].strip()
        tag = _TAG.search(lines[0])
        translations = [
            part.strip()
            for text in lines[1:]
            if not text.lstrip().startswith('"')  # a usage example, not a translation
            for part in _GLOSS.sub("", _DOMAIN.sub("", _SENSE.sub("", text))).split(",")
        ]
        yield headword, tag.group(1) if tag else "", [part for part in translations if part]


def _translations(found: Iterable[tuple[str, str, list[str]]]) -> dict[str, frozenset[str]]:
    """Folded headword → its folded single-word translations (a phrase is no word's translation)."""
    words: dict[str, set[str]] = {}
    for headword, _, translations in found:
        single = {fold(text) for text in translations if _WORD.fullmatch(text)}
        if single and _WORD.fullmatch(headword):
            words.setdefault(fold(headword), set()).update(single)
    return {word: frozenset(translated) for word, translated in words.items()}


@lru_cache(maxsize=1)
def _french_forms() -> dict[str, frozenset[str]]:
    """Folded French word form → the folded lemmas it is a form of, for the lemmas the dictionaries
    know (simplemma's French dictionary, whose keys keep their accents: "réparée" → réparer; a
    folded form may stand for several: "marche" → marcher, marché). Built on first use (a second or
    two: simplemma's 250,000 French forms are read once)."""
    known = load().french_written
    if not known:  # no dictionaries: no need to read simplemma's 250,000 forms
        return {}
    forms: dict[str, set[str]] = {}
    for form, lemma in _simplemma_french():
        if lemma in known:  # compared as written: folding all 250,000 forms would take seconds
            forms.setdefault(fold(form), set()).add(fold(lemma))
    # Most forms share their lemmas with others ("répare", "réparée" → réparer): one set for each.
    forms_lemmas: dict[str, frozenset[str]] = {}
    shared: dict[frozenset[str], frozenset[str]] = {}
    for form, lemmas in forms.items():
        frozen = frozenset(lemmas)
        forms_lemmas[form] = shared.setdefault(frozen, frozen)
    return forms_lemmas


def _simplemma_french() -> Iterator[tuple[str, str]]:
    """simplemma's French (form, lemma) pairs, read as the stream its low-memory mode reads rather
    than as the 250,000-entry dict its default one builds (55 MB more at peak, for a pass); that
    reader is internal to simplemma, so another version falls back to the dict."""
    try:
        from simplemma.strategies.dictionaries import frontcode
        from simplemma.strategies.dictionaries.dictionary_factory import _read_decompressed

        data = _read_decompressed("fr")
        reversed_keys, _count, start = frontcode._read_header(data)
        records = frontcode._iter_records(data, start)
    except (ImportError, AttributeError, TypeError, ValueError):
        from simplemma.strategies import DefaultDictionaryFactory

        yield from DefaultDictionaryFactory().get_dictionary("fr").items()
        return
    for _, form, lemma in records:
        if reversed_keys:
            form, lemma = form[::-1], lemma[::-1]
        yield form.decode(), lemma.decode()


@lru_cache(maxsize=65536)
def french_lemmas(word: str) -> frozenset[str]:
    """The folded French lemmas a folded word may be a form of (itself included: "equipe"). A
    participle in "-it" or "-ert" also reaches its verb through its feminine: simplemma reads
    "écrit", "ouvert" as nouns, "écrite", "ouverte" as écrire, ouvrir."""
    forms = _french_forms()
    found = forms.get(word, frozenset())
    if word.endswith(("it", "ert")) and not found - {word}:
        found = found | forms.get(word + "e", frozenset())
    return frozenset({word}) | found


@lru_cache(maxsize=65536)
def translates(french: str, english: str) -> bool:
    """Whether the folded French word ``french`` and English word ``english`` are one word in the
    two languages: either dictionary gives one for the other ("équipe" / "team", "maintenu" /
    "maintained": maintenir ↔ maintain, "sac" / "bag"); both must, for a French word English
    writes too ("pain" / "bread", not "boutique" / "shop" on one entry alone).

    An English "-ing" or "-ed" word reaches its lemma only for a French verb: simplemma reads
    "training" as a form of "train", which a French noun ("rame", a train of carriages) does not
    translate; a plural reaches its singular ("years" → year, "an")."""
    lexicon = load()
    if not lexicon.english_french or language_of(english) != "en":
        return False  # one word per language: "mail" is French too, so no translation of "poste"
    # A French word English writes too ("pain", "boutique") translates only where both dictionaries
    # agree ("pain" / "bread"): one alone may give its English sense's neighbour.
    french_only = _french(french)
    lemma = english_lemma(english)
    verbal = {english, lemma, *_regular_stems(english)}
    # "years" → year, but "training" stays as written (a noun's translation is no verb's).
    nominal = {english} if english.endswith(ENGLISH_VERB_ENDINGS) else verbal
    back = frozenset().union(*(lexicon.english_french.get(form, frozenset()) for form in verbal))
    back_nominal = frozenset().union(*(lexicon.english_french.get(form, frozenset()) for form in nominal))
    for candidate in french_lemmas(french):
        forth = bool(
            nominal & lexicon.french_english.get(candidate, frozenset())
            or verbal & lexicon.french_english_verbs.get(candidate, frozenset())
        )
        backward = candidate in back_nominal or (
            candidate in back and candidate in lexicon.french_english_verbs
        )
        # Both dictionaries agree; or, for a word of French alone, either gives the other (the
        # English-French database is small and partial: "bag", "supplier" have no entry, "delivery"
        # gives "remise" but not "livraison", which gives "delivery").
        if (forth and candidate in back) or (french_only and (forth or backward)):
            return True
    return False


def _regular_stems(english: str) -> set[str]:
    """The base forms a regular English verb form may come from, where simplemma's lemma misses
    ("fixed" → fix, not "fixe"; "releasing" → release): "-ed" and "-ing" off, with or without an
    "e"."""
    for ending in ("ed", "ing"):
        if english.endswith(ending) and len(english) > len(ending) + 2:
            stem = english[: -len(ending)]
            return {stem, stem + "e"}
    return set()


def _french(word: str) -> bool:
    """A folded word is French: more common in French (wordfreq), or of no clear language but a
    form of another French word the dictionaries know ("cree", the folded "créé", is also the
    English "Cree": simplemma reads it as a form of créer)."""
    language = language_of(word)
    if language is not None:
        return language == "fr"
    return bool(french_lemmas(word) - {word}) or word in _written_with_accents()


@lru_cache(maxsize=1)
def _written_with_accents() -> frozenset[str]:
    """The folded French words the dictionaries write only with an accent ("cle", of "clé"): English
    writes no accents, so folded they are French whatever wordfreq makes of the bare letters."""
    folded: dict[str, bool] = {}
    for written in load().french_written:
        key = fold(written)
        if not _WORD.fullmatch(key) or len(key) < 3:
            continue  # a phrase, or "a" (of "à", also the verb's "a")
        folded[key] = folded.get(key, True) and key != written
    return frozenset(key for key, accented in folded.items() if accented)


@lru_cache(maxsize=65536)
def translatable(word: str) -> bool:
    """Whether the folded ``word`` can be either side of :func:`translates` at all: a French word
    one of whose lemmas the French-English dictionary knows, or an English word (or its lemma) the
    English-French one knows. A necessary condition, one look-up per word, where :func:`translates`
    tests a pair: a bulk import compares every two names of its batch (language.equivalence)."""
    lexicon = load()
    if not lexicon.english_french:
        return False
    if _french(word) and any(
        lemma in lexicon.french_english or lemma in lexicon.french_english_verbs
        for lemma in french_lemmas(word)
    ):
        return True
    if language_of(word) == "en":
        return any(
            form in lexicon.english_french or form in _english_targets()
            for form in (word, english_lemma(word))
        )
    return False


@lru_cache(maxsize=1)
def _english_targets() -> frozenset[str]:
    """The English words the French-English dictionary translates to (:func:`translates` may rest
    on it alone)."""
    lexicon = load()
    return frozenset().union(*lexicon.french_english.values(), *lexicon.french_english_verbs.values())


def forget() -> None:
    """Drop what was read (a test pointing :data:`DICTD_DIRECTORY` elsewhere calls it)."""
    for cached in (
        _load,
        _french_forms,
        _written_with_accents,
        french_lemmas,
        translates,
        translatable,
        _english_targets,
    ):
        cached.cache_clear()
