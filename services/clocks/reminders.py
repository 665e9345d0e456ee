"""The reminder a seat gets when a quarter of its turn's time is left: the hook notifications connect to.

When a seat's remaining time drops to a quarter of its turn's time (per move + reserve), a worker (the
scheduled ``remind_seat`` job, or the sweep if that job was lost) calls :func:`send_quarter_left` once per
turn: unless ``keys.reminders_sent`` marks it sent, it calls every function registered with
:func:`on_quarter_left` with a :class:`QuarterLeft`, then marks it sent. So a reminder is never lost (a worker
killed before the mark leaves it to the next job or sweep) and is delivered at least once: a hook must
de-duplicate by :attr:`QuarterLeft.dedup_key` (a job and the sweep racing, or a crash between a hook and the
mark, call it twice); once marked, nothing more is sent (the seat's clock reads the mark as ``reminded``).
A hook gets ids and times only, never anything of the game's view, so it cannot leak a secret. Notification
delivery (an outbox, e-mail, webhooks) registers its hook at start-up::

    from services.clocks.reminders import on_quarter_left
    on_quarter_left(lambda parts, reminder: outbox.add(parts, "reminder", reminder, key=reminder.dedup_key))

A hook that raises is logged and does not stop the others nor the worker.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass

from services import keys
from services.parts import Parts

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


ReminderHook = Callable[[Parts, QuarterLeft], None]
_hooks: list[ReminderHook] = []


def on_quarter_left(hook: ReminderHook) -> ReminderHook:
    """Register ``hook`` (called for every reminder sent); returns it, so it can decorate a function."""
    if hook not in _hooks:
        _hooks.append(hook)
    return hook


def forget_hook(hook: ReminderHook) -> None:
    if hook in _hooks:
        _hooks.remove(hook)


def send_quarter_left(parts: Parts, reminder: QuarterLeft) -> bool:
    """Send the reminder unless it went out already; True if this call sent it."""
    field = f"{reminder.seat}:{reminder.since}"
    if parts.redis.hexists(keys.reminders_sent(reminder.game_id), field):
        return False
    log.info(
        "game %s: a quarter of seat %s's time is left (%.0f s)",
        reminder.game_id,
        reminder.seat,
        reminder.remaining,
    )
    for hook in list(_hooks):
        try:
            hook(parts, reminder)
        except Exception:
            log.exception("game %s: a reminder hook failed", reminder.game_id)
    parts.redis.hset(keys.reminders_sent(reminder.game_id), field, "1")
    return True
