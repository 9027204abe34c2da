"""Prompt templates: Jinja2 files shipped next to the code that uses them.

A package keeps its prompts in ``<package>/prompts/<language>/<name>.j2`` (French is the default
language, English the other). There is no fallback from one language to another: a missing
translation is a bug, and :meth:`PromptTemplates.check` lets a caller (and its tests) find it at
start-up instead of in the middle of a conversation.
"""

from __future__ import annotations

from collections.abc import Iterable
from importlib import resources
from typing import Any

import jinja2

TEMPLATE_SUFFIX = ".j2"


class MissingPromptError(LookupError):
    """A prompt template (or a whole language folder) does not exist."""


class PromptTemplates:
    """The prompt templates of one package in one language.

    ``render`` uses :class:`jinja2.StrictUndefined`, so a variable the caller forgot is an error,
    never an empty string silently sent to the model. Autoescaping is off: these are prompts, not
    HTML (the Lobby page escapes what it displays).
    """

    def __init__(self, package: str, language: str) -> None:
        self.package = package
        self.language = language
        folder = f"prompts/{language}"
        try:
            found = resources.files(package).joinpath(folder).is_dir()
        except ModuleNotFoundError as err:
            raise MissingPromptError(f"no package {package!r} to load prompts from") from err
        if not found:
            raise MissingPromptError(f"no prompt folder {package}/{folder}")
        self._env = jinja2.Environment(
            loader=jinja2.PackageLoader(package, folder),
            undefined=jinja2.StrictUndefined,
            autoescape=False,
            trim_blocks=True,
            lstrip_blocks=True,
            keep_trailing_newline=False,
            # The templates ship with the code: no stat of the file at every render (one answer
            # renders several, on the event loop).
            auto_reload=False,
        )

    def names(self) -> list[str]:
        """The template names available in this language, without the ``.j2`` suffix."""
        return sorted(
            name.removesuffix(TEMPLATE_SUFFIX)
            for name in self._env.list_templates()
            if name.endswith(TEMPLATE_SUFFIX)
        )

    def check(self, names: Iterable[str]) -> None:
        """Raise :class:`MissingPromptError` naming every template of ``names`` that is missing."""
        available = set(self.names())
        missing = sorted(set(names) - available)
        if missing:
            raise MissingPromptError(
                f"missing prompt templates in {self.package}/prompts/{self.language}: {', '.join(missing)}"
            )

    def render(self, name: str, /, **variables: Any) -> str:
        """Render ``<name>.j2`` with ``variables``; surrounding whitespace is stripped."""
        try:
            template = self._env.get_template(name + TEMPLATE_SUFFIX)
        except jinja2.TemplateNotFound as err:
            raise MissingPromptError(
                f"missing prompt template {self.package}/prompts/{self.language}/{name}{TEMPLATE_SUFFIX}"
            ) from err
        return template.render(**variables).strip()
