"""The reflection HTTP routes: ``POST /reflection/trigger`` and ``GET /reflection/status``.

Who may trigger: with an admin token configured, whoever sends ``Authorization: Bearer <token>``;
without one, only requests from the loopback interface (and not sent by another site's page, since
a browser would happily POST to 127.0.0.1 on behalf of any site the user visits).
"""

from __future__ import annotations

import asyncio
import hmac
import ipaddress
import json
import logging
from collections.abc import Callable
from typing import Any, Protocol

from aiohttp import web

from language.controls import is_readable_name
from reflection.errors import ReflectionBusy
from store import STORE_ERRORS

log = logging.getLogger(__name__)

MAX_BODY_BYTES = 4096
MAX_REQUESTED_BY = 100
# A 4 KiB body that has not arrived in this long never will: a client holding the request open would
# otherwise hold a connection and a handler for good (eko/serving.py bounds the head the same way).
BODY_DEADLINE_S = 10.0
DEFAULT_REQUESTED_BY = "http"


class _Record(Protocol):
    def to_dict(self) -> dict[str, Any]: ...


class ReflectionControl(Protocol):
    """The part of ``ReflectionService`` these routes use."""

    async def trigger_manual(self, requested_by: str) -> _Record: ...

    async def status(self) -> dict[str, Any]: ...


def _error(status: int, code: str, message: str, **extra: Any) -> web.Response:
    headers = extra.pop("headers", None)
    return web.json_response({"error": message, "code": code, **extra}, status=status, headers=headers)


def is_loopback(remote: str | None) -> bool:
    if not remote:
        return False
    try:
        address = ipaddress.ip_address(remote.split("%", 1)[0])
    except ValueError:
        return False
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    return address.is_loopback


def bearer_token(request: web.Request) -> str | None:
    scheme, _, value = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not value.strip():
        return None
    return value.strip()


def _same_origin(request: web.Request) -> bool:
    """False for a browser request sent by another site's page (or a sandboxed ``null`` origin)."""
    fetch_site = request.headers.get("Sec-Fetch-Site")
    if fetch_site is not None and fetch_site not in {"same-origin", "none"}:
        return False
    origin = request.headers.get("Origin")
    # No Origin at all: not a browser page (curl, scripts, the Lobby server itself).
    return origin is None or origin == f"{request.scheme}://{request.host}"


def authorize(
    request: web.Request, admin_token: str | None, local_host: Callable[[str], bool] | None = None
) -> web.Response | None:
    """``None`` when the request may trigger, else the error response to send.

    Without an admin token, ``local_host`` (when given) must also accept the request's ``Host``:
    a page whose name resolves to 127.0.0.1 (DNS rebinding) sends its own name there.
    """
    if admin_token:
        given = bearer_token(request)
        # aiohttp reads header bytes that are not UTF-8 as lone surrogates ("surrogateescape"): encoded
        # back the same way, they are compared as the bytes sent (a plain encode() raised: a 500).
        if given is None or not hmac.compare_digest(
            given.encode("utf-8", "surrogateescape"), admin_token.encode("utf-8", "surrogateescape")
        ):
            return _error(
                401,
                "unauthorized",
                "a valid 'Authorization: Bearer <EKO_ADMIN_TOKEN>' header is required",
                headers={"WWW-Authenticate": 'Bearer realm="eko"'},
            )
        return None
    if not is_loopback(request.remote):
        return _error(
            403, "forbidden", "without EKO_ADMIN_TOKEN, reflections can only be triggered from this machine"
        )
    if not _same_origin(request):
        return _error(403, "forbidden", "cross-origin trigger refused")
    if local_host is not None and not local_host(request.headers.get("Host", "")):
        return _error(
            403, "forbidden", "without EKO_ADMIN_TOKEN, trigger through a name in EKO_ALLOWED_HOSTS"
        )
    return None


