"""The reflection HTTP routes, over a real aiohttp server on loopback."""

from __future__ import annotations

import asyncio
import json
import shutil
import socket
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

from llm.offline import OfflineLLM
from memory import Memory, MemoryConfig
from reflection import ReflectionService, ReflectionSettings
from reflection.http import authorize, parse_requested_by, routes
from store import open_database
from tests.conftest import FakeClock

ADMIN = "s3cret-admin-token-for-tests"


class GatedChat:
    """A real :class:`reflection.ports.ChatConnection` that keeps what Eko posts and emits.

    ``hold_posts()`` makes the next post wait (a reflection stays running) until ``release_posts()``.
    """

    def __init__(self, clock: FakeClock) -> None:
        self._clock = clock
        self.posts: list[dict[str, Any]] = []
        self.events: list[tuple[str, dict[str, Any]]] = []
        self.messages: list[dict[str, Any]] = []
        self.post_started = asyncio.Event()
        self._gate: asyncio.Event | None = None
        self._failure: str | None = None
        self.say("Mickael", "salut tout le monde, on parle de Kraken FM aujourd'hui")

    @property
    def bot_name(self) -> str:
        return "Eko"

    def say(self, author: str, text: str) -> dict[str, Any]:
        message = {
            "id": f"m{len(self.messages) + 1}",
            "room": "lobby",
            "author": author,
            "text": text,
            "ts": self._clock().isoformat().replace("+00:00", "Z"),
        }
        self.messages.append(message)
        return message

    def recent_messages(self, limit: int = 20) -> list[dict[str, Any]]:
        return list(self.messages[-limit:])

    async def post(self, text: str) -> dict[str, Any]:
        self.post_started.set()
        if self._gate is not None:
            await self._gate.wait()
        if self._failure is not None:
            raise ConnectionError(self._failure)
        message = self.say(self.bot_name, text)
        self.posts.append(message)
        return message

    async def emit(self, event: str, data: dict[str, Any]) -> None:
        self.events.append((event, data))

    def hold_posts(self) -> None:
        self._gate = asyncio.Event()

    def release_posts(self) -> None:
        if self._gate is not None:
            self._gate.set()

    def fail_posts(self, reason: str) -> None:
        self._failure = reason


@dataclass
class HttpRig:
    service: ReflectionService
    chat: GatedChat
    clock: FakeClock


@pytest.fixture
async def rig(tmp_path: Path, embedder: Any, clock: FakeClock) -> AsyncIterator[HttpRig]:
    """A real ReflectionService (offline LLM) over Qdrant local mode and the embedded store."""
    memory = await Memory.open(MemoryConfig(path=tmp_path / "qdrant"), embedder, clock=clock)
    database = await open_database(None, tmp_path, "eko_test")
    chat = GatedChat(clock)
    try:
        for goal in ("C'est quoi exactement Kraken FM ?", "Qui est Corentin ?", "C'est quoi le plan Max ?"):
            await memory.add("goal", goal, author="Eko")
        await memory.add("fact", "David travaille sur le lecteur audio de Kraken FM", about="David")
        service = ReflectionService(
            memory=memory,
            llm=OfflineLLM(),
            db=database.db,
            chat=chat,
            settings=ReflectionSettings(manual_min_interval=timedelta(seconds=60)),
            clock=clock,
        )
        await service.start()
        try:
            yield HttpRig(service=service, chat=chat, clock=clock)
        finally:
            chat.release_posts()
            await service.close()
    finally:
        await database.close()
        await memory.close()


async def _client(rig: HttpRig, admin_token: str | None, host: str = "127.0.0.1") -> TestClient[Any, Any]:
    app = web.Application()
    app.add_routes(routes(rig.service, admin_token))
    client: TestClient[Any, Any] = TestClient(TestServer(app, host=host))
    await client.start_server()
    return client


@pytest.fixture
async def open_client(rig: HttpRig) -> AsyncIterator[TestClient[Any, Any]]:
    client = await _client(rig, None)
    try:
        yield client
    finally:
        await client.close()


