"""Reflection: Eko asks its curiosities and chimes in on its own, under a strict rate limit.

Public API (see ``docs/reflection.md``)::

    service = ReflectionService(memory=..., llm=..., db=..., chat=..., settings=ReflectionSettings(...))
    await service.start(); await service.run_scheduled(); await service.run_activity()
    await service.trigger_manual(requested_by); service.try_start_manual(requested_by)
    await service.status(); service.note_goal_answered(goal_id); await service.close()
"""

from reflection.errors import ReflectionBusy, ReflectionError, TriggerTooSoon
from reflection.ports import ChatConnection, ReflectionMemory
from reflection.records import ActivityOutcome, ActivitySummary, ReflectionRecord
from reflection.service import ReflectionService
from reflection.settings import ReflectionSettings

__all__ = [
    "ActivityOutcome",
    "ActivitySummary",
    "ChatConnection",
    "ReflectionBusy",
    "ReflectionError",
    "ReflectionMemory",
    "ReflectionRecord",
    "ReflectionService",
    "ReflectionSettings",
    "TriggerTooSoon",
]
