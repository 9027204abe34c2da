"""Learning from the conversation: what the rules alone can take from Lobby messages, and writing it.

Two small pieces, shared by the bot and reflection's 10-minute window flow:

* :func:`offline_extract` — deterministic rules, no model: unknown capitalised names and projects
  become curiosities ("Qui est Corentin ?", "C'est quoi Kraken FM ?"), and what people tell the bot
  about itself ("Eko, tu es le bot de l'équipe") becomes a ``self`` record. Extracting facts about
  people from free text needs a model: reflection's window call does it and converts the model's
  items to :class:`LearnedItem`.
* :func:`learn` — writes items through memory's duplicate-free ``add_many`` and reports how many
  were learned, merged into an existing record, or failed.

The rules that read names and self statements live in :mod:`language.names`; curiosity phrasings
in ``reflection/prompts/<language>/learning_*.j2`` (no phrasing in code).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import jinja2

from language.names import find_unknown_names, self_statement
from language.text import Language, fold
from memory.records import AddResult, NewRecord
from reflection.ports import ReflectionMemory

log = logging.getLogger(__name__)


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


def _templates(language: Language) -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.PackageLoader("reflection", f"prompts/{language}"),
        undefined=jinja2.StrictUndefined,
        autoescape=False,
        trim_blocks=True,
        lstrip_blocks=True,
    )


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
            facet = "identity" if mention.is_person else "definition"  # "Qui est X ?" / "C'est quoi X ?"
            items.append(
                LearnedItem("goal", question, about=mention.name, author=author, source=source, facet=facet)
            )
    return items


def _source(message: Mapping[str, Any]) -> dict[str, Any] | None:
    if message.get("id") is None:
        return None
    return {"room": message.get("room"), "message_id": message.get("id")}


async def learn(memory: ReflectionMemory, items: Sequence[LearnedItem]) -> LearningReport:
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
                        item.kind,
                        item.text,
                        about=item.about,
                        author=item.author,
                        source=item.source,
                        facet=item.facet,
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
