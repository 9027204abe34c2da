from tests.fakes.fixtures import anthropic_llm, fake_anthropic

__all__ = ["anthropic_llm", "fake_anthropic"]
