"""Queueing the delivery of a game's outbox after an append wrote to it (the processor's settle step), and
the notification sweep that catches what a lost job left (services/notifications/delivery.py)."""

from __future__ import annotations

from collections.abc import Callable

import redis

from services import keys
from services.processing.job_scheduler import JobScheduler

GRACE_SECONDS = 2.0


def deliver_job_id(game_id: str, cause: int | str) -> str:
    """The delivery job of what one cause (the version an append reached, an invitation) wrote."""
    return f"papyrus-notify-{game_id}-{cause}"


class NotifyScheduler:
    def __init__(self, connection: redis.Redis, scheduler: JobScheduler, clock: Callable[[], float]) -> None:
        self._redis = connection
        self._scheduler = scheduler
        self._clock = clock

    def schedule(self, game_id: str, cause: int | str) -> None:
        """Mark the game's outbox due (after a grace the sweep takes it, should the job be lost) and queue a
        ``deliver_notifications`` job for it."""
        self._redis.zadd(keys.notify_due(), {game_id: self._clock() + GRACE_SECONDS}, lt=True)
        self._scheduler.ensure(deliver_job_id(game_id, cause), "deliver_notifications", (game_id,))

    def pending(self, game_id: str) -> bool:
        return bool(self._redis.xlen(keys.notify_outbox(game_id)))
