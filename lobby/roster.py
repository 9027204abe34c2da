"""Who is online across several Lobby processes (``EKO_REDIS_URL``), for the ``presence`` event.

Each process keeps its own list of the names connected to it in a Redis hash (one field per
process) and says so on a channel; every process then reads the whole hash and hands the union to
``on_change``. A process that dies without a word drops out once its heartbeat (a sorted set of
expiry times, on Redis's own clock) is older than ``host_ttl``: the others re-read on each of their
own heartbeats.
"""

from __future__ import annotations

import asyncio
import json
import logging
import uuid
from collections.abc import Awaitable, Callable
from typing import Any

from redis import asyncio as aioredis
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)

# KEYS: the heartbeats (sorted set), the names (hash). ARGV: host, TTL in ms, names (JSON or "").
_BEAT = """
local t = redis.call('time')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
if ARGV[3] == '' then
  redis.call('zrem', KEYS[1], ARGV[1])
  redis.call('hdel', KEYS[2], ARGV[1])
else
  redis.call('zadd', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
  redis.call('hset', KEYS[2], ARGV[1], ARGV[3])
end
for _, host in ipairs(redis.call('zrangebyscore', KEYS[1], '-inf', now)) do
  redis.call('hdel', KEYS[2], host)
end
redis.call('zremrangebyscore', KEYS[1], '-inf', now)
return redis.call('hvals', KEYS[2])
"""


class SharedRoster:
    """The names online on every Lobby process; ``on_change(names)`` gets the sorted union."""

    def __init__(
        self,
        redis_url: str,
        on_change: Callable[[list[str]], Awaitable[None]],
        prefix: str = "eko:lobby",
        host_ttl: float = 15.0,
    ) -> None:
        self._host = uuid.uuid4().hex
        self._redis: aioredis.Redis = aioredis.Redis.from_url(redis_url)
        self._keys = [f"{prefix}:people:beats", f"{prefix}:people"]
        self._channel = f"{prefix}:people:changed"
        self._ttl_ms = int(host_ttl * 1000)
        self._beat = self._redis.register_script(_BEAT)
        self._on_change = on_change
        self._here: list[str] = []
        self._everyone: list[str] = []
        self._tasks: list[asyncio.Task[None]] = []

    @property
    def everyone(self) -> list[str]:
        """The last known union, sorted (case aside), each name once."""
        return list(self._everyone)

    async def start(self) -> None:
        pubsub = self._redis.pubsub(ignore_subscribe_messages=True)
        await pubsub.subscribe(self._channel)
        self._tasks = [asyncio.create_task(self._listen(pubsub)), asyncio.create_task(self._heartbeat())]
        await self._refresh()

    async def close(self) -> None:
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        try:
            await self._beat(keys=self._keys, args=[self._host, self._ttl_ms, ""])
            await self._redis.publish(self._channel, self._host)
        except (RedisError, OSError):  # the others drop us when our heartbeat is old
            pass
        await self._redis.aclose()

    async def set_here(self, names: list[str]) -> None:
        """The names connected to this process now; every process hears of it."""
        self._here = sorted(set(names))
        await self._refresh()
        await self._redis.publish(self._channel, self._host)

    async def _refresh(self) -> None:
        values = await self._beat(keys=self._keys, args=[self._host, self._ttl_ms, json.dumps(self._here)])
        names: set[str] = set()
        for value in values:
            try:
                names.update(str(name) for name in json.loads(value))
            except (ValueError, TypeError):
                logger.warning("lobby: unreadable presence entry in Redis")
        everyone = sorted(names, key=lambda name: (name.casefold(), name))
        if everyone != self._everyone:
            self._everyone = everyone
            await self._on_change(everyone)

    async def _listen(self, pubsub: Any) -> None:
        try:
            async for _ in pubsub.listen():
                await self._guarded_refresh()
        finally:
            await pubsub.aclose()

    async def _heartbeat(self) -> None:
        while True:
            await asyncio.sleep(self._ttl_ms / 3000)
            await self._guarded_refresh()

    async def _guarded_refresh(self) -> None:
        try:
            await self._refresh()
        except (RedisError, OSError) as exc:
            logger.warning("lobby: presence not refreshed", extra={"error": type(exc).__name__})
