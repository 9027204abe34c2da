"""The LLM port: the one small protocol the bot and reflection talk to.

Two adapters implement it: ``llm.anthropic_adapter.AnthropicLLM`` (the real model) and
``llm.offline.OfflineLLM`` (no key: every call raises :class:`LLMUnavailable`, so each caller
takes its own deterministic, memory-built path and says so).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

LLMMode = Literal["anthropic", "offline"]


class LLMError(Exception):
    """Root of every error the port raises."""


class LLMUnavailable(LLMError):  # noqa: N818 (public names of the port)
    """No model is configured (offline mode): callers use their deterministic path."""


class LLMTimeout(LLMError):  # noqa: N818 (public names of the port)
    """The overall deadline of one call passed (the SDK's own timeout is per read)."""


class LLMBadOutput(LLMError):  # noqa: N818 (public names of the port)
    """The model answered, but not with what was asked (e.g. no JSON object). Counted and logged."""

    def __init__(self, message: str, raw: str = "") -> None:
        super().__init__(message)
        self.raw = raw


@dataclass(frozen=True)
class Usage:
    input_tokens: int = 0
    output_tokens: int = 0
    cache_read_input_tokens: int = 0
    cache_creation_input_tokens: int = 0

    @property
    def total(self) -> int:
        return (
            self.input_tokens
            + self.output_tokens
            + self.cache_read_input_tokens
            + self.cache_creation_input_tokens
        )

    def __add__(self, other: Usage) -> Usage:
        return Usage(
            self.input_tokens + other.input_tokens,
            self.output_tokens + other.output_tokens,
            self.cache_read_input_tokens + other.cache_read_input_tokens,
            self.cache_creation_input_tokens + other.cache_creation_input_tokens,
        )


@dataclass(frozen=True)
class ChatTurn:
    role: Literal["user", "assistant"]
    content: str


@dataclass(frozen=True)
class LLMRequest:
    """One call. ``system`` is the stable part (sent with cache_control); ``turns`` the variable part.

    With ``json_schema`` set, the adapter forces a JSON object matching it (through a tool) and
    returns it in :attr:`LLMResponse.data`. Derive it with ``llm.schema_of`` from the pydantic
    model that parses the answer, so that model stays the one home of the answer's shape.
    """

    purpose: str  # flow name for stats: "answer", "window", "reflection", ...
    system: str
    turns: tuple[ChatTurn, ...]
    max_tokens: int = 512
    json_schema: dict[str, Any] | None = None
    temperature: float | None = None


@dataclass(frozen=True)
class LLMResponse:
    model: str
    usage: Usage
    text: str = ""
    data: dict[str, Any] | None = None
    stop_reason: str | None = None


@dataclass
class PurposeStats:
    calls: int = 0
    failures: int = 0
    bad_outputs: int = 0
    usage: Usage = field(default_factory=Usage)
    attempts: int = 0  # HTTP attempts, retries included (attempts - calls = retries)


class LLM(Protocol):
    """What the bot and reflection need from a language model."""

    @property
    def mode(self) -> LLMMode: ...

    @property
    def model(self) -> str: ...

    async def complete(self, request: LLMRequest) -> LLMResponse:
        """Run one call. Raises LLMUnavailable, LLMTimeout, LLMBadOutput or LLMError."""
        ...

    def stats(self) -> dict[str, PurposeStats]:
        """Calls, failures, bad outputs and tokens per purpose, since start."""
        ...

    async def aclose(self) -> None: ...
