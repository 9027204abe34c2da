from __future__ import annotations

import jinja2
import pytest

from llm.templates import MissingPromptError, PromptTemplates


def test_renders_french_and_english_templates() -> None:
    fr = PromptTemplates("tests.llm", "fr")
    en = PromptTemplates("tests.llm", "en")
    facts = ["Le village de maman : Besançon", "<b>pas du HTML</b>"]
    assert fr.render("greet", name="Léa", facts=facts) == (
        "Bonjour Léa !\n- Le village de maman : Besançon\n- <b>pas du HTML</b>"
    )
    assert en.render("greet", name="Lea", facts=[]) == "Hello Lea!"


def test_a_forgotten_variable_is_an_error_not_an_empty_string() -> None:
    with pytest.raises(jinja2.UndefinedError):
        PromptTemplates("tests.llm", "fr").render("greet", facts=[])


def test_check_names_every_missing_translation() -> None:
    PromptTemplates("tests.llm", "fr").check(["greet", "only_fr"])
    with pytest.raises(MissingPromptError, match="only_fr"):
        PromptTemplates("tests.llm", "en").check(["greet", "only_fr"])
    assert PromptTemplates("tests.llm", "en").names() == ["greet"]


def test_missing_template_language_or_package_fail_loudly() -> None:
    with pytest.raises(MissingPromptError, match="nope"):
        PromptTemplates("tests.llm", "fr").render("nope")
    with pytest.raises(MissingPromptError, match="de"):
        PromptTemplates("tests.llm", "de")
    with pytest.raises(MissingPromptError, match="no_such_package"):
        PromptTemplates("no_such_package", "fr")
