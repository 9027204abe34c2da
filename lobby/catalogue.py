"""The Lobby's texts: one JSON catalogue per language, ``lobby/i18n/<language>.json``.

The same file feeds the page (embedded in it: ``page``, ``statusbar`` and ``refusal``), the server's
refusals (``refusal``, by their stable code) and the console lines of ``eko up|lobby|bot``
(``console``). Placeholders are ``{name}``; a plural entry is an object ``{"one": …, "other": …}``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

CATALOGUE_DIR = Path(__file__).parent / "i18n"
LANGUAGES = ("fr", "en")
PAGE_SECTIONS = ("page", "statusbar", "refusal")
# Only ``{word}`` is a placeholder: JSON shown in a text (``{"text": "…"}``) stays as it is.
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def fill(template: str, params: Mapping[str, object]) -> str:
    """``template`` with each ``{name}`` found in ``params`` replaced (others left as they are)."""
    return PLACEHOLDER.sub(lambda m: str(params[m[1]]) if m[1] in params else m[0], template)


@dataclass(frozen=True)
class Catalogue:
    language: str
    entries: Mapping[str, Any]

    @classmethod
    def load(cls, language: str) -> Catalogue:
        if language not in LANGUAGES:
            raise ValueError(f"no catalogue for language {language!r} (known: {', '.join(LANGUAGES)})")
        path = CATALOGUE_DIR / f"{language}.json"
        return cls(language, json.loads(path.read_text(encoding="utf-8")))

    def text(self, key: str, /, **params: object) -> str:
        """The entry at dotted ``key`` (``"refusal.name_taken"``) with its placeholders filled.

        A missing key is a bug in the code, not an input: it raises ``KeyError``.
        """
        entry: Any = self.entries
        for part in key.split("."):
            if not isinstance(entry, Mapping) or part not in entry:
                raise KeyError(f"{key!r} is not in the {self.language} catalogue")
            entry = entry[part]
        if isinstance(entry, Mapping):  # plural: French counts 0 and 1 as singular, English only 1
            count = params.get("count")
            one = count == 1 or (self.language == "fr" and count == 0)
            entry = entry["one" if one else "other"]
        if not isinstance(entry, str):
            raise KeyError(f"{key!r} is not a text in the {self.language} catalogue")
        return fill(entry, params)

    def worded(self, section: str, code: str, params: Mapping[str, object]) -> str:
        """An error's stable ``code`` and ``params`` (its provider's structured fields) as people read
        them: ``<section>.<code>``. A parameter whose value has its own text under ``<section>.<name>``
        (a reason ``EACCES`` under ``store.reason``, a problem ``empty`` under ``store.problem``) is
        shown as that text; any other as it is."""
        shown: dict[str, object] = dict(params)
        section_entries = self.entries.get(section)
        coded = {}
        for name, value in params.items():
            entry = section_entries.get(name) if isinstance(section_entries, Mapping) else None
            if isinstance(entry, Mapping) and isinstance(value, str) and isinstance(entry.get(value), str):
                coded[name] = entry[value]
        shown.update(coded)
        for name, text in coded.items():  # a worded value may name the others ("damaged ({reason})")
            shown[name] = fill(text, {k: v for k, v in shown.items() if k != name})
        return self.text(f"{section}.{code}", **shown)

    def page_json(self) -> str:
        """The sections the page uses, as JSON safe inside ``<script type="application/json">``."""
        data = {section: self.entries[section] for section in PAGE_SECTIONS}
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        # "</script>" or "<!--" in a text must not end the data block early.
        return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
