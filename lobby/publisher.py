"""Group commit: store the messages that arrived together in one write, then broadcast them in order."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from contextlib import AbstractAsyncContextManager

from store import LobbyMessage

Store = Callable[[list[LobbyMessage]], Awaitable[object]]
Broadcast = Callable[[list[LobbyMessage]], Awaitable[None]]
Exclusive = Callable[[], AbstractAsyncContextManager[None]]

logger = logging.getLogger(__name__)


class BatchPublisher:
    """Publishes messages durably: a message is broadcast only once it is stored, and everyone sees
    messages in stored order.

    A durable write costs milliseconds whatever its size, so while one write runs the next messages
    queue up and go in the following one: throughput follows the load, latency stays one write.
    ``exclusive()`` is entered for each batch, around its write and its broadcast (one process: the
    room lock; several: a lock across processes as well); whoever else holds it (sending history to
    a newcomer) sees the room between two batches. ``broadcast`` sends a stored batch, in order.
    """

    def __init__(
        self, store: Store, broadcast: Broadcast, exclusive: Exclusive, max_batch: int = 200
    ) -> None:
        self._store = store
        self._broadcast = broadcast
        self._exclusive = exclusive
        self._max_batch = max_batch
        self._pending: list[tuple[LobbyMessage, asyncio.Future[None]]] = []
        self._task: asyncio.Task[None] | None = None

    async def publish(self, message: LobbyMessage) -> None:
        """Return once ``message`` is stored and broadcast; raise what the store raised."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append((message, future))
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run())
        await future

    async def flush(self) -> None:
        """Wait until every message handed over so far is stored and broadcast."""
        while self._task is not None and not self._task.done():
            await asyncio.wait({self._task})

    async def _run(self) -> None:
        while self._pending:
            batch = self._pending[: self._max_batch]
            del self._pending[: len(batch)]
            messages = [message for message, _ in batch]
            try:
                async with self._exclusive():
                    await self._store(messages)
                    try:
                        await self._broadcast(messages)
                    except Exception as exc:  # stored all the same: history will show them
                        extra = {"message_ids": [message["id"] for message in messages], "error": repr(exc)}
                        logger.error("lobby: broadcast failed", extra=extra)
            except Exception as exc:  # not stored: handed to each sender, who answers with an error ack
                for _, future in batch:
                    if not future.done():
                        future.set_exception(exc)
                continue
            for _, future in batch:
                if not future.done():
                    future.set_result(None)
