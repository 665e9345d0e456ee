"""What a decision job reads about its game before it decides anything, in one round trip (a batch of typed
reads, services/store/read_batch.py).

It clears the game's "process job queued" flag (a later command queues a job of its own) and reads the meta,
the head and the first commands after the checkpoint, plus the records appended since this worker's cached
state of the game, or the projected state when it holds none. Folding the few records a cached state lacks
costs less than decoding the projected state, so a cached state, even behind, is preferred.
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import itemgetter
from typing import Any

import redis

from domain.engine import Game
from domain.registry import get_game
from services import keys
from services.processing.game_in_job import GameInJob
from services.read_side.projected_state import stored_state_from, stored_state_read
from services.results import GameMeta, meta_from
from services.store.command_inbox import CommandInbox, pending_among
from services.store.event_store import EventStore, Head, records_after
from services.store.meta_store import MetaStore
from services.store.read_batch import Read, Reads
from services.store.records import CommandRecord, EventRecord
from services.store.seat_accounts import seat_accounts
from services.table.state_cache import StateCache

# commands read with the game's meta and head: most jobs find one or two queued; with this many, more may be
READ_AHEAD = 4
# event entries read after a cached head: another worker's command and its automatic steps are one entry
EVENTS_READ_AHEAD = 8


@dataclass(frozen=True)
class JobStart:
    queued: bool  # the "process job queued" flag was set
    notified: frozenset[int]  # the seats held by accounts
    meta: GameMeta
    game: Game
    head: Head
    commands: list[tuple[str, CommandRecord]] | None  # after the checkpoint; None: more may be queued
    records: tuple[Head, list[EventRecord]] | None  # after the cached head up to ``head``, when read
    projected: list[Any] | None  # the projected state's [version, body], read when no state was cached

    def latest_state(self) -> tuple[int, Any] | None:
        """The projected state read with the head, decoded (None when there is none usable or it was not
        read)."""
        return stored_state_from(self.game, self.projected) if self.projected is not None else None


def read_job_start(
    connection: redis.Redis, states: StateCache, game_id: str, first: Read[Any] | None = None
) -> JobStart:
    """The game as its decision job starts (KeyError for a game with no meta); ``states``: the worker's
    state cache, whose head says which events to read ahead; ``first``: a checked read of the caller's
    batched before the others (a command's queueing, which they then find)."""
    cached = states.cached_head(game_id)
    batch = Reads(connection)
    if first is not None:
        batch.add(first)
    cleared = batch.add(Read(lambda pipe: pipe.delete(keys.process_queued(game_id)), itemgetter(0)))
    # the meta and the head at one moment: a table older than the head would judge the next command
    moment = batch.add(EventStore.meta_and_head_read(game_id))
    latest = batch.add(CommandInbox.latest(game_id, READ_AHEAD))
    if cached is not None:
        read = batch.add(EventStore.entries_after(game_id, cached.version, EVENTS_READ_AHEAD))
    else:
        read = batch.add(stored_state_read(game_id))
    batch.run()
    raw_meta, head = moment.value
    meta = meta_from(raw_meta)
    if meta is None:
        raise KeyError(game_id)
    records = None
    if cached is not None and cached.version < head.version:
        found = records_after(read.value, cached.version, cached.hash, head.version)
        records = (cached, found) if found is not None else None
    commands = pending_among(latest.value, head.checkpoint, READ_AHEAD)
    projected = list(read.value) if cached is None else None
    notified = notified_seats(raw_meta)
    return JobStart(
        bool(cleared.value), notified, meta, get_game(meta.game), head, commands, records, projected
    )


class JobReads:
    """What a worker reads about a game it decides: the start of a decision job (:meth:`start`), the game
    as any other job starts (:meth:`game`), the commands queued after a checkpoint, the meta again."""

    def __init__(
        self, connection: redis.Redis, states: StateCache, inbox: CommandInbox, meta: MetaStore[GameMeta]
    ) -> None:
        self._connection = connection
        self._states = states
        self._inbox = inbox
        self._meta = meta

    def start(self, game_id: str, first: Read[Any] | None = None) -> JobStart:
        return read_job_start(self._connection, self._states, game_id, first)

    def game(self, game_id: str) -> GameInJob:
        """The game's meta and rules (KeyError if unknown), with its seats held by accounts (one read)."""
        raw_meta = self._connection.hgetall(keys.meta(game_id))
        meta = meta_from(raw_meta)
        if meta is None:
            raise KeyError(game_id)
        return GameInJob(get_game(meta.game), game_id, meta, notified_seats(raw_meta))

    def pending(self, game_id: str, checkpoint: str, count: int) -> list[tuple[str, CommandRecord]]:
        return self._inbox.pending(game_id, checkpoint, count=count)

    def meta(self, game_id: str) -> GameMeta | None:
        return self._meta.get(game_id)


def notified_seats(raw_meta: dict[Any, Any]) -> frozenset[int]:
    """The seats whose players can be notified: those held by an account (from the raw meta hash)."""
    return frozenset(seat_accounts(raw_meta))
