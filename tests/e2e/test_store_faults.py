"""Store faults, from outside: a damaged, empty or read-only store at start, a full disk and a removed
data directory while the Lobby runs. Every case gets an answer (one line at start; an error ack, a
history notice, /health 503 while it lasts), never a traceback.

The full-disk and read-only cases need a small ``tmpfs`` or a read-only bind mount, so root; elsewhere
they are skipped with a line saying so."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import shutil
import signal
import subprocess
import sys
import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest
import socketio
from aiohttp import web

from eko.health import HealthProbe, health_routes
from lobby import Lobby
from store import Database, open_database

TOKEN = "test-bot-token-not-a-secret-123"
NOT_STORED = {
    "ok": False,
    "code": "not_stored",
    "error": "Message non enregistré (stockage indisponible) : réessayez.",
}


# -- at start -------------------------------------------------------------------------------------


def _start_lobby(data_dir: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "EKO_DATA_DIR": str(data_dir), "EKO_PORT": "0", "EKO_BOT_TOKEN": TOKEN}
    env["EKO_LANGUAGE"] = "en"  # the needles are the English lines (tests/eko/test_console.py: both)
    return subprocess.run(
        [sys.executable, "-m", "eko.cli", "lobby"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )


def _one_clear_line(result: subprocess.CompletedProcess[str], *needles: str) -> str:
    assert result.returncode != 0
    assert result.stdout == ""  # never said it was ready
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr
    for needle in needles:
        assert needle in lines[0], lines[0]
    return lines[0]


async def _make_store(data_dir: Path) -> None:
    database = await open_database(None, data_dir, "eko")
    await database.messages.append({"id": "m0", "room": "lobby", "author": "A", "text": "t", "ts": "t"})
    await database.db["reflections"].insert_one({"_id": "r0"})
    await database.close()


@pytest.mark.parametrize("damage", ["garbage", "empty", "truncated"])
@pytest.mark.parametrize("which", ["eko-messages.sqlite3", "eko.sqlite"])
def test_a_damaged_store_file_at_start_is_one_line_naming_it(tmp_path: Path, which: str, damage: str) -> None:
    asyncio.run(_make_store(tmp_path))
    path = tmp_path / "store" / which
    content = path.read_bytes()
    if damage == "garbage":
        path.write_bytes(os.urandom(len(content)))
    elif damage == "empty":
        path.write_bytes(b"")
    else:
        path.write_bytes(content[: len(content) // 2 - 100])
    before = path.read_bytes()
    line = _one_clear_line(_start_lobby(tmp_path), str(path), "mv ")
    assert line.startswith("eko: ")
    assert path.read_bytes() == before  # left as it was: never deleted, never rewritten


def test_a_store_file_of_another_program_is_refused(tmp_path: Path) -> None:
    import sqlite3

    path = tmp_path / "store" / "eko-messages.sqlite3"
    path.parent.mkdir(parents=True)
    with sqlite3.connect(path) as foreign:
        foreign.execute("CREATE TABLE other (x)")
    foreign.close()
    _one_clear_line(_start_lobby(tmp_path), str(path), "not Eko's message log")


def _as_root(reason: str) -> None:
    if os.geteuid() != 0:
        pytest.skip(f"{reason} needs root (a tmpfs or bind mount); running as uid {os.geteuid()}")


def _mount(*args: str) -> None:
    result = subprocess.run(["mount", *args], capture_output=True, text=True)
    if result.returncode != 0:
        pytest.skip(f"cannot mount here ({result.stderr.strip()})")


@pytest.fixture
def read_only_dir(tmp_path: Path) -> Iterator[Path]:
    """``tmp_path/ro``: the same folder as ``tmp_path/rw``, seen through a read-only bind mount."""
    _as_root("a read-only data directory")
    writable, view = tmp_path / "rw", tmp_path / "ro"
    writable.mkdir()
    view.mkdir()
    _mount("--bind", str(writable), str(view))
    try:
        _mount("-o", "remount,bind,ro", str(view))
        yield view
    finally:
        subprocess.run(["umount", "-l", str(view)], check=False)


def test_a_read_only_data_directory_at_start_is_one_line(read_only_dir: Path) -> None:
    _one_clear_line(_start_lobby(read_only_dir / "data"), str(read_only_dir / "data" / "store"))


def test_a_read_only_existing_store_at_start_is_one_line(read_only_dir: Path) -> None:
    asyncio.run(_make_store(read_only_dir.parent / "rw"))
    _one_clear_line(_start_lobby(read_only_dir), str(read_only_dir / "store"))


# -- while the Lobby runs ----------------------------------------------------------------------------


class Served:
    """A Lobby and eko's /health on loopback over a real embedded store (what `eko lobby` runs)."""

    def __init__(self, database: Database, url: str) -> None:
        self.database = database
        self.url = url

    async def health(self) -> tuple[int, dict[str, Any]]:
        async with aiohttp.ClientSession() as http, http.get(self.url + "/health") as response:
            return response.status, await response.json()

    async def client(self) -> tuple[socketio.AsyncClient, asyncio.Queue[Any]]:
        """The bot's connection (no flood limit), and the queue of its ``history`` events."""
        sio = socketio.AsyncClient(reconnection=False)
        histories: asyncio.Queue[Any] = asyncio.Queue()
        sio.on("history", histories.put_nowait)
        await sio.connect(self.url, auth={"name": "Eko", "token": TOKEN}, transports=["websocket"])
        return sio, histories


