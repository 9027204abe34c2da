"""A real ``redis-server`` (the Debian package) on a free loopback port, for the several-process tests."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from pathlib import Path

import pytest

from tests.conftest import unused_port


class RedisServer:
    """``redis-server`` in ``folder``, nothing persisted; :meth:`stop` and :meth:`start` again (same port)."""

    def __init__(self, folder: Path) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            pytest.skip("redis-server is not installed (scripts/test-deps.sh installs Debian's redis-server)")
        self.binary = binary
        self.folder = folder
        self.port = unused_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self._process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        command = [self.binary, "--bind", "127.0.0.1", "--port", str(self.port), "--dir", str(self.folder)]
        command += ["--save", "", "--appendonly", "no", "--daemonize", "no", "--loglevel", "warning"]
        self._process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 10
        while not self._answers():
            if self._process.poll() is not None:
                raise RuntimeError(f"redis-server exited: {self._process.stderr.read().decode()[-500:]}")  # type: ignore[union-attr]
            if time.monotonic() > deadline:
                raise RuntimeError("redis-server did not answer within 10 s")
            time.sleep(0.02)

    def _answers(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as sock:
                sock.sendall(b"PING\r\n")
                return sock.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def stop(self) -> None:
        if self._process is not None:
            self._process.kill()
            self._process.wait()
            self._process = None
