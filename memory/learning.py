"""Learning from the conversation: what the rules alone can take from Lobby messages, and writing it.

Two small pieces, shared by the bot and reflection's 10-minute window flow:

* :func:`offline_extract` — deterministic rules, no model: unknown capitalised names and projects
  become curiosities ("Qui est Corentin ?", "C'est quoi Kraken FM ?"), and what people tell the bot
  about itself ("Eko, tu es le bot de l'équipe") becomes a ``self`` record. Extracting facts about
  people from free text needs a model: reflection's window call does it and converts the model's
  items to :class:`LearnedItem`.
* :func:`learn` — writes items through memory's duplicate-free ``add_many`` and reports how many
  were learned, merged into an existing record, or failed.

Curiosity phrasings live in ``memory/prompts/<language>/learning_*.j2`` (no phrasing in code).
"""

from __future__ import annotations

import logging
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

import jinja2

from memory.records import AddResult, Kind, NewRecord

log = logging.getLogger(__name__)

Language = Literal["fr", "en"]


LearnedItem = NewRecord
"""One thing to remember, before it is written: ``LearnedItem(kind, text, about, author, source)``.

The same type as memory's :class:`~memory.records.NewRecord`, so items go to ``add_many`` as they are.
"""


@dataclass
class LearningReport:
    learned: int = 0  # new records
    merged: int = 0  # absorbed by an equivalent record already stored
    failed: int = 0  # could not be written (logged)
    results: list[AddResult] = field(default_factory=list)

    def as_dict(self) -> dict[str, int]:
        return {"learned": self.learned, "merged": self.merged, "failed": self.failed}


class ItemWriter(Protocol):
    """The part of :class:`memory.Memory` that :func:`learn` uses."""

    # Any: memory takes NewRecord items or mappings; callers' narrower protocols must still match.
    async def add_many(self, items: Sequence[Any]) -> list[AddResult]: ...

    async def add(
        self,
        kind: Kind,
        text: str,
        about: str | None = None,
        author: str | None = None,
        source: dict[str, Any] | None = None,
    ) -> AddResult: ...


# --- names in text -------------------------------------------------------------------------------


def fold_with_map(text: str) -> tuple[str, list[int]]:
    """Case- and accent-folded ``text`` and, per folded character, the index of its original one."""
    if text.isascii():  # one character stays one character: skip the per-character pass
        return text.casefold(), list(range(len(text)))
    out: list[str] = []
    index: list[int] = []
    for position, char in enumerate(text):
        decomposed = unicodedata.normalize("NFKD", char)
        for folded_char in "".join(c for c in decomposed if not unicodedata.combining(c)).casefold():
            out.append(folded_char)
            index.append(position)
    return "".join(out), index


def fold(text: str) -> str:
    """Case- and accent-folded text (``"Éko"`` → ``"eko"``), for comparisons only."""
    return fold_with_map(text)[0]


def name_spans(text: str, name: str) -> list[tuple[int, int]]:
    """``(start, end)`` in ``text`` of every occurrence of ``name`` as a word.

    Any case, accents folded, optional ``@`` in front; never inside another word (``\\w`` covers
    letters of every script and digits: "ekolo", "Gecko", "eko2" are other words).
    """
    if not text or not name.strip():
        return []
    folded, index = fold_with_map(text)
    pattern = re.compile(rf"(?<!\w)@?{re.escape(fold(name.strip()))}(?!\w)")
    return [(index[m.start()], index[m.end() - 1] + 1) for m in pattern.finditer(folded)]


# --- rules ---------------------------------------------------------------------------------------

# A name: a capitalised word (letters, optional inner - or '), e.g. "Corentin", "Jean-Marc".
_WORD = re.compile(r"[@#]?[^\W\d_][\w'’-]*", re.UNICODE)
_SENTENCE_END = re.compile(r"[.!?…]+\s*$")
_ACRONYM = re.compile(r"^[A-Z0-9]{2,6}$")


def _words(text: str) -> frozenset[str]:
    return frozenset(fold(word) for word in text.split())