@pytest.fixture
async def guarded_client(rig: HttpRig) -> AsyncIterator[TestClient[Any, Any]]:
    client = await _client(rig, ADMIN)
    try:
        yield client
    finally:
        await client.close()


async def test_trigger_runs_a_manual_reflection_and_answers_its_record(
    rig: HttpRig, open_client: TestClient[Any, Any]
) -> None:
    response = await open_client.post("/reflection/trigger", json={"requestedBy": "Mickael"})
    assert response.status == 200
    record = await response.json()
    assert record["trigger"] == "manual"
    assert record["action"] == "message"
    assert record["message"] and record["goalId"]
    # What a user sees: Eko asked its curiosity in the Lobby, and the status counts it.
    assert [post["text"] for post in rig.chat.posts] == [record["message"]]
    status = await (await open_client.get("/reflection/status")).json()
    assert status["latest"]["id"] == record["id"]
    assert status["stats"]["totalReflections"] == 1
    assert status["stats"]["messageCount"] == 1


async def test_the_body_is_optional_and_may_come_in_chunks(
    rig: HttpRig, open_client: TestClient[Any, Any]
) -> None:
    response = await open_client.post("/reflection/trigger")
    assert response.status == 200
    assert (await response.json())["trigger"] == "manual"

    async def pieces() -> AsyncIterator[bytes]:
        for piece in (b'{"reques', b'tedBy": "Co', b'rentin"}'):
            yield piece

    rig.clock.advance(61)  # past the 60 s between manual reflections
    response = await open_client.post("/reflection/trigger", data=pieces())
    assert response.status == 200
    assert (await response.json())["requestedBy"] == "Corentin"


MALFORMED_BODIES: list[str | bytes] = [
    "not json at all",
    "{broken",
    "[1, 2, 3]",
    '"Mickael"',
    '{"requestedBy": 42}',
    '{"requestedBy": "   "}',
    '{"requestedBy": "' + "x" * 500 + '"}',
    '{"requestedBy": "Mickael", "admin": true}',
    '{"requestedBy": "' + "y" * 5000 + '"}',
    b"\xff\xfe\x00garbage",
    "[" * 2000 + "]" * 2000,  # nested past json's recursion limit: was a 500 with a traceback
    '{"requestedBy": "\\ud800"}',  # a lone surrogate: was a 500, the record stored twice, no stats
    '{"requestedBy": "a\\u0000b"}',
    '{"requestedBy": "\\u001b[31mred"}',
    '{"requestedBy": "a\\nforged log line"}',
    '{"requestedBy": "\\u202eadmin"}',
    '{"requestedBy": "\\u3164"}',  # a Hangul filler alone shows as nobody: the Lobby refuses it as a name
    '{"requestedBy": "\\u200b\\u2060"}',
]


async def test_malformed_requests_get_400_and_start_nothing(
    rig: HttpRig, open_client: TestClient[Any, Any]
) -> None:
    for body in MALFORMED_BODIES:
        response = await open_client.post(
            "/reflection/trigger", data=body, headers={"Content-Type": "application/json"}
        )
        assert response.status == 400, body
        payload = await response.json()
        assert payload["code"] == "bad_request" and payload["error"]
    assert rig.chat.posts == []
    assert (await rig.service.status())["stats"]["totalReflections"] == 0


class _CutShort:
    """A request whose client went away mid-body: reading it raises as aiohttp's stream does."""

    content_length = 100

    class content:  # noqa: N801 (the attribute aiohttp's request has)
        @staticmethod
        async def iter_chunked(size: int) -> AsyncIterator[bytes]:
            yield b'{"reques'
            raise ConnectionResetError("Connection lost")


async def test_a_body_cut_short_is_a_refusal_not_a_traceback() -> None:
    with pytest.raises(ValueError, match="cut short"):
        await parse_requested_by(_CutShort())  # type: ignore[arg-type]


