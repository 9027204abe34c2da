"""Hand-written HTTP requests on loopback, for what aiohttp's client will not send: a body that is not
what its encoding says, a body sent in several writes or dripped slowly."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence


async def raw_request(
    port: int, head: str, parts: Sequence[bytes] = (), pause: float = 0.0, status_only: bool = False
) -> bytes:
    """Send ``head`` (request line and headers, without the blank line), then each of ``parts`` as
    its own write, ``pause`` seconds apart; the server's whole answer (until it closes the
    connection), or only its status line."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(head.encode() + b"\r\n\r\n")
        for part in parts:
            writer.write(part)
            await writer.drain()
            await asyncio.sleep(pause)
        async with asyncio.timeout(10):
            return await (reader.readline() if status_only else reader.read())
    finally:
        writer.close()
