"""What the shared room (lobby/shared.py) raises, apart from it: eko/failures.py words these
errors for people without importing socketio and redis (about a second of every `eko` command)."""

from __future__ import annotations

# Each SharedRoomError ``code`` and its English line for the logs; people read it worded by the
# catalogues (``sharedRoom.<code>``). Redis's URL may hold a password: no text here ever names it.
SHARED_LOG_LINES = {
    "unreachable": "cannot reach Redis (EKO_REDIS_URL): {reason}",
    "no_start_marker": "Redis did not hand back this process's start marker",
    "no_subscription": "no subscription confirmation from Redis",
    "lock_taken": "the room's write lock stayed taken",
    "not_locked": "publishing without the room's write lock",
}


class SharedRoomError(Exception):
    """The shared room cannot take a write now (Redis unreachable, or its lock held too long):
    ``code`` (a :data:`SHARED_LOG_LINES` key) and ``params``; ``str()`` is the English log line."""

    def __init__(self, code: str, /, **params: object) -> None:
        self.code = code
        self.params = params
        super().__init__(SHARED_LOG_LINES[code].format(**params))