class _Stalled:
    """A request whose body stops after its first bytes, the client holding the connection open."""

    class content:  # noqa: N801 (the attribute aiohttp's request has)
        @staticmethod
        async def iter_chunked(size: int) -> AsyncIterator[bytes]:
            yield b'{"reques'
            await asyncio.Event().wait()  # the rest never comes

    content_length = 30


async def test_a_body_that_stops_coming_is_refused_at_its_deadline() -> None:
    with pytest.raises(ValueError, match="did not arrive"):
        await parse_requested_by(_Stalled(), deadline_s=0.05)  # type: ignore[arg-type]


async def test_admin_token_is_required_when_set(rig: HttpRig, guarded_client: TestClient[Any, Any]) -> None:
    for headers in ({}, {"Authorization": "Bearer wrong"}, {"Authorization": f"Basic {ADMIN}"}):
        response = await guarded_client.post("/reflection/trigger", headers=headers)
        assert response.status == 401
        assert response.headers["WWW-Authenticate"].startswith("Bearer")
        text = await response.text()
        assert ADMIN not in text
        assert json.loads(text)["code"] == "unauthorized"
    assert rig.chat.posts == []

    ok = await guarded_client.post(
        "/reflection/trigger", headers={"Authorization": f"Bearer {ADMIN}"}, json={"requestedBy": "ops"}
    )
    assert ok.status == 200
    assert len(rig.chat.posts) == 1


class _Headers:
    """A request as aiohttp's parser leaves it: header bytes that are not UTF-8 as lone surrogates."""

    def __init__(self, authorization: str) -> None:
        self.headers = {"Authorization": authorization}


def test_a_token_that_is_not_utf8_or_not_ascii_is_compared_not_a_crash() -> None:
    """'Bearer caf\\xe9' (Latin-1) raised UnicodeEncodeError in the comparison: a 500, a traceback."""
    token = "jeton-café"
    for sent in ("jeton-caf\udce9", "\udcff\udcfe", "jeton-cafe\u0301"):
        refusal = authorize(_Headers(f"Bearer {sent}"), token)  # type: ignore[arg-type]
        assert refusal is not None and refusal.status == 401, sent
    assert authorize(_Headers(f"Bearer {token}"), token) is None  # type: ignore[arg-type]


async def test_auth_is_checked_before_the_body(guarded_client: TestClient[Any, Any]) -> None:
    response = await guarded_client.post("/reflection/trigger", data="{broken")
    assert response.status == 401


async def test_status_needs_no_token(guarded_client: TestClient[Any, Any]) -> None:
    response = await guarded_client.get("/reflection/status")
    assert response.status == 200
    body = await response.json()
    assert {"stats", "latest", "history", "rateLimit", "llmMode"} <= set(body)
    assert {"cooldownRemainingS", "todayCount", "dailyMax", "nextAllowedAt"} <= set(body["rateLimit"])
    assert body["llmMode"] in {"anthropic", "offline"}