# Capitalised words that are not names (sentence starters, greetings, days, pronouns...).
_COMMON: dict[str, frozenset[str]] = {
    "fr": _words(
        """je tu il elle on nous vous ils elles ce ça ca cela c ceci qui que quoi quand où ou comment
        pourquoi combien quel quelle quels quelles le la les l un une des du de d au aux et mais donc or
        ni car si oui non ok okay merci salut bonjour bonsoir coucou hello hey hé bravo super cool top
        génial bon bien alors ah oh bah ben euh voilà voila enfin sinon puis bref après avant mon ma
        mes ton ta tes son sa ses notre votre leur leurs moi toi lui eux est sont a ai as ont fait
        lundi mardi mercredi jeudi vendredi samedi dimanche janvier février fevrier mars avril mai juin
        juillet août aout septembre octobre novembre décembre decembre demain hier aujourd aujourd'hui
        ce soir matin midi dis dites regarde attends bienvenue désolé desole pardon rien tout tous
        toute toutes aussi encore déjà deja peut-être peut sûr sur vraiment trop très tres"""
    ),
    "en": _words(
        """i you he she it we they me him her us them my your his its our their the a an and but or so
        if yes no ok okay thanks thank hi hello hey cool great nice good well oh ah what who when where
        why how which this that these those is are was were am be been do does did have has had will
        would can could should monday tuesday wednesday thursday friday saturday sunday january february
        march april may june july august september october november december today tomorrow yesterday
        tonight morning please sorry welcome look wait maybe sure really very too also already just
        let lets let's there here then now"""
    ),
}


def is_common_word(word: str) -> bool:
    """True for a common French or English word (pronouns, greetings, days...), never a name."""
    folded = fold(word)
    return folded in _COMMON["fr"] or folded in _COMMON["en"]


# Words before a name that say it is a thing (a project, a product), not a person.
_THING_BEFORE: dict[str, frozenset[str]] = {
    "fr": _words(
        "sur projet projets appli app application outil produit site le la les l du des un une "
        "plan offre repo lib librairie framework service client boîte boite startup société"
    ),
    "en": _words(
        "on project app application tool product site the a an plan repo library framework service "
        "client company startup"
    ),
}
# Words before a name that say it is a person.
_PERSON_BEFORE: dict[str, frozenset[str]] = {
    "fr": _words("avec à a selon merci salut coucou bonjour demande dis comme pote collègue chez"),
    "en": _words("with to according thanks hi hello ask tell like colleague friend"),
}
# Words right after a name that say it is a person ("Corentin a dit", "Simon pense").
_PERSON_AFTER: dict[str, frozenset[str]] = {
    "fr": _words(
        "a dit pense trouve bosse travaille arrive vient est m'a t'a nous va veut sait part revient "
        "était etait avait"
    ),
    "en": _words("said says thinks works is was has had wants knows told asked"),
}

# "Eko, tu es le bot de l'équipe" → "Eko est le bot de l'équipe" (second person → third person).
_SELF_VERBS: dict[str, tuple[tuple[re.Pattern[str], str], ...]] = {
    "fr": tuple(
        (re.compile(rf"^(?:tu\s+|t['’]\s*){pattern}\b", re.IGNORECASE), third)
        for pattern, third in (
            (r"es", "est"),
            (r"as", "a"),
            (r"peux", "peut"),
            (r"ne\s+peux\s+pas", "ne peut pas"),
            (r"dois", "doit"),
            (r"sais", "sait"),
            (r"sers\s+à", "sert à"),
            (r"fais", "fait"),
            (r"parles", "parle"),
            (r"connais", "connaît"),
            (r"t['’]appelles", "s'appelle"),
            (r"aimes", "aime"),
            (r"vis", "vit"),
            (r"habites", "habite"),
            (r"n['’]es\s+pas", "n'est pas"),
            (r"n['’]as\s+pas", "n'a pas"),
        )
    ),
    "en": tuple(
        (re.compile(rf"^you\s+{pattern}\b|^you['’]{pattern}\b", re.IGNORECASE), third)
        for pattern, third in (
            (r"are", "is"),
            (r"re", "is"),
            (r"have", "has"),
            (r"ve", "has"),
            (r"can", "can"),
            (r"can['’]t", "can't"),
            (r"cannot", "cannot"),
            (r"should", "should"),
            (r"must", "must"),
            (r"know", "knows"),
            (r"speak", "speaks"),
            (r"like", "likes"),
            (r"live", "lives"),
            (r"were", "was"),
        )
    ),
}


