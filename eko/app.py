"""The composition root: builds every part from :class:`Settings`, runs it, and stops it cleanly.

Everything is entered on one ``AsyncExitStack``; shutdown is the stack unwinding in reverse order
(scheduler, bot, HTTP server, Lobby, store, memory), so no message is lost and storage is closed.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import fcntl
import logging
import os
import secrets
import signal
import socket
import sys
from collections.abc import Awaitable, Callable
from contextlib import AsyncExitStack
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from aiohttp import web

from eko.health import HealthProbe, health_routes
from eko.hosts import HostPolicy, host_guard, host_policy
from eko.logs import configure_logging
from eko.serving import ClientErrorLog, HeadDeadlineSite, unreadable_body
from eko.settings import Settings
from lobby.catalogue import Catalogue

if TYPE_CHECKING:
    from reflection.ports import LobbyHistory

log = logging.getLogger(__name__)


def utc_now() -> datetime:
    return datetime.now(UTC)


@dataclass
class Running:
    """What a started Eko exposes to its caller (the CLI waits on it; tests inspect it)."""

    url: str
    app: web.Application
    stack: AsyncExitStack
    parts: dict[str, Any] = field(default_factory=dict)

    async def stop(self) -> None:
        await self.stack.aclose()


def _secret_values(settings: Settings, bot_token: str | None) -> list[str]:
    values = [bot_token or ""]
    for secret in (
        settings.admin_token,
        settings.qdrant_api_key,
        settings.mongodb_url,
        settings.redis_url,
        settings.anthropic_api_key,
    ):
        if secret is not None:
            values.append(secret.get_secret_value())
    return values


async def _open_memory(settings: Settings, stack: AsyncExitStack) -> Any:
    from eko.memory_cli import configured_embedder
    from language.lexicon import missing_notice
    from memory import Memory, MemoryConfig

    embedder = configured_embedder(settings)
    notice = missing_notice()
    if notice is not None:  # duplicates in two languages go unseen: say so once, at start
        log.warning(notice, extra={"dictionary": "missing"})
    config = MemoryConfig(
        path=None if settings.qdrant_url else settings.qdrant_path,
        url=settings.qdrant_url,
        api_key=settings.qdrant_api_key.get_secret_value() if settings.qdrant_api_key else None,
        collections={
            "fact": settings.facts_collection,
            "self": settings.self_collection,
            "goal": settings.goals_collection,
        },
    )
    from eko.failures import progress_line

    texts = Catalogue.load(settings.language)
    print(texts.text("console.loadingMemory"), file=sys.stderr, flush=True)
    memory = await Memory.open(
        config,
        embedder,
        clock=utc_now,
        progress=progress_line(texts, "console.migratingMemory"),
        reterm_progress=progress_line(texts, "console.retermingMemory"),
    )
    stack.push_async_callback(memory.close)
    return memory


class BindError(OSError):
    """The listening address cannot be used; ``code`` is its ``console.*`` text, ``address`` where."""

    def __init__(self, code: str, address: str, port: int) -> None:
        super().__init__(f"{code}: {address}")
        self.code = code
        self.address = address
        self.port = port


_BIND_CODES = {
    errno.EADDRINUSE: "portInUse",
    errno.EADDRNOTAVAIL: "addressUnavailable",
    errno.EACCES: "portForbidden",
}


def _web_app(settings: Settings, sock: socket.socket) -> tuple[web.Application, HostPolicy]:
    """The aiohttp app, refusing requests for hosts Eko does not serve (:mod:`eko.hosts`) and bodies it
    cannot decode (:mod:`eko.serving`)."""
    policy = host_policy(settings.host, sock.getsockname()[1], settings.allowed_hosts, settings.trust_proxy)
    if policy.any_host and not settings.allowed_hosts:
        log.warning(
            "bound to %s with no EKO_ALLOWED_HOSTS: any Host header is accepted; set EKO_ALLOWED_HOSTS "
            "to the names people use to reach Eko",
            settings.host or "*",
        )
    return web.Application(middlewares=[host_guard(policy), unreadable_body]), policy


def _bind(host: str, port: int) -> tuple[socket.socket, str]:
    """Bind the listening socket first, so every part knows the real URL (port 0 picks a free one)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        code = _BIND_CODES.get(exc.errno or 0)
        if code is None:
            raise
        address = f"[{host}]:{port}" if family == socket.AF_INET6 else f"{host}:{port}"
        raise BindError(code, address, port) from exc
    bound_port = sock.getsockname()[1]
    shown_host = "127.0.0.1" if host in ("0.0.0.0", "", "::") else host
    return sock, f"http://{shown_host}:{bound_port}"


