"""Pytest fixtures for the fakes. Import them into an area's conftest.py::

from tests.fakes.fixtures import anthropic_llm, fake_anthropic  # noqa: F401
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from llm.anthropic_adapter import AnthropicLLM
from tests.fakes.anthropic_server import FakeAnthropic

FAKE_API_KEY = "sk-ant-fake-test-key-0123456789"


@pytest.fixture
async def fake_anthropic() -> AsyncIterator[FakeAnthropic]:
    """A started fake Messages API on 127.0.0.1, in the test's event loop."""
    async with FakeAnthropic() as fake:
        yield fake


@pytest.fixture
async def anthropic_llm(fake_anthropic: FakeAnthropic) -> AsyncIterator[AnthropicLLM]:
    """The real adapter (real SDK) talking to ``fake_anthropic``: 2 s deadline, 2 retries."""
    llm = AnthropicLLM(
        model="claude-haiku-4-5",
        deadline_s=2.0,
        max_retries=2,
        api_key=FAKE_API_KEY,
        base_url=fake_anthropic.base_url,
    )
    try:
        yield llm
    finally:
        await llm.aclose()