@dataclass(frozen=True)
class NameMention:
    """An unknown name found in a message, with the rules' guess of what it is."""

    name: str
    is_person: bool


def _templates(language: Language) -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.PackageLoader("memory", f"prompts/{language}"),
        undefined=jinja2.StrictUndefined,
        autoescape=False,
        trim_blocks=True,
        lstrip_blocks=True,
    )


def _fold(word: str) -> str:
    return fold(word.strip("@#'’"))


def _is_capitalised(word: str) -> bool:
    core = word.lstrip("@#")
    return bool(core) and core[0].isupper()


def find_unknown_names(
    text: str,
    known_names: Iterable[str] = (),
    language: Language = "fr",
    bot_name: str = "Eko",
) -> list[NameMention]:
    """Capitalised names and projects in ``text`` that are not in ``known_names``.

    Consecutive capitalised words form one name ("Kraken FM"). A word that starts a sentence is
    only taken when ``@``-prefixed or followed by a word that says it is a person ("Corentin a
    dit"): otherwise any sentence starter would become a curiosity.
    """
    known = {_fold(name) for name in known_names} | {_fold(bot_name)}
    common = _COMMON[language]
    words = list(_WORD.finditer(text))
    found: list[NameMention] = []
    seen: set[str] = set()
    index = 0
    while index < len(words):
        match = words[index]
        word = match.group()
        if not _is_capitalised(word) or _fold(word) in common or _fold(word) in known:
            index += 1
            continue
        # extend to "Kraken FM", "Jean Dupont"
        group = [match]
        while index + len(group) < len(words):
            nxt = words[index + len(group)]
            gap = text[group[-1].end() : nxt.start()]
            if gap.strip() or not _is_capitalised(nxt.group()) or _fold(nxt.group()) in common:
                break
            group.append(nxt)
        index += len(group)
        name = " ".join(m.group().lstrip("@#") for m in group).strip("'’-")
        if len(name) < 2 or _fold(name) in known or _fold(name) in seen:
            continue
        before_text = text[: match.start()]
        starts_sentence = not before_text.strip() or bool(_SENTENCE_END.search(before_text))
        previous = _previous_word(before_text)
        after = fold(words[index].group()) if index < len(words) else ""
        explicit = word.startswith("@")
        person_after = after in _PERSON_AFTER[language]
        if previous is not None and _fold(previous) == _fold(bot_name):
            starts_sentence = True  # "Eko, Corentin ..." : the name starts what is said to the bot
        if starts_sentence and not (explicit or person_after):
            continue
        seen.add(_fold(name))
        found.append(NameMention(name, _guess_person(group, previous, after, explicit, language)))
    return found


def _previous_word(before_text: str) -> str | None:
    words = _WORD.findall(before_text)
    return words[-1] if words else None


def _guess_person(
    group: Sequence[re.Match[str]], previous: str | None, after: str, explicit: bool, language: Language
) -> bool:
    names = [m.group().lstrip("@#") for m in group]
    if explicit:
        return True
    if any(_ACRONYM.match(n) or any(c.isdigit() for c in n) for n in names):
        return False  # "Kraken FM", "Ralph V2": a product
    previous_folded = fold(previous or "").split("'")[-1].split("’")[-1]
    if previous_folded in _THING_BEFORE[language]:
        return False
    if previous_folded in _PERSON_BEFORE[language] or after in _PERSON_AFTER[language]:
        return True
    return len(names) == 1  # a lone capitalised word mid-sentence is most often a first name