@contextlib.asynccontextmanager
async def _serve(data_dir: Path, port: int) -> AsyncIterator[Served]:
    database = await open_database(None, data_dir, "eko")
    lobby = Lobby(database.messages, bot_token=TOKEN)
    app = web.Application()
    lobby.attach(app)
    app.add_routes(health_routes(HealthProbe(lobby=lobby, store=database, expect_bot=False)))
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    try:
        yield Served(database, f"http://127.0.0.1:{port}")
    finally:
        await lobby.close()
        await runner.cleanup()
        await database.close()


@pytest.fixture
async def served(tmp_path: Path, free_port: int) -> AsyncIterator[Served]:
    async with _serve(tmp_path / "data", free_port) as running:
        yield running


def _no_traceback(caplog: pytest.LogCaptureFixture) -> None:
    assert [r.getMessage() for r in caplog.records if r.exc_info or "never retrieved" in r.getMessage()] == []


async def test_a_removed_data_directory_is_answered_everywhere(
    served: Served, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    sio, histories = await served.client()
    try:
        await histories.get()
        assert (await sio.call("message", {"text": "avant"}, timeout=10))["ok"] is True
        assert (await served.health())[0] == 200
        shutil.rmtree(tmp_path / "data")
        # A write would land in a file nobody will open again: refused, with the usual answer.
        lost = await sio.call("message", {"text": "perdu ?"}, timeout=10)
        assert lost == NOT_STORED
        status, body = await served.health()
        assert status == 503 and body["parts"]["store"]["up"] is False
        newcomer, welcome = await newcomer_at(served.url)
        history = await asyncio.wait_for(welcome.get(), 10)
        assert [m["text"] for m in history["messages"]] in (["avant"], [])  # the open file, or a notice
        await newcomer.disconnect()
    finally:
        await sio.disconnect()
    _no_traceback(caplog)


async def newcomer_at(url: str) -> tuple[socketio.AsyncClient, asyncio.Queue[Any]]:
    sio = socketio.AsyncClient(reconnection=False)
    histories: asyncio.Queue[Any] = asyncio.Queue()
    sio.on("history", histories.put_nowait)
    await sio.connect(url, auth={"name": "Nouveau"}, transports=["websocket"])
    return sio, histories


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    _as_root("a full disk")
    disk = tmp_path / "disk"
    disk.mkdir()
    _mount("-t", "tmpfs", "-o", "size=2m", "tmpfs", str(disk))
    try:
        yield disk
    finally:
        subprocess.run(["umount", "-l", str(disk)], check=False)


def _fill(disk: Path) -> Path:
    filler = disk / f"filler-{uuid.uuid4().hex}"
    with filler.open("wb", buffering=0) as file:
        try:
            while True:
                file.write(b"\0" * 4096)
        except OSError:
            pass  # full
    return filler


async def test_a_full_disk_refuses_messages_clearly_and_recovers(
    small_disk: Path, free_port: int, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    async with _serve(small_disk / "data", free_port) as served:
        await _fill_and_recover(served, small_disk)
    _no_traceback(caplog)


async def _fill_and_recover(served: Served, small_disk: Path) -> None:
    database = served.database
    sio, histories = await served.client()
    try:
        await histories.get()
        assert (await sio.call("message", {"text": "avant"}, timeout=10))["ok"] is True
        filler = _fill(small_disk)
        status, body = await served.health()
        assert status == 503 and body["parts"]["store"]["up"] is False
        acks = [await sio.call("message", {"text": f"{i} " + "x" * 3990}, timeout=10) for i in range(120)]
        refused = [ack for ack in acks if not ack["ok"]]
        assert refused and all(ack == NOT_STORED for ack in refused)
        newcomer, welcome = await newcomer_at(served.url)
        shown = await asyncio.wait_for(welcome.get(), 10)  # the history, or the notice: an answer
        assert "messages" in shown
        await newcomer.disconnect()

        filler.unlink()
        assert (await served.health())[0] == 200
        after = await sio.call("message", {"text": "après"}, timeout=10)
        assert after["ok"] is True
        stored = [m["text"] for m in await database.messages.recent("lobby", 200)]
        accepted = ["avant", *(ack["message"]["text"] for ack in acks if ack["ok"]), "après"]
        assert stored == accepted  # every acknowledged message, and only those
    finally:
        await sio.disconnect()


# -- a killed server ---------------------------------------------------------------------------------


def _lobby_process(data_dir: Path, port: int) -> subprocess.Popen[str]:
    env = {**os.environ, "EKO_DATA_DIR": str(data_dir), "EKO_PORT": str(port), "EKO_BOT_TOKEN": TOKEN}
    env["EKO_LOG_LEVEL"] = "WARNING"
    # what the processes say on stderr is kept beside the data: a start that fails says why
    with _errors_path(data_dir).open("a", encoding="utf-8") as errors:
        return subprocess.Popen(
            [sys.executable, "-m", "eko.cli", "lobby"],
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=errors,
            text=True,
        )


def _errors_path(data_dir: Path) -> Path:
    return data_dir.parent / "lobby.err"


async def _ready(process: subprocess.Popen[str], data_dir: Path) -> None:
    assert process.stdout is not None
    line = await asyncio.to_thread(process.stdout.readline)
    if "ouvrez" not in line:
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=10)
        said = _errors_path(data_dir).read_text(encoding="utf-8")[-3000:]
        raise AssertionError(f"eko lobby did not start (exit {process.returncode}): {line!r}\n{said}")


async def test_every_acknowledged_message_survives_a_kill_under_load(tmp_path: Path, free_port: int) -> None:
    """``eko lobby`` killed (SIGKILL) while 20 senders keep it busy: after a restart, the history holds
    every message that was acknowledged, each once."""
    data_dir, url = tmp_path / "data", f"http://127.0.0.1:{free_port}"
    process = _lobby_process(data_dir, free_port)
    acked: list[str] = []
    enough = asyncio.Event()
    try:
        await _ready(process, data_dir)
        sio = socketio.AsyncClient(reconnection=False)
        await sio.connect(url, auth={"name": "Eko", "token": TOKEN}, transports=["websocket"])

        async def sender(who: int) -> None:
            for i in range(100_000):
                try:
                    ack = await sio.call("message", {"text": f"{who}-{i}"}, timeout=5)
                except Exception:  # the server is gone
                    return
                if ack.get("ok"):
                    acked.append(ack["message"]["id"])
                if len(acked) >= 400:
                    enough.set()

        senders = [asyncio.create_task(sender(who)) for who in range(20)]
        await asyncio.wait_for(enough.wait(), 120)
        process.send_signal(signal.SIGKILL)  # mid-stream: writes and acks are in flight
        await asyncio.to_thread(process.wait)
        await asyncio.wait(senders, timeout=30)
        with contextlib.suppress(Exception):
            await sio.disconnect()
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()

    restarted = _lobby_process(data_dir, free_port)
    try:
        await _ready(restarted, data_dir)
        newcomer, histories = await newcomer_at(url)
        shown = await asyncio.wait_for(histories.get(), 10)
        await newcomer.disconnect()
    finally:
        restarted.send_signal(signal.SIGINT)
        await asyncio.to_thread(restarted.wait, 60)
    database = await open_database(None, data_dir, "eko")
    try:
        stored = [m["id"] for m in await database.messages.recent("lobby", 1_000_000)]
    finally:
        await database.close()
    assert len(acked) >= 400
    assert set(acked) <= set(stored)  # every acknowledged message, after the kill and a restart
    assert len(stored) == len(set(stored))
    assert [m["id"] for m in shown["messages"]] == stored[-50:]
