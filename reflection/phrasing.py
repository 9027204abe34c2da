"""The goal reflection's model contract and its offline phrasing (pure functions, no I/O)."""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, StringConstraints

from llm.templates import PromptTemplates
from reflection.records import Tone


class GoalDecision(BaseModel):
    """What the directive prompt asks for (seed "Prompt de réflexion", FORMAT JSON)."""

    model_config = ConfigDict(extra="ignore")

    action: Literal["message"]
    message: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=1000)]
    reason: Annotated[str, StringConstraints(strip_whitespace=True, max_length=1000)] = ""
    tone: Tone = "playful"


REFLECT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "action": {"type": "string", "enum": ["message"]},
        "message": {"type": "string", "description": "the question, phrased naturally"},
        "reason": {"type": "string", "description": "why ask it now"},
        "tone": {"type": "string", "enum": ["playful", "helpful", "technical"]},
    },
    "required": ["action", "message", "reason", "tone"],
}

# Words that make a curiosity technical (seed "Personnalité adaptative": technical → precise, concise).
_TECHNICAL = re.compile(
    r"\b(api|webrtc|code|coding|bug|serveur|server|deploy\w*|déploi\w*|merg\w*|commit|repo|git|"
    r"base de données|database|mongo\w*|qdrant|python|typescript|javascript|docker|kubernetes|infra\w*|"
    r"backend|frontend|"
    r"socket\w*|http|sql|llm|modèle|model|latence|latency|cache|build|ci|test\w*)\b",
    re.IGNORECASE,
)
# Curiosities about a person or a plain "what is" read as helpful questions; the rest is small talk.
_HELPFUL = re.compile(r"^\s*(qui|who|c'est qui|what|quel|quelle|comment|how|où|where)\b", re.IGNORECASE)
# Question openers that are not names, so they can be lower-cased after "Au fait, ".
_OPENERS = re.compile(
    r"^(qui|que|quoi|quel|quelle|quels|quelles|qu'|c'est|c'était|comment|où|pourquoi|combien|est-ce|"
    r"what|who|how|why|where|when|which|is|are|do|does|did|can)\b",
    re.IGNORECASE,
)


def offline_tone(goal_text: str) -> Tone:
    """A deterministic tone for a curiosity: technical topic, a who/what question, or small talk."""
    if _TECHNICAL.search(goal_text):
        return "technical"
    if _HELPFUL.search(goal_text):
        return "helpful"
    return "playful"


def question_form(goal_text: str) -> tuple[str, bool]:
    """The goal as it fits after an opener: ``("qui est Corentin ?", True)`` or a statement, False."""
    text = " ".join(goal_text.split()).strip()
    is_question = text.endswith("?")
    if not is_question:
        text = text.rstrip(".!… ")
    if text and _OPENERS.match(text):
        text = text[0].lower() + text[1:]
    elif text and not is_question and text.split()[0] in {"Je", "J'ai", "I"}:
        text = text[0].lower() + text[1:] if text.split()[0] != "I" else text
    return text, is_question


def offline_question(
    templates: PromptTemplates, goal_text: str, tone: Tone | None = None
) -> tuple[str, Tone]:
    """The curiosity phrased by the per-tone template (no model): ``(message, tone)``."""
    chosen = tone or offline_tone(goal_text)
    question, is_question = question_form(goal_text)
    return templates.render(f"question_{chosen}", question=question, is_question=is_question), chosen
