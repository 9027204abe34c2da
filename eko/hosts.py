"""The Host allow-list: every HTTP request and Socket.IO connection names a host Eko serves.

A page on another site can make a browser talk to Eko on 127.0.0.1 by pointing its own name at that
address (DNS rebinding); the browser then sends ``Host: evil.example:8080``. Checking the Host header
against the names Eko is served under refuses it (421 Misdirected Request, as a server answers for a
name it does not serve). ``X-Forwarded-Host`` is only believed behind a proxy (``EKO_TRUST_PROXY``).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # aiohttp only where the guard is made: the settings check names, `eko memory` too
    from aiohttp import web
    from aiohttp.typedefs import Middleware

log = logging.getLogger(__name__)

WILDCARD_ADDRESSES = frozenset({"0.0.0.0", "::", ""})
LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "[::1]"})
WRONG_HOST = "this server does not answer for that host (see EKO_ALLOWED_HOSTS)"


def split_host(value: str) -> tuple[str, int | None]:
    """``"Example.com:8080"`` → ``("example.com", 8080)``; ``"[::1]"`` → ``("[::1]", None)``."""
    value = value.strip().lower()
    if value.startswith("["):
        end = value.find("]")
        name, rest = value[: end + 1], value[end + 1 :]
        port_text = rest[1:] if rest.startswith(":") else ""
    elif value.count(":") == 1:
        name, _, port_text = value.partition(":")
    elif ":" in value:  # a bare IPv6 address
        return f"[{value}]", None
    else:
        name, port_text = value, ""
    # A port is ASCII digits (RFC 3986): str.isdigit() also takes "８０８０" and "٨٠٨٠", which int() reads.
    digits = port_text.isascii() and port_text.isdigit()
    port = int(port_text) if digits and len(port_text) <= 5 and int(port_text) <= 65535 else None
    if port_text and port is None:
        return "", None  # unparseable port: matches nothing
    return name.removesuffix("."), port  # one trailing dot: the name's absolute form, no more


_NAME = re.compile(r"\[[0-9a-f:.]+\]|[a-z0-9_](?:[a-z0-9_.-]*[a-z0-9_])?")


def is_host_entry(entry: str) -> bool:
    """Whether ``entry`` of ``EKO_ALLOWED_HOSTS`` names a host (``chat.example.com``, ``eko.lan:8080``,
    ``[::1]:8080``) or is ``*``. ``https://chat.example.com`` or a path matched nothing, silently:
    every request through that name got 421."""
    name, _port = split_host(entry)
    return entry.strip() == "*" or _NAME.fullmatch(name) is not None


@dataclass(frozen=True)
class HostPolicy:
    """Which ``Host`` values Eko answers. ``any_host``: the allow-list is open (see :func:`host_policy`)."""

    allowed: frozenset[tuple[str, int | None]]
    any_host: bool = False
    trust_proxy: bool = False

    def allows(self, host: str) -> bool:
        return self.any_host or self.is_listed(host)

    def is_listed(self, host: str) -> bool:
        """Whether ``host`` is named by the list itself (an open list names only the loopback names)."""
        name, port = split_host(host)
        if not name:
            return False
        return (name, port) in self.allowed or (name, None) in self.allowed

    def request_host(self, request: web.Request) -> str:
        if self.trust_proxy:
            forwarded = request.headers.get("X-Forwarded-Host", "").split(",")[0].strip()
            if forwarded:
                return forwarded
        return request.headers.get("Host", "")


def host_policy(
    bind_host: str, port: int, allowed_hosts: str | None, trust_proxy: bool = False
) -> HostPolicy:
    """The policy for Eko bound to ``bind_host:port`` with ``EKO_ALLOWED_HOSTS=allowed_hosts``.

    The loopback names with the port are always allowed (no other site's page can send them: its
    requests carry its own name), so the container health check and local tools keep working.
    Unset: those and the bound name. ``*`` in the list, or a wildcard bind address with no list:
    any host (the loopback names stay "listed" for the admin-less trigger). Entries without a port
    allow that name on any port (behind a proxy on 443, say).
    """
    loopback = {(name, port) for name in LOOPBACK_NAMES}
    entries = [e.strip() for e in (allowed_hosts or "").split(",") if e.strip()]
    if not entries:
        if bind_host in WILDCARD_ADDRESSES:
            return HostPolicy(frozenset(loopback), any_host=True, trust_proxy=trust_proxy)
        bracketed = bind_host if ":" not in bind_host or bind_host.startswith("[") else f"[{bind_host}]"
        return HostPolicy(frozenset({*loopback, (split_host(bracketed)[0], port)}), trust_proxy=trust_proxy)
    listed = {split_host(e) for e in entries if e != "*"}
    named = frozenset({*loopback, *(entry for entry in listed if entry[0])})
    return HostPolicy(named, any_host="*" in entries, trust_proxy=trust_proxy)


def host_guard(policy: HostPolicy) -> Middleware:
    """An aiohttp middleware refusing requests for a host not in ``policy`` with 421."""
    from aiohttp import web

    @web.middleware
    async def guard(
        request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        host = policy.request_host(request)
        if not policy.allows(host):
            log.warning(
                "request for another host refused", extra={"host": host[:100], "path": request.path[:100]}
            )
            return web.json_response(
                {
                    "error": "this server does not answer for that host (see EKO_ALLOWED_HOSTS)",
                    "code": "wrong_host",
                },
                status=421,
            )
        return await handler(request)

    return guard
