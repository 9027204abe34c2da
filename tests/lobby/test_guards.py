"""Client mistakes on the wire (lobby/guards.py): each gets a refusal where an answer was asked, never
a traceback, and the connection that made it keeps working."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator

import aiohttp
import pytest

from lobby.guards import LOGGED_MISTAKES
from tests.conftest import FakeClock
from tests.fakes.raw_socketio import RawSocket
from tests.lobby.conftest import LobbyServer
from tests.raw_http import raw_request

DEEP = "[" * 5000 + "]" * 5000


@pytest.fixture
async def raw(server: LobbyServer) -> AsyncIterator[RawSocket]:
    sock = await RawSocket.open(server.url)
    answer = await sock.connect({"name": "Probe"})
    assert answer.startswith("40{"), answer
    assert (await sock.frame()).startswith('42["history"')
    yield sock
    await sock.close()


def no_traceback(caplog: pytest.LogCaptureFixture) -> None:
    for record in caplog.records:
        assert record.exc_info is None, record.getMessage()
        assert record.levelno < logging.ERROR, record.getMessage()


@pytest.mark.parametrize(
    ("frame", "code"),
    [
        ("421[]", "malformed"),
        ('421{"a":1}', "malformed"),
        ('421["message",{"text":"trunc', "malformed"),
        ("421", "malformed"),
        ("421[1,2]", "malformed"),
        ('421["connect",1,2,3]', "reserved_event"),
        ('421["disconnect"]', "reserved_event"),
        ('421["connect_error",{}]', "reserved_event"),
        ('421["nope",1]', "unknown_event"),
        ('421["message",' + DEEP + "]", "too_deep"),
        ('421["message",{"text":' + '{"a":' * 40 + "1" + "}" * 40 + "}]", "too_deep"),
        ('451-1["message",{"_placeholder":true,"num":7}]', "binary_unsupported"),
        ('421["message",{"text":"' + "a" * 1_000_000 + '"}]', "too_large"),
        ('421["message",{"text":"' + "a" * 200_000 + '"}]', "too_large"),
    ],
)
async def test_a_bad_event_gets_a_refusal_ack_and_the_connection_goes_on(
    raw: RawSocket, frame: str, code: str, caplog: pytest.LogCaptureFixture
) -> None:
    await raw.send(frame)
    answer = await raw.ack(1)
    assert answer["ok"] is False and answer["code"] == code and answer["error"]
    ok = await raw.call(2, "message", {"text": "still here"})
    assert ok["ok"] is True and ok["message"]["author"] == "Probe"
    no_traceback(caplog)


# Engine.IO frames whose payload engineio would parse as JSON (it does unless a digit comes first):
# nested deep, they raised RecursionError outside any handler and left the session open.
DEEP_EIO = ["4" + "[" * 100_000 + "]" * 100_000, "3" + '{"a":' * 50_000 + "1" + "}" * 50_000]


@pytest.mark.parametrize(
    "frame", ["4", "49", "4x", "", "x", "0", "b!!!", "bAAAA", b"\x00\x01", "40", "4-1", "6", *DEEP_EIO]
)
async def test_junk_frames_are_dropped_without_a_word(
    raw: RawSocket, frame: str | bytes, caplog: pytest.LogCaptureFixture
) -> None:
    await raw.send(frame)
    ok = await raw.call(3, "message", {"text": "after junk"})
    assert ok["ok"] is True
    no_traceback(caplog)
    assert sum(r.levelno == logging.WARNING for r in caplog.records) <= 1


async def test_a_client_repeating_junk_cannot_fill_the_log(
    raw: RawSocket, caplog: pytest.LogCaptureFixture
) -> None:
    for _ in range(50):
        await raw.send("4x")
        await raw.send('421["nope"]')
        await raw.ack(1)
    assert (await raw.call(2, "message", {"text": "still here"}))["ok"] is True
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING and r.name == "lobby.guards"]
    assert len(warnings) == LOGGED_MISTAKES + 1


async def test_reserved_events_change_nothing(server: LobbyServer, raw: RawSocket, clock: FakeClock) -> None:
    for i in range(4):
        assert (await raw.call(10 + i, "message", {"text": f"n°{i}"}))["ok"] is True
    await raw.send('42["connect",{},{"name":"Renamed"}]')  # no ack asked: no answer, not dispatched
    await raw.send('42["disconnect"]')
    fifth = await raw.call(20, "message", {"text": "fifth"})
    assert fifth["ok"] is True and fifth["message"]["author"] == "Probe"  # no rename, session alive
    sixth = await raw.call(21, "message", {"text": "sixth"})
    assert sixth["ok"] is False  # the flood counter was not reset by a second connect
    clock.advance(10)
    assert (await raw.call(22, "message", {"text": "later"}))["ok"] is True


async def test_a_second_connect_packet_is_ignored(raw: RawSocket) -> None:
    await raw.send('40{"name":"Other"}')
    ok = await raw.call(1, "message", {"text": "same name"})
    assert ok["message"]["author"] == "Probe"


@pytest.mark.parametrize(
    ("auth", "code"),
    [
        ('{"name":' + DEEP + "}", "too_deep"),
        ('{"name":"' + "a" * 1_000_000 + '"}', "too_large"),
        ("[1,2]", "malformed"),
        ('{"name":"trunc', "malformed"),
    ],
)
async def test_a_bad_connect_gets_a_connect_error(
    server: LobbyServer, auth: str, code: str, caplog: pytest.LogCaptureFixture
) -> None:
    sock = await RawSocket.open(server.url)
    try:
        await sock.send("40" + auth)
        answer = await sock.frame()
        assert answer.startswith("44"), answer[:100]
        assert json.loads(answer[2:])["data"]["code"] == code
    finally:
        await sock.close()
    no_traceback(caplog)


async def _polling_session(http: aiohttp.ClientSession, url: str) -> str:
    async with http.get(f"{url}/socket.io/?EIO=4&transport=polling") as response:
        body = await response.text()
    sid: str = json.loads(body[1:])["sid"]
    return sid


async def test_polling_mistakes_get_http_answers(
    server: LobbyServer, caplog: pytest.LogCaptureFixture
) -> None:
    async with aiohttp.ClientSession() as http:
        sid = await _polling_session(http, server.url)
        endpoint = f"{server.url}/socket.io/?EIO=4&transport=polling&sid={sid}"
        async with http.post(endpoint, data='40{"name":"Poller"}') as response:
            assert response.status == 200
        async with http.post(endpoint, data="\x1e".join(["", "x", "4x", "42[]", "0"])) as response:
            assert response.status == 200  # junk dropped, the session lives on
        async with http.post(endpoint, data=b"a" * 1_000_001) as response:
            assert response.status == 413
            assert (await response.json())["code"] == "too_large"
        async with http.post(endpoint, data="4" * 10) as response:
            assert response.status == 400  # that session was closed
        long_sid = "A" * 4000
        async with http.get(f"{server.url}/socket.io/?EIO=4&transport=polling&sid={long_sid}") as response:
            assert response.status == 400
        # A NOOP from a client made engineio close the session and wait for a poll: the POST hung.
        noop = await _polling_session(http, server.url)
        noop_endpoint = f"{server.url}/socket.io/?EIO=4&transport=polling&sid={noop}"
        async with http.post(noop_endpoint, data='40{"name":"Noop"}') as response:
            assert response.status == 200
        async with asyncio.timeout(10), http.post(noop_endpoint, data="6") as response:
            assert response.status == 200
        async with http.post(noop_endpoint, data="\x1e".join([DEEP_EIO[0], '421["nope"]'])) as response:
            assert response.status == 200
        async with asyncio.timeout(10):
            while True:  # the session lives on: the refusal of "nope" arrives
                async with http.get(noop_endpoint) as response:
                    assert response.status == 200
                    if "unknown_event" in await response.text():
                        break
        other = await _polling_session(http, server.url)
        bad_utf8 = f"{server.url}/socket.io/?EIO=4&transport=polling&sid={other}"
        async with http.post(bad_utf8, data=b"4\xff\xfe") as response:
            assert response.status == 400
    no_traceback(caplog)


async def _post_in_parts(port: int, path: str, parts: list[bytes], total: int, pause: float) -> bytes:
    """POST ``parts`` (``total`` bytes announced) as separate writes ``pause`` apart; the status line."""
    head = f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Length: {total}"
    return await raw_request(port, head, parts, pause, status_only=True)


async def test_a_polling_body_in_several_segments_is_read_whole_and_a_dripped_one_is_refused(
    server: LobbyServer, caplog: pytest.LogCaptureFixture
) -> None:
    """The guard read a polling POST's first TCP segment only: a valid 3 kB message sent in two
    segments was refused as malformed. A body dripped slowly is refused (408) after the deadline."""
    assert server.lobby is not None
    async with aiohttp.ClientSession() as http:
        sid = await _polling_session(http, server.url)
        path = f"/socket.io/?EIO=4&transport=polling&sid={sid}"
        async with http.post(server.url + path, data='40{"name":"Segments"}') as response:
            assert response.status == 200
        packet = ('421["message",{"text":"' + "b" * 3000 + '"}]').encode()
        status = await _post_in_parts(server.port, path, [packet[:1000], packet[1000:]], len(packet), 0.2)
        assert b" 200 " in status
        async with asyncio.timeout(10):
            received = ""
            while '"ok":true' not in received:
                async with http.get(server.url + path) as response:
                    received = await response.text()
                    assert "malformed" not in received
        server.lobby._sio.eio.body_deadline_s = 0.5  # the engine's own bound, shortened for the test
        slow = await _polling_session(http, server.url)
        slow_path = f"/socket.io/?EIO=4&transport=polling&sid={slow}"
        status = await _post_in_parts(server.port, slow_path, [b"4"] * 3, 100, 0.4)
        assert b" 408 " in status
    no_traceback(caplog)
