"""Several Lobby processes sharing one room through Redis (``EKO_REDIS_URL``); see
docs/lobby-protocol.md, "Several processes".

python-socketio's ``AsyncRedisManager`` carries what needs no order (the bot's relayed reflection
events, a trigger to the bot and its ack, wherever the bot and the person are). The room's messages
need more: every process must deliver them in the order of the history, which the store numbers.
So each write and its publication happen under one Redis lock (publication order = ``seq`` order),
messages go out on a channel of their own that every process, the writer included, delivers in the
order Redis hands them over, and a newcomer's history is taken at its place in that same stream (a
join marker): nothing between its history and the live messages is missed or repeated.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import uuid
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any

import socketio
from redis import asyncio as aioredis
from redis.exceptions import RedisError

from lobby.shared_errors import SharedRoomError
from store import LobbyMessage

logger = logging.getLogger(__name__)

# Compare-and-act scripts: a process touches the bot seat only while it still holds it (a seat
# that expired, then was taken by another process's bot, is never extended nor deleted here).
_IF_MINE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call({}) end return 0"
_EXTEND_IF_MINE = _IF_MINE.format("'pexpire', KEYS[1], ARGV[2]")
_DELETE_IF_MINE = _IF_MINE.format("'del', KEYS[1]")
# Publish, then release the write lock, in one round trip (KEYS[1] the lock, ARGV: token, channel,
# event). Published even when the lock was lost: the messages are stored, better late than never.
_PUBLISH_AND_RELEASE = """
redis.call('publish', ARGV[2], ARGV[3])
if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end
return 0
"""


# A display name held across processes (KEYS[1], a hash by the name's identity: "key", the holder's
# key digest, "" for a connection without a key; "name", as spelled; "on:<process>", its open
# connections there). Claim: refused (the held spelling returned) when someone else holds it, else
# one more connection, the hash kept alive for ARGV[4] ms (refreshed while connections are open).
_CLAIM_NAME = """
local held = redis.call('hget', KEYS[1], 'key')
if held and (held == '' or held ~= ARGV[1]) then
  if redis.call('hlen', KEYS[1]) > 0 then return redis.call('hget', KEYS[1], 'name') end
end
redis.call('hset', KEYS[1], 'key', ARGV[1], 'name', ARGV[3])
redis.call('hincrby', KEYS[1], 'on:' .. ARGV[2], 1)
redis.call('pexpire', KEYS[1], ARGV[4])
return false
"""
# Release one connection (ARGV: process, hold ms): with none left anywhere, a keyless name is free
# at once, a keyed one stays held for the hold.
_RELEASE_NAME = """
local left = redis.call('hincrby', KEYS[1], 'on:' .. ARGV[1], -1)
if left <= 0 then redis.call('hdel', KEYS[1], 'on:' .. ARGV[1]) end
for _, field in ipairs(redis.call('hkeys', KEYS[1])) do
  if string.sub(field, 1, 3) == 'on:' then return 0 end
