"""The goal reflection's model contract and its offline phrasing (pure functions, no I/O)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from language.questions import Tone, curiosity_tone
from language.text import Language, is_common_word, sentence_language, tokens
from llm.templates import PromptTemplates


class GoalDecision(BaseModel):
    """What the directive prompt asks for (seed "Prompt de réflexion", FORMAT JSON in
    reflect_system.j2). The one home of that shape: ``Engine.ask`` sends the schema derived from it.
    """

    model_config = ConfigDict(extra="ignore")

    action: Literal["message"]
    message: Annotated[
        str,
        StringConstraints(strip_whitespace=True, min_length=1, max_length=1000),
        Field(description="the question, phrased naturally"),
    ]
    reason: Annotated[
        str,
        StringConstraints(strip_whitespace=True, max_length=1000),
        Field(description="why ask it now"),
    ]
    tone: Tone


# Question openers that are not names, so they can be lower-cased after "Au fait, ".
_OPENERS = re.compile(
    r"^(qui|que|quoi|quel|quelle|quels|quelles|qu'|c'est|c'était|comment|où|pourquoi|combien|est-ce|"
    r"what|who|how|why|where|when|which|is|are|do|does|did|can|could|would|will|has|have|"
    # chat leaves the apostrophe out ("whats Gaétan's extension?")
    r"whats|whos|wheres|hows|whens|"
    # conjunctions and prepositions opening a question ("Until which date…", "Any idea…", "If the
    # boiler trips, …", "Et sinon…"), and dialect spellings ("Ch'est où…")
    r"until|till|since|any|if|and|but|so|et|mais|alors|sinon|ch'est|"
    # pronouns asking the room ("Anyone know where…", "Personne sait où…", "On sait qui…")
    r"anyone|anybody|someone|somebody|personne|quelqu'un|qqn|on|tu|vous|je|j'|"
    # a preposition before the interrogative ("Pour qui travaille Yvan ?")
    r"(?:pour|chez|avec|à|de|depuis|dans|sur|en|par|jusqu'à)\s+(?:qui|quoi|quel|quelle|quels|quelles|où|quand|combien))\b",
    re.IGNORECASE,
)


_FIRST_WORD = re.compile(r"[^\W\d_]+")


def question_form(goal_text: str) -> tuple[str, bool]:
    """The goal as it fits after an opener: ``("qui est Corentin ?", True)`` or a statement, False."""
    text = " ".join(goal_text.split()).strip()
    is_question = text.endswith("?")
    if not is_question:
        text = text.rstrip(".!… ")
    first = _FIRST_WORD.match(text)
    if first and first.group(0) != "I" and (_OPENERS.match(text) or is_common_word(first.group(0))):
        # a word that is never a name ("Quand", "On", "Le"): the goal's capital was the sentence's
        text = text[0].lower() + text[1:]
    return text, is_question


def wording_in(language: Language, wordings: Sequence[str]) -> str:
    """The first of a goal's wordings (its text, then the ones merged into it) written in the Lobby's
    language, else its text: "who's the PM of Pivert?" merged with "c'est qui la PM de Pivert ?" is
    asked in French in a French Lobby."""
    return next((w for w in wordings if sentence_language(tokens(w)) == language), wordings[0])


def offline_question(
    templates: PromptTemplates, goal_text: str, tone: Tone | None = None
) -> tuple[str, Tone]:
    """The curiosity phrased by the per-tone template (no model): ``(message, tone)``."""
    chosen = tone or curiosity_tone(goal_text)
    question, is_question = question_form(goal_text)
    return templates.render(f"question_{chosen}", question=question, is_question=is_question), chosen
