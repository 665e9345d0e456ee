"""The store's building blocks wired to one pair of Redis connections (shared by the facade and workers)."""

from __future__ import annotations

from typing import Any

import redis

from domain.engine import Game
from domain.registry import get_game
from services.archive import Archive
from services.command_inbox import CommandInbox
from services.event_store import EventStore
from services.meta_store import MetaStore
from services.projections import Projections
from services.scheduling import JobScheduler
from services.settings import Settings
from services.snapshots import Snapshots
from services.state_cache import StateCache


class Components:
    """``states`` is the worker's owned state cache (jobs run one at a time per process, and fold its states
    in place); ``shared_states`` serves reads from any thread (the API's)."""

    def __init__(self, connection: redis.Redis, settings: Settings, rq_connection: redis.Redis) -> None:
        self.redis = connection
        self.settings = settings
        self.store = EventStore(connection, settings.clock)
        self.inbox = CommandInbox(connection)
        self.meta = MetaStore(connection)
        self.projections = Projections(connection)
        self.snapshots = Snapshots(connection)
        self.states = StateCache(self.store, self.snapshots, settings.snapshot_every, owned=True)
        self.shared_states = StateCache(self.store, self.snapshots, settings.snapshot_every)
        self.scheduler = JobScheduler(connection, rq_connection, settings)
        self.archive = Archive(connection)

    def game_of(self, game_id: str) -> tuple[dict[str, Any], Game]:
        """The meta and Game of an existing game (KeyError if unknown)."""
        meta = self.meta.get(game_id)
        if meta is None:
            raise KeyError(game_id)
        return meta, get_game(meta["game"])
