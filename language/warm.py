"""Ahead of time, what the language rules load on first use.

simplemma's dictionaries take about a second to load, holding the interpreter, and the rules' own
caches fill on their first texts. A process that serves others (the bot beside the Lobby) runs
:func:`warm_up` at start: otherwise the first message needing them stalls every connection at once
(docs/bot.md, "2026-11-27").
"""

from __future__ import annotations

from language import lexicon
from language.curiosity import read_curiosity
from language.equivalence import judge
from language.text import Language, load_word_data


def warm_up(language: Language = "fr", bot_name: str = "Eko") -> None:
    load_word_data()
    lexicon.warm()  # translated subjects: 1.2 s on the first comparison that needed them
    for text in (f"{bot_name}, qui est Léa Durand ?", f"{bot_name}, where does Tom Martin work?"):
        read_curiosity(text, language, bot_name)
    judge(
        "goal",
        "Qui est Léa Durand ?",
        "Où habite Hugo Martin ?",
        "Léa Durand",
        "Hugo Martin",
        language,
        cosine=0.5,
    )
    judge(
        "fact",
        "Léa Durand code en Rust",
        "Hugo Martin habite à Lyon",
        "Léa Durand",
        "Hugo Martin",
        language,
        cosine=0.5,
    )
