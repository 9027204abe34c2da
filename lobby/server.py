"""The reference Lobby server: Socket.IO on aiohttp, the wire contract of docs/lobby-protocol.md."""

from __future__ import annotations

import asyncio
import html
import logging
import re
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import socketio
from aiohttp import web

from lobby.catalogue import Catalogue
from lobby.names import DEFAULT_HOLD, NameRegistry, person_key
from lobby.publisher import BatchPublisher
from lobby.rules import (
    FloodGate,
    RefusedError,
    display_name,
    is_reserved,
    message_text,
    reply_to,
    token_matches,
)
from store import LobbyMessage, MessageLog, StoreError

logger = logging.getLogger(__name__)

ROOM = "lobby"
HISTORY_LIMIT = 50
STATIC_DIR = Path(__file__).parent / "static"
RELAYED_EVENTS = ("reflection:progress", "reflection:update")

# The page loads scripts and styles from /static only: injected markup cannot run code.
# Inline style attributes stay allowed for scripts that position elements (the status bar).
_PAGE_CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
)

Ack = dict[str, Any]
_TEMPLATE_TEXT = re.compile(r"\{\{t:([\w.]+)\}\}")


def _utc_now() -> datetime:
    return datetime.now(UTC)


def iso_utc(moment: datetime) -> str:
    """``2026-11-23T10:00:00.000Z``: ISO 8601, UTC, millisecond precision."""
    return moment.astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


@dataclass
class _Session:
    name: str
    is_bot: bool
    gate: FloodGate


