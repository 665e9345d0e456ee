"""What a decision job reads about its game before it decides anything, in one round trip.

It clears the game's "process job queued" flag (a command submitted from then on queues a job of its own,
so the job need not look for commands again once it has decided those it read) and reads the meta, the
head, the first commands after the checkpoint and, when this worker holds the game's state folded up to
an older head (another worker decided the game's last commands), the records appended since; when it
holds no state of the game (a worker new to it, or one whose cache let
it go among many games), the game's projected state (services/read_side/projected_state.py) instead:
most jobs then need no other read before they decide.

Folding the few records a cached state lacks costs less than decoding the projected state (counted:
benchmarks/instruction_counts.py, ``worker_instructions_per_command_alternating``), so a cached state,
even one behind, is preferred.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from domain.engine import Game
from domain.registry import get_game
from services import keys
from services.parts import Parts
from services.read_side.projected_state import queue_stored_state, stored_state_from
from services.results import GameMeta
from services.store.command_inbox import CommandInbox, pending_among
from services.store.event_store import EventStore, Head, head_from, records_after
from services.store.meta_store import meta_from
from services.store.records import CommandRecord, EventRecord

# commands read with the game's meta and head: most jobs find one or two queued; with this many, more may be
READ_AHEAD = 4
# event entries read after a cached head: another worker's command and its automatic steps are one entry
EVENTS_READ_AHEAD = 8


@dataclass(frozen=True)
class JobStart:
    queued: bool  # the "process job queued" flag was set
    raw_meta: dict[Any, Any]
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


def read_job_start(parts: Parts, game_id: str) -> JobStart:
    """The game as its decision job starts (KeyError for a game with no meta)."""
    cached = parts.states.cached_head(game_id)
    pipe = parts.redis.pipeline(transaction=False)
    pipe.delete(keys.process_queued(game_id))
    pipe.hgetall(keys.meta(game_id))
    pipe.hgetall(keys.head(game_id))
    CommandInbox.queue_latest(pipe, game_id, READ_AHEAD)
    if cached is not None:
        EventStore.queue_read_after(pipe, game_id, cached.version, EVENTS_READ_AHEAD)
    else:
        queue_stored_state(pipe, game_id)
    cleared, raw_meta, raw_head, latest, read = pipe.execute()
    meta = meta_from(raw_meta)
    if meta is None:
        raise KeyError(game_id)
    head = head_from(raw_head)
    records = None
    if cached is not None and cached.version < head.version:
        found = records_after(read, cached.version, cached.hash, head.version)
        records = (cached, found) if found is not None else None
    commands = pending_among(latest, head.checkpoint, READ_AHEAD)
    projected = read if cached is None else None
    return JobStart(bool(cleared), raw_meta, meta, get_game(meta.game), head, commands, records, projected)
