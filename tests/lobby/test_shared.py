"""Two Lobby servers sharing one room through a real redis-server (EKO_REDIS_URL, lobby/shared.py)."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest
import redis.asyncio as aioredis
import socketio

from lobby.shared import SharedRoom
from store import LobbyMessage, MessageLog
from tests.conftest import FakeClock, unused_port
from tests.lobby.conftest import BOT_TOKEN, Client, LobbyServer, connector, refused
from tests.redis_server import RedisServer

Connect = Callable[..., Any]


class UnevenLog:
    """The store's log, whose writes take uneven times: without the room's write lock across
    processes, a later message would often be published before an earlier one."""

    def __init__(self, log: MessageLog, seed: int) -> None:
        self._log = log
        self._delays = random.Random(seed)

    async def append_many(self, messages: list[LobbyMessage]) -> list[int]:
        seqs = await self._log.append_many(messages)
        await asyncio.sleep(self._delays.random() * 0.02)
        return seqs

    def __getattr__(self, name: str) -> Any:
        return getattr(self._log, name)


class Pair:
    def __init__(self, a: LobbyServer, b: LobbyServer) -> None:
        self.a, self.b = a, b

    async def stored(self) -> list[LobbyMessage]:
        assert self.a.database is not None
        return await self.a.database.messages.recent("lobby", 1000)


@pytest.fixture
async def pair(tmp_path: Path, redis_server: RedisServer, clock: FakeClock) -> AsyncIterator[Pair]:
    # Two Lobbies, each with its own store client on one data directory, as two processes would be.
    options: dict[str, Any] = {"redis_url": redis_server.url, "flood_limit": (1000, 1.0)}
    a = LobbyServer(tmp_path, unused_port(), clock, wrap_log=lambda log: UnevenLog(log, 1), **options)
    b = LobbyServer(tmp_path, unused_port(), clock, wrap_log=lambda log: UnevenLog(log, 2), **options)
    await a.start()
    await b.start()
    try:
        yield Pair(a, b)
    finally:
        await a.stop()
        await b.stop()


@pytest.fixture
async def people(pair: Pair) -> AsyncIterator[Connect]:
    async with connector(pair.a.url) as connect:
        yield connect


async def texts(client: Client, count: int) -> list[str]:
    return [(await client.next("message"))["text"] for _ in range(count)]


async def test_a_person_on_each_process_sees_every_message_once(pair: Pair, people: Connect) -> None:
    alice, bob = await people("Alice"), await people("Bob", url=pair.b.url)
    assert (await alice.next("history"))["messages"] == []
    await bob.next("history")
    assert (await alice.send({"text": "de A"}))["ok"] is True
    assert (await bob.send({"text": "de B"}))["ok"] is True
    assert await texts(alice, 2) == ["de A", "de B"]
    assert await texts(bob, 2) == ["de A", "de B"]
    carol = await people("Carol", url=pair.b.url)
    assert [m["text"] for m in (await carol.next("history"))["messages"]] == ["de A", "de B"]
    await asyncio.sleep(0.1)  # nothing else is on its way
    assert alice.pending("message") == bob.pending("message") == carol.pending("message") == 0


async def test_concurrent_senders_on_both_processes_see_the_history_order(
    pair: Pair, people: Connect
) -> None:
    senders = [await people(f"P{i}", url=(pair.a if i % 2 else pair.b).url) for i in range(6)]
    for sender in senders:
        await sender.next("history")

    async def talk(index: int, sender: Client) -> None:
        for n in range(15):
            assert (await sender.send({"text": f"{index}-{n}"}))["ok"] is True

    await asyncio.gather(*(talk(i, sender) for i, sender in enumerate(senders)))
    stored = [m["text"] for m in await pair.stored()]
    assert len(stored) == 90
    for sender in senders:  # each saw all 90, once, in the stored order
        assert await texts(sender, 90) == stored


async def test_a_newcomer_misses_nothing_and_sees_nothing_twice_while_messages_flow(
    pair: Pair, people: Connect
) -> None:
    alice = await people("Alice")
    await alice.next("history")

    async def talk() -> None:
        for n in range(40):
            await alice.send({"text": str(n)})

    talking = asyncio.create_task(talk())
    newcomers = []
    for i in range(4):
        await asyncio.sleep(0.01 * i)
        newcomers.append(await people(f"N{i}", url=pair.b.url))
    await talking
    for newcomer in newcomers:
        history = [m["text"] for m in (await newcomer.next("history"))["messages"]]
        start = int(history[-1]) + 1 if history else 0
        live = await texts(newcomer, 40 - start)
        assert history + live == [str(n) for n in range(40)][-len(history + live) :]
        assert history + live == [str(n) for n in range(40 - len(history + live), 40)]
        await asyncio.sleep(0.05)
        assert newcomer.pending("message") == 0


async def test_the_bot_name_is_taken_once_across_processes(pair: Pair, people: Connect) -> None:
    await people("Eko", token=BOT_TOKEN)
    intruder = Client(pair.b.url)
    try:
        with pytest.raises(socketio.exceptions.ConnectionError):
            await intruder.connect({"name": "Eko", "token": BOT_TOKEN})
        refusal = await intruder.next("refused")
        assert refusal["message"] == "Eko est déjà connecté." and refusal["data"]["code"] == "bot_connected"
        assert refusal["data"] == {"code": "bot_connected", "retry": True}
    finally:
        await intruder.close()


async def test_the_bot_name_is_free_again_once_the_bot_leaves(pair: Pair, people: Connect) -> None:
    first = await people("Eko", token=BOT_TOKEN)
    await first.sio.disconnect()
    # Another process, at once: the first Lobby frees the seat when its disconnect handler has
    # run, so a bot knocking that very instant may be told to come back (the refusal says retry,
    # the bot's reconnection does). It gets in within moments, never later (a fresh-clone CI run
    # under load knocked before the seat was freed).
    second = None
    for _ in range(50):
        try:
            second = await people("Eko", token=BOT_TOKEN, url=pair.b.url)
            break
        except socketio.exceptions.ConnectionError:
            await asyncio.sleep(0.1)
    assert second is not None and second.sio.connected


async def renewals_seen(url: str, key: str, count: int) -> None:
    """Wait until ``key``'s TTL has been reset ``count`` times (its remaining time went up)."""
    redis = aioredis.Redis.from_url(url)
    try:
        last, seen = await redis.pttl(key), 0
        for _ in range(2000):
            if seen >= count:
                return
            await asyncio.sleep(0.01)
            remaining = await redis.pttl(key)
            seen += remaining > last
            last = remaining
        raise AssertionError(f"{key} was renewed {seen} times, not {count}")
    finally:
        await redis.aclose()


