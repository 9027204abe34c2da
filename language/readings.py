"""A text read for comparison: its facet, its anchors (the words that name its subject or its
values) and the rest of its content words. Two questions ask the same thing when they ask the same
facet with the same anchors (:func:`compare`).

* **facet** — :func:`language.facets.read_facet`, plus whether it is about going away (holidays);
* **content** — the words left once facet cues, function words, light verbs, fillers and request
  wrappers ("j'aimerais savoir…") are gone: ``"qui est cette Soraya dont tout le monde parle ?"`` →
  ``soraya``;
* **anchors** — content words that name something: written with a capital (names, acronyms),
  numbers, or words neither the French nor the English dictionary knows (simplemma) that are rare
  (wordfreq Zipf frequency below :data:`ANCHOR_FREQUENCY`: "soraya", "okr"). A question about
  another anchor is another question.

Words match across the two texts by lemma and stem (simplemma, Snowball), through the concept table
for everyday synonyms and translations (``maman``/``mère``/``mother``), through the FreeDict
French-English dictionaries (:mod:`language.lexicon`: ``étage``/``floor``), or up to a typo in a
long word ("Marmote").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from language.concepts import concepts_of, narrowest_concept, synonym_class
from language.facets import CONTACT_CHANNELS, read_facet, read_statement
from language.lexicon import translates
from language.text import (
    AUXILIARIES,
    CALENDAR,
    COMMON_FREQUENCY,
    CURRENCIES,
    DETERMINERS,
    ELIDED_CLITIC,
    ENGLISH_AUXILIARIES,
    FILLERS,
    FUNCTION_WORDS,
    HOUR_MARK,
    LIGHT_VERBS,
    MODALS,
    NUMBER_WORDS,
    ORDINAL_SUFFIXES,
    SUBJECT_CLITICS,
    accented_forms,
    common_prefix,
    english_homograph,
    fold,
    frequency,
    in_dictionary,
    is_english_verb_form,
    is_finite_verb,
    is_ordinary_word,
    is_verb_form,
    language_of,
    lemma,
    present_frame,
    seeking_frame,
    sentence_language,
    stem,
    tokens,
    word_key,
)

_CALENDAR_VALUES = frozenset(CALENDAR.values())

# Below the common-word frequency (wordfreq Zipf, text.COMMON_FREQUENCY), a word names something specific.
ANCHOR_FREQUENCY = COMMON_FREQUENCY
_TYPO_PREFIX = 4
_CLIPPED = 4  # French clips long words: "anniv(ersaire)", "résa" (réservation), "dispo(nible)"
# A capitalised word, also after an elided article ("le prix d'Origami", "l'Everest").
_CAPITALISED = re.compile(r"(?:(?<=\b[dlDL]['’])|(?<![\w'’]))([A-ZÀ-Þ][\w’'-]*)")

# Wrappers of a question ("je me demandais…", "j'aimerais bien savoir…", "t'as une idée…", "I
# wonder…", "I'm curious…"), politeness ("stp", "merci") and the bot's name: general conversational
# formulas. Function words, light verbs and fillers (language.text) are set aside already; the
# words that situate a question ("en ce moment", "cette année", "à la base", "niveau boulot", "dans
# l'équipe") only count in their construction (:func:`_situating`), never as single nouns.
WRAPPERS = frozenset(
    [
        "dire",
        "dis",
        "demande",
        "demandais",
        "demander",
        "aimerais",
        "voudrais",
        "veux",
        "comprends",
        "comprendre",
        "idee",
        "idea",
        "quelqu",
        "someone",
        "somebody",
        "anyone",
        "anybody",
        "stp",
        "svp",
        "please",
        "merci",
        "connais",
        # asking to be reminded of a piece of information (language.asking_frames, RECALL)
        "rappeler",
        "rappelle",
        "remind",
        "maintenant",
        "actuellement",
        "now",
        "currently",
        "nowadays",
        "eko",
        "want",
        "wants",
        "wanted",
        "wish",
        "wonder",
        "wondering",
        "know",
        "curious",
        "curieux",
        "curieuse",
        # The English "mieux" (a degree adverb, text.FILLERS): "understand X better".
        "better",
    ]
)
# The speaker's own group, named with a definite article and no complement ("dans l'équipe", "la
# team", "le séminaire d'équipe", "dans la boîte"): the group every member asks from, like "chez
# nous". "quelle équipe" asks it; "l'équipe de Léna" names another one.
_IN_GROUP = frozenset(["equipe", "team", "boite"])
# Adverbs of "at first" ("originally", "originellement", "initialement"): asking where someone is
# from, they say what the question says already, as "à la base" does; elsewhere they ask about a
# past ("what was Cumulus originally?").
_AT_FIRST = frozenset(["originally", "originellement", "initialement", "initially"])
_DEFINITE = frozenset(["l", "la", "le", "the", "d"])
# Kind nouns before "de": "le style de musique" is the music, "quel type de projet" the project.
KINDS = frozenset(["genre", "genres", "type", "types", "sorte", "sortes", "style", "styles", "kind", "sort"])
# Generic nouns for people ("combien de gens utilisent X", "combien de personnes bossent à Lille",
# "how many people"): like "qui" or "quelqu'un", they name no one in particular.
_PEOPLE = frozenset(["gens", "personnes", "people"])


def _situating(words: tuple[str, ...], names: set[str], origin: bool = False) -> set[int]:
    """Positions of the words that situate a question rather than say what it asks: a present time
    frame after a demonstrative, "à la base" (at first), "originally" asking an ``origin``, the topic
    marker "niveau X" (not "le niveau de X"), the speaker's group with a definite article and no
    complement, and a kind noun before "de" and a common noun ("le style de musique", not "le style
    de Léna")."""
    found: set[int] = set()
    frame = present_frame(words)
    for index, word in enumerate(words):
        before = words[index - 1] if index else ""
        after = words[index + 1] if index + 1 < len(words) else ""
        following = words[index + 2] if index + 2 < len(words) else ""
        if (
            index in frame
            or (word == "base" and words[max(index - 2, 0) : index] == ("a", "la"))
            or (word in _AT_FIRST and origin)  # "where is Aurèle from originally?": origin says it
            or (word == "niveau" and (before not in DETERMINERS or before == "au") and before not in _WHICH)
            or (word in _IN_GROUP and before in _DEFINITE and after not in _OF)
            or (word in KINDS and after in _OF and following and following not in names | _NOT_COMMON)
        ):
            found.add(index)
    return found


_NOT_COMMON = DETERMINERS | FUNCTION_WORDS


_WHICH = frozenset(["quel", "quelle", "quels", "quelles", "which"])
# Classifier nouns: the kind of thing a name is ("Marmotte, c'est quoi ce projet ?", "Caribou c'est
# quoi comme outil ?"). They say nothing more about what is asked.
CLASSIFIERS = frozenset(
    [
        "projet",
        "projets",
        "outil",
        "outils",
        "truc",
        "trucs",
        "machin",
        "chose",
        "choses",
        "appli",
        "application",
        "app",
        "service",
        "produit",
        "logiciel",
        "site",
        "plateforme",
        "project",
        "tool",
        "thing",
        "product",
        "software",
        "platform",
    ]
)
_IGNORED = FUNCTION_WORDS | LIGHT_VERBS | FILLERS | WRAPPERS | CLASSIFIERS | CURRENCIES | _PEOPLE
# A statement is not wrapped in a request: "par équipe", "cette année" say something in a fact.
_STATEMENT_IGNORED = FUNCTION_WORDS | LIGHT_VERBS | FILLERS | CLASSIFIERS | CURRENCIES

Verdict = Literal["same", "different", "borderline"]


@dataclass(frozen=True)
class Reading:
    facet: str
    trip: bool
    content: tuple[str, ...]
    anchors: tuple[str, ...]
    verbs: frozenset[str] = frozenset()  # content words that are inflected verbs (not participles)
    words: tuple[str, ...] = ()  # every folded token, function words included (for initialisms)
    heads: frozenset[str] = frozenset()  # nouns heading the phrase of a named subject (_heads)


# A time on the hour, "18:00" or "18h00": written "18h", as "18h" is read (the minutes say nothing).
_ON_THE_HOUR = re.compile(r"\b(\d{1,2})\s?(?::|h)\s?00\b")


@lru_cache(maxsize=16384)
def read(text: str, statement: bool = False) -> Reading:
    """The facet, content words and anchors of ``text`` (see the module docstring); a ``statement``
    (a fact) is read by its predicate words (:func:`language.facets.read_statement`)."""
    text = _ON_THE_HOUR.sub(r"\1h", text)
    forms = accented_forms(text)
    names = _names(text)
    facet = read_statement(text) if statement else read_facet(_without_description(text, names))
    words = facet.words
    situating = _situating(words, names, origin=facet.facet == "origin")
    clause = _about_clause(words) | (set() if statement else situating | seeking_frame(words))
    french = sentence_language([word for word in words if word not in names]) == "fr"
    kept = [
        index
        for index, word in enumerate(words)
        if index not in facet.cue_positions
        and index not in clause
        and (
            word not in (_STATEMENT_IGNORED if statement else _IGNORED)
            or english_homograph(word, forms.get(word, word), french)
        )
        and not ((word in ORDINAL_SUFFIXES or word == HOUR_MARK) and index and words[index - 1][:1].isdigit())
    ]
    content = tuple(
        NUMBER_WORDS.get(word) or CALENDAR.get(word) or CALENDAR.get(word.removesuffix("s")) or word
        for word in (words[index] for index in kept)
    )
    anchors = tuple(
        word
        for word in content
        if (word in names and not synonym_class(word))  # "PM", "HS": words of a class, capitalised
        or word[:1].isdigit()
        or word in _CALENDAR_VALUES  # months and weekdays are values, like numbers (language/text.py)
        or (
            not in_dictionary(forms.get(word, word))
            and frequency(forms.get(word, word)) < ANCHOR_FREQUENCY
            and not concepts_of(word)  # "anniv", "gosses": vocabulary the concept table knows
            and not synonym_class(word)  # "HS" (out of order): a word of a synonym class
        )
    )
    if facet.facet == "contact" and not statement:
        content = tuple(CONTACT_CHANNELS.get(word, word) for word in content)
        anchors = tuple(word for word in anchors if word not in CONTACT_CHANNELS)
    english = sentence_language([word for word in words if word not in names and word not in anchors]) == "en"
    elided = {fold(word) for word in ELIDED_CLITIC.findall(text)}  # "s'occupe", "s'appelle"
    # Inflected verbs, and participles after an auxiliary (a compound tense: "Rayan est arrivé
    # quand ?", "Caribou a été codé par qui ?"); a participle alone qualifies a noun ("le wifi invité").
    verbs = frozenset(
        words[index]
        for index in kept
        if is_finite_verb(forms.get(words[index], words[index]))
        or (index and words[index - 1] in AUXILIARIES and is_verb_form(forms.get(words[index], words[index])))
        # French clitics and modals only: English "on" is a preposition ("who works on Cumulus?")
        or (index and not english and (words[index - 1] in SUBJECT_CLITICS or words[index - 1] in MODALS))
        or words[index] in elided
        # do-support: the word after "does/did/will <name>" is its verb ("does Aurèle work at?");
        # after "is/has <name>" only a verb form is ("is Aurèle coming?", not "is Aurèle off?")
        or (
            index > 1
            and words[index - 1] in names
            and (
                words[index - 2] in _DO_SUPPORT
                or (words[index - 2] in ENGLISH_AUXILIARIES and is_english_verb_form(words[index]))
            )
        )
        or (
            index == 1
            and words[0] in names
            and _NAME_THEN_WORD.match(text) is not None
            and not (english and not is_english_verb_form(words[index]))
        )
    )
    nouns = [index for index in kept if words[index] not in verbs]
    heads = _heads(words, nouns, frozenset(anchors), forms, english)
    return Reading(facet.facet, facet.trip, content, anchors, verbs, words, heads)


# A preposition attaching a noun to the name after it ("la voiture de Soraya", "the car of Tom"),
# and the article it may take ("le prix de la salle Everest", "the capacity of the Everest room").
_OF = frozenset(["de", "d", "du", "des", "of"])
_OF_ARTICLES = frozenset(["la", "le", "les", "l", "the"])


def _heads(
    words: tuple[str, ...], kept: list[int], anchors: frozenset[str], forms: dict[str, str], english: bool
) -> frozenset[str]:
    """The nouns heading the phrase that holds a named subject: *voiture* in "la voiture de Soraya",
    *licence* in "la licence Figma", *car* in "Soraya's car", *room* in "Everest room". What is asked
    about is that thing of the subject's, so two questions with other heads ask about two things.

    A word is a noun after a determiner; before "de X" it is one unless it reads as a verb form;
    after an English possessive it is one; after a name in an English sentence, a word that is no
    inflected verb heads a compound ("Everest room capacity?"), unless an auxiliary makes the name a
    subject ("how did Tom meet Zoé?"). ``kept`` holds no verb: a verb is never a head."""
    content = set(kept)
    found: set[str] = set()

    def noun_before(index: int, attached: bool) -> bool:
        if index not in content or words[index] in anchors:
            return False
        if index and words[index - 1] in DETERMINERS:
            return True
        if not attached or (index and words[index - 1] in AUXILIARIES):
            return False  # after "est", "a": a participle or a predicate ("Léna est partie de…")
        return not is_verb_form(forms.get(words[index], words[index]))

    for position in kept:
        if words[position] not in anchors:
            continue
        before = position - 1
        if before > 0 and words[before] in _OF_ARTICLES and words[before - 1] in _OF:
            before -= 1
        if before > 0 and words[before] in _OF and noun_before(before - 1, True):
            found.add(words[before - 1])
        elif before >= 0 and noun_before(before, False):
            found.add(words[before])
        after = position + 1
        if after + 1 < len(words) and words[after] == "s" and after + 1 in content:
            found.add(words[after + 1])  # the English possessive
        elif (
            after in content
            and not (position and words[position - 1] in ENGLISH_AUXILIARIES)
            and words[after] not in anchors
            and english
            and not is_english_verb_form(words[after])
        ):
            found.add(words[after])
    return frozenset(found)


# A sentence opening on a name and a word with no pause between them: subject and verb
# ("Soraya part où ?", "Marmotte sort quand ?"), or in English a compound ("Everest room capacity?")
# unless the word is an inflected verb ("Tom works where?").
_NAME_THEN_WORD = re.compile(r"\s*[^\W\d_][\w-]* [^\W\d_]")


def _without_description(text: str, names: set[str]) -> str:
    """A question without the relative clause that describes a named subject after a
    demonstrative ("c'est qui cette Anouk qui a posté dans #general ?" → "c'est qui cette Anouk"):
    the clause says which Anouk, the question is who she is."""
    words = tokens(text)
    for i in range(len(words) - 2):
        if words[i] in _DEMONSTRATIVES and words[i + 1] in names and words[i + 2] in ("qui", "que", "qu"):
            return " ".join(words[: i + 2])
    return text


_DEMONSTRATIVES = frozenset(["ce", "cet", "cette", "ces", "this", "that"])


def _about_clause(words: tuple[str, ...]) -> set[int]:
    """Positions of a relative clause saying who talks about the subject ("ce truc dont parle Rayan",
    "qui est cette Soraya dont tout le monde parle"): it situates the question, it is not asked."""
    for start, word in enumerate(words):
        if word != "dont":
            continue
        for end in range(start + 1, min(start + 6, len(words))):
            if words[end] in _TALK_VERBS:
                inverted = end == start + 1 and end + 1 < len(words)  # "dont parle Rayan"
                return set(range(start, end + 2 if inverted else end + 1))
    return set()


_TALK_VERBS = frozenset(["parle", "parlent", "parlait", "parlaient", "cause", "causent"])


_ELISION = re.compile(r"['’]")
# English auxiliaries after which the subject is followed by a bare verb.
_DO_SUPPORT = frozenset(
    ["do", "does", "did", "will", "would", "can", "could", "should", "shall", "may", "might", "must"]
)


def _names(text: str) -> set[str]:
    """Capitalised words that name something: inside a sentence, or unknown to the dictionaries
    ("L'équipe…" starting a sentence and "Monday" are ordinary words; "Marmotte", "Lyon" names)."""
    found: set[str] = set()
    for match in _CAPITALISED.finditer(text):
        before = text[: match.start()].rstrip(" \t'’")
        starts = not before or before[-1] in ".!?…:" or before.casefold().endswith(("l", "d"))
        written = accented_forms(match.group(1))
        # "L'imprimante": the capital is the article's; the word after it is written in lowercase
        lowercase = {
            word for part in _ELISION.split(match.group(1))[1:] if part[:1].islower() for word in tokens(part)
        }
        for word in tokens(match.group(1)):
            if word in FUNCTION_WORDS or word in lowercase:
                continue
            if word in CALENDAR or word.removesuffix("s") in CALENDAR:
                continue  # English capitalises months and days: they are values, not names
            # (or taken up by a pronoun after it, as spoken French puts a person first: "Sophie elle
            # rend ses corrections quand ?" was one question with "les Heures blanches sort quel
            # jour ?", "sophie" being a common word: probe conversation of a publishing house)
            taken_up = _TAKEN_UP.match(text, match.end()) is not None
            if not starts or taken_up or not is_ordinary_word(word, written.get(word, word)):
                found.add(word)
    return found


_TAKEN_UP = re.compile(r"\s*,?\s*(?:il|elle|ils|elles)\b", re.IGNORECASE)


@lru_cache(maxsize=65536)
def words_match(a: str, b: str, synonyms: bool = True) -> bool:
    """Same word up to inflection (lemma, stem), a shared concept or a dictionary translation
    (with ``synonyms``: "équipe" / "team", :func:`language.lexicon.translates`) or a typo."""
    if a == b or word_key(a) == word_key(b):
        return True
    if synonym_class(a) is not None and synonym_class(a) == synonym_class(b):
        return True  # one meaning in other words, strict facets included ("livre" / "bouquin")
    if synonyms and (_synonyms(a, b) or translates(a, b) or translates(b, a)):
        return True
    return _typo(a, b)


def _synonyms(a: str, b: str) -> bool:
    """One word is the headword of a concept the other belongs to ("gosses" → "enfant", "mother" →
    "mere"). Two members of a concept are not synonyms ("chien" and "chat" are both animals); words of
    one synonym class are (:func:`words_match`, :func:`language.concepts.synonym_class`)."""
    forms = {a, b, word_key(a), word_key(b), *(w[:-1] for w in (a, b) if len(w) > 3 and w[-1] in "sx")}
    return any(concept in forms for concept in set(concepts_of(a)) & set(concepts_of(b)))  # plurals too


def _typo(a: str, b: str) -> bool:
    """A clipped word ("anniv", "résa"), one edit apart or the same beginning with a different
    ending in words of 5+ letters ("Marmote")."""
    if a[:1].isdigit() or b[:1].isdigit():
        return False
    short, long = sorted((a, b), key=len)
    if len(short) >= _CLIPPED and long.startswith(short):
        return True
    if len(short) < 5:
        return False
    prefix = common_prefix(a, b)
    if prefix >= _TYPO_PREFIX and abs(len(a) - len(b)) <= 2 and prefix >= min(len(a), len(b)) - 2:
        return True
    return abs(len(a) - len(b)) <= 1 and _one_edit(a, b)


def _one_edit(a: str, b: str) -> bool:
    if len(a) > len(b):
        a, b = b, a
    if len(a) == len(b):
        return sum(x != y for x, y in zip(a, b, strict=True)) <= 1 or _swapped(a, b)
    return any(b[:i] + b[i + 1 :] == a for i in range(len(b)))


def _swapped(a: str, b: str) -> bool:
    diffs = [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]
    return len(diffs) == 2 and diffs[1] == diffs[0] + 1 and a[diffs[0]] == b[diffs[1]]


def unmatched(words: tuple[str, ...], others: tuple[str, ...], synonyms: bool = True) -> list[str]:
    """Words of ``words`` that match none of ``others``."""
    return [word for word in words if not any(words_match(word, other, synonyms) for other in others)]


# Facets whose object must match word for word: a favourite colour is not a favourite film, an
# e-mail address is not a phone number (a shared concept such as "music" is not enough).
STRICT_FACETS = frozenset({"preference", "contact"})


def compare(a: Reading, b: Reading) -> Verdict:
    """Whether two questions ask the same facet of the same subject.

    ``"different"``: another facet, another kind of place or date (going away or not), or an anchor
    on one side that the other does not mention. ``"same"``: same facet, and the content words match
    both ways. ``"borderline"``: same facet and anchors, other words differ ("Marmotte sort quand ?"
    / "c'est quand la release de Marmotte ?").
    """
    if a.trip != b.trip or not _same_facet(a.facet, b.facet):
        return "different"
    if any(not _expansion(word, b.words) for word in unmatched(a.anchors, b.content, False)) or any(
        not _expansion(word, a.words) for word in unmatched(b.anchors, a.content, False)
    ):
        return "different"  # anchors name things: a shared concept ("CTO"/"CEO") is not enough
    strict = a.facet in STRICT_FACETS
    only_a, only_b = without_initialisms(
        a, b, unmatched(a.content, b.content, not strict), unmatched(b.content, a.content, not strict)
    )
    if strict:
        # a word and its translation are one object ("la couleur préférée" / "favourite colour")
        only_a, only_b = (
            [w for w in only_a if not any(_translates(w, x) for x in only_b)],
            [w for w in only_b if not any(_translates(w, x) for x in only_a)],
        )
    if not only_a and not only_b:
        return "same"
    if strict or (a.facet == "other" and only_a and only_b):
        return "different"  # "Simon fait du vélo ?" / "Simon fait de la musique ?": another question
    if _opposed(only_a, only_b):
        return "different"  # "le bureau ouvre à quelle heure ?" / "… ferme à quelle heure ?"
    if _other_heads(a, b, only_a, only_b):
        return "borderline"  # "la voiture de Soraya" / "le vélo de Soraya": two things of hers
    if a.facet in _VERB_FACETS:
        return "borderline"
    if (a.facet in _OPEN_FACETS or b.facet in _OPEN_FACETS) and not _verbs_added(a, b, only_a, only_b):
        # "quoi", "quel …", "combien" ask the object of the verb or of the noun after them, so the
        # words that differ are what is asked: "Corentin mange quoi ?" / "Corentin code en quoi ?",
        # "Corentin fait quel sport ?" / "Corentin prend quel train ?" are two questions.
        return "borderline"
    if only_a and only_b and a.facet == "date" and begins(only_a) != begins(only_b):
        # When a thing began is its past; a date asked in other words is its coming event ("Cormoran
        # a démarré quand ?" / "c'est quand la mise en prod de Cormoran ?").
        return "borderline"
    if all(word in a.verbs for word in only_a) and all(word in b.verbs for word in only_b):
        # The same facet of the same nouns, only the verbs reworded ("le séminaire c'est où ?" /
        # "on part où pour le séminaire ?"): the verb restates what is asked.
        return "same"
    if not (a.anchors or b.anchors):
        return "borderline"
    if only_a and only_b and _one_names_a_thing(a, b, only_a, only_b):
        return "borderline"  # "c'est quand l'anniv d'Aurèle ?" / "when is Aurèle off?"
    if only_a and only_b:
        # The same facet of the same named subject, each side in its own words ("Léna arrive quand
        # dans l'équipe ?" / "c'est quand que Léna commence ?"): one question reworded. An unnamed
        # subject ("la machine à café", "le séminaire") may itself be what the rewording changed,
        # and for an agent the verb is what is asked ("qui a créé X ?" / "qui maintient X ?"):
        # those stay borderline.
        return "same"
    # One side only adds words: a verb restates the facet ("le bureau ouvre à quelle heure ?" /
    # "les horaires du bureau"), anything else narrows the question ("le wifi" / "le wifi invité").
    extra, verbs = (only_a, a.verbs) if only_a else (only_b, b.verbs)
    return "same" if all(word in verbs for word in extra) else "borderline"


def _verbs_added(a: Reading, b: Reading, only_a: list[str], only_b: list[str]) -> bool:
    """One side only adds verbs to the other's words ("combien de personnes bossent au bureau de
    Lille ?" / "how many people at the Lille office?"): the open object is the same."""
    if (only_a and only_b) or "definition" in (a.facet, b.facet):
        return False  # "Corentin mange quoi ?" / "c'est quoi Corentin ?": the verb says what is asked
    extra, verbs = (only_a, a.verbs) if only_a else (only_b, b.verbs)
    return all(word in verbs for word in extra)


def _one_names_a_thing(a: Reading, b: Reading, only_a: list[str], only_b: list[str]) -> bool:
    """One side asks about a thing of its subject (a head noun: "l'anniversaire d'Aurèle") and the
    other rewords it with words that are no verb ("when is Aurèle off?"): maybe another thing. A verb
    restating it ("Marmotte sort quand ?" / "la release de Marmotte") is the same question."""
    heads_a = any(word in a.heads for word in only_a)
    heads_b = any(word in b.heads for word in only_b)
    if heads_a == heads_b:
        return False
    other, reading = (only_b, b) if heads_a else (only_a, a)
    return not all(word in reading.verbs for word in other)


def _other_heads(a: Reading, b: Reading, only_a: list[str], only_b: list[str]) -> bool:
    """Both texts ask about a thing of their named subject (:func:`_heads`), and the two things
    differ: neither matches the other (lemma, stem, concept, typo: they would not be in ``only_a``,
    ``only_b``) nor is its translation."""
    heads_a = [word for word in only_a if word in a.heads]
    heads_b = [word for word in only_b if word in b.heads]
    if not (heads_a and heads_b):
        return False
    return not all(any(translation(x, y) for y in heads_b) for x in heads_a)


def _translates(a: str, b: str) -> bool:
    """One word translates the other in the dictionary ("couleur" / "colour", "plat" / "dish"): the
    same thing in the two languages (a shared concept is not enough: "band" / "musique")."""
    return language_of(a) != language_of(b) and (translates(a, b) or translates(b, a))


def translation(a: str, b: str) -> bool:
    """``a`` and ``b`` are one concept in the two languages ("groupe" / "band"), their narrowest
    (:func:`language.concepts.narrowest_concept`: "voiture" / "bike" only share a category,
    transport). Two words of one language in one concept are kinds of one thing ("rock" / "jazz",
    "chien" / "chat"), not one word."""
    languages = {language_of(a), language_of(b)}
    concept = narrowest_concept(a)
    return languages == {"fr", "en"} and concept is not None and concept == narrowest_concept(b)


def without_initialisms(
    a: Reading, b: Reading, only_a: list[str], only_b: list[str]
) -> tuple[list[str], list[str]]:
    """The words of each side the other lacks, less an initialism on one side and the words it
    stands for on the other ("mdp" / "mot de passe", "RH" / "ressources humaines")."""
    only_a, only_b = list(only_a), list(only_b)
    for short, long, long_words in ((only_a, only_b, b.words), (only_b, only_a, a.words)):
        for word in list(short):
            run = _expansion(word, long_words)
            if run and any(part in long for part in run):
                short.remove(word)
                long[:] = [part for part in long if part not in run]
    return only_a, only_b


def _expansion(word: str, words: tuple[str, ...]) -> tuple[str, ...]:
    """The consecutive words whose initials spell ``word``, when it is an unknown short word."""
    size = len(word)
    if not 2 <= size <= 5 or not word.isalpha() or in_dictionary(word):
        return ()
    for start in range(len(words) - size + 1):
        run = words[start : start + size]
        if "".join(part[0] for part in run) == word:
            return run
    return ()


def _same_facet(a: str, b: str) -> bool:
    """A bare "combien" (amount) may ask a price or a quantity: it agrees with either."""
    return a == b or {a, b} in ({"amount", "price"}, {"amount", "quantity"})


# Facets whose interrogative asks an open object ("quoi", "quel X", "combien de X"), where the words
# around it say what is asked; the other facets name the information themselves (where, when, who,
# how old: "Léna arrive quand ?" / "c'est quand que Léna commence ?" is one question).
_OPEN_FACETS = frozenset({"definition", "quantity", "amount"})
# Facets whose verb says which information is asked: who created X is not who maintains X, whom X
# lunches with is not whom X works with.
_VERB_FACETS = frozenset({"agent", "participant"})

# Verbs of opposite direction (a closed grammatical-semantic category, by lemma): a question about
# one is not a question about the other, whatever else they share. Beginning and arriving are one
# side of an aspect (inchoative), ending and leaving the other (terminative): "commence chez X en
# mars" and "part de X en mars" are two events as much as "arrive" and "part" are, and the first
# day of something is its beginning, the last its end ("son premier jour" / "son dernier jour").
_OPPOSITES = (
    (frozenset({"ouvrir", "ouvert", "open", "opens",
                "arriver", "venir", "entrer", "rentrer", "revenir", "arrive", "come", "join", "rejoindre",
                "return", "returns", "reprendre", "reprise", "resume", "resumes",
                "commencer", "debuter", "demarrer", "start", "begin", "starts", "begins",
                "premier", "premiere", "first",
                "ouverture", "arrivee", "entree", "retour", "debut", "commencement"}),
     frozenset({"fermer", "close", "closes",
                "partir", "quitter", "sortir", "leave", "quit", "exit",
                "finir", "terminer", "arreter", "end", "finish", "stop", "ends", "finishes", "stops",
                "dernier", "derniere", "last",
                "fermeture", "depart", "sortie", "fin", "arret"})),
    (frozenset({"acheter", "buy"}), frozenset({"vendre", "sell"})),
    (frozenset({"allumer", "monter"}), frozenset({"eteindre", "descendre"})),
)  # fmt: skip


def _roots(word: str) -> set[str]:
    """Snowball stems of a folded word and of its lemma, stemmed twice: a folded feminine participle
    ("arrivee") stems to "arrive", which stems on to the verb's own "arriv"."""
    stems = {stem(word), stem(lemma(word))}
    return stems | {stem(one) for one in stems}


@lru_cache(maxsize=1)
def _opposite_roots() -> tuple[tuple[frozenset[str], frozenset[str]], ...]:
    """:data:`_OPPOSITES` as roots, computed once (every duplicate check of a bulk import asks)."""
    return tuple(
        (
            frozenset(root for word in one for root in _roots(word)),
            frozenset(root for word in other for root in _roots(word)),
        )
        for one, other in _OPPOSITES
    )


def _sides(words: list[str]) -> set[tuple[int, int]]:
    """Which side of which pair of :data:`_OPPOSITES` the words take: ``(pair, 0 or 1)``."""
    roots = {root for word in words for root in _roots(word)}
    return {
        (pair, side)
        for pair, both in enumerate(_opposite_roots())
        for side, side_roots in enumerate(both)
        if roots & side_roots
    }


def same_direction(a_words: list[str], b_words: list[str]) -> bool:
    """Both say the same direction of one pair, and neither its opposite: "Ismaël arrive le 2" to
    "quand commence Ismaël ?" (beginning), "le bureau ouvre à 8h" to "quand ouvre le bureau ?"."""
    a, b = _sides(a_words), _sides(b_words)
    opposite = {(pair, 1 - side) for pair, side in a | b}
    return bool(a & b) and not (a | b) & opposite


_BEGINNING = (0, 0)  # the inchoative side of the first pair of :data:`_OPPOSITES`


def begins(words: list[str]) -> bool:
    """One of ``words`` says a beginning (the inchoative side of :data:`_OPPOSITES`)."""
    return _BEGINNING in _sides(words)


def _opposed(only_a: list[str], only_b: list[str]) -> bool:
    """One side has a verb of one direction, the other its opposite (compared by Snowball stem, so
    "ferme" and "part", which simplemma reads as nouns, still count)."""
    b = _sides(only_b)
    return any((pair, 1 - side) in b for pair, side in _sides(only_a))
