"""Run the ``eko`` command against a temporary data directory: in a real subprocess (``eko``), or in
this process through the same entry point (``eko_main``).

A subprocess pays its imports (seconds) and, when it embeds, the model load (seconds more) every
time: tests keep it where the process boundary is what they check (exit status of an argparse
error, an undecodable argv byte, a storage lock held by another process, stdout's encoding), and
run the other invocations with ``eko_main``, which loads the model once per test session.
"""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

Eko = Callable[..., subprocess.CompletedProcess[str]]

# What `eko.logs.configure_logging` sets on the process, put back after each in-process command.
_CHATTY_LOGGERS = ("httpx", "httpcore", "engineio", "socketio", "aiohttp.access", "apscheduler")


def _clean_environment(tmp_path: Path) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith("EKO_")}
    env["HF_HUB_OFFLINE"] = "1"
    env["EKO_DATA_DIR"] = str(tmp_path / "default-data")  # never the user's real memory
    return env


@pytest.fixture
def eko(tmp_path: Path) -> Eko:
    """``eko(*args, stdin=None, env_extra=None)``: run ``python -m eko.cli ARGS`` with a clean EKO_*
    environment (plus ``env_extra``)."""
    env = _clean_environment(tmp_path)

    def run(
        *args: str, stdin: str | None = None, timeout: float = 120, env_extra: dict[str, str] | None = None
    ) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "eko.cli", *args],
            input=stdin,
            capture_output=True,
            text=True,
            env={**env, **(env_extra or {})},
            cwd=tmp_path,
            timeout=timeout,
            check=False,
        )

    return run


@pytest.fixture(scope="session")
def loaded_models() -> dict[tuple[Any, ...], Any]:
    """Embedding models already loaded in this test process, by (name, threads)."""
    return {}


@pytest.fixture
def eko_main(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    loaded_models: dict[tuple[Any, ...], Any],
) -> Eko:
    """``eko_main(*args, env_extra=None)``: what ``eko`` gives (exit status, stdout, stderr), from
    ``eko.cli.main(ARGS)`` called in this process with the same environment and working directory.

    Each command still builds its own ``Embedder`` (its own vector cache) as the product does; only
    the loaded sentence-transformers model behind it is shared, through the loader seam of
    memory/embeddings.py. Warnings follow the interpreter's default filters and are written to
    stderr, as a real process would (pytest's own filters turn them into errors or records).
    """
    from eko.cli import main
    from memory import embeddings

    for key in list(os.environ):
        if key.startswith("EKO_"):
            monkeypatch.delenv(key)
    for key, value in _clean_environment(tmp_path).items():
        if os.environ.get(key) != value:
            monkeypatch.setenv(key, value)
    monkeypatch.chdir(tmp_path)

    real_loader = embeddings._sentence_transformer

    def shared_loader(name: str, threads: int | None, *runtime: Any) -> Callable[[], Any]:
        load = real_loader(name, threads, *runtime)

        def loaded() -> Any:
            key = (name, threads, *runtime)
            if key not in loaded_models:
                loaded_models[key] = load()
            return loaded_models[key]

        return loaded

    monkeypatch.setattr(embeddings, "_sentence_transformer", shared_loader)

    def run(*args: str, env_extra: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
        capsys.readouterr()  # what came before is not this command's output
        with monkeypatch.context() as patch:
            for key, value in (env_extra or {}).items():
                patch.setenv(key, value)
            code = _as_a_process(main, list(args))
        out, err = capsys.readouterr()
        return subprocess.CompletedProcess(["eko", *args], code, out, err)

    return run


def _as_a_process(main: Callable[[list[str]], int], argv: list[str]) -> int:
    """``main(argv)``'s exit status (argparse's SystemExit included), with the logging setup it
    makes undone afterwards and its warnings shown on stderr as Python's default filters would."""
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    chatty = {name: logging.getLogger(name).level for name in _CHATTY_LOGGERS}
    try:
        with warnings.catch_warnings(record=True) as caught:
            # Python's default filters when no -W or PYTHONWARNINGS is given (DeprecationWarning is
            # also shown in __main__, which this command is not here).
            warnings.resetwarnings()
            warnings.filterwarnings("ignore", category=DeprecationWarning)
            warnings.filterwarnings("ignore", category=PendingDeprecationWarning)
            warnings.filterwarnings("ignore", category=ImportWarning)
            warnings.filterwarnings("ignore", category=ResourceWarning)
            try:
                code = main(argv)
            except SystemExit as exit:  # argparse's usage errors and --help
                code = exit.code if isinstance(exit.code, int) else 0 if exit.code is None else 1
    finally:
        root.handlers[:] = handlers
        root.setLevel(level)
        for name, was in chatty.items():
            logging.getLogger(name).setLevel(was)
    for warning in caught:
        sys.stderr.write(
            warnings.formatwarning(
                warning.message, warning.category, warning.filename, warning.lineno, warning.line
            )
        )
    return code
