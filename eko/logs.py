"""Log output for the whole process: stdlib ``logging`` records rendered by structlog.

Components log with ``logging.getLogger(__name__)`` and ``extra={...}``; only the entry point calls
:func:`configure_logging`. Every known secret is masked before anything is written.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Iterable, MutableMapping
from typing import Any

import structlog

_MASK = "***"


class _SecretMasker:
    """structlog processor replacing any known secret that appears in a log value."""

    def __init__(self, secrets: Iterable[str]) -> None:
        self._secrets = [s for s in secrets if s and len(s) >= 6]

    def __call__(self, _logger: Any, _name: str, event: MutableMapping[str, Any]) -> MutableMapping[str, Any]:
        if not self._secrets:
            return event
        for key, value in list(event.items()):
            if isinstance(value, str):
                for secret in self._secrets:
                    if secret in value:
                        value = value.replace(secret, _MASK)
                event[key] = value
        return event


def configure_logging(level: str, fmt: str, secrets: Iterable[str] = ()) -> None:
    """Route every stdlib log record through structlog (console or JSON lines on stderr)."""
    renderer: Any = (
        structlog.processors.JSONRenderer()
        if fmt == "json"
        else structlog.dev.ConsoleRenderer(colors=sys.stderr.isatty())
    )
    formatter = structlog.stdlib.ProcessorFormatter(
        foreign_pre_chain=[
            structlog.stdlib.add_log_level,
            structlog.stdlib.add_logger_name,
            structlog.stdlib.ExtraAdder(),
            structlog.processors.TimeStamper(fmt="iso", utc=True),
        ],
        processors=[
            structlog.stdlib.ProcessorFormatter.remove_processors_meta,
            structlog.processors.format_exc_info,
            _SecretMasker(secrets),
            renderer,
        ],
    )
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(formatter)
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
    # Chatty third-party loggers: keep their warnings, not their per-request lines.
    for name in ("httpx", "httpcore", "engineio", "socketio", "aiohttp.access", "apscheduler"):
        logging.getLogger(name).setLevel(logging.WARNING)
