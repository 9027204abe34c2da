"""Names held by a key, presence and replies, over real Socket.IO connections (docs/lobby-protocol.md)."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from lobby.catalogue import LANGUAGES, PAGE_SECTIONS, PLACEHOLDER, Catalogue
from lobby.guards import REFUSAL_CODES
from lobby.server import BOT_TRIGGER_REFUSALS
from lobby.shared_errors import SHARED_LOG_LINES, SharedRoomError
from store.errors import LOG_LINES, PROBLEMS, StoreCorruptError, StoreUnavailableError
from tests.conftest import FakeClock
from tests.lobby.conftest import BOT_TOKEN, Client, LobbyServer, refused

Connect = Callable[..., Any]
ALICE_KEY = "0123456789abcdef0123456789abcdef"


async def presence_until(client: Client, names: list[str]) -> list[dict[str, Any]]:
    """The next presence lists until one has exactly ``names`` (in order)."""
    while True:
        people = (await client.next("presence"))["people"]
        if [person["name"] for person in people] == names:
            return list(people)


async def test_a_name_held_by_a_key_is_refused_to_anyone_else(server: LobbyServer) -> None:
    tab1, tab2 = Client(server.url), Client(server.url)
    try:
        await tab1.connect({"name": "Alice", "key": ALICE_KEY})
        await tab2.connect({"name": "alice", "key": ALICE_KEY})  # her second tab
        assert (await tab2.next("history"))["you"] == "alice"
        for auth in (
            {"name": "Alice", "key": "f" * 32},
            {"name": "ALICE"},
            {"name": "\u0410lice", "key": "f" * 32},  # Cyrillic А
        ):
            answer = await refused(server.url, auth)
            assert answer["data"] == {"code": "name_taken"}
            assert "déjà pris" in answer["message"] and "alice" in answer["message"]
        assert (await refused(server.url, {"name": "Bob", "key": "bad key"}))["data"]["code"] == "key_invalid"
    finally:
        await tab1.close()
        await tab2.close()


async def test_the_name_is_held_after_leaving_then_freed(
    tmp_path: Path, free_port: int, clock: FakeClock
) -> None:
    server = LobbyServer(tmp_path, free_port, clock, name_hold=timedelta(minutes=15))
    await server.start()
    try:
        alice = Client(server.url)
        await alice.connect({"name": "Alice", "key": ALICE_KEY})
        await alice.close()
        assert server.lobby is not None
        for _ in range(100):  # the server sees the disconnection
            if not server.lobby._names.online():
                break
            await asyncio.sleep(0.01)
        clock.advance(timedelta(minutes=10))
        assert (await refused(server.url, {"name": "Alice", "key": "e" * 32}))["data"]["code"] == "name_taken"
        clock.advance(timedelta(minutes=5))
        someone = Client(server.url)
        await someone.connect({"name": "Alice", "key": "e" * 32})
        await someone.close()
    finally:
        await server.stop()


async def test_presence_lists_the_bot_first_then_each_person_once(
    server: LobbyServer, clients: Connect
) -> None:
    watcher = await clients("Zoé")
    await presence_until(watcher, ["Zoé"])
    bot = await clients("Eko", token=BOT_TOKEN)
    bob = await clients("bob")
    tabs = [Client(server.url), Client(server.url)]
    for tab in tabs:
        await tab.connect({"name": "Alice", "key": ALICE_KEY})
    people = await presence_until(watcher, ["Eko", "Alice", "bob", "Zoé"])
    assert people[0] == {"name": "Eko", "bot": True}
    assert all(person["bot"] is False for person in people[1:])
    latecomer = await clients("Carl")
    assert (await latecomer.next("presence"))["people"][0]["name"] == "Eko"  # the newcomer gets it at once
    await tabs[0].close()  # one of Alice's tabs: she is still here
    await bob.close()
    await presence_until(watcher, ["Eko", "Alice", "Carl", "Zoé"])
    await bot.close()
    await presence_until(watcher, ["Alice", "Carl", "Zoé"])
    await tabs[1].close()


async def test_replies_carry_reply_to_through_the_wire_and_history(
    server: LobbyServer, clients: Connect
) -> None:
    alice, bob = await clients("Alice"), await clients("Bob")
    question = (await alice.send({"text": "Qui vient demain ?"}))["message"]
    assert "replyTo" not in question
    answer = await bob.send({"text": "Moi !", "replyTo": question["id"]})
    assert answer["ok"] is True and answer["message"]["replyTo"] == question["id"]
    assert (await bob.send({"text": "rien", "replyTo": None}))["ok"] is True  # null: not a reply
    unknown = await bob.send({"text": "à un vieux message", "replyTo": "m-older-than-anyone-s-window"})
    assert unknown["ok"] is True  # tolerated: not looked up
    for bad in ("", "x" * 65, "has space", 42, {"id": "x"}, ["x"], "é" * 3):
        refused_reply = await bob.send({"text": "hop", "replyTo": bad})
        assert refused_reply["ok"] is False and refused_reply["code"] == "reply_invalid"
    await alice.next("message")
    assert (await alice.next("message"))["replyTo"] == question["id"]
    history = (await (await clients("Carl")).next("history"))["messages"]
    assert [m.get("replyTo") for m in history] == [None, question["id"], None, unknown["message"]["replyTo"]]


async def test_an_english_lobby_refuses_and_serves_its_page_in_english(
    tmp_path: Path, free_port: int, clock: FakeClock
) -> None:
    server = LobbyServer(tmp_path, free_port, clock, language="en")
    await server.start()
    try:
        answer = await refused(server.url, {"name": "eko"})
        assert answer == {
            "message": "“Eko” is the Lobby bot's name: choose another one.",
            "data": {"code": "name_reserved"},
        }
        alice = Client(server.url)
        await alice.connect({"name": "Alice"})
        empty = await alice.send({"text": " "})
        assert empty == {"ok": False, "code": "text_empty", "error": "Empty message."}
        await alice.close()
        async with aiohttp.ClientSession() as http:
            async with http.get(server.url + "/") as response:
                page = await response.text()
            async with http.get(server.url + "/favicon.ico") as icon:
                assert icon.status == 200 and (await icon.read())[:4] == b"\x00\x00\x01\x00"
        assert '<html lang="en">' in page
        assert "Welcome to the Lobby" in page and "Bienvenue" not in page
        assert "{{" not in page  # every placeholder of the template was filled
        data = re.search(r'<script id="eko-i18n" type="application/json">(.*?)</script>', page, re.S)
        assert data is not None
        assert json.loads(data[1])["page"]["send"] == "Send"
    finally:
        await server.stop()


def _shape(entries: Any, prefix: str = "") -> dict[str, set[str]]:
    """Every text key of a catalogue with the placeholders its text uses."""
    if isinstance(entries, str):
        return {prefix: set(PLACEHOLDER.findall(entries))}
    shape: dict[str, set[str]] = {}
    for key, value in entries.items():
        shape.update(_shape(value, f"{prefix}.{key}" if prefix else key))
    return shape


def test_the_catalogues_have_the_same_texts_and_placeholders() -> None:
    fr, en = (_shape(Catalogue.load(language).entries) for language in LANGUAGES)
    assert fr == en
    assert {key.split(".")[0] for key in fr} == {*PAGE_SECTIONS, "console", "store", "sharedRoom", "memory"}


def test_every_refusal_code_in_the_code_has_a_text() -> None:
    lobby_dir = Path(__file__).parents[2] / "lobby"
    source = "\n".join(path.read_text() for path in lobby_dir.glob("*.py"))
    codes = set(re.findall(r'(?:RefusedError|_refusal)\(\s*"(\w+)"', source)) | REFUSAL_CODES
    codes |= {f"trigger_{code}" for code in BOT_TRIGGER_REFUSALS}  # the bot's refusals, worded here
    guard_literals = set(re.findall(r'"(\w+)"', (lobby_dir / "guards.py").read_text())) & set(
        Catalogue.load("fr").entries["refusal"]
    )
    assert guard_literals <= REFUSAL_CODES  # every code the guards use is declared
    assert len(codes) > 20
    texts = Catalogue.load("fr").entries["refusal"]
    assert codes <= set(texts), codes - set(texts)
    assert set(texts) <= codes, set(texts) - codes  # no stale entry either


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_store_and_shared_room_error_code_has_a_text(language: str) -> None:
    texts = Catalogue.load(language).entries
    store = {key for key, value in texts["store"].items() if isinstance(value, str)}
    assert store == set(LOG_LINES)
    assert set(texts["store"]["problem"]) == set(PROBLEMS)
    shared = {key for key, value in texts["sharedRoom"].items() if isinstance(value, str)}
    assert shared == set(SHARED_LOG_LINES)


@pytest.mark.parametrize(
    ("language", "error", "said"),
    [
        (
            "fr",
            StoreUnavailableError("not_writable", path="/d/eko.sqlite", reason="SQLITE_READONLY"),
            "impossible d'écrire dans /d/eko.sqlite (en lecture seule)",
        ),
        (
            "en",
            StoreUnavailableError("not_writable", path="/d/eko.sqlite", reason="SQLITE_READONLY"),
            "cannot write to /d/eko.sqlite (read-only)",
        ),
        (
            "fr",
            StoreUnavailableError("history_failed", where="MongoDB", reason="ServerSelectionTimeoutError"),
            "impossible de lire l'historique dans MongoDB (serveur injoignable)",
        ),
        (  # a reason with no text of its own is shown as the engine gave it
            "fr",
            StoreUnavailableError("open_failed", path="/d", reason="disk I/O error"),
            "impossible d'ouvrir /d (disk I/O error)",
        ),
        (  # a worded problem names the worded reason
            "fr",
            StoreCorruptError(Path("/d/x.sqlite3"), "damaged", reason="SQLITE_CORRUPT"),
            "le fichier de stockage /d/x.sqlite3 est inutilisable (endommagé : contenu endommagé)",
        ),
        (
            "en",
            StoreCorruptError(Path("/d/x.sqlite3"), "truncated", size=10, expected=4096),
            "the store file /d/x.sqlite3 is unusable (truncated: 10 bytes where its header says 4096)",
        ),
        (
            "fr",
            SharedRoomError("unreachable", reason="TimeoutError"),
            "Redis injoignable (délai dépassé) : vérifiez EKO_REDIS_URL",
        ),
    ],
)
def test_errors_are_worded_from_their_code_and_parameters(language: str, error: Any, said: str) -> None:
    section = "sharedRoom" if isinstance(error, SharedRoomError) else "store"
    assert Catalogue.load(language).worded(section, error.code, error.params) == said
