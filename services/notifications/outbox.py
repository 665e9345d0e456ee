"""The game's outbox, which holds what its events tell its players until it is delivered: the entries an
append writes (services/processing/append_notes.py decides them), a quarter-left reminder
(:func:`enqueue_reminder`) and an invitation added beside them, and their reading for delivery."""

from __future__ import annotations

from typing import Any

import msgspec
import redis

from services import keys
from services.clocks.reminders import QuarterLeft
from services.processing.append_notes import Notification, decode, dedup_key, encode
from services.store.lua_scripts import source
from services.store.replies import as_str

ENTRY_FIELD = "n"


def mark_due(connection: redis.Redis, game_id: str) -> None:
    """Make the game's outbox due now for the notification sweep. Called *before* the step that writes the
    outbox entry (the due index is cross-slot, so it cannot join a game's MULTI or Lua step on a cluster):
    a crash in between leaves an entry due early, which the sweep finds empty, never an entry not due."""
    connection.zadd(keys.notify_due(), {game_id: 0}, lt=True)


def enqueue_reminder(
    connection: redis.Redis, game: str, reminder: QuarterLeft, step: redis.client.Pipeline | None = None
) -> str:
    """Entry point for the clock code: a quarter of the reminder's seat's time is left in its turn since
    version ``reminder.since`` of a game of ``game``.

    Marks the game's outbox due on ``connection``, then adds a "reminder" to the outbox on ``step`` (the
    clock's own MULTI or pipeline, which the caller executes) or at once. Returns the de-duplication key: one
    reminder per seat and version, however often called. Any worker's notification sweep delivers it within
    about a second.
    """
    game_id, seat, version, seconds_left = reminder.game_id, reminder.seat, reminder.since, reminder.remaining
    key = dedup_key(game_id, version, "reminder", seat)
    note = Notification(
        key=key,
        kind="reminder",
        game_id=game_id,
        game=game,
        version=version,
        seat=seat,
        seconds_left=round(max(0.0, seconds_left), 3),
    )
    mark_due(connection, game_id)
    (step if step is not None else connection).xadd(
        keys.notify_outbox(game_id), {ENTRY_FIELD: encode([note])}
    )
    return key


def add_invitation(
    pipe: redis.client.Pipeline, game_id: str, game: str, version: int, account: str, invite: str | None
) -> Notification:
    """An invitation of ``account`` to ``game_id`` in the game's outbox (``pipe``: the caller's MULTI on the
    game's keys; the caller marks the outbox due first, see :func:`mark_due`)."""
    note = Notification(
        key=dedup_key(game_id, version, "invitation", account.lower()),
        kind="invitation",
        game_id=game_id,
        game=game,
        version=version,
        account=account,
        invite=invite,
    )
    pipe.xadd(keys.notify_outbox(game_id), {ENTRY_FIELD: encode([note])})
    return note


class OutboxEntry(msgspec.Struct, frozen=True):
    entry_id: str
    notes: list[Notification]


class Outbox:
    """A game's outbox as delivery reads it: entries in order, each deleted once delivered."""

    def __init__(self, connection: redis.Redis) -> None:
        self._redis = connection
        self._drop_if_empty = connection.register_script(source("outbox_drop_if_empty"))

    def entries(self, game_id: str, count: int = 100) -> list[OutboxEntry]:
        found: Any = self._redis.xrange(keys.notify_outbox(game_id), "-", "+", count=count)
        return [
            OutboxEntry(as_str(entry_id), decode(fields[ENTRY_FIELD.encode()])) for entry_id, fields in found
        ]

    def ack(self, game_id: str, entry_id: str) -> None:
        self._redis.xdel(keys.notify_outbox(game_id), entry_id)

    def pending(self, game_id: str) -> int:
        return int(self._redis.xlen(keys.notify_outbox(game_id)))

    def drop_if_empty(self, game_id: str) -> bool:
        """Delete the game's outbox if it holds nothing (atomically: an entry appended meanwhile stays);
        True if it is gone."""
        return bool(self._drop_if_empty(keys=[keys.notify_outbox(game_id)]))
