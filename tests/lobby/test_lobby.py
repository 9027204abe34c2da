"""The Lobby's wire contract (docs/lobby-protocol.md), over real Socket.IO connections on loopback."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import aiohttp
import pytest
import socketio

from lobby import Lobby
from store import LobbyMessage, open_database
from tests.conftest import FakeClock
from tests.lobby.conftest import BOT_TOKEN, WAIT, Client, LobbyServer

Connect = Callable[..., Any]


async def refused_with(server: LobbyServer, auth: Any) -> Any:
    client = Client(server.url)
    try:
        with pytest.raises(socketio.exceptions.ConnectionError):
            await client.connect(auth)
        return await client.next("refused")
    finally:
        await client.close()


async def refusal(server: LobbyServer, auth: Any) -> str:
    """The refusal's stable code (its text is in the Lobby's language)."""
    refused = await refused_with(server, auth)
    assert isinstance(refused["message"], str) and refused["message"]
    return str(refused["data"]["code"])


async def test_connection_receives_history_oldest_first(server: LobbyServer, clients: Connect) -> None:
    assert server.database is not None
    log = server.database.messages
    ts = "2026-11-23T09:00:00.000Z"
    await log.append_many(
        [LobbyMessage(id=f"m{i}", room="lobby", author="Alice", text=f"n°{i}", ts=ts) for i in range(60)]
    )
    alice = await clients("Alice")
    history = await alice.next("history")
    assert [m["text"] for m in history["messages"]] == [f"n°{i}" for i in range(10, 60)]
    assert history["messages"][0] == {
        "id": "m10",
        "room": "lobby",
        "author": "Alice",
        "text": "n°10",
        "ts": "2026-11-23T09:00:00.000Z",
    }
    assert history["you"] == "Alice"


async def test_message_is_acknowledged_stored_and_broadcast(server: LobbyServer, clients: Connect) -> None:
    alice, bob = await clients("  Alice  "), await clients("Bob")
    assert (await alice.next("history"))["messages"] == []
    await bob.next("history")
    ack = await alice.send({"text": "  Salut l'équipe !  "})
    assert ack["ok"] is True
    message = ack["message"]
    assert message == {
        "id": message["id"],
        "room": "lobby",
        "author": "Alice",
        "text": "Salut l'équipe !",
        "ts": "2026-11-23T10:00:00.000Z",
    }
    assert await bob.next("message") == message
    assert await alice.next("message") == message  # the sender gets the broadcast too
    newcomer = await clients("Carol")
    assert (await newcomer.next("history"))["messages"] == [message]


async def test_messages_reach_everyone_in_the_same_order(server: LobbyServer, clients: Connect) -> None:
    people = [await clients(f"P{i}") for i in range(4)]
    for person in people:
        await person.next("history")
    acks = await asyncio.gather(
        *(person.send({"text": f"from {i} n°{k}"}) for k in range(5) for i, person in enumerate(people))
    )
    assert all(ack["ok"] for ack in acks)
    orders = [[(await person.next("message"))["id"] for _ in range(20)] for person in people]
    assert all(order == orders[0] for order in orders)
    history = (await (await clients("Late")).next("history"))["messages"]
    assert [m["id"] for m in history] == orders[0]


@pytest.mark.parametrize(
    ("auth", "reason"),
    [
        (None, "name_missing"),
        ({}, "name_missing"),
        ({"name": 42}, "name_missing"),
        ({"name": "   "}, "name_length"),
        ({"name": "x" * 41}, "name_length"),
        ({"name": "Ali\nce"}, "name_invisible"),
        ({"name": "Bob\u200b"}, "name_invisible"),
        ({"name": "Eko"}, "name_reserved"),
        ({"name": " eKO "}, "name_reserved"),
        ({"name": "Ｅｋｏ"}, "name_reserved"),
        ({"name": "@Eko"}, "name_reserved"),
        ({"name": "\u0415ko"}, "name_reserved"),  # Cyrillic Е
        ({"name": "Ek\u03bf"}, "name_reserved"),  # Greek omicron
        ({"name": "E k o"}, "name_reserved"),
        ({"name": "Е k о", "token": "wrong"}, "name_reserved"),
        ({"name": "Eko", "token": "wrong"}, "name_reserved"),
        ({"name": "Eko", "token": ""}, "name_reserved"),
        ({"name": "Eko", "token": 123}, "name_reserved"),
    ],
)
async def test_bad_names_and_tokens_are_refused_with_a_reason(
    server: LobbyServer, auth: Any, reason: str
) -> None:
    assert await refusal(server, auth) == reason
    assert server.lobby is not None and not server.lobby.bot_connected


async def test_the_bot_connects_with_its_token_once(server: LobbyServer, clients: Connect) -> None:
    assert server.lobby is not None
    bot = await clients("eko", token=BOT_TOKEN)
    await bot.next("history")
    assert server.lobby.bot_connected
    ack = await bot.send({"text": "Bonjour !"})
    assert ack["message"]["author"] == "Eko"  # the configured spelling, whatever the client sent
    assert await refused_with(server, {"name": "Eko", "token": BOT_TOKEN}) == {
        "message": "Eko est déjà connecté.",
        "data": {"code": "bot_connected", "retry": True},  # temporary: a bot may keep trying
    }
    assert bot.sio.connected  # the first connection is untouched
    await bot.sio.disconnect()
    for _ in range(100):
        if not server.lobby.bot_connected:
            break
        await asyncio.sleep(0.01)
    assert not server.lobby.bot_connected
    again = await clients("Eko", token=BOT_TOKEN)
    await again.next("history")
    assert server.lobby.bot_connected


async def test_names_near_the_bot_and_unicode_spaces_are_accepted(
    server: LobbyServer, clients: Connect
) -> None:
    jean = await clients("Jean\u00a0\u00a0Pierre")  # pasted with no-break spaces
    await jean.next("history")
    ack = await jean.send({"text": "Bonjour"})
    assert ack["ok"] is True and ack["message"]["author"] == "Jean Pierre"
    assert (await jean.next("message"))["author"] == "Jean Pierre"
    for name in ("Eko2", "Ekolo", "Gecko", "Eko_bot"):  # other names, not the bot's
        other = await clients(name)
        assert (await other.send({"text": "salut"}))["message"]["author"] == name
    assert server.lobby is not None and not server.lobby.bot_connected


async def test_the_bot_may_connect_under_a_look_alike_and_speaks_as_itself(
    server: LobbyServer, clients: Connect
) -> None:
    bot = await clients("@\u0415ko", token=BOT_TOKEN)
    await bot.next("history")
    assert server.lobby is not None and server.lobby.bot_connected
    assert (await bot.send({"text": "Bonjour !"}))["message"]["author"] == "Eko"


@pytest.mark.parametrize(
    ("payload", "reason"),
    [
        ({"text": ""}, "text_empty"),
        ({"text": " \n\t "}, "text_empty"),
        ({"text": "x" * 4001}, "text_too_long"),
        ({"text": "a\x00b"}, "text_control"),
        ({"text": "salut\x1b[2J"}, "text_control"),
        ({"text": "fin\x1f"}, "text_control"),
        ({"text": "C1\x85"}, "text_control"),
        ({"text": 42}, "format"),
        ({"text": None}, "format"),
        ({"texte": "hi"}, "format"),
        ("just a string", "format"),
        (["x"], "format"),
        (None, "format"),
    ],
)
async def test_bad_messages_get_an_error_ack_and_are_not_broadcast(
    server: LobbyServer, clients: Connect, payload: Any, reason: str
) -> None:
    alice, bob = await clients("Alice"), await clients("Bob")
    await bob.next("history")
    ack = await alice.send(payload)
    assert ack["ok"] is False and ack["code"] == reason and ack["error"]
    ok = await alice.send({"text": "x" * 4000})  # the longest accepted
    assert ok["ok"] is True
    assert (await bob.next("message"))["id"] == ok["message"]["id"]  # nothing came before it
    assert server.database is not None
    assert await server.database.messages.count("lobby") == 1


async def test_flood_protection_per_connection(
    server: LobbyServer, clients: Connect, clock: FakeClock
) -> None:
    alice, bob = await clients("Alice"), await clients("Bob")
    for i in range(5):
        assert (await alice.send({"text": f"{i}"}))["ok"] is True
        clock.advance(0.5)
    flood = await alice.send({"text": "one too many"})
    assert flood == {
        "ok": False,
        "code": "flood",
        "error": "Trop de messages d'un coup : attendez quelques secondes.",
    }
    assert (await bob.send({"text": "Bob is fine"}))["ok"] is True  # per connection
    clock.advance(2.6)  # the first message is now 5 s old
    assert (await alice.send({"text": "again"}))["ok"] is True
    bot = await clients("Eko", token=BOT_TOKEN)
    for i in range(8):
        assert (await bot.send({"text": f"réponse {i}"}))["ok"] is True  # the bot is exempt


async def test_reflection_events_are_relayed_only_from_the_bot(server: LobbyServer, clients: Connect) -> None:
    alice, mallory = await clients("Alice"), await clients("Mallory")
    bot = await clients("Eko", token=BOT_TOKEN)
    for client in (alice, mallory, bot):
        await client.next("history")
    forged = await mallory.sio.call("reflection:update", {"status": "fake"}, timeout=5)
    assert forged["ok"] is False
    forged = await mallory.sio.call("reflection:progress", {"step": "fake"}, timeout=5)
    assert forged["ok"] is False
    assert (await bot.sio.call("reflection:progress", {"step": "thinking", "progress": 0.5}, timeout=5))["ok"]
    assert await alice.next("reflection:progress") == {"step": "thinking", "progress": 0.5}
    assert await mallory.next("reflection:progress") == {"step": "thinking", "progress": 0.5}
    await bot.sio.emit("reflection:update", {"status": "done"})
    assert await alice.next("reflection:update") == {"status": "done"}
    assert (await bot.sio.call("reflection:update", "not an object", timeout=5))["ok"] is False
    assert alice.pending("reflection:update") == 0 and alice.pending("reflection:progress") == 0
    assert bot.pending("reflection:progress") == 0  # not echoed to the bot


async def test_trigger_without_bot(server: LobbyServer, clients: Connect) -> None:
    alice = await clients("Alice")
    assert await alice.sio.call("reflection:trigger", {}, timeout=5) == {
        "ok": False,
        "code": "bot_absent",
        "error": "Eko n'est pas connecté.",
    }


async def test_trigger_is_forwarded_to_the_bot_and_its_answer_returned(
    server: LobbyServer, clients: Connect
) -> None:
    alice = await clients("Alice")
    bot = await clients("Eko", token=BOT_TOKEN)
    bot.trigger_answer = {"ok": True, "goal": "C'est quoi Kraken ?"}
    assert await alice.sio.call("reflection:trigger", None, timeout=5) == {
        "ok": True,
        "goal": "C'est quoi Kraken ?",
    }
    assert bot.triggers == [{"requestedBy": "Alice"}]
    bot.trigger_answer = {"ok": False, "error": "Trop tôt : réessayez dans 42 s"}
    assert await alice.sio.call("reflection:trigger", timeout=5) == {
        "ok": False,
        "error": "Trop tôt : réessayez dans 42 s",
    }
    bot.trigger_answer = "garbage"
    answer = await alice.sio.call("reflection:trigger", timeout=5)
    assert answer["ok"] is False and answer["code"] == "bot_bad_answer"
    assert (await bot.sio.call("reflection:trigger", timeout=5))["ok"] is False  # not from the bot itself
    for text in ("4e", "5e"):  # triggers count in the flood window: 3 triggers + 2 messages
        assert (await alice.send({"text": text}))["ok"] is True
    spam = await alice.sio.call("reflection:trigger", timeout=5)
    assert spam["ok"] is False and spam["code"] == "trigger_flood"
    assert len(bot.triggers) == 3  # the refused one never reached the bot


async def test_the_bots_refusals_are_said_in_the_lobbys_language(
    server: LobbyServer, clients: Connect
) -> None:
    alice = await clients("Alice")
    bot = await clients("Eko", token=BOT_TOKEN)
    # Eko's own refusals (a code) are said in the Lobby's language, whatever the bot's error says.
    bot.trigger_answer = {
        "ok": False,
        "code": "too_soon",
        "error": "a manual reflection ran",
        "retryAfterS": 42,
    }
    assert await alice.sio.call("reflection:trigger", timeout=5) == {
        "ok": False,
        "code": "trigger_too_soon",
        "error": "Une réflexion manuelle vient d'avoir lieu : réessayez dans 42 s.",
        "retryAfterS": 42,
    }
    bot.trigger_answer = {
        "ok": False,
        "code": "busy",
        "error": "a reflection is already running",
        "retryAfterS": 7,
    }
    busy = await alice.sio.call("reflection:trigger", timeout=5)
    assert busy["error"] == "Eko réfléchit déjà : réessayez dans 7 s." and busy["retryAfterS"] == 7
    bot.trigger_answer = {
        "ok": False,
        "code": "failed",
        "error": "StoreUnavailableError: the store is closed",
    }
    failed = await alice.sio.call("reflection:trigger", timeout=5)
    assert failed["error"] == "Eko n'a pas pu lancer la réflexion : voir ses journaux."


async def test_trigger_times_out_when_the_bot_does_not_answer(
    tmp_path: Any, free_port: int, clock: FakeClock
) -> None:
    server = LobbyServer(tmp_path, free_port, clock, trigger_timeout=0.2)
    await server.start()
    alice, bot = Client(server.url), Client(server.url)
    try:
        await alice.connect({"name": "Alice"})
        await bot.connect({"name": "Eko", "token": BOT_TOKEN})
        bot.trigger_answer = "never"
        answer = await alice.sio.call("reflection:trigger", timeout=5)
        assert answer == {"ok": False, "code": "bot_timeout", "error": "Eko n'a pas répondu à temps."}
    finally:
        await alice.close()
        await bot.close()
        await server.stop()


async def test_messages_survive_a_restart_and_clients_reconnect(
    server: LobbyServer, clients: Connect
) -> None:
    alice = await clients("Alice", reconnection=True)
    await alice.next("history")
    sent = [(await alice.send({"text": f"avant {i}"}))["message"] for i in range(3)]
    for _ in sent:
        await alice.next("message")

    await server.stop()
    await server.start()

    history = await alice.next("history", wait=10)  # reconnected by itself, history again
    assert history["messages"] == sent
    assert (await alice.send({"text": "après"}))["ok"] is True
    assert [m["text"] for m in (await (await clients("Bob")).next("history"))["messages"]] == [
        "avant 0",
        "avant 1",
        "avant 2",
        "après",
    ]


async def test_page_and_static_files_are_served(server: LobbyServer) -> None:
    async with aiohttp.ClientSession() as http:
        async with http.get(server.url + "/") as page:
            assert page.status == 200
            html = await page.text()
            assert "script-src 'self'" in page.headers["Content-Security-Policy"]
        assert '<div id="statusbar"></div>' in html
        for path in (
            "/static/vendor/socket.io.min.js",
            "/static/dom.js",
            "/static/lobby.js",
            "/static/lobby.css",
            "/static/statusbar.js",
            "/static/statusbar.css",
        ):
            async with http.get(server.url + path) as response:
                assert response.status == 200, path
        async with http.get(server.url + "/static/../server.py") as response:
            assert response.status in (403, 404)


async def test_a_message_the_store_cannot_write_is_refused_and_not_broadcast(
    server: LobbyServer, clients: Connect
) -> None:
    alice, bob = await clients("Alice"), await clients("Bob")
    await bob.next("history")
    assert server.database is not None
    await server.database.close()  # the store goes away under the Lobby
    ack = await alice.send({"text": "perdu ?"})
    assert ack == {
        "ok": False,
        "code": "not_stored",
        "error": "Message non enregistré (stockage indisponible) : réessayez.",
    }
    # A round trip of Bob's after the refusal: a broadcast sent before it would have arrived first.
    answer = await bob.sio.call("round-trip", {}, timeout=WAIT)
    assert answer["code"] == "unknown_event"
    assert bob.pending("message") == 0


async def test_text_that_cannot_be_stored_is_refused_alone(server: LobbyServer, clients: Connect) -> None:
    alice, bob = await clients("Alice"), await clients("Bob")
    await bob.next("history")
    broken, fine = await asyncio.gather(alice.send({"text": "a\ud800b"}), bob.send({"text": "ça va ?"}))
    assert broken["ok"] is False and broken["code"] == "text_unicode"
    assert fine["ok"] is True
    assert (await bob.next("message"))["text"] == "ça va ?"


async def test_trigger_fails_fast_when_the_bot_leaves_during_the_call(
    server: LobbyServer, clients: Connect
) -> None:
    alice = await clients("Alice")
    bot = await clients("Eko", token=BOT_TOKEN)
    bot.trigger_answer = "never"
    pending = asyncio.ensure_future(alice.sio.call("reflection:trigger", timeout=5))
    for _ in range(200):
        if bot.triggers:
            break
        await asyncio.sleep(0.01)
    await bot.sio.disconnect()
    answer = await asyncio.wait_for(pending, 2)  # well before the 10 s trigger timeout
    assert answer == {
        "ok": False,
        "code": "bot_gone",
        "error": "Eko s'est déconnecté, réessayez dans un instant.",
    }


async def test_the_page_knows_the_bot_name_escaped(tmp_path: Any, free_port: int, clock: FakeClock) -> None:
    server = LobbyServer(tmp_path, free_port, clock, bot_name='Ko"<b>')
    await server.start()
    try:
        async with aiohttp.ClientSession() as http, http.get(server.url + "/") as page:
            assert 'data-bot-name="Ko&quot;&lt;b&gt;"' in await page.text()
    finally:
        await server.stop()


async def test_browsers_on_other_sites_cannot_connect(server: LobbyServer) -> None:
    stranger = socketio.AsyncClient(reconnection=False)
    try:
        with pytest.raises(socketio.exceptions.ConnectionError):
            await stranger.connect(
                server.url,
                auth={"name": "Mallory"},
                headers={"Origin": "http://evil.example"},
                transports=["websocket"],
                wait_timeout=5,
            )
    finally:
        await stranger.shutdown()
    same_site = Client(server.url)
    try:
        await same_site.sio.connect(
            server.url, auth={"name": "Alice"}, headers={"Origin": server.url}, transports=["websocket"]
        )
        assert (await same_site.next("history"))["messages"] == []
    finally:
        await same_site.close()


async def test_a_newcomer_is_told_when_history_cannot_be_read(server: LobbyServer, clients: Connect) -> None:
    assert server.database is not None
    await server.database.close()  # the store goes away under the Lobby
    carol = await clients("Carol")
    notice = await carol.next("history")
    assert notice["messages"] == [] and notice["code"] == "history_unavailable"
    assert "Historique indisponible" in notice["error"]
    assert (await carol.send({"text": "toujours là ?"}))["ok"] is False  # and a write is refused, clearly


async def test_the_log_since_a_moment_or_none_when_it_does_not_reach_back(tmp_path: Any) -> None:
    """What a restarted Eko checks an interrupted post against (reflection's ``LobbyHistory``)."""
    database = await open_database(None, tmp_path / "data", "eko")
    try:
        lobby = Lobby(database.messages, bot_token=BOT_TOKEN)
        t0 = datetime(2026, 11, 23, 10, 0, tzinfo=UTC)
        for n in range(4):
            ts = (t0 + timedelta(minutes=n)).isoformat(timespec="milliseconds").replace("+00:00", "Z")
            await database.messages.append(
                LobbyMessage(id=f"m{n}", room="lobby", author="Eko", text=f"n{n}", ts=ts)
            )
        since = await lobby.messages_since(t0 + timedelta(minutes=2))
        assert since is not None and [m["id"] for m in since] == ["m2", "m3"]
        assert await lobby.messages_since(t0 + timedelta(minutes=9)) == []  # nothing since: known
        # The last 2 do not reach back to minute 1: whether something was posted then is unknown.
        assert await lobby.messages_since(t0 + timedelta(minutes=1), limit=2) is None
        assert await lobby.messages_since(t0 + timedelta(seconds=90), limit=3) is not None
        await lobby.close()
    finally:
        await database.close()


def test_the_page_scripts_define_each_helper_once() -> None:
    """One home per helper: a function the page's scripts share lives in one file (dom.js's el)."""
    static = Path(__file__).parents[2] / "lobby" / "static"
    homes: dict[str, list[str]] = {}
    for script in sorted(static.glob("*.js")):
        for name in set(re.findall(r"\bfunction\s+(\w+)\s*\(", script.read_text(encoding="utf-8"))):
            homes.setdefault(name, []).append(script.name)
    assert {name: files for name, files in homes.items() if len(files) > 1} == {}
    assert homes["el"] == ["dom.js"]