end
if redis.call('hget', KEYS[1], 'key') == '' then redis.call('del', KEYS[1])
else redis.call('pexpire', KEYS[1], ARGV[2]) end
return 1
"""


class SharedRoom:
    """The room as seen by one of several Lobby processes.

    ``deliver(messages)`` sends messages to this process's connections in the room; ``join(sid,
    history)`` puts a connection in the room and sends it ``history``; ``drop_all()`` drops every
    local transport (clients reconnect and get a fresh history); ``is_present(sid)`` tells whether a
    connection is still open here. ``read_history()`` reads the last messages from the store.

    ``lock_ttl`` bounds how long a crashed writer holds the others back; ``seat_ttl`` how long a
    crashed process keeps the bot's name, and its people stay listed as present.
    ``presence_changed()`` runs when another process's people changed (:attr:`remote`).
    """

    def __init__(
        self,
        redis_url: str,
        *,
        history_limit: int,
        read_history: Callable[[], Awaitable[list[LobbyMessage]]],
        deliver: Callable[[list[LobbyMessage]], Awaitable[None]],
        join: Callable[[str, list[LobbyMessage]], Awaitable[None]],
        drop_all: Callable[[], None],
        is_present: Callable[[str], bool],
        presence_changed: Callable[[], None] = lambda: None,
        prefix: str = "eko:lobby",
        lock_ttl: float = 5.0,
        lock_wait: float = 10.0,
        seat_ttl: float = 15.0,
    ) -> None:
        self.host_id = uuid.uuid4().hex
        self.prefix = prefix
        self._url = redis_url  # may hold a password: never logged
        self._redis: aioredis.Redis = aioredis.Redis.from_url(redis_url)
        self._channel = f"{prefix}:room"
        self._seat_key = f"{prefix}:bot"
        self._seat_ttl_ms = int(seat_ttl * 1000)
        self._lock_key = f"{prefix}:write"
        self._lock_ttl_ms = int(lock_ttl * 1000)
        self._lock_wait = lock_wait
        self._lock_token: str | None = None  # while this process holds the write lock
        self._publish_and_release = self._redis.register_script(_PUBLISH_AND_RELEASE)
        self._local_lock = asyncio.Lock()  # one writer of this process at a time asks for the Redis lock
        self._read_history = read_history
        self._deliver = deliver
        self._join = join
        self._drop_all = drop_all
        self._is_present = is_present
        self._tail: deque[LobbyMessage] = deque(maxlen=history_limit)
        self._seed: tuple[str, list[LobbyMessage]] | None = None  # marker token, the history read
        self._joins: dict[str, str] = {}  # join marker token → the sid waiting for its history
        self._ready = asyncio.Event()  # subscribed and the tail seeded: joins can be served
        self._listener: asyncio.Task[None] | None = None
        self._seat_keeper: asyncio.Task[None] | None = None
        self._closing = False
        # Who is connected to each process: a key per process (expiring with ``seat_ttl``, refreshed
        # while the process lives) and the set of processes that wrote one.
        self._presence_changed = presence_changed
        self._hosts_key = f"{prefix}:presence"
        self._local: dict[str, Any] = {"people": [], "bot": False}
        self.remote: dict[str, dict[str, Any]] = {}  # host → {"people": [...], "bot": bool}, others only
        self._presence_keeper: asyncio.Task[None] | None = None
        # A client of its own: presence traffic never shares a connection with the room's writes.
        self._presence_redis: aioredis.Redis = aioredis.Redis.from_url(redis_url)
        self._held_names: dict[str, int] = {}  # name identity → this process's connections holding it
        self._presence_news = asyncio.Event()  # this process's people or another's changed
        self._local_changed = False  # this process's people changed since they were last shared

    def manager(self) -> socketio.AsyncRedisManager:
        """python-socketio's Redis manager for this Lobby's ``AsyncServer`` (same Redis, own channel)."""
        return socketio.AsyncRedisManager(self._url, channel=f"{self.prefix}:socketio")

    @property
    def ready(self) -> bool:
        return self._ready.is_set()

    async def start(self) -> None:
        """Subscribe, seed the history, and return once joins can be served.

        Raises :class:`SharedRoomError` when Redis cannot be reached (a message without the URL).
        """
        try:
            pubsub = await self._subscribe()
        except (RedisError, OSError) as exc:
            await self._redis.aclose()
            await self._presence_redis.aclose()
            raise SharedRoomError("unreachable", reason=type(exc).__name__) from None
        self._listener = asyncio.create_task(self._listen(pubsub))
        try:
            await asyncio.wait_for(self._ready.wait(), 10.0)
        except TimeoutError:
            await self.close()
            raise SharedRoomError("no_start_marker") from None
        try:  # who is on the other processes already (then kept up to date by their events)
            await self._read_presence()
        except (RedisError, OSError) as exc:
            logger.warning("lobby: presence not read", extra={"error": type(exc).__name__})
        self._presence_keeper = asyncio.create_task(self._keep_presence())

    async def close(self) -> None:
        self._closing = True
        for task in (self._listener, self._seat_keeper, self._presence_keeper):
            if task is not None:
                task.cancel()
                await asyncio.gather(task, return_exceptions=True)
        try:  # the others list this process's people no more, at once rather than at the TTL
            await self._presence_redis.delete(self._presence_key(self.host_id))
            await self._announce_presence()
        except (RedisError, OSError):
            pass  # the key expires by itself
        await self._redis.aclose()
        await self._presence_redis.aclose()

    async def ping(self) -> bool:
        try:
            return bool(await self._redis.ping())
        except (RedisError, OSError):
            return False

    # -- writing ---------------------------------------------------------------------------

    @asynccontextmanager
    async def writing(self) -> AsyncIterator[None]:
        """Hold the room's write lock, across processes: store, then :meth:`publish` under it (which
        releases it in the same round trip)."""
        async with self._local_lock:
            try:
                await self._acquire()
            except (RedisError, OSError) as exc:
                raise SharedRoomError("unreachable", reason=type(exc).__name__) from exc
            try:
                yield
            finally:
                if self._lock_token is not None:  # nothing was published: release it alone
                    token, self._lock_token = self._lock_token, None
                    try:
                        await self._redis.eval(_DELETE_IF_MINE, 1, self._lock_key, token)
                    except (RedisError, OSError) as exc:  # its TTL frees it
                        logger.warning(
                            "lobby: room write lock not released", extra={"error": type(exc).__name__}
                        )

    async def _acquire(self) -> None:
        token = uuid.uuid4().hex
        deadline = asyncio.get_running_loop().time() + self._lock_wait
        pause = 0.0005
        while not await self._redis.set(self._lock_key, token, nx=True, px=self._lock_ttl_ms):
            if asyncio.get_running_loop().time() > deadline:
                raise SharedRoomError("lock_taken")
            await asyncio.sleep(pause)
            pause = min(pause * 2, 0.004)
        self._lock_token = token

    async def publish(self, messages: list[LobbyMessage]) -> None:
        """Publish stored messages to every process (this one included); call under :meth:`writing`."""
        await self._send_and_release({"kind": "messages", "messages": messages})

    async def _send_and_release(self, event: dict[str, Any]) -> None:
        token, self._lock_token = self._lock_token, None
        if token is None:
            raise SharedRoomError("not_locked")
        keys, args = [self._lock_key], [token, self._channel, json.dumps(event)]
        if not await self._publish_and_release(keys=keys, args=args):
            # Held past its TTL: another process may have published in between (order at risk).
            logger.warning("lobby: room write lock expired while held", extra={"host": self.host_id})

    async def _send(self, event: dict[str, Any]) -> None:
        await self._redis.publish(self._channel, json.dumps(event))

    async def welcome(self, sid: str) -> None:
        """Have ``sid`` join the room at this point of the stream: history, then every later message."""
        token = uuid.uuid4().hex
        self._joins[token] = sid
        try:
            await self._send({"kind": "join", "host": self.host_id, "token": token})
        except (RedisError, OSError):
            self._joins.pop(token, None)
            raise

    # -- the bot's seat ----------------------------------------------------------------------

    async def take_seat(self, sid: str, on_lost: Callable[[], Awaitable[None]]) -> bool:
        """Reserve the bot's name for ``sid`` across processes; False when another holds it.

        While held, the seat is extended every third of its TTL; ``on_lost`` runs if it was lost
        anyway (Redis emptied, or this process stalled past the TTL).
        """
        value = self._seat_value(sid)
        if not await self._redis.set(self._seat_key, value, nx=True, px=self._seat_ttl_ms):
            return False
        self._seat_keeper = asyncio.create_task(self._keep_seat(value, on_lost))
        return True

    async def leave_seat(self, sid: str) -> None:
        if self._closing:  # closed: released already, or its TTL frees it
            return
        if self._seat_keeper is not None:
            self._seat_keeper.cancel()
            self._seat_keeper = None
        try:
            await self._redis.eval(_DELETE_IF_MINE, 1, self._seat_key, self._seat_value(sid))
        except (RedisError, OSError) as exc:  # the TTL frees it
            logger.warning("lobby: bot seat not released", extra={"error": type(exc).__name__})

    async def seat_holder(self) -> str | None:
        """The sid of the bot connection, on whatever process, or None."""
        value = await self._redis.get(self._seat_key)
        if not value:
            return None
        text = value.decode() if isinstance(value, bytes) else value
        return text.split(" ", 1)[1]

    async def seat_left(self, sid: str, every: float = 0.25) -> None:
        """Return once ``sid`` no longer holds the bot's seat (it left, wherever it was connected)."""
        while True:
            try:
                if await self.seat_holder() != sid:
                    return
            except (RedisError, OSError):  # unknown: keep waiting (the caller has its own timeout)
                pass
            await asyncio.sleep(every)

    def _seat_value(self, sid: str) -> str:
        return f"{self.host_id} {sid}"

    async def _keep_seat(self, value: str, on_lost: Callable[[], Awaitable[None]]) -> None:
        while True:
            await asyncio.sleep(self._seat_ttl_ms / 3000)
            try:
                kept = await self._redis.eval(_EXTEND_IF_MINE, 1, self._seat_key, value, self._seat_ttl_ms)
            except (RedisError, OSError) as exc:
                logger.warning("lobby: bot seat not extended", extra={"error": type(exc).__name__})
                continue
            if not kept:
                logger.error("lobby: the bot's seat was lost, dropping its connection")
                self._seat_keeper = None
                await on_lost()
                return

    # -- names across processes -----------------------------------------------------------

    async def claim_name(self, ident: str, name: str, key: str | None) -> str | None:
        """One more connection holding ``name`` (identity ``ident``) with ``key``; the name as its
        holder spells it when someone else holds it on any process (then nothing is claimed).
        Raises RedisError or OSError when Redis is down."""
        digest = "" if key is None else hashlib.sha256(key.encode()).hexdigest()  # never the key itself
        held = await self._presence_redis.eval(
            _CLAIM_NAME, 1, self._name_key(ident), digest, self.host_id, name, self._seat_ttl_ms
        )
        if held:
            return held.decode() if isinstance(held, bytes) else str(held)
        self._held_names[ident] = self._held_names.get(ident, 0) + 1
        return None

    async def release_name(self, ident: str, hold: float) -> None:
        """One connection holding ``ident`` closed; with none left anywhere, a keyed name stays
        held ``hold`` seconds."""
        count = self._held_names.get(ident, 0) - 1
        if count < 0:
            return
        if count:
            self._held_names[ident] = count
        else:
            del self._held_names[ident]
        try:
            await self._presence_redis.eval(
                _RELEASE_NAME, 1, self._name_key(ident), self.host_id, int(hold * 1000)
            )
        except (RedisError, OSError) as exc:  # the key's TTL frees it
            logger.warning("lobby: name not released", extra={"error": type(exc).__name__})

    def _name_key(self, ident: str) -> str:
        return f"{self.prefix}:name:{hashlib.sha256(ident.encode()).hexdigest()[:32]}"

    async def _keep_names(self) -> None:
        """The names this process's connections hold stay held while they are open."""
        if not self._held_names:
            return
        async with self._presence_redis.pipeline(transaction=False) as pipe:
            for ident in self._held_names:
                pipe.pexpire(self._name_key(ident), self._seat_ttl_ms, gt=True)
            await pipe.execute()

    # -- presence across processes ----------------------------------------------------------

    def share_presence(self, people: list[str], bot: bool) -> None:
        """Tell every process who is connected to this one (soon: :meth:`_keep_presence` does it);
        each then lists the union (``presence_changed``)."""
        self._local = {"people": people, "bot": bot}
        self._local_changed = True
        self._presence_news.set()

    def _presence_key(self, host: str) -> str:
        return f"{self._hosts_key}:{host}"

    async def _write_presence(self) -> None:
        async with self._presence_redis.pipeline(transaction=False) as pipe:
            pipe.set(self._presence_key(self.host_id), json.dumps(self._local), px=self._seat_ttl_ms)
            pipe.sadd(self._hosts_key, self.host_id)
            await pipe.execute()

    async def _read_presence(self) -> None:
        """Refresh :attr:`remote` from Redis (a process whose key expired is gone); tell the Lobby
        when it changed."""
        members = await self._presence_redis.smembers(self._hosts_key)
        hosts = sorted(h.decode() if isinstance(h, bytes) else str(h) for h in members)
        others = [host for host in hosts if host != self.host_id]
        keys = [self._presence_key(host) for host in others]
        values = await self._presence_redis.mget(keys) if keys else []
        remote: dict[str, dict[str, Any]] = {}
        gone: list[str] = []
        for host, value in zip(others, values, strict=True):
            if value is None:
                gone.append(host)
                continue
            try:
                shown = json.loads(value)
                remote[host] = {"people": [str(p) for p in shown["people"]], "bot": bool(shown["bot"])}
            except (ValueError, TypeError, KeyError):
                logger.warning("lobby: unreadable presence of another process", extra={"host": host})
        if gone:
            await self._presence_redis.srem(self._hosts_key, *gone)
        if remote != self.remote:
            self.remote = remote
            self._presence_changed()

    async def _keep_presence(self) -> None:
        """Read the others' presence when one announces a change; share ours when it changed; every
        third of the TTL, refresh this process's key and read theirs (a crashed process's key
        expires). Redis is asked here, never in the stream's listener: a command there could hold
        the stream back, and redis-py may swallow a cancellation inside one (the loop's
        ``_closing`` check ends it anyway)."""
        every = self._seat_ttl_ms / 3000
        while not self._closing:
            try:
                await asyncio.wait_for(self._presence_news.wait(), every)
                due = False
            except TimeoutError:
                due = True  # time to refresh our key
            self._presence_news.clear()
            ours, self._local_changed = self._local_changed, False
            try:
                if ours or due:
                    await self._write_presence()
                    await self._keep_names()
                if ours:
                    await self._announce_presence()
                await self._read_presence()
            except (RedisError, OSError) as exc:
                logger.warning("lobby: presence not shared", extra={"error": type(exc).__name__})

    async def _announce_presence(self) -> None:
        """Tell the other processes this one's people changed (they read them from Redis)."""
        event = json.dumps({"kind": "presence", "host": self.host_id})
        await self._presence_redis.publish(self._channel, event)

    # -- the stream ---------------------------------------------------------------------------

    async def _subscribe(self) -> Any:
        pubsub = self._redis.pubsub()
        await pubsub.subscribe(self._channel)
        # Wait for Redis's confirmation: only then is every later publication sure to reach us.
        while True:
            reply = await pubsub.get_message(timeout=5.0)
            if reply is None:
                raise SharedRoomError("no_subscription")
            if reply["type"] == "subscribe":
                break
        await self._publish_seed()
        return pubsub

    async def _publish_seed(self) -> None:
        # Read under the write lock: every message stored so far is published before the marker and
        # every later one after it, so the tail continues the read exactly.
        async with self.writing():
            history = await self._read_history()
            token = uuid.uuid4().hex
            self._seed = (token, history)
            await self._send_and_release({"kind": "seed", "host": self.host_id, "token": token})

    async def _listen(self, pubsub: Any) -> None:
        delay = 0.5
        while not self._closing:
            try:
                async for item in pubsub.listen():
                    await self._handle(item)
                    delay = 0.5
            except asyncio.CancelledError:
                await pubsub.aclose()
                raise
            except Exception as exc:
                logger.error("lobby: lost the shared room's stream", extra={"error": type(exc).__name__})
            await self._resync()
            await asyncio.sleep(delay)
            delay = min(delay * 2, 10.0)
            try:
                await pubsub.aclose()
                pubsub = await self._subscribe()
            except Exception as exc:
                logger.error("lobby: cannot rejoin the shared room", extra={"error": type(exc).__name__})

    async def _resync(self) -> None:
        """Messages may have been published while we were not listening: start over."""
        self._ready.clear()
        self._seed = None
        self._joins.clear()
        self._drop_all()  # clients reconnect and get a history that holds what they missed

    async def _handle(self, item: dict[str, Any]) -> None:
        kind = item.get("type")
        if kind == "subscribe" and self._ready.is_set():
            # redis-py reconnected and subscribed again by itself: publications in between are lost.
            logger.warning("lobby: the shared room's stream reconnected, clients will reload")
            await self._resync()
            await self._publish_seed()
            return
        if kind != "message":
            return
        try:
            event = json.loads(item["data"])
        except (ValueError, TypeError):
            logger.warning("lobby: unreadable shared room event")
            return
        if event.get("kind") == "messages":
            messages: list[LobbyMessage] = event["messages"]
            if self._ready.is_set():
                self._tail.extend(messages)
                await self._deliver(messages)
        elif event.get("kind") == "seed" and event.get("host") == self.host_id:
            if self._seed is not None and self._seed[0] == event.get("token"):
                self._tail.clear()
                self._tail.extend(self._seed[1])
                self._seed = None
                self._ready.set()
        elif event.get("kind") == "presence" and event.get("host") != self.host_id:
            self._presence_news.set()  # read by _keep_presence
        elif event.get("kind") == "join" and event.get("host") == self.host_id:
            sid = self._joins.pop(str(event.get("token")), None)
            # Not ready: the stream was lost since, and every local connection was dropped.
            if sid is not None and self._ready.is_set() and self._is_present(sid):
                await self._join(sid, list(self._tail))
