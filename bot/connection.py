"""Eko's Socket.IO connection to a Lobby server (in the same process or elsewhere: same code).

It implements :class:`reflection.ports.ChatConnection`. One supervisor task owns the connection:
connect with ``auth={"name", "token"}``, wait until the connection ends, back off, connect again.
socket.io's built-in reconnection is not used because it covers neither a server that is down
when Eko starts (``connect`` fails at once) nor a disconnect initiated by the server (the client
then stays disconnected on purpose); a refused connection (the server restarted with another bot
token, say) is retried the same way and logged with the server's reason. Each attempt uses a fresh
client: a reconnected client has a new session and no rooms anyway, and the server joins it to the
room and sends ``history`` again, which refills the rolling window without duplicates.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections import deque
from collections.abc import Iterable
from typing import Any, TypeGuard

import socketio

from bot.ports import CallHandler, MessageListener

log = logging.getLogger(__name__)

_MESSAGE_FIELDS = ("id", "room", "author", "text", "ts")


class ChatPostError(RuntimeError):
    """The Lobby did not accept a message from Eko (refused, not connected, or no acknowledgement)."""


def is_message(value: Any) -> TypeGuard[dict[str, Any]]:
    """True for a Lobby message as the protocol defines it (every field present, text a string)."""
    return (
        isinstance(value, dict)
        and all(isinstance(value.get(name), str) for name in _MESSAGE_FIELDS)
        and bool(value["id"])
    )


class MessageWindow:
    """The last Lobby messages seen, oldest first, at most one copy of each message id."""

    def __init__(self, size: int = 200) -> None:
        self._messages: deque[dict[str, Any]] = deque(maxlen=size)
        self._ids: set[str] = set()

    def __len__(self) -> int:
        return len(self._messages)

    def __contains__(self, message_id: object) -> bool:
        return message_id in self._ids

    def add(self, message: dict[str, Any]) -> bool:
        """Append ``message``; False (and nothing changes) when its id is already in the window."""
        if message["id"] in self._ids:
            return False
        if len(self._messages) == self._messages.maxlen:
            self._ids.discard(self._messages[0]["id"])
        self._messages.append(message)
        self._ids.add(message["id"])
        return True

    def merge(self, history: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
        """Fold a ``history`` batch (oldest first) in; returns the messages that were not there yet.

        Order is by timestamp (ISO 8601 UTC strings sort as times), stable, so ties keep the order
        in which messages arrived.
        """
        fresh = self._dedupe([m for m in history if m["id"] not in self._ids])
        if not fresh:
            return []
        merged = sorted([*self._messages, *fresh], key=lambda m: str(m["ts"]))
        self._messages.clear()
        self._ids.clear()
        for message in merged:
            self.add(message)
        return fresh

    @staticmethod
    def _dedupe(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
        seen: set[str] = set()
        unique = []
        for message in messages:
            if message["id"] not in seen:
                seen.add(message["id"])
                unique.append(message)
        return unique

    def last(self, limit: int) -> list[dict[str, Any]]:
        if limit <= 0:
            return []
        return [dict(m) for m in list(self._messages)[-limit:]]

    def newest_ts(self) -> str | None:
        return str(self._messages[-1]["ts"]) if self._messages else None


class LobbyConnection:
    """Eko's live connection to the Lobby (see the module docstring)."""

    def __init__(
        self,
        url: str,
        bot_name: str,
        token: str,
        *,
        window_size: int = 200,
        backoff_initial_s: float = 0.5,
        backoff_max_s: float = 30.0,
        connect_timeout_s: float = 5.0,
        post_timeout_s: float = 10.0,
    ) -> None:
        self.url = url
        self._bot_name = bot_name
        self._token = token
        self._window = MessageWindow(window_size)
        self._backoff_initial_s = backoff_initial_s
        self._backoff_max_s = backoff_max_s
        self._connect_timeout_s = connect_timeout_s
        self._post_timeout_s = post_timeout_s
        self._listeners: list[MessageListener] = []
        self._call_handlers: dict[str, CallHandler] = {}
        self._client: socketio.AsyncClient | None = None
        self._supervisor: asyncio.Task[None] | None = None
        self._stopping = asyncio.Event()
        self.connected_event = asyncio.Event()
        """Set while joined to the Lobby; tests wait on it instead of sleeping."""
        self.connections = 0  # successful joins since start (1 + reconnections)
        self.failed_attempts = 0
        self._newest_before_disconnect: str | None = None

    # --- ChatConnection -----------------------------------------------------------------------------

    @property
    def bot_name(self) -> str:
        return self._bot_name

    @property
    def connected(self) -> bool:
        return self.connected_event.is_set()

    def recent_messages(self, limit: int = 20) -> list[dict[str, Any]]:
        return self._window.last(limit)

    async def post(self, text: str, reply_to: str | None = None) -> dict[str, Any]:
        """Post ``text``; ``reply_to`` is the id of the message it answers (the Lobby's ``replyTo``)."""
        client = await self._joined_client()
        payload: dict[str, Any] = {"text": text}
        if reply_to:
            payload["replyTo"] = reply_to
        try:
            ack = await client.call("message", payload, timeout=self._post_timeout_s)
        except socketio.exceptions.TimeoutError as err:
            raise ChatPostError("the Lobby did not acknowledge the message in time") from err
        except (socketio.exceptions.SocketIOError, ConnectionError) as err:
            raise ChatPostError(f"could not send the message: {err}") from err
        if not isinstance(ack, dict) or not ack.get("ok"):
            reason = ack.get("error") if isinstance(ack, dict) else f"unexpected acknowledgement {ack!r}"
            raise ChatPostError(f"the Lobby refused the message: {reason}")
        message = ack.get("message")
        if not is_message(message):
            raise ChatPostError(f"the Lobby acknowledged without a valid message: {message!r}")
        self._window.add(message)
        return message

    async def emit(self, event: str, data: dict[str, Any]) -> None:
        client = self._client
        if client is None or not self.connected:
            log.info("not connected to the Lobby: event not sent", extra={"event": event})
            return
        try:
            await client.emit(event, data)
        except socketio.exceptions.SocketIOError as err:
            log.warning("could not emit an event", extra={"event": event, "error": str(err)})

    # --- wiring for the Bot -------------------------------------------------------------------------

    def add_message_listener(self, listener: MessageListener) -> None:
        """``listener(message, missed)`` runs for every new message; it must not block (spawn tasks)."""
        self._listeners.append(listener)

    def set_call_handler(self, event: str, handler: CallHandler) -> None:
        """Answer ``event`` (sent by the server with ``call``) with what ``handler`` returns."""
        self._call_handlers[event] = handler

    # --- lifecycle ----------------------------------------------------------------------------------

    async def start(self) -> None:
        """Start joining the Lobby in the background (retrying with backoff until :meth:`stop`)."""
        if self._supervisor is None or self._supervisor.done():
            self._stopping.clear()
            self._supervisor = asyncio.create_task(self._supervise(), name="lobby-connection")

    async def wait_connected(self, within_s: float | None = None) -> bool:
        """True once joined (now or within ``within_s`` seconds), False otherwise."""
        try:
            await asyncio.wait_for(self.connected_event.wait(), within_s)
        except TimeoutError:
            return False
        return True

    async def stop(self) -> None:
        """Leave the Lobby and stop reconnecting (a connection attempt under way is cut short)."""
        self._stopping.set()
        supervisor, self._supervisor = self._supervisor, None
        if supervisor is None:
            return
        done, _ = await asyncio.wait({supervisor}, timeout=self._connect_timeout_s)
        if not done:
            supervisor.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await supervisor
        client, self._client = self._client, None
        self.connected_event.clear()
        if client is not None:
            await self._discard(client)

    # --- internals ----------------------------------------------------------------------------------

    async def _joined_client(self) -> socketio.AsyncClient:
        if not self.connected and not await self.wait_connected(self._post_timeout_s):
            raise ChatPostError("not connected to the Lobby")
        client = self._client
        if client is None:
            raise ChatPostError("not connected to the Lobby")
        return client

    async def _supervise(self) -> None:
        delay = self._backoff_initial_s
        while not self._stopping.is_set():
            client, ended, refusal, welcomed = self._new_client()
            try:
                await client.connect(
                    self.url,
                    auth={"name": self._bot_name, "token": self._token},
                    wait_timeout=self._connect_timeout_s,
                )
            except (socketio.exceptions.ConnectionError, ValueError, OSError) as err:
                self.failed_attempts += 1
                log.warning(
                    "could not join the Lobby, retrying",
                    extra={
                        "url": self.url,
                        "reason": refusal[-1] if refusal else str(err),
                        "retry_in_s": delay,
                    },
                )
                await self._discard(client)
                await self._pause(delay)
                delay = min(delay * 2, self._backoff_max_s)
                continue
            delay = self._backoff_initial_s
            # Joined means in the room: the server sends history once it has put us there.
            if not await _first_of((welcomed, ended, self._stopping), self._connect_timeout_s):
                log.warning("no history from the Lobby after joining", extra={"url": self.url})
            self._client = client
            if not ended.is_set():
                self.connections += 1
                self.connected_event.set()
                log.info("joined the Lobby", extra={"url": self.url, "connections": self.connections})
                await _first_of((ended, self._stopping), None)
            self.connected_event.clear()
            self._client = None
            self._newest_before_disconnect = self._window.newest_ts()
            await self._discard(client)
            if not self._stopping.is_set():
                log.warning("left the Lobby, reconnecting", extra={"url": self.url, "retry_in_s": delay})
                await self._pause(delay)

    async def _pause(self, seconds: float) -> None:
        """Sleep about ``seconds`` (±25 % so many clients do not retry in step), unless stopping."""
        jittered = seconds * random.uniform(0.75, 1.25)  # jitter, not security
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._stopping.wait(), jittered)

    @staticmethod
    async def _discard(client: socketio.AsyncClient) -> None:
        with contextlib.suppress(Exception):
            await client.disconnect()

    def _new_client(self) -> tuple[socketio.AsyncClient, asyncio.Event, list[str], asyncio.Event]:
        # Reconnection is ours (supervised, re-joins); so is SIGINT: engine.io's default handler
        # replaces the process's own and turns a Ctrl-C during a (re)connection into a stray
        # KeyboardInterrupt inside this task instead of Eko's clean stop.
        client = socketio.AsyncClient(reconnection=False, handle_sigint=False)
        ended = asyncio.Event()
        welcomed = asyncio.Event()
        refusal: list[str] = []

        async def on_disconnect(reason: Any = None) -> None:
            ended.set()

        async def on_connect_error(data: Any = None) -> None:
            message = data.get("message") if isinstance(data, dict) else data
            refusal.append(str(message))

        async def on_history(data: Any) -> None:
            self._receive_history(data)
            welcomed.set()

        async def on_message(data: Any) -> None:
            self._receive_message(data)

        client.on("disconnect", on_disconnect)
        client.on("connect_error", on_connect_error)
        client.on("history", on_history)
        client.on("message", on_message)
        for event, handler in self._call_handlers.items():
            client.on(event, handler)
        return client, ended, refusal, welcomed

    def _receive_message(self, data: Any) -> None:
        if not is_message(data):
            log.warning("ignored a malformed Lobby message", extra={"payload_type": type(data).__name__})
            return
        if self._window.add(data):
            self._notify(data, missed=False)

    def _receive_history(self, data: Any) -> None:
        raw = data.get("messages") if isinstance(data, dict) else None
        if not isinstance(raw, list):
            log.warning("ignored a malformed history event")
            return
        messages = [m for m in raw if is_message(m)]
        fresh = self._window.merge(messages)
        # After a reconnection, messages posted while Eko was away are handled too (a mention must
        # not be lost); on the first join, history is only context.
        since = self._newest_before_disconnect
        if since is not None:
            for message in fresh:
                if str(message["ts"]) >= since:
                    self._notify(message, missed=True)
        log.info("history received", extra={"messages": len(messages), "new": len(fresh)})

    def _notify(self, message: dict[str, Any], missed: bool) -> None:
        for listener in self._listeners:
            try:
                listener(message, missed)
            except Exception:  # a faulty listener must not break the connection
                log.exception("message listener failed", extra={"message_id": message.get("id")})


async def _first_of(events: Iterable[asyncio.Event], within_s: float | None) -> bool:
    """Wait until one of ``events`` is set (True) or ``within_s`` seconds pass (False)."""
    waiters = [asyncio.create_task(event.wait()) for event in events]
    try:
        done, _ = await asyncio.wait(waiters, timeout=within_s, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for waiter in waiters:
            waiter.cancel()
    return bool(done)
