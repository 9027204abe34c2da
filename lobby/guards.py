"""What the Lobby's Socket.IO server refuses before any handler sees it (docs/lobby-protocol.md, "Limits").

python-socketio and python-engineio trust their peer: a malformed packet raises deep inside them,
gets logged with a traceback and answers nothing (a client waiting for an ack waits forever), and
some mistakes hang a request. :class:`GuardedServer` and :class:`GuardedEngine` subclass them and
check every packet at the layer it arrives on, so each client mistake gets at most one warning line
in the log and, where the client asked for an answer, a refusal in the Lobby's ack shape:

* Engine.IO (the transport): a polling POST over :data:`MAX_FRAME_BYTES` gets 413, one whose body
  has not arrived whole within :data:`BODY_DEADLINE_S` 408; junk frames
  (empty, unknown packet type, binary, invalid UTF-8, a packet the server never accepts from a
  client, a payload that is not a Socket.IO packet, which engineio would parse as JSON) are
  dropped; an over-long session id gets 400. None of them reach engineio's own error paths (one
  of which waits forever for a poll that never comes, holding shutdown for minutes).
* Socket.IO: packets over :data:`MAX_PACKET_CHARS` or nested deeper than :data:`MAX_DEPTH`,
  undecodable JSON, events that are not ``[name, ...args]``, binary packets (the Lobby has no binary
  event), reserved event names (``connect``, ``disconnect``...) and events nobody handles are
  refused with an ack ``{"ok": false, "error", "code"}`` when the client asked for one, or a
  CONNECT_ERROR for a refused CONNECT; a second CONNECT on a connected namespace is ignored.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import logging
import re
from collections.abc import Awaitable, Callable
from typing import Any

import engineio
import socketio
from aiohttp import web
from engineio.async_drivers import aiohttp as engineio_aiohttp
from socketio import packet as sio_packet

from language.controls import MAX_DEPTH, too_deep

log = logging.getLogger(__name__)

# The largest polling POST body or WebSocket frame Engine.IO accepts (its own default, kept
# explicit): a polling POST over it gets 413, a WebSocket frame over it a refusal ack.
MAX_FRAME_BYTES = 1_000_000
# The largest WebSocket frame read at all: frames between MAX_FRAME_BYTES and this still get a
# refusal (read to find out what to answer); over this aiohttp closes the socket with code 1009.
MAX_WEBSOCKET_FRAME_BYTES = 4 * 1024 * 1024
# The largest Socket.IO packet decoded. A Lobby message is at most 4,000 characters (24 KB once
# JSON-escaped); anything far larger is refused before its JSON is parsed.
MAX_PACKET_CHARS = 64 * 1024
# A polling POST body must arrive whole within this long (a body dripped a byte at a time would hold
# its connection and handler for good; eko/serving.py bounds the request head the same way). 1 MB
# in 30 s is 33 kB/s; a Lobby message is at most 24 kB.
BODY_DEADLINE_S = 30.0
# Engine.IO session ids are 20 characters; anything far longer is not one.
MAX_SID_CHARS = 64
# Engine.IO's own bound on packets in one polling payload.
MAX_PAYLOAD_PACKETS = 16
# Mistakes logged at WARNING per connection; later ones go to DEBUG.
LOGGED_MISTAKES = 5

# Names python-socketio or the Socket.IO client libraries give a meaning of their own: a client
# sending an event by one of these names is refused, never dispatched.
RESERVED_EVENTS = frozenset(
    {
        "connect",
        "connect_error",
        "disconnect",
        "disconnecting",
        "newListener",
        "removeListener",
        "__disconnect_final",  # python-socketio client's own
        "*",  # python-socketio's catch-all handler name
    }
)

# Packet types a client may send: over polling (CLOSE, PONG, MESSAGE) and over WebSocket (also
# PING, UPGRADE and NOOP, the upgrade handshake's "2probe" and "5"). No client sends a NOOP over
# polling; engineio answers one by closing the session and waiting for a poll that may never come
# (the POST then hangs, and holds shutdown).
_POLLING_TYPES = frozenset("134")
_WEBSOCKET_TYPES = frozenset("123456")
# The only text a client's packet carries after its type, besides a Socket.IO packet (which starts
# with its own type digit): the upgrade handshake's "probe".
_PROBE = "probe"

# The refusal codes the guards answer with; their texts live in the Lobby's catalogues (lobby/i18n/).
REFUSAL_CODES = frozenset(
    {"too_large", "too_deep", "malformed", "binary_unsupported", "reserved_event", "unknown_event"}
)

_BODY = web.RequestKey("eko.polling_body", bytes)  # a polling POST body read and filtered here

_HEADER = re.compile(r"^(?P<type>[0-6])(?:\d+-)?(?P<nsp>/[^,]*,)?(?P<id>\d{1,20})?")


def frame_problem(frame: str | bytes, allowed_types: frozenset[str]) -> str | None:
    """Why an Engine.IO frame from a client is dropped, or None when engineio may decode it."""
    if isinstance(frame, bytes):
        return "binary frame"
    if not frame:
        return "empty frame"
    if frame[0] == "b":  # a base64 binary message: the Lobby has no binary event
        try:
            base64.b64decode(frame[1:], validate=True)
        except (binascii.Error, ValueError):
            return "invalid base64 frame"
        return "binary frame"
    if frame[0] not in allowed_types:
        return "unexpected packet type"
    # engineio parses what follows the type as JSON unless it starts with a digit (engineio/packet.py):
    # deep nesting there raises RecursionError outside any handler. A Socket.IO packet starts with its
    # type digit; anything else is not one.
    if len(frame) > 1 and not frame[1].isnumeric() and frame[1:] != _PROBE:
        return "not a Socket.IO packet"
    return None


class _Body:
    """A polling POST body already read (and filtered), in the shape engineio reads it."""

    def __init__(self, data: bytes) -> None:
        self._data = data

    async def read(self, length: int = -1) -> bytes:
        return self._data if length < 0 else self._data[:length]


class GuardedWebSocket(engineio_aiohttp.WebSocket):  # type: ignore[misc]
    """engineio's aiohttp WebSocket wrapper, dropping junk frames and answering oversized ones."""

    server: GuardedEngine

    async def __call__(self, environ: dict[str, Any]) -> web.WebSocketResponse:
        # The transport reads frames up to MAX_WEBSOCKET_FRAME_BYTES, so one over MAX_FRAME_BYTES can
        # still be answered (engineio would close the socket without a word).
        request = environ["aiohttp.request"]
        self._sock = web.WebSocketResponse(max_msg_size=MAX_WEBSOCKET_FRAME_BYTES)
        await self._sock.prepare(request)
        self.environ = environ
        await self.handler(self)
        return self._sock

    async def wait(self) -> str | bytes:
        while True:
            frame: str | bytes = await super().wait()
            sid = getattr(getattr(self.handler, "__self__", None), "sid", None)
            if len(frame) > MAX_FRAME_BYTES:
                if isinstance(frame, str) and frame.startswith("4"):
                    await self.server.refuse_oversized(sid, frame[1:128])
                self.server.mistake(sid, "lobby: oversized frame refused", size=len(frame))
                continue
            problem = frame_problem(frame, _WEBSOCKET_TYPES)
            if problem is None:
                return frame
            self.server.mistake(sid, "lobby: frame dropped", problem=problem)


