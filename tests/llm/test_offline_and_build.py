from __future__ import annotations

import logging
import os
import subprocess
import sys

import pytest

from llm import AnthropicLLM, ChatTurn, LLMRequest, LLMUnavailable, OfflineLLM, build_llm


async def test_offline_never_answers_but_says_why() -> None:
    llm = OfflineLLM()
    request = LLMRequest(purpose="answer", system="", turns=(ChatTurn("user", "Eko ?"),))

    with pytest.raises(LLMUnavailable, match="offline"):
        await llm.complete(request)

    assert llm.mode == "offline" and llm.stats() == {}
    await llm.aclose()


async def test_build_llm_picks_the_mode_and_announces_it(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.INFO, logger="llm"):
        offline = build_llm("claude-haiku-4-5", 30.0, 3, api_key_present=False)
        online = build_llm("claude-haiku-4-5", 30.0, 3, api_key_present=True, base_url="http://127.0.0.1:9")
    try:
        assert isinstance(offline, OfflineLLM) and offline.mode == "offline"
        assert isinstance(online, AnthropicLLM) and online.mode == "anthropic"
        assert online.model == "claude-haiku-4-5"
        modes = [getattr(record, "llm_mode", None) for record in caplog.records]
        assert modes.count("offline") == 1 and modes.count("anthropic") == 1
        key = os.environ.get("ANTHROPIC_API_KEY")
        assert not key or all(key not in record.getMessage() for record in caplog.records)
    finally:
        await online.aclose()


def test_offline_eko_never_imports_the_anthropic_sdk() -> None:
    # The SDK takes seconds to import; offline (no key) Eko starts without it. A fresh interpreter:
    # this test session has imported it already.
    code = (
        "import sys, bot, reflection, eko.app, llm\n"
        "llm.build_llm('claude-haiku-4-5', 30.0, 3, api_key_present=False)\n"
        "print('anthropic' in sys.modules)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    assert done.stdout.strip() == "False"