async def parse_requested_by(request: web.Request, deadline_s: float = BODY_DEADLINE_S) -> str:
    """The optional ``{"requestedBy": "..."}`` body, read within ``deadline_s``. Raises
    ``ValueError`` with a readable reason."""
    if request.content_length is not None and request.content_length > MAX_BODY_BYTES:
        raise ValueError(f"body too large (at most {MAX_BODY_BYTES} bytes)")
    raw = bytearray()
    # Read to the end (a body may come in several chunks), but never keep more than the limit.
    try:
        async with asyncio.timeout(deadline_s):
            async for chunk in request.content.iter_chunked(1024):
                raw += chunk
                if len(raw) > MAX_BODY_BYTES:
                    raise ValueError(f"body too large (at most {MAX_BODY_BYTES} bytes)")
    except ConnectionResetError:  # the client went away mid-body: its mistake, not a traceback
        raise ValueError("the body was cut short (connection lost)") from None
    except TimeoutError:
        raise ValueError(f"the body did not arrive within {deadline_s:g} s") from None
    if not raw.strip():
        return DEFAULT_REQUESTED_BY
    try:
        body = json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ValueError(f"body is not valid JSON: {exc}") from exc
    except RecursionError:  # 4,096 bytes of brackets nest past the parser's recursion limit
        raise ValueError("body is not valid JSON: nested too deeply") from None
    if not isinstance(body, dict):
        raise ValueError('body must be a JSON object such as {"requestedBy": "Mickael"}')
    unknown = set(body) - {"requestedBy"}
    if unknown:
        raise ValueError(f"unknown field(s): {', '.join(sorted(unknown))}")
    requested_by = body.get("requestedBy", DEFAULT_REQUESTED_BY)
    if not isinstance(requested_by, str) or not requested_by.strip():
        raise ValueError("requestedBy must be a non-empty string")
    if len(requested_by) > MAX_REQUESTED_BY:
        raise ValueError(f"requestedBy is too long (at most {MAX_REQUESTED_BY} characters)")
    # A name, shown on the page and stored with the record: what the Lobby refuses in a name
    # (lobby/rules.py, display_name) is refused here too, by the same rule. A lone surrogate could
    # not even be stored; a Hangul filler alone would show as nobody.
    if not is_readable_name(requested_by):
        raise ValueError("requestedBy holds control, invisible or invalid characters")
    return requested_by.strip()


def routes(
    service: ReflectionControl, admin_token: str | None, local_host: Callable[[str], bool] | None = None
) -> list[web.RouteDef]:
    """The two routes, bound to ``service``; add them with ``app.add_routes(...)`` (see :func:`authorize`)."""

    async def trigger(request: web.Request) -> web.Response:
        refusal = authorize(request, admin_token, local_host)
        if refusal is not None:
            log.warning(
                "reflection trigger refused", extra={"remote": request.remote, "status": refusal.status}
            )
            return refusal
        try:
            requested_by = await parse_requested_by(request)
        except ValueError as exc:
            return _error(400, "bad_request", str(exc))
        try:
            record = await service.trigger_manual(requested_by)
        except ReflectionBusy as exc:
            return _error(409, "busy", str(exc))
        except Exception:
            log.exception("manual reflection failed", extra={"requested_by": requested_by})
            return _error(500, "reflection_failed", "the reflection failed; see Eko's logs")
        log.info("manual reflection done over HTTP", extra={"requested_by": requested_by})
        return web.json_response(record.to_dict())

    async def status(request: web.Request) -> web.Response:
        try:
            body = await service.status()
        except STORE_ERRORS as exc:  # the store is down: say so, as /health does
            log.warning("reflection status unavailable", extra={"error": f"{type(exc).__name__}: {exc}"})
            return _error(503, "store_unavailable", "the store is unavailable; see /health and Eko's logs")
        return web.json_response(body)

    return [web.post("/reflection/trigger", trigger), web.get("/reflection/status", status)]
