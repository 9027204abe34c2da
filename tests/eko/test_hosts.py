"""The Host allow-list (eko/hosts.py): the policy, and the middleware over a real server on loopback."""

from __future__ import annotations

import contextlib
import socket
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest
from aiohttp import web

from eko.app import _web_app
from eko.hosts import HostPolicy, host_guard, host_policy
from eko.settings import Settings
from reflection.http import authorize


def test_default_policy_is_the_bound_name_and_loopback_with_the_port() -> None:
    policy = host_policy("127.0.0.1", 8080, None)
    for host in ("127.0.0.1:8080", "localhost:8080", "LOCALHOST:8080", "[::1]:8080"):
        assert policy.allows(host), host
    for host in ("evil.example:8080", "127.0.0.1:9090", "localhost", "", "127.0.0.1:80x", "a:b:c"):
        assert not policy.allows(host), host
    assert host_policy("eko.lan", 8080, None).allows("eko.lan:8080")


def test_a_port_is_ascii_digits_and_a_name_has_one_trailing_dot_at_most() -> None:
    """'localhost:８０８０' (full-width digits, which int() reads) and 'localhost..:8080' passed."""
    policy = host_policy("127.0.0.1", 8080, None)
    assert policy.allows("localhost.:8080") and policy.allows("LOCALHOST.:8080")
    for host in (
        "localhost:８０８０",
        "localhost:٨٠٨٠",
        "localhost..:8080",
        "localhost:8080.",
        "[::1]..:8080",
    ):
        assert not policy.allows(host), host


def test_listed_names_add_to_loopback_and_a_name_without_port_allows_any_port() -> None:
    policy = host_policy("0.0.0.0", 8080, "chat.example.com, eko.lan:8080")
    assert policy.allows("chat.example.com") and policy.allows("chat.example.com:443")
    assert policy.allows("eko.lan:8080") and not policy.allows("eko.lan:9000")
    assert policy.allows("127.0.0.1:8080")  # the container's health check
    assert not policy.allows("evil.example:8080")


def test_a_wildcard_bind_without_a_list_accepts_any_host_but_lists_only_loopback() -> None:
    policy = host_policy("0.0.0.0", 8080, None)
    assert policy.any_host and policy.allows("evil.example:8080")
    assert not policy.is_listed("evil.example:8080") and policy.is_listed("localhost:8080")
    assert host_policy("127.0.0.1", 8080, "*").allows("anything:1")


@contextlib.asynccontextmanager
async def _serving(policy: HostPolicy, port: int) -> AsyncIterator[str]:
    """The host guard in front of ``/`` and an admin-less ``POST /trigger``, on loopback at ``port``."""

    async def hello(request: web.Request) -> web.Response:
        return web.Response(text="hello")

    async def trigger(request: web.Request) -> web.Response:
        return authorize(request, None, local_host=policy.is_listed) or web.Response(text="triggered")

    app = web.Application(middlewares=[host_guard(policy)])
    app.router.add_get("/", hello)
    app.router.add_post("/trigger", trigger)
    runner = web.AppRunner(app)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        await runner.cleanup()


async def _status(url: str, method: str = "GET", **headers: Any) -> int:
    async with aiohttp.ClientSession() as http, http.request(method, url, headers=headers) as response:
        return response.status


async def test_requests_for_another_host_get_421(free_port: int) -> None:
    port = free_port
    async with _serving(host_policy("127.0.0.1", port, None), port) as url:
        assert await _status(url + "/") == 200
        assert await _status(url + "/", Host=f"evil.example:{port}") == 421
        assert await _status(url + "/", Host=f"localhost:{port}") == 200
        # A forwarded host is not believed without EKO_TRUST_PROXY: the Host header decides.
        forwarded = {"Host": f"evil.example:{port}", "X-Forwarded-Host": "localhost"}
        assert await _status(url + "/", **forwarded) == 421
        assert await _status(url + "/trigger", "POST") == 200


async def test_behind_a_trusted_proxy_the_forwarded_host_decides(free_port: int) -> None:
    policy = host_policy("127.0.0.1", free_port, "chat.example.com", trust_proxy=True)
    async with _serving(policy, free_port) as url:
        assert await _status(url + "/", **{"X-Forwarded-Host": "chat.example.com"}) == 200
        assert await _status(url + "/", **{"X-Forwarded-Host": "evil.example"}) == 421


async def test_the_admin_less_trigger_needs_a_listed_host(free_port: int) -> None:
    # An open list: any Host passes the middleware, but the trigger wants a loopback name.
    async with _serving(host_policy("0.0.0.0", free_port, None), free_port) as url:
        assert await _status(url + "/trigger", "POST", Host=f"evil.example:{free_port}") == 403
        assert await _status(url + "/trigger", "POST") == 200


def test_a_wildcard_bind_without_a_list_says_so_in_one_line(caplog: pytest.LogCaptureFixture) -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        _web_app(Settings(host="0.0.0.0"), sock)
        _web_app(Settings(host="0.0.0.0", allowed_hosts="chat.example.com"), sock)
        _web_app(Settings(host="127.0.0.1"), sock)
    lines = [r.getMessage() for r in caplog.records if "EKO_ALLOWED_HOSTS" in r.getMessage()]
    assert len(lines) == 1 and "any Host header is accepted" in lines[0]
