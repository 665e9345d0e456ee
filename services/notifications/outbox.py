"""What a game's events tell its players, and the game's outbox that holds it until it is delivered.

A notification is written in the same Redis step as the events that cause it: the processor passes the
encoded list to ``append.lua``, which adds it as one entry of the game's outbox stream
(``keys.notify_outbox``) together with the events, or writes neither. Each notification carries a
de-duplication key naming the game, the version that caused it, its kind and the seat, so a redelivery after
a crash is recognisable as the same notification on every channel (services/notifications/delivery.py).

Events that notify (:data:`KINDS`): a seat's turn begins (once per turn: a seat that was already to act is
not notified again, and automatic steps, which nobody acts in, notify nobody), the game started, the game
ended (with the ranking and scores, which are public by then), an invitation to an account, and a reminder
when a quarter of a seat's time is left (:func:`enqueue_reminder`, called by the clock code).

A notification holds no view, no event data and no command: nothing another seat could keep secret.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Literal

import msgspec
import redis

from domain.engine import Game
from services import keys
from services.store.lua_scripts import source
from services.store.replies import as_str
from services.table.ranking import table_result
from services.table.state import TableState

Kind = Literal["your_turn", "reminder", "game_started", "game_ended", "invitation"]
KINDS: tuple[Kind, ...] = ("your_turn", "reminder", "game_started", "game_ended", "invitation")
ENTRY_FIELD = "n"


class Notification(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """One notification for one seat of a game (``account`` instead of a seat for an invitation)."""

    key: str
    kind: Kind
    game_id: str
    game: str
    version: int
    seat: int | None = None
    account: str | None = None
    ranking: list[int] | None = None
    scores: list[int] | None = None
    seconds_left: float | None = None
    invite: str | None = None


def dedup_key(game_id: str, version: int, kind: Kind, who: int | str) -> str:
    return f"{game_id}:{version}:{kind}:{who}"


def _note(kind: Kind, game_id: str, game: Game, version: int, seat: int, **extra: Any) -> Notification:
    key = dedup_key(game_id, version, kind, seat)
    return Notification(
        key=key, kind=kind, game_id=game_id, game=game.name, version=version, seat=seat, **extra
    )


def after_append(
    game: Game,
    game_id: str,
    version: int,
    waiting_before: set[int],
    after: Any,
    notified: frozenset[int],
    started: bool = False,
    table: TableState | None = None,
) -> list[Notification]:
    """The notifications an append reaching ``version`` causes for the seats in ``notified`` (those held by
    accounts): the start, the end with its ranking, or the turn of each seat newly to act (not among
    ``waiting_before``, the seats that had to act before the append). With the ``table`` after the append,
    the end is the table's: a game ended by resignations ends, and seats that gave up rank last."""
    if not notified or after is None:
        return []
    result = table_result(game.result(after), table) if table is not None else game.result(after)
    if result is not None:
        ranking, scores = list(result.ranking), list(result.scores)
        return [
            _note("game_ended", game_id, game, version, seat, ranking=ranking, scores=scores)
            for seat in sorted(notified)
        ]
    notes = (
        [_note("game_started", game_id, game, version, seat) for seat in sorted(notified)] if started else []
    )
    newly = (game.to_act(after) - waiting_before) & notified
    return notes + [_note("your_turn", game_id, game, version, seat) for seat in sorted(newly)]


def encode(notes: Iterable[Notification]) -> bytes:
    """The notifications of one append as one outbox entry ("" when there are none)."""
    listed = list(notes)
    return msgspec.json.encode(listed) if listed else b""


def decode(raw: bytes | str) -> list[Notification]:
    return msgspec.json.decode(raw, type=list[Notification])


def mark_due(connection: redis.Redis, game_id: str) -> None:
    """Make the game's outbox due now for the notification sweep. Called *before* the step that writes the
    outbox entry (the due index is cross-slot, so it cannot join a game's MULTI or Lua step on a cluster):
    a crash in between leaves an entry due early, which the sweep finds empty, never an entry not due."""
    connection.zadd(keys.notify_due(), {game_id: 0}, lt=True)


def enqueue_reminder(
    connection: redis.Redis,
    game_id: str,
    game: str,
    seat: int,
    version: int,
    seconds_left: float,
    step: redis.client.Pipeline | None = None,
) -> str:
    """Entry point for the clock code: a quarter of ``seat``'s time is left at ``version`` of the game.

    Marks the game's outbox due on ``connection``, then adds a "reminder" notification to the outbox on
    ``step`` if given (the clock's own MULTI or pipeline on the game's keys, so the reminder is written in
    the same step as the clock's writes; the caller executes it) or at once on ``connection``. Returns the
    de-duplication key: one reminder per seat and version, however often this is called (a delivered key
    is not sent again). The notification sweep of any worker delivers it within about a second; a caller
    may also queue a ``deliver_notifications`` job at once with ``parts.notify.schedule(game_id, cause)``."""
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