async def _serve_http(
    app: web.Application, sock: socket.socket, stack: AsyncExitStack, head_timeout_s: float
) -> None:
    # Client mistakes aiohttp cannot parse are logged as one warning line, and a connection that
    # never completes its request head is closed (eko/serving.py).
    runner = web.AppRunner(app, access_log=None, logger=ClientErrorLog(logging.getLogger("aiohttp.server")))
    await runner.setup()
    stack.push_async_callback(runner.cleanup)
    await HeadDeadlineSite(runner, sock, head_timeout_s).start()


async def _open_store(settings: Settings, stack: AsyncExitStack) -> Any:
    from store import open_database

    database = await open_database(
        settings.mongodb_url.get_secret_value() if settings.mongodb_url else None,
        settings.data_dir,
        settings.mongodb_database,
        sync=settings.store_sync,
    )
    stack.push_async_callback(database.close)
    return database


async def _start_eko(
    settings: Settings,
    stack: AsyncExitStack,
    app: web.Application,
    database: Any,
    lobby_url: str,
    bot_token: str,
    probe: HealthProbe,
    policy: HostPolicy,
    lobby: LobbyHistory | None = None,
) -> dict[str, Any]:
    """Memory, LLM, bot connection, reflection and its routes: Eko itself (not yet connected).

    ``lobby``: the Lobby this process hosts, whose log tells a restarted reflection whether its
    interrupted post went out (``eko bot`` has none: such a post is recorded as "unknown")."""
    from bot import Bot, LobbyConnection
    from llm import build_llm
    from reflection import ReflectionService, ReflectionSettings
    from reflection.http import routes as reflection_routes

    memory = await _open_memory(settings, stack)
    llm = build_llm(
        model=settings.llm_model,
        deadline_s=settings.llm_deadline.total_seconds(),
        max_retries=settings.llm_max_retries,
        api_key_present=settings.anthropic_api_key is not None,
    )
    stack.push_async_callback(llm.aclose)
    if llm.mode == "offline":
        log.warning(
            "no ANTHROPIC_API_KEY: Eko runs in offline mode (answers only from its memory)",
            extra={"llm_mode": "offline"},
        )
    connection = LobbyConnection(url=lobby_url, bot_name=settings.bot_name, token=bot_token)
    reflection = ReflectionService(
        memory=memory,
        llm=llm,
        db=database.db,
        chat=connection,
        settings=ReflectionSettings(
            cooldown=settings.cooldown,
            max_cooldown=settings.max_cooldown,
            unanswered_after=settings.unanswered_after,
            daily_max=settings.daily_max,
            timezone=settings.timezone,
            quiet_hours=settings.quiet_hours,
            manual_min_interval=settings.manual_min_interval,
            answer_window=settings.answer_window,
            language=settings.language,
            bot_name=settings.bot_name,
        ),
        clock=utc_now,
        lobby_history=lobby,
    )
    await reflection.start()
    stack.push_async_callback(reflection.close)
    admin_token = settings.admin_token.get_secret_value() if settings.admin_token else None
    app.add_routes(reflection_routes(reflection, admin_token, local_host=policy.is_listed))
    bot = Bot(
        connection=connection,
        memory=memory,
        llm=llm,
        language=settings.language,
        reflection=reflection,
        clock=utc_now,
        answer_window=settings.answer_window,
    )
    probe.memory = memory
    probe.store = database
    probe.llm = llm
    probe.connection = connection
    return {"memory": memory, "llm": llm, "connection": connection, "reflection": reflection, "bot": bot}


