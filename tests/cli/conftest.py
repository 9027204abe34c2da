"""Run the real ``eko`` command in a subprocess against a temporary data directory."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

Eko = Callable[..., subprocess.CompletedProcess[str]]


@pytest.fixture
def eko(tmp_path: Path) -> Eko:
    """``eko(*args, stdin=None, env_extra=None)``: run ``python -m eko.cli ARGS`` with a clean EKO_*
    environment (plus ``env_extra``)."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("EKO_")}
    env["HF_HUB_OFFLINE"] = "1"
    env["EKO_DATA_DIR"] = str(tmp_path / "default-data")  # never the user's real memory

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
