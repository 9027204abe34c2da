from __future__ import annotations

import logging
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest
from pydantic import ValidationError

from eko.cli import main
from eko.logs import configure_logging
from eko.settings import Settings, parse_duration


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("10s", timedelta(seconds=10)),
        ("30m", timedelta(minutes=30)),
        ("3h", timedelta(hours=3)),
        ("1d", timedelta(days=1)),
        ("250ms", timedelta(milliseconds=250)),
        (45, timedelta(seconds=45)),
    ],
)
def test_durations_read_like_people_write_them(text: object, expected: timedelta) -> None:
    assert parse_duration(text) == expected


def test_defaults_are_the_specification_numbers(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in (
        "EKO_COOLDOWN",
        "EKO_DAILY_MAX",
        "EKO_REFLECTION_SCHEDULE",
        "EKO_LANGUAGE",
        "EKO_ANSWER_WINDOW",
    ):
        monkeypatch.delenv(name, raising=False)
    settings = Settings()
    assert settings.cooldown == timedelta(minutes=30)
    assert settings.daily_max == 5
    assert settings.reflection_schedule == "3h"
    assert settings.activity_schedule == "10m"
    assert settings.language == "fr"
    assert settings.timezone == "Europe/Paris"
    assert settings.answer_window == timedelta(minutes=10)


def test_the_answer_window_is_a_positive_duration(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("EKO_ANSWER_WINDOW", "3m")
    assert Settings().answer_window == timedelta(minutes=3)
    monkeypatch.setenv("EKO_ANSWER_WINDOW", "0s")
    with pytest.raises(ValidationError, match="EKO_ANSWER_WINDOW"):
        Settings()


def test_environment_overrides_and_blank_secrets_are_unset(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("EKO_COOLDOWN", "45m")
    monkeypatch.setenv("EKO_ADMIN_TOKEN", "")
    monkeypatch.setenv("ANTHROPIC_API_KEY", "  ")
    monkeypatch.setenv("EKO_BOT_TOKEN", "s3cret-token")
    monkeypatch.setenv("EKO_REDIS_URL", " ")
    settings = Settings()
    assert settings.redis_url is None
    assert settings.cooldown == timedelta(minutes=45)
    assert settings.admin_token is None
    assert settings.anthropic_api_key is None
    assert settings.bot_token is not None
    assert "s3cret-token" not in repr(settings)


def test_bad_values_are_refused_with_the_variable_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("EKO_QUIET_HOURS", "tonight")
    with pytest.raises(ValidationError, match="EKO_QUIET_HOURS"):
        Settings()
    monkeypatch.delenv("EKO_QUIET_HOURS")
    monkeypatch.setenv("EKO_EMBEDDING_THREADS", "0")
    with pytest.raises(ValidationError, match="embedding_threads"):
        Settings()


@pytest.mark.parametrize(
    "hosts",
    ["https://chat.example.com", "chat.example.com/lobby", "chat.example.com:99999", "*.example.com", "a b"],
)
def test_allowed_hosts_that_name_no_host_are_refused_at_start(
    monkeypatch: pytest.MonkeyPatch, hosts: str
) -> None:
    """Such an entry matched nothing, silently: every request through that name got 421."""
    monkeypatch.setenv("EKO_ALLOWED_HOSTS", f"eko.lan, {hosts}")
    with pytest.raises(ValidationError, match="EKO_ALLOWED_HOSTS"):
        Settings()
    monkeypatch.setenv("EKO_ALLOWED_HOSTS", "chat.example.com, eko.lan:8080, [::1]:8080, ::1, lobby_1, *")
    assert Settings().allowed_hosts is not None


def test_the_command_reports_a_bad_setting_as_a_usage_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.setenv("EKO_COOLDOWN", "soon")
    assert main(["--data-dir", str(tmp_path), "up"]) == 2
    assert "EKO_COOLDOWN" in capsys.readouterr().err


def test_logs_never_show_a_known_secret(capsys: pytest.CaptureFixture[str]) -> None:
    configure_logging("INFO", "json", secrets=["tok-123456789"])
    try:
        logging.getLogger("eko.test").warning("refused token tok-123456789", extra={"token": "tok-123456789"})
        err = capsys.readouterr().err
        assert "tok-123456789" not in err
        assert "refused token ***" in err
    finally:
        logging.getLogger().handlers.clear()


def test_the_embedding_backends_are_the_ones_memory_runs() -> None:
    # eko/settings.py spells memory's Literal again (importing it would load numpy everywhere).
    from typing import get_args

    from memory.embeddings import EmbeddingBackend

    assert get_args(Settings.model_fields["embedding_backend"].annotation) == get_args(EmbeddingBackend)


def test_checking_the_allowed_hosts_loads_no_web_server() -> None:
    # `eko memory` reads the same settings: aiohttp cost it 9 MB of RSS and its import time, for a
    # check of host names (eko/hosts.py imports aiohttp only to make the guard).
    check = (
        "import sys\n"
        "from eko.settings import Settings\n"
        "Settings(allowed_hosts='eko.lan:8080,chat.example.com')\n"
        "print('aiohttp' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stdout.strip()) == (0, "False"), done.stderr