async def test_a_crashed_process_frees_the_bot_name_after_its_ttl(redis_server: RedisServer) -> None:
    async def nothing(*args: Any) -> None:
        return None

    def room() -> SharedRoom:
        return SharedRoom(
            redis_server.url,
            history_limit=50,
            read_history=lambda: asyncio.sleep(0, []),
            deliver=nothing,
            join=nothing,
            drop_all=lambda: None,
            is_present=lambda sid: True,
            # Loose enough for a loaded 2-core machine: the holder's renewals and the reads below
            # must each come within one TTL (it failed once at 0.3 s under a load of 6).
            seat_ttl=1.5,
        )

    crashed, other = room(), room()
    assert await crashed.take_seat("bot-1", nothing)
    # The holder keeps it alive past its TTL: four renewals, one every TTL / 3, seen by Redis itself.
    await renewals_seen(redis_server.url, f"{crashed.prefix}:bot", 4)
    assert not await other.take_seat("bot-2", nothing)
    await crashed.close()  # stops extending it, as a killed process would, and never releases it
    assert await other.seat_holder() == "bot-1"
    for _ in range(200):  # Redis expires it on its own clock
        if await other.take_seat("bot-2", nothing):
            break
        await asyncio.sleep(0.05)
    assert await other.seat_holder() == "bot-2"
    await other.close()


async def test_trigger_and_relays_reach_the_bot_on_another_process(pair: Pair, people: Connect) -> None:
    bot = await people("Eko", token=BOT_TOKEN)
    bot.trigger_answer = {"ok": True, "reflectionId": "r1"}
    bob = await people("Bob", url=pair.b.url)
    await bob.next("history")
    answer = await bob.sio.call("reflection:trigger", {}, timeout=5)
    assert answer == {"ok": True, "reflectionId": "r1"}
    assert bot.triggers == [{"requestedBy": "Bob"}]
    assert await bot.sio.call("reflection:progress", {"phase": "done"}, timeout=5) == {"ok": True}
    assert await bob.next("reflection:progress") == {"phase": "done"}


async def test_a_trigger_ends_when_the_bot_leaves_another_process(pair: Pair, people: Connect) -> None:
    bot = await people("Eko", token=BOT_TOKEN)
    bot.trigger_answer = "never"
    bob = await people("Bob", url=pair.b.url)
    await bob.next("history")
    pending = asyncio.create_task(bob.sio.call("reflection:trigger", {}, timeout=30))
    for _ in range(500):
        if bot.triggers:
            break
        await asyncio.sleep(0.01)
    await bot.sio.disconnect()
    assert await pending == {
        "ok": False,
        "code": "bot_gone",
        "error": "Eko s'est déconnecté, réessayez dans un instant.",
    }


async def test_losing_redis_drops_local_clients_who_come_back_with_the_history(
    pair: Pair, people: Connect, redis_server: RedisServer
) -> None:
    alice = await people("Alice", reconnection=True)
    await alice.next("history")
    assert (await alice.send({"text": "avant"}))["ok"] is True
    # Delivered live before Redis goes away (the ack may come before the delivery: waiting here
    # keeps a publication lost in the restart, which the history below makes good, out of the test).
    assert await texts(alice, 1) == ["avant"]
    redis_server.stop()
    redis_server.start()  # empty, same port: redis-py reconnects by itself, publications in between are lost
    history = await alice.next("history", wait=30)
    assert [m["text"] for m in history["messages"]] == ["avant"]
    assert (await alice.send({"text": "après"}))["ok"] is True
    assert await shown_next(alice, ["avant"]) == ["avant", "après"]


