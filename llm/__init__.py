"""The LLM port and its two adapters (Anthropic, offline). See ``docs/llm.md``."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from llm.json_output import schema_of
from llm.offline import OfflineLLM
from llm.port import (
    LLM,
    ChatTurn,
    LLMBadOutput,
    LLMError,
    LLMMode,
    LLMRequest,
    LLMResponse,
    LLMTimeout,
    LLMUnavailable,
    PurposeStats,
    Usage,
)
from llm.templates import MissingPromptError, PromptTemplates

if TYPE_CHECKING:
    from llm.anthropic_adapter import AnthropicLLM

__all__ = [
    "LLM",
    "AnthropicLLM",
    "ChatTurn",
    "LLMBadOutput",
    "LLMError",
    "LLMMode",
    "LLMRequest",
    "LLMResponse",
    "LLMTimeout",
    "LLMUnavailable",
    "MissingPromptError",
    "OfflineLLM",
    "PromptTemplates",
    "PurposeStats",
    "Usage",
    "build_llm",
    "schema_of",
]

logger = logging.getLogger(__name__)


def __getattr__(name: str) -> Any:
    # The anthropic SDK takes 2.5 s to import (docs/llm.md, "Start-up"): offline, Eko never pays it.
    if name == "AnthropicLLM":
        from llm.anthropic_adapter import AnthropicLLM

        return AnthropicLLM
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def build_llm(
    model: str,
    deadline_s: float,
    max_retries: int,
    api_key_present: bool,
    base_url: str | None = None,
) -> LLM:
    """The Anthropic adapter when a key is present (the SDK reads it from the environment), else offline."""
    llm: LLM
    if api_key_present:
        from llm.anthropic_adapter import AnthropicLLM

        llm = AnthropicLLM(model, deadline_s, max_retries, base_url=base_url)
    else:
        llm = OfflineLLM()
    logger.info(
        "llm mode: %s",
        llm.mode,
        extra={
            "llm_mode": llm.mode,
            "llm_model": llm.model,
            "deadline_s": deadline_s,
            "max_retries": max_retries,
        },
    )
    if llm.mode == "offline":
        logger.info(
            "offline mode: answers and learning are built from memory by rules; set ANTHROPIC_API_KEY "
            "for model-written answers, summaries and learning"
        )
    return llm
