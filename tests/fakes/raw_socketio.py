"""A Socket.IO client that speaks the wire by hand, to send what no well-behaved library would."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import aiohttp

WAIT = 10.0


class RawSocket:
    """One Engine.IO WebSocket session: send raw frames, read what comes back."""

    def __init__(self, session: aiohttp.ClientSession, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.session = session
        self.ws = ws

    @classmethod
    async def open(cls, url: str, headers: dict[str, str] | None = None) -> RawSocket:
        session = aiohttp.ClientSession()
        ws_url = url.replace("http://", "ws://") + "/socket.io/?EIO=4&transport=websocket"
        try:
            ws = await session.ws_connect(ws_url, headers=headers or {}, max_msg_size=0)
        except BaseException:
            await session.close()
            raise
        raw = cls(session, ws)
        opened = await raw.frame()
        assert opened.startswith("0{"), opened
        return raw

    async def connect(self, auth: Any) -> str:
        """Send CONNECT with ``auth``; the answer frame (``40{...}`` or ``44{...}``)."""
        await self.send("40" + json.dumps(auth))
        return await self.frame()

    async def send(self, frame: str | bytes) -> None:
        if isinstance(frame, bytes):
            await self.ws.send_bytes(frame)
        else:
            await self.ws.send_str(frame)

    async def frame(self, wait: float = WAIT) -> str:
        """The next text frame from the server, answering its pings on the way."""
        async with asyncio.timeout(wait):
            while True:
                message = await self.ws.receive()
                if message.type != aiohttp.WSMsgType.TEXT:
                    raise ConnectionError(f"socket closed: {message.type} {message.data}")
                text = str(message.data)
                if text == "2":
                    await self.ws.send_str("3")
                    continue
                return text

    async def ack(self, ident: int, wait: float = WAIT) -> Any:
        """The argument of the ack numbered ``ident`` (other frames on the way are skipped)."""
        prefix = f"43{ident}"
        while True:
            text = await self.frame(wait)
            if text.startswith(prefix + "["):
                return json.loads(text[len(prefix) :])[0]

    async def call(self, ident: int, event: str, *args: Any) -> Any:
        await self.send(f"42{ident}" + json.dumps([event, *args]))
        return await self.ack(ident)

    async def close(self) -> None:
        await self.ws.close()
        await self.session.close()