async def shown_next(client: Client, shown: list[str], wait: float = 30) -> list[str]:
    """The room as the client shows it after its next update: the history it had plus a live message,
    or a reloaded history (the Lobby noticing the same Redis restart twice, through redis-py's own
    reconnection and through the lost stream, drops its clients once more: they reload)."""
    history = asyncio.ensure_future(client.next("history", wait))
    message = asyncio.ensure_future(client.next("message", wait))
    done, pending = await asyncio.wait({history, message}, return_when=asyncio.FIRST_COMPLETED)
    for task in pending:
        task.cancel()
    if history in done:
        return [m["text"] for m in history.result()["messages"]]
    return [*shown, message.result()["text"]]


async def presence_until(client: Client, names: list[str]) -> None:
    """The presence lists ``client`` receives, until one has exactly ``names`` (in order)."""
    while [person["name"] for person in (await client.next("presence"))["people"]] != names:
        pass


async def test_presence_lists_the_people_and_the_bot_of_every_process(pair: Pair, people: Connect) -> None:
    alice = await people("Alice")
    await presence_until(alice, ["Alice"])
    bob = await people("Bob", url=pair.b.url)
    await presence_until(bob, ["Alice", "Bob"])  # Alice is on the other process
    await presence_until(alice, ["Alice", "Bob"])
    await people("Eko", token=BOT_TOKEN)  # the bot on process a: listed first on b too
    await presence_until(bob, ["Eko", "Alice", "Bob"])
    await bob.close()
    await presence_until(alice, ["Eko", "Alice"])


async def test_a_process_that_dies_without_a_word_leaves_the_presence_list(
    tmp_path: Path, redis_server: RedisServer, clock: FakeClock
) -> None:
    """Its people's key expires (``seat_ttl``) and the others drop them at their next refresh."""
    lobby = LobbyServer(tmp_path, unused_port(), clock, redis_url=redis_server.url, seat_ttl=0.6)
    await lobby.start()
    try:
        async with connector(lobby.url) as connect:
            alice = await connect("Alice")
            await presence_until(alice, ["Alice"])
            # what a process that crashed had written: its key, no one refreshing it
            redis = aioredis.Redis.from_url(redis_server.url)
            await redis.set("eko:lobby:presence:ghost", '{"people": ["Ghost"], "bot": false}', px=300)
            await redis.sadd("eko:lobby:presence", "ghost")
            await redis.publish("eko:lobby:room", '{"kind": "presence", "host": "ghost"}')
            await presence_until(alice, ["Alice", "Ghost"])
            await presence_until(alice, ["Alice"])  # expired, and read so at the next refresh
            assert b"ghost" not in await redis.smembers("eko:lobby:presence")  # forgotten
            await redis.aclose()
    finally:
        await lobby.stop()


ALICE_KEY = "0123456789abcdef0123456789abcdef"


async def test_a_name_held_on_one_process_is_refused_on_the_other(pair: Pair) -> None:
    """Eko credits what it learns to names: nobody may take Alice's on the process she is not on."""
    alice = Client(pair.a.url)
    other_tab = Client(pair.b.url)
    try:
        await alice.connect({"name": "Alice", "key": ALICE_KEY})
        for auth in ({"name": "alice", "key": "f" * 32}, {"name": "ALICE"}):
            answer = await refused(pair.b.url, auth)
            assert answer["data"] == {"code": "name_taken"} and "Alice" in answer["message"]
        await other_tab.connect({"name": "Alice", "key": ALICE_KEY})  # her second tab, on b
        assert (await other_tab.next("history"))["you"] == "Alice"
        await alice.close()
        await other_tab.close()
        # gone from both: her key's hold keeps the name hers, on every process
        assert (await refused(pair.b.url, {"name": "Alice"}))["data"] == {"code": "name_taken"}
    finally:
        await alice.close()
        await other_tab.close()


async def test_a_name_without_a_key_is_free_on_every_process_once_its_connection_closes(pair: Pair) -> None:
    bot = Client(pair.a.url)
    try:
        await bot.connect({"name": "Robot"})
        assert (await refused(pair.b.url, {"name": "Robot"}))["data"] == {"code": "name_taken"}
    finally:
        await bot.close()
    again = Client(pair.b.url)
    try:
        for _ in range(100):  # the release reaches Redis just after the close
            try:
                await again.connect({"name": "Robot"})
                break
            except socketio.exceptions.ConnectionError:
                await asyncio.sleep(0.02)
        assert (await again.next("history"))["you"] == "Robot"
    finally:
        await again.close()
