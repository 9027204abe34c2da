"""The Lobby's rules and its group commit, driven directly."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from lobby.publisher import BatchPublisher
from lobby.rules import (
    FloodGate,
    RefusedError,
    display_name,
    is_reserved,
    message_text,
    skeleton,
    token_matches,
)
from store import LobbyMessage
from tests.conftest import FakeClock


def test_display_name_is_trimmed_and_bounded() -> None:
    assert display_name({"name": "  Élodie  "}) == "Élodie"
    assert display_name({"name": "x" * 40}) == "x" * 40
    for bad in (None, "Alice", {"name": ""}, {"name": "x" * 41}, {"name": "a\tb"}, {"name": ["a"]}):
        with pytest.raises(RefusedError):
            display_name(bad)


def test_display_name_turns_unicode_spaces_into_one_space() -> None:
    assert display_name({"name": "Jean\u00a0Pierre"}) == "Jean Pierre"  # no-break space
    assert display_name({"name": "Jean\u202fPierre"}) == "Jean Pierre"  # narrow no-break space
    assert display_name({"name": "\u3000Jean \u2003\u00a0 Pierre\u00a0"}) == "Jean Pierre"
    assert display_name({"name": "Jean   Pierre"}) == "Jean Pierre"
    with pytest.raises(RefusedError, match="name_length"):
        display_name({"name": "\u00a0\u202f"})  # only spaces: empty
    # Hangul fillers alone: printable letters (Lo) that show nothing, a name nobody can see.
    for invisible in ("Jean\u200bPierre", "Jean\u2028Pierre", "Jean\tPierre", "\u3164", "\u115f\uffa0"):
        with pytest.raises(RefusedError, match="name_invisible"):
            display_name({"name": invisible})


def test_reserved_name_ignores_case_and_look_alikes() -> None:
    assert is_reserved("eko", "Eko") and is_reserved("ＥＫＯ", "Eko")
    assert not is_reserved("Ekow", "Eko") and not is_reserved("Echo", "Eko")


@pytest.mark.parametrize(
    "name",
    [
        "@Eko",
        "\u0415ko",  # Cyrillic capital Ie
        "\u0435ko",  # Cyrillic small ie
        "Ek\u03bf",  # Greek small omicron
        "\u0395\u039a\u039f",  # Greek capitals
        "\u0415\u041a\u041e",  # Cyrillic capitals
        "E k o",
        "E.K.O",
        "Éko",
        "Ek\u00f6",
        "\U0001d404\U0001d424\U0001d428",  # mathematical bold
        "«Eko»",
        "Ek\u0585",  # Armenian small oh
        "Ek\u1d0f",  # Latin letter small capital o
        "E\u0138o",  # Latin small letter kra
        "Ek\u0366",  # combining Latin small letter o
        "\u0415\u0138\u0585",  # all three at once
        "Ek0",  # Unicode's confusables: digit zero reads as O
        "Eko\u3164",  # a Hangul filler: printable, yet shown as nothing (default-ignorable)
        "Eko\u115f",
        "E\uffa0ko",  # halfwidth Hangul filler
        "Ek\ufe00o",  # a variation selector
        "\uff25\uff4b\uff4f",  # fullwidth
        "\U0001d508\U0001d528\U0001d52c",  # mathematical fraktur
        "\u24ba\u24da\u24de",  # circled letters
        # Confusables confusable-homoglyphs' table lacks and ICU's has (lobby/rules.py, _icu_skeleton):
        "Ek\u0665",  # Arabic-Indic digit five
        "Ek\u0647",  # Arabic letter heh
        "Ek\u05e1",  # Hebrew letter samekh
        "Ek\u07c0",  # NKo digit zero
    ],
)
def test_names_that_read_as_the_bot_are_reserved(name: str) -> None:
    assert skeleton(name) == "eko"
    assert is_reserved(name, "Eko")


@pytest.mark.parametrize("name", ["Ekolo", "Gecko", "Eko2", "Eko_bot", "Ek", "Ekko", "Echo"])
def test_other_names_near_the_bot_stay_free(name: str) -> None:
    assert not is_reserved(name, "Eko")


def test_reserved_look_alikes_follow_the_configured_bot_name() -> None:
    assert is_reserved("Z\u043e\u0435", "Zoé")  # Cyrillic o and e
    assert not is_reserved("Eko", "Zoé")


def test_letters_unicode_spells_with_several_read_as_them() -> None:
    """UTS #39's multi-character prototypes: "rnartin" passed for "Martin" (one name for two people)."""
    assert skeleton("Zoé rnartin") == skeleton("Zoé Martin")
    assert skeleton("Æthel") == skeleton("AEthel") and skeleton("Œuvre") == skeleton("oeuvre")
    assert is_reserved("Ernrna", "Emma") and not is_reserved("Erna", "Emma")
    assert skeleton("Eko") == "eko" and not is_reserved("Ekolo", "Eko")


