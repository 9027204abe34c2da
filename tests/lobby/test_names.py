"""One person per display name: the registry on its own, with an injected clock."""

from __future__ import annotations

from datetime import timedelta

import pytest

from lobby.names import NameRegistry, identity, person_key
from lobby.rules import RefusedError
from tests.conftest import FakeClock

ALICE_KEY = "a" * 32
MALLORY_KEY = "m" * 32


def test_a_name_is_held_by_one_key_across_tabs_and_refused_to_others(clock: FakeClock) -> None:
    names = NameRegistry(timedelta(minutes=15))
    names.claim("Alice", ALICE_KEY, "tab1", clock())
    names.claim("Alice", ALICE_KEY, "tab2", clock())  # a second tab of the same browser
    for other in ("Alice", "alice", " ALICE".strip(), "Аlice", "A.l.i.c.e"):  # Cyrillic А in the 4th
        with pytest.raises(RefusedError) as refused:
            names.claim(other, MALLORY_KEY, "intruder", clock())
        assert refused.value.code == "name_taken" and refused.value.params == {"name": "Alice"}
    with pytest.raises(RefusedError):
        names.claim("Alice", None, "program", clock())  # no key: nobody's key matches
    assert names.online() == ["Alice"]  # two tabs, one person


def test_the_name_stays_held_for_the_hold_after_its_person_leaves(clock: FakeClock) -> None:
    names = NameRegistry(timedelta(minutes=15))
    names.claim("Alice", ALICE_KEY, "tab1", clock())
    names.release("tab1", clock())
    assert names.online() == []
    clock.advance(timedelta(minutes=14, seconds=59))
    with pytest.raises(RefusedError):
        names.claim("Alice", MALLORY_KEY, "intruder", clock())
    names.claim("alice", ALICE_KEY, "reload", clock())  # she is back (and now spells it in lower case)
    assert names.online() == ["alice"]
    names.release("reload", clock())
    clock.advance(timedelta(minutes=15))
    names.claim("Alice", MALLORY_KEY, "newcomer", clock())  # free again
    with pytest.raises(RefusedError):
        names.claim("Alice", ALICE_KEY, "late", clock())


def test_a_connection_without_a_key_holds_its_name_only_while_connected(clock: FakeClock) -> None:
    names = NameRegistry(timedelta(minutes=15))
    names.claim("Bob", None, "script", clock())
    with pytest.raises(RefusedError):
        names.claim("Bob", None, "other-script", clock())
    names.release("script", clock())
    names.claim("Bob", MALLORY_KEY, "page", clock())  # nobody could prove to be the script


def test_changing_name_on_one_connection_moves_it(clock: FakeClock) -> None:
    names = NameRegistry(timedelta(0))
    names.claim("Alice", ALICE_KEY, "tab", clock())
    names.claim("Alicia", ALICE_KEY, "tab", clock())
    assert names.online() == ["Alicia"]
    names.claim("Alice", MALLORY_KEY, "other", clock())  # released at once with no hold


def test_keys_and_identities() -> None:
    assert person_key({"name": "A"}) is None
    assert person_key({"name": "A", "key": None}) is None
    assert person_key({"name": "A", "key": "0123456789abcdef"}) == "0123456789abcdef"
    for bad in ("short", "x" * 129, "has space in it!!", 42, ["k" * 20]):
        with pytest.raises(RefusedError, match="key_invalid"):
            person_key({"name": "A", "key": bad})
    assert identity("Élodie") == identity("elodie")
    assert identity("!!!") == "!!!" != identity("???")  # punctuation-only names still differ
