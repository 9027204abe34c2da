"""language/ imports nothing of Eko: every other package may use it, it uses none of them."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import language

# regex: Unicode properties the standard re lacks (language/controls.py, Default_Ignorable_Code_Point).
# marisa_trie, msgpack: wordfreq's lists read as a stream into a compact trie (language/frequencies.py).
ALLOWED_THIRD_PARTY = {
    "simplemma",
    "Stemmer",
    "snowballstemmer",
    "wordfreq",
    "regex",
    "marisa_trie",
    "msgpack",
}


def test_language_imports_only_itself_the_stdlib_and_word_libraries() -> None:
    package = Path(language.__file__).parent
    found: dict[str, set[str]] = {}
    for path in package.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                if top != "language" and top not in sys.stdlib_module_names and top != "__future__":
                    found.setdefault(top, set()).add(path.name)
    assert set(found) <= ALLOWED_THIRD_PARTY, found