class Lobby:
    """One chat room, ``lobby``, where people and the bot talk; see docs/lobby-protocol.md.

    ``flood_limit`` is ``(messages, seconds)`` per human connection; the authenticated bot is exempt
    (it answers many people at once). A second bot connection is refused while one is connected.
    ``language`` (``fr``/``en``) is the page's and the refusals'; a person's name stays theirs for
    ``name_hold`` after they leave (see :mod:`lobby.names`).
    """

    def __init__(
        self,
        messages: MessageLog,
        bot_token: str,
        bot_name: str = "Eko",
        clock: Callable[[], datetime] = _utc_now,
        flood_limit: tuple[int, float] = (5, 5.0),
        trigger_timeout: float = 10.0,
        language: str = "fr",
        name_hold: timedelta = DEFAULT_HOLD,
    ) -> None:
        if not bot_token:
            raise ValueError("the Lobby needs a bot token")
        self._messages = messages
        self._bot_token = bot_token
        self._bot_name = bot_name
        self._clock = clock
        self._flood_limit = flood_limit
        self._trigger_timeout = trigger_timeout
        self._texts = Catalogue.load(language)
        self._names = NameRegistry(name_hold)
        self._presence_sent: list[dict[str, Any]] | None = None
        self._presence_task: asyncio.Task[None] | None = None
        self._sessions: dict[str, _Session] = {}
        self._bot_sid: str | None = None
        self._bot_gone = asyncio.Event()  # set when the current bot connection ends
        self._closing = False
        self._page_html: str | None = None
        self._tasks: set[asyncio.Task[None]] = set()  # held so they are not garbage-collected mid-way
        # Storing and broadcasting a message, and sending history to a newcomer, happen under this
        # lock: everyone sees messages in stored order, and history never misses nor repeats one.
        self._room_lock = asyncio.Lock()
        self._publisher = BatchPublisher(messages.append_many, self._broadcast, self._room_lock)
        self._sio = socketio.AsyncServer(async_mode="aiohttp", logger=False, engineio_logger=False)
        self._sio.on("connect", self._on_connect)
        self._sio.on("disconnect", self._on_disconnect)
        self._sio.on("message", self._on_message)
        self._sio.on("reflection:trigger", self._on_trigger)
        for event in RELAYED_EVENTS:
            self._sio.on(event, self._relay_handler(event))

    @property
    def bot_connected(self) -> bool:
        return self._bot_sid is not None

    def attach(self, app: web.Application) -> None:
        """Mount Socket.IO (``/socket.io/``), the page (``/``) and its files (``/static/``) on ``app``."""
        if not (STATIC_DIR / "vendor" / "socket.io.min.js").is_file():
            logger.error(
                "lobby page: static/vendor/socket.io.min.js is missing, run scripts/install.sh",
                extra={"static_dir": str(STATIC_DIR)},
            )
        self._sio.attach(app)
        app.on_shutdown.append(self._on_app_shutdown)
        app.router.add_get("/", self._page)
        app.router.add_get("/favicon.ico", self._favicon)
        app.router.add_static("/static/", STATIC_DIR, append_version=False)

    async def close(self) -> None:
        """Finish in-flight messages, then close every connection (clients reconnect by themselves).

        Also runs on the aiohttp app's shutdown, before aiohttp waits for open requests (WebSockets
        would otherwise hold it until its shutdown timeout).
        """
        if self._closing:
            return
        self._closing = True
        await self._publisher.flush()
        if self._tasks:
            await asyncio.wait(self._tasks)
        # Drop each transport as a lost connection would: clients then reconnect by themselves (the
        # python client does not after an Engine.IO CLOSE packet, nor does the browser after a
        # Socket.IO "server disconnect"). ``None`` in an engine socket's queue makes its writer close
        # the WebSocket (engineio's own end-of-queue marker); nothing waits on a peer already gone.
        for socket in list(self._sio.eio.sockets.values()):
            socket.queue.put_nowait(None)
        await self._sio.shutdown()

    async def _on_app_shutdown(self, app: web.Application) -> None:
        await self.close()

    async def _page(self, request: web.Request) -> web.StreamResponse:
        if self._page_html is None:
            self._page_html = self._render_page((STATIC_DIR / "index.html").read_text(encoding="utf-8"))
        return web.Response(
            text=self._page_html,
            content_type="text/html",
            headers={"Cache-Control": "no-cache", "Content-Security-Policy": _PAGE_CSP},
        )

    def _render_page(self, template: str) -> str:
        """The page in the Lobby's language: ``{{t:key}}`` texts escaped, the page's catalogue embedded."""
        page = _TEMPLATE_TEXT.sub(lambda m: html.escape(self._texts.text(m[1]), quote=True), template)
        return (
            page.replace("{{LANG}}", self._texts.language)
            .replace("{{BOT_NAME}}", html.escape(self._bot_name, quote=True))
            .replace("{{I18N}}", self._texts.page_json())
        )

    async def _favicon(self, request: web.Request) -> web.StreamResponse:
        return web.FileResponse(STATIC_DIR / "favicon.ico", headers={"Cache-Control": "max-age=86400"})

    def _refusal(self, code: str, **params: object) -> Ack:
        """A refused request's ack: the stable ``code`` and its text in the Lobby's language."""
        return {"ok": False, "error": self._texts.text(f"refusal.{code}", **params), "code": code}

    # -- connections -------------------------------------------------------------------------

    async def _on_connect(self, sid: str, environ: dict[str, Any], auth: Any = None) -> None:
        try:
            if self._closing:
                raise RefusedError("restarting", retry=True)
            name = display_name(auth)
            is_bot = is_reserved(name, self._bot_name)
            if is_bot:
                name = self._check_bot(auth)
            else:
                self._names.claim(name, person_key(auth), sid, self._clock())
        except RefusedError as exc:
            logger.info("lobby: connection refused", extra={"sid": sid, "code": exc.code})
            reason = self._texts.text(f"refusal.{exc.code}", **{"bot": self._bot_name, **exc.params})
            data: dict[str, Any] = {"code": exc.code}
            if exc.retry:  # temporary: clients may try again as they are
                data["retry"] = True
            raise socketio.exceptions.ConnectionRefusedError(reason, data) from None
        if is_bot:
            self._bot_sid = sid
            self._bot_gone = asyncio.Event()
        limit, seconds = self._flood_limit
        self._sessions[sid] = _Session(name, is_bot, FloodGate(limit, timedelta(seconds=seconds)))
        logger.info("lobby: connected", extra={"sid": sid, "author": name, "bot": is_bot})
        # History goes out once the connection is established (after the CONNECT packet).
        task = asyncio.create_task(self._welcome(sid))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _check_bot(self, auth: dict[str, Any]) -> str:
        if not token_matches(auth.get("token"), self._bot_token):
            raise RefusedError("name_reserved")
        if self._bot_sid is not None:
            raise RefusedError("bot_connected", retry=True)
        return self._bot_name

    async def _welcome(self, sid: str) -> None:
        async with self._room_lock:
            if sid not in self._sessions:
                return  # gone before we got here
            await self._sio.enter_room(sid, ROOM)
            try:
                history = await self._messages.recent(ROOM, HISTORY_LIMIT)
            except StoreError as exc:  # the newcomer still joins, and is told why the room looks empty
                logger.warning("lobby: history unavailable", extra={"sid": sid, "error": str(exc)})
                history = None
            session = self._sessions.get(sid)
            if session is None:
                return  # gone while history was read
            if history is None:
                unavailable = self._refusal("history_unavailable")
                notice = {"messages": [], "error": unavailable["error"], "code": unavailable["code"]}
                await self._sio.emit("history", {**notice, "you": session.name}, to=sid)
            else:
                await self._sio.emit("history", {"messages": history, "you": session.name}, to=sid)
            await self._sio.emit("presence", self._presence(), to=sid)
        self._presence_changed()

    async def _on_disconnect(self, sid: str, reason: Any = None) -> None:
        session = self._sessions.pop(sid, None)
        self._names.release(sid, self._clock())
        if sid == self._bot_sid:
            self._bot_sid = None
            self._bot_gone.set()
        if session is not None:
            self._presence_changed()
        if session is not None:
            logger.info(
                "lobby: disconnected",
                extra={"sid": sid, "author": session.name, "bot": session.is_bot, "reason": str(reason)},
            )

    # -- events ------------------------------------------------------------------------------

    async def _on_message(self, sid: str, *args: Any) -> Ack:
        session = self._sessions.get(sid)
        if session is None:
            return self._refusal("unknown_connection")
        payload = args[0] if len(args) == 1 else None
        try:
            text = message_text(payload)
            answers = reply_to(payload)
        except RefusedError as exc:
            return self._refusal(exc.code, **exc.params)
        now = self._clock()
        if not session.is_bot and not session.gate.allow(now):
            logger.info("lobby: flood refused", extra={"sid": sid, "author": session.name})
            return self._refusal("flood")
        if self._closing:
            return self._refusal("restarting_message")
        message = LobbyMessage(
            id=uuid.uuid4().hex, room=ROOM, author=session.name, text=text, ts=iso_utc(now)
        )
        if answers is not None:
            message["replyTo"] = answers
        try:
            await self._publisher.publish(message)  # stored durably, then broadcast
        except StoreError as exc:  # the sender is told, nobody saw the message
            logger.warning(
                "lobby: message not stored", extra={"sid": sid, "author": session.name, "error": str(exc)}
            )
            return self._refusal("not_stored")
        except Exception:  # anything else is a bug: logged whole, and the sender still gets an answer
            logger.exception("lobby: message not stored", extra={"sid": sid, "author": session.name})
            return self._refusal("not_stored")
        return {"ok": True, "message": message}

    async def _on_trigger(self, sid: str, *args: Any) -> Ack:
        session = self._sessions.get(sid)
        if session is None or session.is_bot:
            return self._refusal("people_only")
        if not session.gate.allow(self._clock()):  # a trigger counts as a message: no spamming the bot
            return self._refusal("trigger_flood")
        bot_sid = self._bot_sid
        if bot_sid is None:
            return self._refusal("bot_absent", bot=self._bot_name)
        call = asyncio.ensure_future(
            self._sio.call(
                "reflection:trigger", {"requestedBy": session.name}, to=bot_sid, timeout=self._trigger_timeout
            )
        )
        gone = asyncio.ensure_future(self._bot_gone.wait())
        try:  # python-socketio's call waits out its timeout even when the bot is gone: don't
            await asyncio.wait({call, gone}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            gone.cancel()
        if not call.done():
            call.cancel()
            return self._refusal("bot_gone", bot=self._bot_name)
        try:
            answer = call.result()
        except socketio.exceptions.TimeoutError:
            logger.warning("lobby: reflection trigger timed out", extra={"author": session.name})
            return self._refusal("bot_timeout", bot=self._bot_name)
        if not isinstance(answer, dict) or not isinstance(answer.get("ok"), bool):
            logger.warning(
                "lobby: malformed reflection trigger answer", extra={"answer_type": type(answer).__name__}
            )
            return self._refusal("bot_bad_answer", bot=self._bot_name)
        if not answer["ok"] and not isinstance(answer.get("error"), str):
            return self._refusal("bot_refused", bot=self._bot_name)
        return answer

    async def _broadcast(self, message: LobbyMessage) -> None:
        await self._sio.emit("message", message, room=ROOM)

    def _relay_handler(self, event: str) -> Callable[..., Any]:
        async def relay(sid: str, *args: Any) -> Ack:
            if sid != self._bot_sid:
                return self._refusal("bot_only", bot=self._bot_name)
            data = args[0] if len(args) == 1 else None
            if not isinstance(data, dict):
                return self._refusal("object_expected")
            await self._sio.emit(event, data, room=ROOM, skip_sid=sid)
            return {"ok": True}

        return relay

    # -- presence ----------------------------------------------------------------------------

    def _presence(self) -> dict[str, Any]:
        """Who is here: the bot first when connected, then each person once, by name."""
        people = [{"name": self._bot_name, "bot": True}] if self._bot_sid is not None else []
        names = sorted(self._names.online(), key=lambda name: (name.casefold(), name))
        people.extend({"name": name, "bot": False} for name in names)
        return {"people": people}

    def _presence_changed(self) -> None:
        """Tell the room who is here, once per burst of arrivals and departures."""
        if self._presence_task is None or self._presence_task.done():
            self._presence_task = asyncio.create_task(self._send_presence())
            self._tasks.add(self._presence_task)
            self._presence_task.add_done_callback(self._tasks.discard)

    async def _send_presence(self) -> None:
        await asyncio.sleep(0)  # connections opening or closing in the same tick go out as one update
        presence = self._presence()
        if presence["people"] != self._presence_sent and not self._closing:
            self._presence_sent = presence["people"]
            await self._sio.emit("presence", presence, room=ROOM)