async def _connect_bot_and_schedule(settings: Settings, stack: AsyncExitStack, parts: dict[str, Any]) -> None:
    from scheduler import EkoScheduler

    bot, reflection = parts["bot"], parts["reflection"]
    await bot.start()
    stack.push_async_callback(bot.stop)
    scheduler = EkoScheduler(
        reflection_job=reflection.run_scheduled,
        activity_job=reflection.run_activity,
        reflection_schedule=settings.reflection_schedule,
        activity_schedule=settings.activity_schedule,
        timezone=settings.timezone,
    )
    scheduler.start()
    stack.push_async_callback(scheduler.shutdown)


def _hold_data_dir(settings: Settings, stack: AsyncExitStack) -> None:
    """Lobby processes on one data directory share its message log; they share the room only
    through Redis. So a Lobby without ``EKO_REDIS_URL`` holds the directory alone, and those with it
    hold it together (an ``flock`` on ``lobby.lock``, released when the process ends, however)."""
    if settings.mongodb_url is not None:
        return  # the log is MongoDB's, wherever the processes run: nothing to check on this disk
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    path = settings.data_dir / "lobby.lock"
    descriptor = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    shared = settings.redis_url is not None
    try:
        fcntl.flock(descriptor, (fcntl.LOCK_SH if shared else fcntl.LOCK_EX) | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(descriptor)
        from eko.failures import LobbyInUseError

        raise LobbyInUseError(settings.data_dir, shared=shared) from None
    stack.callback(os.close, descriptor)


def _lobby_app(
    settings: Settings, database: Any, bot_token: str, probe: HealthProbe, stack: AsyncExitStack
) -> Any:
    from lobby import Lobby

    lobby = Lobby(
        database.messages,
        bot_token=bot_token,
        bot_name=settings.bot_name,
        clock=utc_now,
        language=settings.language,
        name_hold=settings.name_hold,
        redis_url=settings.redis_url.get_secret_value() if settings.redis_url else None,
    )
    stack.push_async_callback(lobby.close)
    probe.lobby = lobby
    probe.store = database
    return lobby


async def start_up(settings: Settings) -> Running:
    """Start the whole of Eko in this process (what `eko up` runs); returns once it serves."""
    bot_token = settings.bot_token.get_secret_value() if settings.bot_token else secrets.token_urlsafe(32)
    configure_logging(settings.log_level, settings.log_format, _secret_values(settings, bot_token))
    stack = AsyncExitStack()
    try:
        sock, url = _bind(settings.host, settings.port)
        stack.callback(sock.close)
        probe = HealthProbe(expect_bot=True)
        database = await _open_store(settings, stack)  # first: a store that cannot open says why
        _hold_data_dir(settings, stack)
        app, policy = _web_app(settings, sock)
        lobby = _lobby_app(settings, database, bot_token, probe, stack)
        lobby.attach(app)
        app.add_routes(health_routes(probe))
        parts = await _start_eko(settings, stack, app, database, url, bot_token, probe, policy, lobby)
        await _serve_http(app, sock, stack, settings.request_head_timeout.total_seconds())
        await _connect_bot_and_schedule(settings, stack, parts)
        parts["lobby"] = lobby
        return Running(url=url, app=app, stack=stack, parts=parts)
    except BaseException:
        await stack.aclose()
        raise


async def start_lobby_only(settings: Settings) -> Running:
    """The reference Lobby server and its page, for an Eko running elsewhere (`eko bot`)."""
    if settings.bot_token is None:
        raise SystemExit(Catalogue.load(settings.language).text("console.lobbyNeedsToken"))
    bot_token = settings.bot_token.get_secret_value()
    configure_logging(settings.log_level, settings.log_format, _secret_values(settings, bot_token))
    stack = AsyncExitStack()
    try:
        sock, url = _bind(settings.host, settings.port)
        stack.callback(sock.close)
        probe = HealthProbe(expect_bot=False)
        database = await _open_store(settings, stack)  # first: a store that cannot open says why
        _hold_data_dir(settings, stack)
        app, _policy = _web_app(settings, sock)
        lobby = _lobby_app(settings, database, bot_token, probe, stack)
        lobby.attach(app)
        app.add_routes(health_routes(probe))
        await _serve_http(app, sock, stack, settings.request_head_timeout.total_seconds())
        return Running(url=url, app=app, stack=stack, parts={"lobby": lobby})
    except BaseException:
        await stack.aclose()
        raise


async def start_bot_only(settings: Settings) -> Running:
    """Eko alone, joining the Lobby at EKO_LOBBY_URL; serves its own /health and /reflection."""
    texts = Catalogue.load(settings.language)
    if not settings.lobby_url:
        raise SystemExit(texts.text("console.botNeedsUrl"))
    if settings.bot_token is None:
        raise SystemExit(texts.text("console.botNeedsToken"))
    bot_token = settings.bot_token.get_secret_value()
    configure_logging(settings.log_level, settings.log_format, _secret_values(settings, bot_token))
    stack = AsyncExitStack()
    try:
        sock, url = _bind(settings.host, settings.port)
        stack.callback(sock.close)
        probe = HealthProbe(expect_bot=True)
        database = await _open_store(settings, stack)
        app, policy = _web_app(settings, sock)
        app.add_routes(health_routes(probe))
        parts = await _start_eko(settings, stack, app, database, settings.lobby_url, bot_token, probe, policy)
        await _serve_http(app, sock, stack, settings.request_head_timeout.total_seconds())
        await _connect_bot_and_schedule(settings, stack, parts)
        return Running(url=url, app=app, stack=stack, parts=parts)
    except BaseException:
        await stack.aclose()
        raise


async def _serve_until_stopped(
    texts: Catalogue, start: Callable[[], Awaitable[Running]], ready_line: Callable[[Running], str]
) -> int:
    """Start, print ``ready_line(running)`` on stdout (its first line), serve until Ctrl-C or SIGTERM."""
    from eko.failures import START_FAILURES, failure_line, os_error_text

    try:
        running = await start()
    except START_FAILURES as exc:  # one line in the configured language, no traceback
        print(failure_line(texts, exc), file=sys.stderr)
        return 1
    except BindError as exc:  # one line naming the address and the setting to change, no traceback
        print(texts.text(f"console.{exc.code}", address=exc.address, suggested=exc.port + 1), file=sys.stderr)
        return 1
    except OSError as exc:
        print(texts.text("console.cannotStart", error=os_error_text(texts, exc)), file=sys.stderr)
        return 1
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, stop.set)
    print(ready_line(running), flush=True)
    try:
        await stop.wait()
    except asyncio.CancelledError:
        # asyncio.run's own Ctrl-C handling cancels us when another handler took SIGINT: still a stop.
        task = asyncio.current_task()
        if task is not None:
            task.uncancel()
    print(texts.text("console.stopping"), file=sys.stderr, flush=True)
    await running.stop()
    return 0


def _open_page(texts: Catalogue) -> Callable[[Running], str]:
    # The page is served here: the URL is the one to open (and stays on the first line of stdout).
    return lambda running: texts.text("console.ready", url=running.url)


async def run_up(settings: Settings) -> int:
    texts = Catalogue.load(settings.language)
    return await _serve_until_stopped(texts, lambda: start_up(settings), _open_page(texts))


async def run_lobby_only(settings: Settings) -> int:
    texts = Catalogue.load(settings.language)
    return await _serve_until_stopped(texts, lambda: start_lobby_only(settings), _open_page(texts))


async def run_bot_only(settings: Settings) -> int:
    # No page here, only /health and /reflection: point at the Lobby, where people talk. The bot
    # joins in the background (retrying a Lobby that is down), hence "is joining", not "joined".
    texts = Catalogue.load(settings.language)
    return await _serve_until_stopped(
        texts,
        lambda: start_bot_only(settings),
        lambda running: texts.text(
            "console.botJoining", lobby=settings.lobby_url, health=f"{running.url}/health"
        ),
    )
