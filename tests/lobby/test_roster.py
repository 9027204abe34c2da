"""Who is online across Lobby processes (lobby/roster.py), on a real redis-server."""

from __future__ import annotations

import asyncio

from lobby.roster import SharedRoster
from tests.redis_server import RedisServer


class Seen:
    def __init__(self) -> None:
        self.changes: asyncio.Queue[list[str]] = asyncio.Queue()

    async def __call__(self, names: list[str]) -> None:
        self.changes.put_nowait(names)

    async def until(self, names: list[str]) -> None:
        while (await asyncio.wait_for(self.changes.get(), 10)) != names:
            pass


async def test_every_process_sees_the_union_and_a_dead_one_drops_out(redis_server: RedisServer) -> None:
    seen_a, seen_b = Seen(), Seen()
    a = SharedRoster(redis_server.url, seen_a, host_ttl=0.6)
    b = SharedRoster(redis_server.url, seen_b, host_ttl=0.6)
    silent = SharedRoster(redis_server.url, Seen(), host_ttl=0.6)  # never started: no heartbeat
    await a.start()
    await b.start()
    try:
        await a.set_here(["bob", "Alice"])
        await b.set_here(["Carol", "Alice"])
        await seen_a.until(["Alice", "bob", "Carol"])
        await seen_b.until(["Alice", "bob", "Carol"])
        await b.set_here(["Alice"])
        await seen_a.until(["Alice", "bob"])
        # A process that stops beating (killed without a word): the others drop its names.
        await silent.set_here(["Zoé"])
        await seen_a.until(["Alice", "bob", "Zoé"])
        await seen_a.until(["Alice", "bob"])
        await seen_b.until(["Alice", "bob"])
    finally:
        await a.close()
        await b.close()
        await silent.close()


async def test_a_process_that_closes_leaves_at_once(redis_server: RedisServer) -> None:
    seen_a = Seen()
    a = SharedRoster(redis_server.url, seen_a)
    b = SharedRoster(redis_server.url, Seen())
    await a.start()
    await b.start()
    await b.set_here(["Dora"])
    await seen_a.until(["Dora"])
    await b.close()
    await seen_a.until([])
    await a.close()
