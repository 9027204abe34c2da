"""The offline adapter: no model. Every call raises :class:`LLMUnavailable`.

Each caller (the bot's answers and learning, reflection's windows) has a deterministic path built
from memory; this adapter makes the choice explicit instead of returning canned text.
"""

from __future__ import annotations

from llm.port import LLMMode, LLMRequest, LLMResponse, LLMUnavailable, PurposeStats

OFFLINE_MODEL = "offline"


class OfflineLLM:
    """:class:`llm.port.LLM` when no ``ANTHROPIC_API_KEY`` is set."""

    @property
    def mode(self) -> LLMMode:
        return "offline"

    @property
    def model(self) -> str:
        return OFFLINE_MODEL

    async def complete(self, request: LLMRequest) -> LLMResponse:
        raise LLMUnavailable(f"{request.purpose}: no model in offline mode (set ANTHROPIC_API_KEY)")

    def stats(self) -> dict[str, PurposeStats]:
        return {}

    async def aclose(self) -> None:
        return None
