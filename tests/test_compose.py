"""docker-compose.yml and the Dockerfile (no Docker engine here: parse and check the wiring).

The health check commands are run for real against local HTTP servers, so a typo in them shows
here rather than as a container that never becomes healthy.
"""

from __future__ import annotations

import asyncio
import re
import subprocess
import sys
import tomllib
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


def test_services_with_named_volumes(compose: dict[str, Any]) -> None:
    services = compose["services"]
    assert set(services) == {"mongodb", "qdrant", "redis", "lobby", "eko", "proxy"}
    assert services["mongodb"]["image"].startswith("mongo:7")
    assert services["qdrant"]["image"].startswith("qdrant/qdrant")
    mounts = {
        name: service["volumes"][0].split(":") for name, service in services.items() if "volumes" in service
    }
    assert mounts["mongodb"][1] == "/data/db"
    assert mounts["qdrant"][1] == "/qdrant/storage"
    assert mounts["eko"][1] == "/data"
    assert set(mounts) == {"mongodb", "qdrant", "eko"}  # Redis and the Lobby replicas keep nothing
    # Named volumes (declared at the top level), not bind mounts of host folders.
    assert {mount[0] for mount in mounts.values()} <= set(compose["volumes"])


def test_eko_is_wired_to_both_services_and_joins_through_the_proxy(eko: dict[str, Any]) -> None:
    env = eko["environment"]
    assert eko["command"] == ["eko", "bot"]
    assert env["EKO_MONGODB_URL"] == "mongodb://mongodb:27017"
    assert env["EKO_QDRANT_URL"] == "http://qdrant:6333"
    assert env["EKO_LOBBY_URL"] == "http://proxy:8080"  # sticky sessions, like every client
    assert env["EKO_HOST"] == "0.0.0.0"
    assert env["EKO_DATA_DIR"] == "/data"
    assert eko["depends_on"] == {
        "mongodb": {"condition": "service_healthy"},
        "qdrant": {"condition": "service_healthy"},
        "lobby": {"condition": "service_healthy"},
    }
    assert eko["build"]["dockerfile"] == "Dockerfile"
    assert "ports" not in eko


def test_two_lobby_replicas_share_the_room_through_redis(compose: dict[str, Any]) -> None:
    lobby, redis = compose["services"]["lobby"], compose["services"]["redis"]
    assert lobby["command"] == ["eko", "lobby"]
    assert lobby["deploy"]["replicas"] == 2
    env = lobby["environment"]
    assert env["EKO_REDIS_URL"] == "redis://redis:6379/0"
    assert env["EKO_MONGODB_URL"] == "mongodb://mongodb:27017"  # one store for every replica
    assert env["EKO_BOT_TOKEN"] == compose["services"]["eko"]["environment"]["EKO_BOT_TOKEN"]
    assert lobby["depends_on"]["redis"] == {"condition": "service_healthy"}
    assert "ports" not in lobby  # reached through the proxy only
    assert redis["image"].startswith("redis:7")
    assert redis["command"] == ["redis-server", "--save", "", "--appendonly", "no"]


def test_the_proxy_is_the_one_address_with_sticky_sessions(compose: dict[str, Any]) -> None:
    published = {name for name, service in compose["services"].items() if "ports" in service}
    assert published == {"proxy"}
    proxy = compose["services"]["proxy"]
    assert any(port.endswith(":8080") for port in proxy["ports"])
    assert proxy["configs"] == [{"source": "nginx", "target": "/etc/nginx/conf.d/default.conf"}]
    conf = (ROOT / compose["configs"]["nginx"]["file"]).read_text(encoding="utf-8")
    upstream = re.search(r"upstream lobby \{(.*?)\}", conf, re.S)
    assert upstream is not None
    assert "ip_hash;" in upstream.group(1)  # Socket.IO's polling start needs sticky sessions
    assert "server lobby:8080;" in upstream.group(1)
    assert "proxy_pass http://lobby;" in conf
    assert "proxy_set_header Upgrade $http_upgrade;" in conf  # WebSocket upgrade passes through
    assert "proxy_set_header Host $http_host;" in conf  # the page's origin check sees host:port
    assert re.search(r"location /reflection/ \{\s*proxy_pass http://eko:8080;", conf)


def test_secrets_come_from_the_environment(compose: dict[str, Any], eko: dict[str, Any]) -> None:
    env = eko["environment"]
    assert env["ANTHROPIC_API_KEY"] == "${ANTHROPIC_API_KEY:-}"  # absent key → offline mode
    # Tokens are required: compose refuses to start without them instead of using an empty one.
    assert env["EKO_BOT_TOKEN"].startswith("${EKO_BOT_TOKEN:?")
    assert env["EKO_ADMIN_TOKEN"].startswith("${EKO_ADMIN_TOKEN:?")
    # Every EKO_* variable set here is a real setting.
    from eko.settings import Settings

    fields = {f"EKO_{name.upper()}" for name in Settings.model_fields}
    for name in ("eko", "lobby"):
        variables = compose["services"][name]["environment"]
        assert {key for key in variables if key.startswith("EKO_")} - fields == set(), name


def test_every_service_has_a_health_check(compose: dict[str, Any]) -> None:
    for name, service in compose["services"].items():
        check = service["healthcheck"]
        assert check["test"][0] in ("CMD", "CMD-SHELL"), name
        assert check["interval"] and check["retries"] >= 3, name
    for name in ("eko", "lobby", "proxy"):
        assert "/health" in " ".join(compose["services"][name]["healthcheck"]["test"]), name


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


def _docker_steps() -> list[str]:
    text = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    lines = [line for line in text.splitlines() if not line.strip().startswith("#")]
    return [line.strip() for line in re.sub(r"\\\n\s*", " ", "\n".join(lines)).splitlines() if line.strip()]


def test_the_image_holds_every_package_and_the_bilingual_dictionaries() -> None:
    steps = _docker_steps()
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    packages = [name.rstrip("*") for name in pyproject["tool"]["setuptools"]["packages"]["find"]["include"]]
    copied = {step.split()[1] for step in steps if step.startswith("COPY") and "--from" not in step}
    assert set(packages) <= copied, f"not copied into the image: {set(packages) - copied}"
    # language/lexicon.py reads Debian's FreeDict dictionaries (scripts/install.sh installs them too)
    assert any(
        "apt-get install" in step and "dict-freedict-fra-eng" in step and "dict-freedict-eng-fra" in step
        for step in steps
    )


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


@pytest.mark.parametrize("service", ["eko", "lobby"])
async def test_eko_health_check_command(
    compose: dict[str, Any], service: str, http_server: dict[str, int]
) -> None:
    test = compose["services"][service]["healthcheck"]["test"]
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
