"""What a reflection produces: the seed's ``Reflection`` and ``ActivitySummary``, and their documents.

Serialized with the seed's camelCase field names, for the store, the HTTP status and the events.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Literal, cast

from language.questions import TONES, Tone

Trigger = Literal["cron", "manual", "opportunity"]
Action = Literal["pass", "message"]
# What the start-up recovery found for a reflection killed between its post and its record: the
# message is in the Lobby's log ("posted"), is not ("not_posted"), or nobody here can tell ("unknown").
Recovered = Literal["posted", "not_posted", "unknown"]
RECOVERED: tuple[Recovered, ...] = ("posted", "not_posted", "unknown")


def as_utc(value: Any) -> datetime | None:
    """A stored datetime (aware, naive-UTC from some stores, or ISO text) as an aware UTC datetime."""
    if value is None:
        return None
    if isinstance(value, str):
        try:
            value = datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError:
            return None
    if not isinstance(value, datetime):
        return None
    if value.tzinfo is None:
        return value.replace(tzinfo=UTC)
    return value.astimezone(UTC)


def iso(value: datetime | None) -> str | None:
    """ISO 8601 UTC with a ``Z``, millisecond precision (what the store keeps)."""
    if value is None:
        return None
    utc = value.astimezone(UTC)
    return utc.isoformat(timespec="milliseconds").replace("+00:00", "Z")


@dataclass
class ReflectionRecord:
    """One reflection, whatever its outcome (a skipped run is recorded too, with ``skip_reason``)."""

    id: str
    timestamp: datetime
    trigger: Trigger
    action: Action = "pass"
    reason: str = ""
    activity_summary: str = ""
    goals_count: int = 0
    facts_count: int = 0
    message: str | None = None
    message_id: str | None = None
    tone: Tone | None = None
    goal_id: str | None = None
    duplicate_goal_ids: list[str] = field(default_factory=list)
    llm_model: str = ""
    llm_tokens: int = 0
    duration_ms: int = 0
    rate_limited: bool = False
    skip_reason: str | None = None  # machine-readable: "last_message_is_bot", "quiet_hours", ...
    requested_by: str | None = None
    fallback: str | None = None  # why the offline phrasing was used despite a model ("bad_output", ...)
    # answers the model linked to asked goals: {"goalId", "factId", "messageId", "reason"}
    answers: list[dict[str, str]] = field(default_factory=list)
    recovered: Recovered | None = None  # set only on a record finished by the start-up recovery

    def to_dict(self) -> dict[str, Any]:
        """The camelCase body served over HTTP and in events."""
        return {
            "id": self.id,
            "timestamp": iso(self.timestamp),
            "trigger": self.trigger,
            "activitySummary": self.activity_summary,
            "goalsCount": self.goals_count,
            "factsCount": self.facts_count,
            "action": self.action,
            "message": self.message,
            "messageId": self.message_id,
            "reason": self.reason,
            "tone": self.tone,
            "goalId": self.goal_id,
            "duplicateGoalIds": list(self.duplicate_goal_ids),
            "llmModel": self.llm_model,
            "llmTokens": self.llm_tokens,
            "durationMs": self.duration_ms,
            "rateLimited": self.rate_limited,
            "skipReason": self.skip_reason,
            "requestedBy": self.requested_by,
            "fallback": self.fallback,
            "answers": [dict(a) for a in self.answers],
            "recovered": self.recovered,
        }

    def to_document(self) -> dict[str, Any]:
        """The ``reflections`` document: the JSON body (the seed's ``id`` too), real datetimes, ``_id``."""
        doc = self.to_dict()
        doc["_id"] = doc["id"]
        doc["timestamp"] = self.timestamp
        return doc

    @classmethod
    def from_document(cls, doc: dict[str, Any]) -> ReflectionRecord:
        timestamp = as_utc(doc.get("timestamp")) or datetime.fromtimestamp(0, UTC)
        tone = doc.get("tone")
        trigger = doc.get("trigger")
        recovered = doc.get("recovered")
        return cls(
            id=str(doc.get("_id", doc.get("id", ""))),
            timestamp=timestamp,
            trigger=cast(Trigger, trigger if trigger in ("cron", "manual", "opportunity") else "cron"),
            action="message" if doc.get("action") == "message" else "pass",
            reason=str(doc.get("reason") or ""),
            activity_summary=str(doc.get("activitySummary") or ""),
            goals_count=int(doc.get("goalsCount") or 0),
            facts_count=int(doc.get("factsCount") or 0),
            message=doc.get("message"),
            message_id=doc.get("messageId"),
            tone=cast(Tone, tone) if tone in TONES else None,
            goal_id=doc.get("goalId"),
            duplicate_goal_ids=[str(i) for i in doc.get("duplicateGoalIds") or []],
            llm_model=str(doc.get("llmModel") or ""),
            llm_tokens=int(doc.get("llmTokens") or 0),
            duration_ms=int(doc.get("durationMs") or 0),
            rate_limited=bool(doc.get("rateLimited")),
            skip_reason=doc.get("skipReason"),
            requested_by=doc.get("requestedBy"),
            fallback=doc.get("fallback"),
            answers=[
                {str(k): str(v) for k, v in a.items()}
                for a in doc.get("answers") or []
                if isinstance(a, dict)
            ],
            recovered=cast(Recovered, recovered) if recovered in RECOVERED else None,
        )


@dataclass
class ActivitySummary:
    """The seed's ``ActivitySummary``: one window of Lobby activity, summarized."""

    id: str
    timestamp: datetime
    period_start: datetime
    period_end: datetime
    message_count: int
    summary: str
    participants: list[str]
    topics: list[str] = field(default_factory=list)
    source: Literal["model", "offline"] = "offline"

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "timestamp": iso(self.timestamp),
            "periodStart": iso(self.period_start),
            "periodEnd": iso(self.period_end),
            "messageCount": self.message_count,
            "summary": self.summary,
            "participants": list(self.participants),
            "topics": list(self.topics),
            "source": self.source,
        }

    def to_document(self) -> dict[str, Any]:
        doc = self.to_dict()
        doc["_id"] = doc["id"]
        doc["timestamp"] = self.timestamp
        doc["periodStart"] = self.period_start
        doc["periodEnd"] = self.period_end
        return doc


@dataclass
class ActivityOutcome:
    """What one activity run did with its window (``run_activity`` returns None when there was none)."""

    summary: ActivitySummary
    candidates: int  # facts and goals above the similarity floor
    llm_called: bool
    learned: dict[str, int] = field(default_factory=dict)  # added / merged / failed
    record: ReflectionRecord | None = None  # the opportunity evaluation, when the window got one

    @property
    def posted(self) -> bool:
        return self.record is not None and self.record.action == "message"
