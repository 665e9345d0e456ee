"""Everything a game runs on, wired to one pair of Redis connections (shared by the facade and the workers):
the stores, the state caches, the projections and the job scheduler."""

from __future__ import annotations

import redis
from redis.commands.core import Script

from domain.engine import Game
from domain.registry import get_game
from services.notifications.scheduling import NotifyScheduler
from services.observability.structured_logs import annotate
from services.processing.job_scheduler import JobScheduler, QueuedFlag
from services.read_side.projected_state import ProjectedStates, stored_state
from services.read_side.projections import Projections
from services.results import GameMeta
from services.settings import Settings
from services.store.archive import Archive
from services.store.command_inbox import CommandInbox, submitted
from services.store.deadlines import Deadlines
from services.store.due_index import DueIndex
from services.store.event_store import EventStore
from services.store.heartbeats import WorkerHeartbeats
from services.store.lua_scripts import execute_with_scripts
from services.store.meta_store import MetaStore
from services.store.records import CommandRecord
from services.store.snapshots import Snapshots
from services.store.state_cache import StateCache


class Parts:
    """``states`` is the worker's owned state cache (jobs run one at a time per process, and fold its states
    in place); ``shared_states`` serves reads from any thread (the API's), behind ``projected_states``
    (the state the workers project, folded on by the events it lacks)."""

    def __init__(self, connection: redis.Redis, settings: Settings, rq_connection: redis.Redis) -> None:
        self.redis = connection
        self.settings = settings
        self.store = EventStore(connection, settings.clock)
        self.inbox = CommandInbox(connection)
        self.meta = MetaStore(connection)
        self.deadlines = Deadlines(connection)
        self.due = DueIndex(connection)
        self.heartbeats = WorkerHeartbeats(connection)
        self.projections = Projections(connection)
        self.snapshots = Snapshots(connection)
        self.states = StateCache(
            self.store,
            self.snapshots,
            settings.snapshot_every,
            owned=True,
            latest=lambda game, game_id: stored_state(connection, game, game_id),
        )
        self.shared_states = StateCache(self.store, self.snapshots, settings.snapshot_every)
        self.projected_states = ProjectedStates(connection, self.store, self.shared_states)
        self.scheduler = JobScheduler(connection, rq_connection, settings)
        self.archive = Archive(connection)
        self.notify = NotifyScheduler(connection, self.scheduler, settings.clock)

    def game_of(self, game_id: str) -> tuple[GameMeta, Game]:
        """The meta and Game of an existing game (KeyError if unknown)."""
        meta = self.meta.get(game_id)
        if meta is None:
            raise KeyError(game_id)
        return meta, get_game(meta.game)

    def queue_command(self, game_id: str, record: CommandRecord, fingerprint: bytes = b"") -> bool:
        """Append a command (idempotent by command_id), mark its game due and make sure a process_game job
        will see it; False if the command id was already submitted (with the body's ``fingerprint``,
        :class:`services.store.command_inbox.CommandIdReused` if it was first sent with another body). The
        append, the due mark (after it: see services/store/due_index.py), the job's flag and, when RQ shares
        the store's Redis, the game's note as waiting for a decision go in one round trip."""
        queued: list[QueuedFlag] = []

        def fill(pipe: redis.client.Pipeline) -> list[Script]:
            script = self.inbox.queue_submit(pipe, game_id, record, fingerprint)
            self.due.mark(game_id, self.settings.clock(), pipe)
            queued[:] = [self.scheduler.queue_flag(pipe, game_id)]
            return [script, *queued[0].scripts]

        replies = execute_with_scripts(self.redis, fill)
        annotate(command_id=record.command_id, seat=record.seat)
        self.scheduler.after_flag(game_id, queued[0], replies)
        is_new, _ = submitted(replies[0])
        return is_new

    def schedule_decision(self, game_id: str) -> None:
        """Mark the game due and make sure a process_game job will decide its queued commands (one round
        trip)."""
        self.scheduler.process_game(game_id, lambda pipe: self.due.mark(game_id, self.settings.clock(), pipe))
