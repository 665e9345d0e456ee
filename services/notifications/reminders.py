"""The clock's quarter-left reminder (services/clocks/reminders.py) as a notification: written to the game's
outbox under the reminder's own de-duplication key and delivered like every other notification."""

from __future__ import annotations

from services.clocks.reminders import QuarterLeft, on_quarter_left
from services.notifications import outbox
from services.parts import Parts


def notify_quarter_left(parts: Parts, reminder: QuarterLeft) -> None:
    """Add the reminder to the game's outbox (once per seat and turn: the turn's start version is the
    outbox's version) and queue its delivery."""
    meta = parts.meta.get(reminder.game_id)
    if meta is None:
        return
    outbox.enqueue_reminder(
        parts.redis, reminder.game_id, meta.game, reminder.seat, reminder.since, reminder.remaining
    )
    parts.notify.schedule(reminder.game_id, f"reminder-{reminder.seat}-{reminder.since}")


def install() -> None:
    """Send every clock reminder as a notification (idempotent: the hook is registered once)."""
    on_quarter_left(notify_quarter_left)
