"""``GET /health``: the state of each part, 200 when all are up, 503 otherwise."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import Any

from aiohttp import web

log = logging.getLogger(__name__)

_PROBE_TIMEOUT_S = 2.0


@dataclass
class HealthProbe:
    """Holds the running parts; each is optional because `eko lobby` and `eko bot` run fewer."""

    lobby: Any = None
    store: Any = None
    memory: Any = None
    llm: Any = None
    connection: Any = None
    expect_bot: bool = True

    async def report(self) -> tuple[bool, dict[str, Any]]:
        parts: dict[str, Any] = {}
        if self.lobby is not None:
            parts["lobby"] = {"up": True, "botConnected": bool(self.lobby.bot_connected)}
            if self.lobby.shared:  # several Lobby processes: the Redis they share the room through
                parts["redis"] = await self._check(self.lobby.shared_ping)
        if self.connection is not None:
            parts["bot"] = {"up": bool(self.connection.connected)}
        if self.store is not None:
            parts["store"] = await self._check(self.store.ping)
        if self.memory is not None:
            parts["memory"] = await self._check(self._memory_counts)
        if self.llm is not None:
            parts["llm"] = {"up": True, "mode": self.llm.mode, "model": self.llm.model}
        healthy = all(part.get("up") for part in parts.values())
        if self.expect_bot and self.connection is None and self.lobby is not None:
            healthy = healthy and bool(self.lobby.bot_connected)
        return healthy, parts

    async def _memory_counts(self) -> dict[str, int]:
        return {kind: await self.memory.count(kind) for kind in ("fact", "self", "goal")}

    @staticmethod
    async def _check(probe: Any) -> dict[str, Any]:
        try:
            async with asyncio.timeout(_PROBE_TIMEOUT_S):
                detail = await probe()
        except Exception as exc:  # a failing part makes /health say so; it never breaks the endpoint
            log.warning("health probe failed", extra={"error": type(exc).__name__})
            return {"up": False, "error": type(exc).__name__}
        result: dict[str, Any] = {"up": detail is not False}
        if isinstance(detail, dict):
            result["counts"] = detail
        return result


def health_routes(probe: HealthProbe) -> list[web.RouteDef]:
    async def health(_request: web.Request) -> web.Response:
        healthy, parts = await probe.report()
        body = {"status": "ok" if healthy else "degraded", "parts": parts}
        return web.json_response(body, status=200 if healthy else 503)

    return [web.get("/health", health)]