def self_statement(text: str, bot_name: str = "Eko", language: Language = "fr") -> str | None:
    """What ``text`` tells the bot about itself, in the third person, or None.

    ``"Eko, tu es le bot de l'équipe"`` → ``"Eko est le bot de l'équipe"``. Only statements
    addressed to the bot by name count; questions do not ("Eko, tu es là ?" → None).
    """
    spans = name_spans(text, bot_name)
    if not spans or text.rstrip().endswith("?"):
        return None
    start, end = spans[0]
    # "Eko, tu es ..." (name first) or "tu es ..., Eko" (name last)
    if not text[:start].strip(" \t,;:!-"):
        said = text[end:]
    elif not text[end:].strip(" \t,;:!.-"):
        said = text[:start]
    else:
        return None
    said = said.strip(" \t,;:!-").rstrip(" ,;:")
    for pattern, third_person in _SELF_VERBS[language]:
        match = pattern.match(said)
        if match:
            rest = said[match.end() :].strip()
            if not rest.strip(".!… "):
                return None
            return f"{bot_name} {third_person} {rest}"
    return None


def offline_extract(
    messages: Iterable[Mapping[str, Any]],
    bot_name: str,
    known_names: set[str],
    language: Language = "fr",
) -> list[LearnedItem]:
    """What the rules can learn from Lobby ``messages`` ({"id","room","author","text","ts"}).

    * each unknown capitalised name becomes a goal, phrased by ``learning_person_goal.j2`` ("Qui
      est Corentin ?") or ``learning_thing_goal.j2`` ("C'est quoi Kraken FM ?"), ``about`` = the
      name, ``author`` = who said it;
    * a statement to the bot about itself becomes a ``self`` record (see :func:`self_statement`).

    The bot's own messages are skipped; the authors of the messages count as known names. Items
    come out in message order, without repeats within the batch.
    """
    batch = [m for m in messages if fold(str(m.get("author", ""))) != fold(bot_name)]
    known = set(known_names) | {str(m.get("author", "")) for m in batch}
    templates = _templates(language)
    items: list[LearnedItem] = []
    seen: set[tuple[str, str]] = set()
    for message in batch:
        text = str(message.get("text", ""))
        author = str(message.get("author", "")) or None
        source = _source(message)
        statement = self_statement(text, bot_name, language)
        if statement is not None and ("self", fold(statement)) not in seen:
            seen.add(("self", fold(statement)))
            items.append(LearnedItem("self", statement, about=bot_name, author=author, source=source))
        for mention in find_unknown_names(text, known, language, bot_name):
            if ("goal", fold(mention.name)) in seen:
                continue
            seen.add(("goal", fold(mention.name)))
            template = "learning_person_goal.j2" if mention.is_person else "learning_thing_goal.j2"
            question = templates.get_template(template).render(name=mention.name).strip()
            items.append(LearnedItem("goal", question, about=mention.name, author=author, source=source))
    return items


def _source(message: Mapping[str, Any]) -> dict[str, Any] | None:
    if message.get("id") is None:
        return None
    return {"room": message.get("room"), "message_id": message.get("id")}


async def learn(memory: ItemWriter, items: Sequence[LearnedItem]) -> LearningReport:
    """Write ``items`` through memory's duplicate-free ``add_many`` and count what happened.

    When the batch write fails, each item is retried alone so one bad item costs only itself.
    """
    report = LearningReport()
    if not items:
        return report
    try:
        results = await memory.add_many(items)
    except Exception:  # a failed batch is retried item by item below
        log.warning(
            "learning batch failed; retrying item by item", exc_info=True, extra={"items": len(items)}
        )
        results = []
        for item in items:
            try:
                results.append(
                    await memory.add(
                        item.kind, item.text, about=item.about, author=item.author, source=item.source
                    )
                )
            except Exception:  # counted and logged, never raised to the chat
                report.failed += 1
                log.warning("could not learn an item", exc_info=True, extra={"kind": item.kind})
    for result in results:
        report.results.append(result)
        if result.status == "merged":
            report.merged += 1
        else:
            report.learned += 1
    log.info("learned from the conversation", extra=report.as_dict())
    return report