class GuardedEngine(engineio.AsyncServer):  # type: ignore[misc]
    """Engine.IO with every client frame checked before engineio decodes it (see the module docstring)."""

    def mistake(self, sid: str | None, message: str, **extra: Any) -> None:
        """Log a client's mistake: a warning line for each of a connection's first
        :data:`LOGGED_MISTAKES`, then one line saying the rest go to debug (a client repeating junk
        cannot fill the log)."""
        count = self._mistakes[sid] = self._mistakes.get(sid, 0) + 1
        if count <= LOGGED_MISTAKES:
            log.warning(message, extra={"sid": sid, **extra})
            if count == LOGGED_MISTAKES:
                log.warning(
                    "lobby: further mistakes from this connection are logged at debug level",
                    extra={"sid": sid},
                )
        else:
            log.debug(message, extra={"sid": sid, **extra})

    def forget(self, sid: str) -> None:
        self._mistakes.pop(sid, None)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs["max_http_buffer_size"] = MAX_FRAME_BYTES
        super().__init__(*args, **kwargs)
        # This server's own copy of the driver table: the filters apply to this instance only.
        driver: dict[str, Any] = getattr(self, "_async")  # noqa: B009 (engineio's untyped attribute)
        self._async = {**driver, "websocket": GuardedWebSocket, "translate_request": self._translate}
        self.refuse_oversized: Callable[[str | None, str], Awaitable[None]] = _ignore_oversized
        self._mistakes: dict[str | None, int] = {}
        self.body_deadline_s = BODY_DEADLINE_S

    def _log_error_once(self, message: str, message_key: str) -> None:
        # engineio logs each kind of client mistake at ERROR once (a bad session id, a bad origin):
        # they are the client's, so a warning, in the Lobby's log, trimmed (ids can be long).
        log.warning("lobby: engine.io request refused", extra={"reason": message[:200], "kind": message_key})

    @staticmethod
    def _translate(request: web.Request) -> dict[str, Any]:
        environ: dict[str, Any] = engineio_aiohttp.translate_request(request)
        body = request.get(_BODY)
        if body is not None:
            environ["wsgi.input"] = _Body(body)
            environ["CONTENT_LENGTH"] = str(len(body))
        return environ

    async def handle_request(self, *args: Any, **kwargs: Any) -> web.StreamResponse:
        request: web.Request = args[0]
        sid = request.query.get("sid")
        if sid is not None and len(sid) > MAX_SID_CHARS:
            log.warning("lobby: over-long session id refused", extra={"size": len(sid)})
            return web.json_response({"error": "invalid session id", "code": "bad_sid"}, status=400)
        if request.method == "POST" and sid is not None and sid in self.sockets:
            refused = await self._read_polling_body(request, sid)
            if refused is not None:
                return refused
        response: web.StreamResponse = await super().handle_request(*args, **kwargs)
        return response

    async def _read_polling_body(self, request: web.Request, sid: str) -> web.Response | None:
        """Read a polling POST (bounded), keep only the frames engineio may decode; or the refusal."""
        if request.content_length is not None and request.content_length > MAX_FRAME_BYTES:
            body = None
        else:
            try:
                body = await _read_body(request, MAX_FRAME_BYTES + 1, self.body_deadline_s)
            except TimeoutError:
                log.warning("lobby: polling request body too slow", extra={"sid": sid})
                await self._drop(sid)
                return web.json_response(
                    {
                        "error": f"request body not received within {self.body_deadline_s:g} s",
                        "code": "too_slow",
                    },
                    status=408,
                )
        if body is None or len(body) > MAX_FRAME_BYTES:
            log.warning(
                "lobby: oversized polling request refused", extra={"sid": sid, "size": request.content_length}
            )
            await self._drop(sid)
            return web.json_response(
                {"error": f"request body over {MAX_FRAME_BYTES} bytes", "code": "too_large"}, status=413
            )
        try:
            text = body.decode("utf-8")
        except UnicodeDecodeError:
            self.mistake(sid, "lobby: polling request is not UTF-8")
            return web.json_response({"error": "body is not UTF-8", "code": "malformed"}, status=400)
        frames = text.split("\x1e") if text else []
        if len(frames) > MAX_PAYLOAD_PACKETS:
            self.mistake(sid, "lobby: too many packets in one polling request")
            return web.json_response({"error": "too many packets", "code": "too_large"}, status=400)
        kept = []
        for frame in frames:
            problem = frame_problem(frame, _POLLING_TYPES)
            if problem is None:
                kept.append(frame)
            else:
                self.mistake(sid, "lobby: frame dropped", problem=problem)
        request[_BODY] = "\x1e".join(kept).encode("utf-8")
        return None

    async def _drop(self, sid: str) -> None:
        """Close a session at once: engineio's own close waits for a poll that may never come."""
        socket = self.sockets.get(sid)
        if socket is not None:
            await socket.close(wait=False, abort=True, reason=self.reason.TRANSPORT_ERROR)
            socket.queue.put_nowait(None)  # ends a pending poll or WebSocket writer
            self.sockets.pop(sid, None)


