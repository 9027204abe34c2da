"""docker-compose.yml and the Dockerfile (no Docker engine here: parse and check the wiring).

The health check commands are run for real against local HTTP servers, so a typo in them shows
here rather than as a container that never becomes healthy.
"""

from __future__ import annotations

import asyncio
import re
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from aiohttp import web

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def compose() -> dict[str, Any]:
    data = yaml.safe_load((ROOT / "docker-compose.yml").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


@pytest.fixture(scope="module")
def eko(compose: dict[str, Any]) -> dict[str, Any]:
    service = compose["services"]["eko"]
    assert isinstance(service, dict)
    return service


def test_three_services_with_named_volumes(compose: dict[str, Any]) -> None:
    services = compose["services"]
    assert set(services) == {"mongodb", "qdrant", "eko"}
    assert services["mongodb"]["image"].startswith("mongo:7")
    assert services["qdrant"]["image"].startswith("qdrant/qdrant")
    mounts = {name: service["volumes"][0].split(":") for name, service in services.items()}
    assert mounts["mongodb"][1] == "/data/db"
    assert mounts["qdrant"][1] == "/qdrant/storage"
    assert mounts["eko"][1] == "/data"
    # Named volumes (declared at the top level), not bind mounts of host folders.
    assert {mount[0] for mount in mounts.values()} <= set(compose["volumes"])


def test_eko_is_wired_to_both_services(eko: dict[str, Any]) -> None:
    env = eko["environment"]
    assert env["EKO_MONGODB_URL"] == "mongodb://mongodb:27017"
    assert env["EKO_QDRANT_URL"] == "http://qdrant:6333"
    assert env["EKO_HOST"] == "0.0.0.0"
    assert env["EKO_DATA_DIR"] == "/data"
    assert eko["depends_on"] == {
        "mongodb": {"condition": "service_healthy"},
        "qdrant": {"condition": "service_healthy"},
    }
    assert eko["build"]["dockerfile"] == "Dockerfile"
    assert any(port.endswith(":8080") for port in eko["ports"])


def test_secrets_come_from_the_environment(eko: dict[str, Any]) -> None:
    env = eko["environment"]
    assert env["ANTHROPIC_API_KEY"] == "${ANTHROPIC_API_KEY:-}"  # absent key → offline mode
    # Tokens are required: compose refuses to start without them instead of using an empty one.
    assert env["EKO_BOT_TOKEN"].startswith("${EKO_BOT_TOKEN:?")
    assert env["EKO_ADMIN_TOKEN"].startswith("${EKO_ADMIN_TOKEN:?")
    # Every EKO_* variable set here is a real setting.
    from eko.settings import Settings

    fields = {f"EKO_{name.upper()}" for name in Settings.model_fields}
    assert {key for key in env if key.startswith("EKO_")} - fields == set()


def test_every_service_has_a_health_check(compose: dict[str, Any]) -> None:
    for name, service in compose["services"].items():
        check = service["healthcheck"]
        assert check["test"][0] in ("CMD", "CMD-SHELL"), name
        assert check["interval"] and check["retries"] >= 3, name
    assert "/health" in " ".join(compose["services"]["eko"]["healthcheck"]["test"])


def test_dockerfile_installs_cpu_torch_before_the_project() -> None:
    text = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    lines = [line for line in text.splitlines() if not line.strip().startswith("#")]
    joined = re.sub(r"\\\n\s*", " ", "\n".join(lines))  # continuation lines
    steps = [
        line.strip()
        for line in joined.splitlines()
        if line.strip().startswith(("RUN", "COPY", "FROM", "CMD"))
    ]
    torch = next(
        i
        for i, step in enumerate(steps)
        if "download.pytorch.org/whl/cpu" in step and "torch==2.13.0" in step
    )
    project = next(i for i, step in enumerate(steps) if re.search(r"pip install \.(\s|$)", step))
    copies = [i for i, step in enumerate(steps) if step.startswith("COPY") and "eko" in step.split()[1:2]]
    assert torch < project
    assert copies and torch < copies[0], "the torch layer must not depend on the sources"
    vendor = next(i for i, step in enumerate(steps) if "lobby/static/vendor/socket.io.min.js" in step)
    assert vendor < project, "the page's socket.io-client must be in place before `pip install .`"
    assert any("npm ci --prefix lobby/web" in step for step in steps)
    assert steps[-1].startswith("CMD") and "up" in steps[-1]


def test_dockerignore_keeps_local_state_out() -> None:
    ignored = set((ROOT / ".dockerignore").read_text(encoding="utf-8").split())
    assert {".venv", ".git", "lobby/web/node_modules", ".env"} <= ignored


# -- the health check commands, run for real -------------------------------------------------


@pytest.fixture
async def http_server(free_port: int) -> AsyncIterator[dict[str, int]]:
    """Serves /health and /readyz with the status in ``status[path]`` (default 200)."""
    status: dict[str, int] = {}

    async def handle(request: web.Request) -> web.Response:
        return web.Response(status=status.get(request.path, 200), text="ok")

    app = web.Application()
    app.router.add_get("/{tail:.*}", handle)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", free_port).start()
    status["port"] = free_port
    yield status
    await runner.cleanup()


async def run(command: list[str]) -> int:
    def call() -> int:
        return subprocess.run(command, capture_output=True, timeout=10, check=False).returncode

    return await asyncio.to_thread(call)


async def test_eko_health_check_command(eko: dict[str, Any], http_server: dict[str, int]) -> None:
    test = eko["healthcheck"]["test"]
    assert test[:2] == ["CMD", "python"]
    command = [sys.executable, *(arg.replace(":8080/", f":{http_server['port']}/") for arg in test[2:])]

    assert await run(command) == 0
    http_server["/health"] = 503
    assert await run(command) != 0


async def test_qdrant_health_check_command(compose: dict[str, Any], http_server: dict[str, int]) -> None:
    test = compose["services"]["qdrant"]["healthcheck"]["test"]
    assert test[:2] == ["CMD", "bash"]
    command = [arg.replace("/6333", f"/{http_server['port']}") for arg in test[1:]]

    assert await run(command) == 0
    http_server["/readyz"] = 503
    assert await run(command) != 0


def test_the_host_allow_list_is_passed_through(eko: dict[str, Any]) -> None:
    # Eko listens on 0.0.0.0 in the container: EKO_ALLOWED_HOSTS closes the Host check (README).
    environment = eko["environment"]
    assert environment["EKO_HOST"] == "0.0.0.0"
    assert environment["EKO_ALLOWED_HOSTS"] == "${EKO_ALLOWED_HOSTS:-}"
    assert environment["EKO_TRUST_PROXY"] == "${EKO_TRUST_PROXY:-false}"
