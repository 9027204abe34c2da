"""bot.curiosity.fact_text: the fact Eko writes from an answer to one of its questions."""

from __future__ import annotations

from bot.curiosity import fact_text
from language.answers import Answer
from llm import PromptTemplates
from memory import Record


def written(question: str, about: str, facet: str, reply: str, author: str, language: str = "fr") -> str:
    goal = Record("g", "goal", question, about=about, facet=facet)
    templates = PromptTemplates("bot", language)  # type: ignore[arg-type]
    return fact_text(Answer("g", "mention", reply, False), goal, author, templates, language, "Eko")  # type: ignore[arg-type]


def test_a_name_answering_who_makes_the_question_a_statement() -> None:
    assert written("Qui pilote Toucan ?", "Toucan", "agent", "c'est Sixtine", "Rosalie") == (
        "Sixtine pilote Toucan (d'après Rosalie)"
    )
    assert written("Who maintains Lynx?", "Lynx", "agent", "Nils", "Marc", "en") == (
        "Nils maintains Lynx (according to Marc)"
    )
    # not a name: the question's topic heads the answer
    assert written("Qui est Odile ?", "Odile", "identity", "la nouvelle RH", "Marc") == (
        "Odile : la nouvelle RH (d'après Marc)"
    )