def test_token_check() -> None:
    assert token_matches("s3cret", "s3cret")
    assert not token_matches("s3cre", "s3cret")
    assert not token_matches(None, "s3cret") and not token_matches("", "") and not token_matches(1, "1")
    assert not token_matches("\ud800", "s3cret")  # a lone surrogate (possible in JSON) is no error


def test_message_text() -> None:
    assert message_text({"text": "  a\nb  "}) == "a\nb"
    with pytest.raises(RefusedError, match="text_too_long"):
        message_text({"text": "é" * 4001})


@pytest.mark.parametrize("blank", ["\u200b\u200b", "\u200d", "\ufeff", "\u2060", "\u3164", " \u200f \u00ad "])
def test_a_message_that_shows_nothing_is_empty(blank: str) -> None:
    with pytest.raises(RefusedError, match="text_empty"):
        message_text({"text": blank})


def test_message_text_keeps_line_breaks_and_tabs() -> None:
    assert message_text({"text": "a\r\nb\tc\u00a0d"}) == "a\r\nb\tc\u00a0d"


@pytest.mark.parametrize("control", ["\x00", "\x07", "\x0b", "\x0c", "\x1b", "\x1f", "\x7f", "\x85", "\x9f"])
@pytest.mark.parametrize("where", ["start", "middle", "end"])
def test_message_text_refuses_control_characters(control: str, where: str) -> None:
    text = {"start": control + "salut", "middle": "sa" + control + "lut", "end": "salut" + control}[where]
    with pytest.raises(RefusedError, match="text_control"):
        message_text({"text": text})


def test_flood_gate_is_a_sliding_window(clock: FakeClock) -> None:
    gate = FloodGate(2, timedelta(seconds=5))
    assert gate.allow(clock()) and gate.allow(clock.advance(1))
    assert not gate.allow(clock.advance(1))  # 3rd within 5 s
    assert gate.allow(clock.advance(3))  # the first one left the window
    assert not gate.allow(clock())


def message(i: int) -> LobbyMessage:
    return LobbyMessage(id=f"m{i}", room="lobby", author="A", text=str(i), ts="2026-11-23T10:00:00.000Z")


async def test_group_commit_stores_batches_in_order_before_broadcasting() -> None:
    stored: list[list[str]] = []
    seen: list[tuple[str, int]] = []

    async def store(batch: list[LobbyMessage]) -> None:
        await asyncio.sleep(0.01)
        stored.append([m["id"] for m in batch])

    async def broadcast(batch: list[LobbyMessage]) -> None:
        seen.extend((m["id"], len(stored)) for m in batch)

    lock = asyncio.Lock()
    publisher = BatchPublisher(store, broadcast, lambda: lock)
    await asyncio.gather(*(publisher.publish(message(i)) for i in range(10)))
    assert [i for batch in stored for i in batch] == [f"m{i}" for i in range(10)]
    assert len(stored) < 10  # messages that waited went together
    assert [m for m, _ in seen] == [f"m{i}" for i in range(10)]
    for message_id, batches_stored in seen:  # each was already stored when it was broadcast
        assert any(message_id in batch for batch in stored[:batches_stored])


async def test_group_commit_reports_a_store_failure_to_each_sender() -> None:
    seen: list[str] = []

    async def store(batch: list[LobbyMessage]) -> None:
        if any(m["id"] == "m1" for m in batch):
            raise OSError("disk full")

    async def broadcast(batch: list[LobbyMessage]) -> None:
        seen.extend(m["id"] for m in batch)

    lock = asyncio.Lock()
    publisher = BatchPublisher(store, broadcast, lambda: lock)
    await publisher.publish(message(0))
    with pytest.raises(OSError, match="disk full"):
        await publisher.publish(message(1))
    await publisher.publish(message(2))
    await publisher.flush()
    assert seen == ["m0", "m2"]


async def test_a_failed_broadcast_still_acknowledges_the_stored_message() -> None:
    stored: list[str] = []

    async def store(batch: list[LobbyMessage]) -> None:
        stored.extend(m["id"] for m in batch)

    async def broadcast(batch: list[LobbyMessage]) -> None:
        raise ConnectionResetError("peer gone")

    lock = asyncio.Lock()
    publisher = BatchPublisher(store, broadcast, lambda: lock)
    await asyncio.wait_for(publisher.publish(message(0)), 1)
    assert stored == ["m0"]
