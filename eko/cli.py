"""The ``eko`` command: ``eko up``, ``eko lobby``, ``eko bot`` and ``eko memory ...``.

Exit codes: 0 ok, 1 runtime error, 2 usage error (argparse's own).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from eko.allocator import return_large_blocks_promptly
from eko.settings import Settings

if TYPE_CHECKING:
    from lobby.catalogue import Catalogue


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="eko", description="Eko, the team's curious chat bot.")
    parser.add_argument("--data-dir", type=Path, help="where embedded storage lives (EKO_DATA_DIR)")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    up = sub.add_parser("up", help="run the Lobby server, its page, Eko and its reflection in one process")
    up.add_argument("--host", help="listen address (EKO_HOST, default 127.0.0.1)")
    up.add_argument("--port", type=int, help="listen port (EKO_PORT, default 8080)")

    lobby = sub.add_parser("lobby", help="run only the reference Lobby server and its page")
    lobby.add_argument("--host")
    lobby.add_argument("--port", type=int)

    bot = sub.add_parser("bot", help="run Eko alone, joining a Lobby server elsewhere")
    bot.add_argument("--lobby-url", help="the Lobby server's URL (EKO_LOBBY_URL)")
    bot.add_argument("--host", help="address for Eko's own /health and /reflection endpoints")
    bot.add_argument("--port", type=int, help="port for Eko's own /health and /reflection endpoints")

    from eko.memory_cli import add_memory_parser

    add_memory_parser(sub)
    return parser


def load_settings(args: argparse.Namespace) -> Settings:
    overrides: dict[str, object] = {}
    for name in ("data_dir", "host", "port", "lobby_url"):
        value = getattr(args, name, None)
        if value is not None:
            overrides[name] = value
    return Settings(**overrides)  # type: ignore[arg-type]


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    return_large_blocks_promptly()  # before the model and the word lists are read (eko/allocator.py)
    try:
        settings = load_settings(args)
    except ValidationError as exc:
        from lobby.catalogue import LANGUAGES, Catalogue

        # The settings are what failed: the language is read as it is, French when it is not one.
        language = os.environ.get("EKO_LANGUAGE", "fr")
        texts = Catalogue.load(language if language in LANGUAGES else "fr")
        for error in exc.errors():
            where = ".".join(str(part) for part in error["loc"])
            said = _setting_error(texts, error)
            line = texts.text("console.invalidSetting", name=where.upper(), error=said)
            print(line, file=sys.stderr)
        return 2
    try:
        if args.command == "memory":
            from eko.memory_cli import run_memory

            return asyncio.run(run_memory(args, settings))
        from eko.app import run_bot_only, run_lobby_only, run_up

        runner = {"up": run_up, "lobby": run_lobby_only, "bot": run_bot_only}[args.command]
        return asyncio.run(runner(settings))
    except KeyboardInterrupt:
        return 0


def _setting_error(texts: Catalogue, error: Any) -> str:
    """Why a setting is refused, worded by the catalogue for the error types it knows
    (``console.setting.<type>``, with pydantic's context: ``{ge}``, ``{expected}``...), else
    pydantic's own English message. The value given is never shown (it may be a secret)."""
    kind = str(error.get("type", ""))
    if kind not in texts.entries["console"]["setting"]:
        return str(error["msg"])
    return str(texts.text(f"console.setting.{kind}", **dict(error.get("ctx") or {})))


if __name__ == "__main__":
    sys.exit(main())
