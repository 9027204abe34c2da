"""The console lines of `eko up|lobby|bot` follow EKO_LANGUAGE; a busy port is one clear line."""

from __future__ import annotations

import fcntl
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest


def _eko(args: list[str], tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {**os.environ, "EKO_DATA_DIR": str(tmp_path / "data"), "EKO_LOG_LEVEL": "WARNING", **env}
    environ.pop("ANTHROPIC_API_KEY", None)
    return subprocess.run(
        [sys.executable, "-m", "eko.cli", *args], env=environ, capture_output=True, text=True, timeout=60
    )


@pytest.mark.parametrize(
    ("language", "line"),
    [
        (
            "fr",
            "eko : l'adresse 127.0.0.1:{port} est déjà utilisée (un autre Eko ?) : "
            "choisissez un autre port, par exemple EKO_PORT={next}",
        ),
        (
            "en",
            "eko: the address 127.0.0.1:{port} is already in use (another Eko?): "
            "choose another port, for example EKO_PORT={next}",
        ),
    ],
)
def test_a_busy_port_is_named_in_one_line(tmp_path: Path, language: str, line: str) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        done = _eko(["up"], tmp_path, EKO_PORT=str(port), EKO_LANGUAGE=language)
    assert done.returncode == 1
    assert done.stderr.splitlines() == [line.format(port=port, next=port + 1)]
    assert done.stdout == ""


def test_missing_settings_are_said_in_english_with_eko_language_en(tmp_path: Path) -> None:
    lobby = _eko(["lobby"], tmp_path, EKO_LANGUAGE="en", EKO_BOT_TOKEN="")
    assert lobby.returncode == 1
    assert lobby.stderr.strip() == "eko lobby: set EKO_BOT_TOKEN (the token Eko will connect with)"
    bot = _eko(["bot"], tmp_path, EKO_LANGUAGE="fr", EKO_LOBBY_URL="")
    assert bot.returncode == 1
    assert bot.stderr.strip() == "eko bot : indiquez --lobby-url URL (ou EKO_LOBBY_URL)"


def test_an_invalid_setting_is_named_in_the_chosen_language(tmp_path: Path) -> None:
    done = _eko(["up"], tmp_path, EKO_LANGUAGE="en", EKO_PORT="eighty")
    assert done.returncode == 2
    assert done.stderr.splitlines() == ["eko: invalid setting EKO_PORT: a whole number is expected"]
    done = _eko(["up"], tmp_path, EKO_PORT="eighty", EKO_COOLDOWN="soon", EKO_DAILY_MAX="-1")
    assert done.returncode == 2
    assert sorted(done.stderr.splitlines()) == [
        "eko : réglage EKO_COOLDOWN invalide : ce n'est pas une durée : 'soon' (exemples : 10s, 30m, 3h, 1d)",
        "eko : réglage EKO_DAILY_MAX invalide : au moins 0",
        "eko : réglage EKO_PORT invalide : un nombre entier est attendu",
    ]
    secret = "mongodb://eko:hunter2@db:27017"  # a refused value is never echoed (it may be a secret)
    done = _eko(["up"], tmp_path, EKO_STORE_SYNC=secret, EKO_LANGUAGE="en")
    assert done.stderr.splitlines() == [
        "eko: invalid setting EKO_STORE_SYNC: possible values: 'normal' or 'full'"
    ]


def _one_line(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 1
    assert done.stdout == ""  # never said it was ready
    assert "Traceback" not in done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    return lines[0]


@pytest.mark.parametrize(
    ("language", "line"),
    [
        (
            "fr",
            "eko : le fichier de stockage {path} est inutilisable (ce n'est pas une base SQLite) : "
            "mettez-le de côté (mv '{path}' '{path}.broken') et relancez pour en commencer un nouveau ; "
            "eko ne le supprime jamais",
        ),
        (
            "en",
            "eko: the store file {path} is unusable (not an SQLite database): move it aside "
            "(mv '{path}' '{path}.broken') and start again to begin a new one; eko never deletes it",
        ),
    ],
)
def test_a_corrupt_store_file_is_one_line_in_each_language(tmp_path: Path, language: str, line: str) -> None:
    path = tmp_path / "data" / "store" / "eko-messages.sqlite3"
    path.parent.mkdir(parents=True)
    path.write_bytes(b"not a database at all, " * 200)
    done = _eko(["lobby"], tmp_path, EKO_LANGUAGE=language, EKO_PORT="0", EKO_BOT_TOKEN="t" * 32)
    assert _one_line(done) == line.format(path=path)  # the problem too is the catalogue's
    assert path.read_bytes() == b"not a database at all, " * 200


@pytest.mark.parametrize(
    ("language", "line"),
    [
        (
            "fr",
            "eko : le stockage est indisponible : impossible de créer le dossier {path} "
            "(un fichier se trouve à la place d'un dossier)",
        ),
        (
            "en",
            "eko: the store is unavailable: cannot create the folder {path} "
            "(a file stands where a folder should be)",
        ),
    ],
)
def test_an_unusable_store_folder_is_worded_in_the_chosen_language(
    tmp_path: Path, language: str, line: str
) -> None:
    data = tmp_path / "data"
    data.write_text("a file where the data directory should be")  # refused even to root
    done = _eko(["lobby"], tmp_path, EKO_LANGUAGE=language, EKO_PORT="0", EKO_BOT_TOKEN="t" * 32)
    assert _one_line(done) == line.format(path=data / "store")


@pytest.mark.parametrize(
    ("language", "line"),
    [
        (
            "fr",
            "eko : le salon partagé (Redis) est indisponible : "
            "Redis injoignable (connexion refusée) : vérifiez EKO_REDIS_URL",
        ),
        (
            "en",
            "eko: the shared room (Redis) is unavailable: "
            "Redis unreachable (connection refused): check EKO_REDIS_URL",
        ),
    ],
)
def test_an_unreachable_redis_is_worded_without_its_password(
    tmp_path: Path, language: str, line: str
) -> None:
    with socket.socket() as closed:  # a port nothing listens on
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    url = f"redis://:hunter2-not-a-secret@127.0.0.1:{port}/0"
    done = _eko(
        ["lobby"], tmp_path, EKO_LANGUAGE=language, EKO_PORT="0", EKO_BOT_TOKEN="t" * 32, EKO_REDIS_URL=url
    )
    assert done.returncode == 1 and "Traceback" not in done.stderr
    # python-socketio's Redis manager logs its own retries; the console line is Eko's.
    assert [said for said in done.stderr.splitlines() if said.startswith("eko")] == [line]
    assert "hunter2" not in done.stderr


@pytest.mark.parametrize(
    ("language", "line"),
    [
        (
            "fr",
            "eko : un autre processus Lobby sert {path} ; "
            "pour en lancer plusieurs, donnez à chacun EKO_REDIS_URL",
        ),
        ("en", "eko: another Lobby process serves {path}; to run several, give each EKO_REDIS_URL"),
    ],
)
def test_a_lobby_in_use_is_one_line_in_the_chosen_language(tmp_path: Path, language: str, line: str) -> None:
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    with (data_dir / "lobby.lock").open("w") as held:  # what another running Lobby holds
        fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
        done = _eko(["lobby"], tmp_path, EKO_LANGUAGE=language, EKO_PORT="0", EKO_BOT_TOKEN="t" * 32)
    assert _one_line(done) == line.format(path=data_dir)
