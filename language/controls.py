"""What text and structured input from people may not carry, checked the same way everywhere.

Control characters (Unicode category Cc: C0, DEL, C1) other than line feed, carriage return and tab
have no business in a chat message or a remembered fact: a NUL or an escape sequence would reach
terminals, logs and the page. The Lobby refuses them in messages; the memory refuses them in what it
is given (an imported fact that Eko later quotes must pass the Lobby's rule too).

Nesting: JSON from outside (a Socket.IO event, an import line) is refused past a fixed depth, before
recursive code (serialising, validating) can hit Python's recursion limit.
"""

from __future__ import annotations

import functools
import re
from typing import Any

import regex

# C0 except tab, line feed and carriage return; DEL; C1.
CONTROL_CHARACTERS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
MAX_DEPTH = 16


def first_control(text: str) -> int | None:
    """The index of the first refused control character in ``text``, or None."""
    match = CONTROL_CHARACTERS.search(text)
    return None if match is None else match.start()


@functools.cache
def _ignorable() -> regex.Pattern[str]:
    # Unicode's Default_Ignorable_Code_Point: characters rendered as nothing (zero-width spaces and
    # joiners, bidi controls, the soft hyphen, variation selectors, Hangul fillers, tags...).
    return regex.compile(r"\p{Default_Ignorable_Code_Point}+")


def without_ignorables(text: str) -> str:
    """``text`` without its default-ignorable code points (what a reader cannot see)."""
    # ``regex`` lets go of the interpreter while it matches a str unless told not to: taking it back
    # waits for whichever thread holds it (an encoder, the engine), up to the 5 ms switch interval,
    # for a match of a microsecond (1.4 ms a call measured beside one busy thread; docs/memory.md,
    # "What an import waits for").
    return str(_ignorable().sub("", text, concurrent=False))


def is_blank(text: str) -> bool:
    """Whether ``text`` shows nothing: only whitespace and default-ignorable code points
    (a message of zero-width spaces, a Hangul filler as a name)."""
    return not without_ignorables(text).strip()


def is_readable_name(text: str) -> bool:
    """Whether ``text`` can stand as a person's name on the page: printable (no control, format,
    unassigned or surrogate code point) and showing something. The Lobby's display names and the
    trigger's ``requestedBy`` follow this one rule."""
    return text.isprintable() and not is_blank(text)


def too_deep(value: Any, limit: int = MAX_DEPTH) -> bool:
    """Whether ``value`` (decoded JSON) nests lists and objects deeper than ``limit`` (no recursion)."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list | tuple):
            if depth >= limit:
                return True
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)
    return False