def _non_loopback_address() -> str | None:
    """An address of this machine that is not loopback (None in a sandbox without one)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: nothing is sent, this only picks a route
        except OSError:
            return None
        address = str(probe.getsockname()[0])
    return None if address.startswith("127.") or address == "0.0.0.0" else address


async def test_without_token_only_loopback_may_trigger(rig: HttpRig) -> None:
    address = _non_loopback_address()
    if address is None:
        pytest.skip("this machine has no non-loopback IPv4 address")
    client = await _client(rig, None, host=address)
    try:
        response = await client.post("/reflection/trigger")
        assert response.status == 403
        assert (await response.json())["code"] == "forbidden"
        # Reading the status stays open to anyone who can reach the server.
        assert (await client.get("/reflection/status")).status == 200
    finally:
        await client.close()
    assert rig.chat.posts == []


async def test_a_token_also_works_from_another_machine(rig: HttpRig) -> None:
    address = _non_loopback_address()
    if address is None:
        pytest.skip("this machine has no non-loopback IPv4 address")
    client = await _client(rig, ADMIN, host=address)
    try:
        response = await client.post("/reflection/trigger", headers={"Authorization": f"Bearer {ADMIN}"})
        assert response.status == 200
    finally:
        await client.close()


async def test_another_sites_page_cannot_trigger_through_the_browser(
    rig: HttpRig, open_client: TestClient[Any, Any]
) -> None:
    for headers in (
        {"Origin": "http://evil.example"},
        {"Origin": "null"},
        {"Sec-Fetch-Site": "cross-site"},
        {"Sec-Fetch-Site": "same-site", "Origin": "http://127.0.0.1:3000"},
    ):
        response = await open_client.post("/reflection/trigger", headers=headers)
        assert response.status == 403, headers
    assert rig.chat.posts == []


async def test_the_page_itself_may_trigger(open_client: TestClient[Any, Any]) -> None:
    origin = str(open_client.make_url("/")).rstrip("/")
    response = await open_client.post(
        "/reflection/trigger", headers={"Origin": origin, "Sec-Fetch-Site": "same-origin"}
    )
    assert response.status == 200


async def test_a_second_trigger_while_one_runs_gets_409_and_starts_nothing(
    rig: HttpRig, open_client: TestClient[Any, Any]
) -> None:
    rig.chat.hold_posts()
    first = asyncio.create_task(open_client.post("/reflection/trigger", json={"requestedBy": "David"}))
    await asyncio.wait_for(rig.chat.post_started.wait(), timeout=5)

    second = await open_client.post("/reflection/trigger", json={"requestedBy": "Mickael"})
    assert second.status == 409
    assert (await second.json())["code"] == "busy"

    rig.chat.release_posts()
    response = await asyncio.wait_for(first, timeout=5)
    assert response.status == 200
    assert len(rig.chat.posts) == 1
    assert (await rig.service.status())["stats"]["totalReflections"] == 1


async def test_the_operator_is_not_bound_by_the_page_interval(
    rig: HttpRig, open_client: TestClient[Any, Any]
) -> None:
    # POST /reflection/trigger is the operator's (admin token or loopback): only one at a time (409).
    # The 60 s bound is for the page's users, and an HTTP run starts it for them.
    assert (await open_client.post("/reflection/trigger")).status == 200
    rig.clock.advance(20)
    assert (await open_client.post("/reflection/trigger")).status == 200
    page = rig.service.try_start_manual("Alice")
    assert page["ok"] is False and page["retryAfterS"] == 60


async def test_a_post_refused_by_the_lobby_is_answered_as_a_recorded_pass(
    rig: HttpRig, open_client: TestClient[Any, Any]
) -> None:
    rig.chat.fail_posts("lobby socket closed")
    response = await open_client.post("/reflection/trigger")
    assert response.status == 200
    record = await response.json()
    assert record["action"] == "pass" and record["skipReason"] == "post_failed"
    assert rig.chat.posts == []


async def test_get_only_routes(open_client: TestClient[Any, Any]) -> None:
    assert (await open_client.get("/reflection/trigger")).status == 405
    assert (await open_client.post("/reflection/status")).status == 405


async def test_the_real_client_with_a_huge_body_is_refused(open_client: TestClient[Any, Any]) -> None:
    async with aiohttp.ClientSession() as session:
        response = await session.post(
            str(open_client.make_url("/reflection/trigger")), data=b"{" + b" " * 100_000 + b"}"
        )
        assert response.status == 400


async def test_status_answers_503_with_json_while_the_store_is_gone(
    rig: HttpRig, open_client: TestClient[Any, Any], tmp_path: Path
) -> None:
    assert (await open_client.get("/reflection/status")).status == 200
    shutil.rmtree(tmp_path / "store")  # the data directory removed under a running Eko
    response = await open_client.get("/reflection/status")
    assert response.status == 503
    body = await response.json()
    assert body["code"] == "store_unavailable" and "store" in body["error"]
