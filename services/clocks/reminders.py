"""The reminder a seat gets when a quarter of its turn's time is left, and the hooks it is handed to.

A worker (the ``remind_seat`` job, or the sweep if it was lost) calls :meth:`Reminders.send` once per turn:
unless ``keys.reminders_sent`` marks it sent, it calls every hook :class:`Reminders` was built with (the
composition root hands it the notifications' hook), then marks it. So a reminder is never lost and comes at
least once: a hook de-duplicates by :attr:`QuarterLeft.dedup_key`. A hook gets ids and times only, never the
game's view; one that raises is logged and stops nothing.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import redis

from services import keys

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class QuarterLeft:
    """A quarter of ``seat``'s time in its turn since version ``since`` is left: ``remaining`` seconds,
    until ``deadline`` (epoch seconds)."""

    game_id: str
    seat: int
    since: int
    remaining: float
    deadline: float

    @property
    def dedup_key(self) -> str:
        """The same for every delivery of this reminder: hooks de-duplicate by it."""
        return f"reminder:{self.game_id}:{self.seat}:{self.since}"


ReminderHook = Callable[[QuarterLeft], None]


class Reminders:
    """Sends each quarter-left reminder once to ``hooks`` (kept in ``hooks``: a test may add one)."""

    def __init__(self, connection: redis.Redis, hooks: Sequence[ReminderHook] = ()) -> None:
        self._connection = connection
        self.hooks = list(hooks)

    def send(self, reminder: QuarterLeft) -> bool:
        """Send the reminder unless it went out already; True if this call sent it."""
        field = f"{reminder.seat}:{reminder.since}"
        if self._connection.hexists(keys.reminders_sent(reminder.game_id), field):
            return False
        log.info(
            "game %s: a quarter of seat %s's time is left (%.0f s)",
            reminder.game_id,
            reminder.seat,
            reminder.remaining,
        )
        for hook in list(self.hooks):
            try:
                hook(reminder)
            except Exception:
                log.exception("game %s: a reminder hook failed", reminder.game_id)
        self._connection.hset(keys.reminders_sent(reminder.game_id), field, "1")
        return True
