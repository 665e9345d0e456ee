"""The clock's quarter-left reminder (services/clocks/reminders.py) as a notification: written to the game's
outbox under the reminder's own de-duplication key and delivered like every other notification."""

from __future__ import annotations

import redis

from services.clocks.reminders import QuarterLeft
from services.notifications import outbox
from services.notifications.scheduling import NotifyScheduler
from services.results import GameMeta
from services.store.meta_store import MetaStore


class ReminderNotices:
    """The reminder hook (services/clocks/reminders.py) the composition root hands the clocks."""

    def __init__(self, connection: redis.Redis, meta: MetaStore[GameMeta], notify: NotifyScheduler) -> None:
        self._connection = connection
        self._meta = meta
        self._notify = notify

    def __call__(self, reminder: QuarterLeft) -> None:
        """Add the reminder to the game's outbox (once per seat and turn: the turn's start version is the
        outbox's version) and queue its delivery."""
        meta = self._meta.get(reminder.game_id)
        if meta is None:
            return
        outbox.enqueue_reminder(self._connection, meta.game, reminder)
        self._notify.schedule(reminder.game_id, f"reminder-{reminder.seat}-{reminder.since}")