async def _read_body(request: web.Request, limit: int, deadline_s: float) -> bytes:
    """The body, up to ``limit`` bytes, read to its end within ``deadline_s``.

    ``StreamReader.read(n)`` returns what has arrived so far, not ``n`` bytes: a body in more than
    one TCP segment (any polling POST of a few kB off loopback) was cut to its first segment."""
    body = bytearray()
    async with asyncio.timeout(deadline_s):
        while len(body) < limit and (chunk := await request.content.read(limit - len(body))):
            body += chunk
    return bytes(body)


async def _ignore_oversized(sid: str | None, head: str) -> None:
    return None


class GuardedServer(socketio.AsyncServer):  # type: ignore[misc]
    """python-socketio's server with every client packet checked before it is dispatched."""

    def __init__(self, *args: Any, wording: Callable[[str], str], **kwargs: Any) -> None:
        """``wording(code)`` gives a refusal's text in the Lobby's language (its catalogue, lobby/i18n/)."""
        super().__init__(*args, **kwargs)
        self._wording = wording
        self.eio.refuse_oversized = self._refuse_oversized

    def _engineio_server_class(self) -> type[engineio.AsyncServer]:
        return GuardedEngine

    async def _handle_eio_disconnect(self, eio_sid: str, reason: Any) -> None:
        self.eio.forget(eio_sid)
        await super()._handle_eio_disconnect(eio_sid, reason)

    async def _handle_eio_message(self, eio_sid: str, data: Any) -> None:
        if not isinstance(data, str):
            self._binary_packet.pop(eio_sid, None)  # no binary event exists; nothing to attach to
            self.eio.mistake(eio_sid, "lobby: binary data dropped")
            return
        if len(data) > MAX_PACKET_CHARS:
            await self._refuse(eio_sid, data[:128], "too_large")
            return
        try:
            pkt = self.packet_class(encoded_packet=data)
        except (ValueError, TypeError, IndexError, RecursionError):  # undecodable JSON, bad header
            await self._refuse(eio_sid, data[:128], "too_deep" if _nested(data) else "malformed")
            return
        code = self._problem(eio_sid, pkt)
        if code == "ignore":
            return
        if code is not None:
            await self._answer(eio_sid, pkt.packet_type, pkt.namespace, pkt.id, code)
        elif pkt.packet_type == sio_packet.CONNECT:  # python-socketio's own dispatch, minus binary
            await self._handle_connect(eio_sid, pkt.namespace, pkt.data)
        elif pkt.packet_type == sio_packet.DISCONNECT:
            await self._handle_disconnect(eio_sid, pkt.namespace, self.reason.CLIENT_DISCONNECT)
        elif pkt.packet_type == sio_packet.EVENT:
            await self._handle_event(eio_sid, pkt.namespace, pkt.id, pkt.data)
        else:
            await self._handle_ack(eio_sid, pkt.namespace, pkt.id, pkt.data)

    def _problem(self, eio_sid: str, pkt: Any) -> str | None:
        """The refusal code for a decoded packet, ``"ignore"`` to drop it silently, or None."""
        kind, namespace = pkt.packet_type, pkt.namespace or "/"
        if kind in (sio_packet.BINARY_EVENT, sio_packet.BINARY_ACK):
            return "binary_unsupported"
        if kind not in (sio_packet.CONNECT, sio_packet.DISCONNECT, sio_packet.EVENT, sio_packet.ACK):
            self.eio.mistake(eio_sid, "lobby: unexpected packet type dropped", type=kind)
            return "ignore"
        if pkt.data is not None and too_deep(pkt.data):
            return "too_deep"
        connected = self.manager.sid_from_eio_sid(eio_sid, namespace) is not None
        if kind == sio_packet.CONNECT:
            if connected:
                self.eio.mistake(eio_sid, "lobby: second CONNECT ignored")
                return "ignore"
            return None if pkt.data is None or isinstance(pkt.data, dict) else "malformed"
        if kind == sio_packet.ACK:
            return None if isinstance(pkt.data, list) else "ignore"
        if kind == sio_packet.EVENT:
            if not isinstance(pkt.data, list) or not pkt.data or not isinstance(pkt.data[0], str):
                return "malformed"
            if pkt.data[0] in RESERVED_EVENTS:
                return "reserved_event"
            if connected and pkt.data[0] not in self.handlers.get(namespace, {}):
                return "unknown_event"
        return None

    async def _refuse(self, eio_sid: str, head: str, code: str) -> None:
        """Answer a packet that could not be decoded, from what its header says."""
        match = _HEADER.match(head)
        if match is None:
            self.eio.mistake(eio_sid, "lobby: packet refused", code=code)
            return
        namespace = (match["nsp"] or "/,")[:-1].split("?", 1)[0]
        ident = int(match["id"]) if match["id"] else None
        await self._answer(eio_sid, int(match["type"]), namespace, ident, code)

    async def _answer(
        self, eio_sid: str, kind: int, namespace: str | None, ident: int | None, code: str
    ) -> None:
        self.eio.mistake(eio_sid, "lobby: packet refused", code=code)
        namespace = namespace or "/"
        if kind == sio_packet.CONNECT:
            error = {"message": self._wording(code), "data": {"code": code}}
            await self._send_packet(
                eio_sid, self.packet_class(sio_packet.CONNECT_ERROR, data=error, namespace=namespace)
            )
        elif kind in (sio_packet.EVENT, sio_packet.BINARY_EVENT) and ident is not None:
            if self.manager.sid_from_eio_sid(eio_sid, namespace) is None:
                return  # not connected to that namespace: nothing to answer to
            refusal = {"ok": False, "error": self._wording(code), "code": code}
            ack = self.packet_class(sio_packet.ACK, data=[refusal], namespace=namespace, id=ident)
            await self._send_packet(eio_sid, ack)

    async def _refuse_oversized(self, eio_sid: str | None, head: str) -> None:
        if eio_sid is not None and eio_sid in self.eio.sockets:
            await self._refuse(eio_sid, head, "too_large")


def _nested(data: str) -> bool:
    """Whether undecodable packet text opens more brackets in a row than :data:`MAX_DEPTH` allows."""
    return re.search(r"[\[{]\s*" * (MAX_DEPTH + 1), data) is not None
