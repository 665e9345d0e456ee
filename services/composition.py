"""The composition root: every object a process runs games with, built once and handed its collaborators.

The facade (services/game_service.py) builds one :class:`Components` per process; the API, the workers and
the command line reach the objects through it. No object below gets the root itself: each takes the few
collaborators it uses in its constructor (or names them in a small protocol of its own, as the sweep,
the upkeep and health do, which the root satisfies).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import redis

from services.clocks.days_off import DaysOff
from services.clocks.deadlines import Deadlines
from services.clocks.reminders import Reminders
from services.notifications.reminders import ReminderNotices
from services.notifications.scheduling import NotifyScheduler
from services.processing.absences import Absences
from services.processing.clock_steps import ClockSteps, TurnReminders
from services.processing.command_queue import CommandQueue
from services.processing.deciding_here import DecidingHere
from services.processing.decision_jobs import DecisionJobs
from services.processing.game_processor import GameProcessor
from services.processing.job_scheduler import JobScheduler
from services.processing.job_start import JobReads
from services.processing.next_steps import GameOver, NextSteps, TurnJobs
from services.processing.stand_ins import StandIns
from services.processing.sweep import Sweep
from services.read_side.projected_state import ProjectedStates, stored_state
from services.read_side.projections import Projections
from services.results import GameMeta, meta_from
from services.settings import Settings
from services.store.archive_catalog import ArchiveCatalog
from services.store.command_inbox import CommandInbox
from services.store.compaction import Compaction
from services.store.due_index import DueIndex
from services.store.event_store import EventStore
from services.store.heartbeats import WorkerHeartbeats
from services.store.meta_store import MetaStore
from services.store.snapshots import Snapshots
from services.table.state_cache import StateCache


class Components:
    """The store's objects on ``connection``, the job scheduler on the RQ Redis instances
    (``rq_connections``; ``rq_home``: the one this process's worker serves) and the worker's components
    wired from them. ``states`` is the worker's owned state cache (jobs run one at a time per process, and
    fold its states in place); ``shared_states`` serves reads from any thread (the API's), behind
    ``projected_states`` (the state the workers project, folded on by the events it lacks)."""

    def __init__(
        self,
        connection: redis.Redis,
        settings: Settings,
        rq_connections: Sequence[redis.Redis],
        rq_home: int = 0,
    ) -> None:
        self.redis = connection
        self.settings = settings
        self.store = EventStore(connection, settings.clock)
        self.inbox = CommandInbox(connection)
        self.meta = MetaStore(connection, meta_from, GameMeta)
        self.deadlines = Deadlines(connection)
        self.days_off = DaysOff(connection)
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
        self.scheduler = JobScheduler(connection, rq_connections, settings, rq_home)
        self.compaction = Compaction(connection)
        self.archive_catalog = ArchiveCatalog(connection)
        self.notify = NotifyScheduler(connection, self.scheduler, settings.clock)
        self.command_queue = CommandQueue(connection, self.inbox, self.due, self.scheduler, settings.clock)
        self._wire_worker()

    def _wire_worker(self) -> None:
        """The worker's components: deciding, settling, clocks (their reminders go out as notifications),
        stand-ins, absences, the decision jobs."""
        connection, settings = self.redis, self.settings
        self.quarter_left = Reminders(connection, [ReminderNotices(connection, self.meta, self.notify)])
        self.reminders = TurnReminders(settings, self.deadlines, self.days_off, self.meta, self.quarter_left)
        self.clocks = ClockSteps(settings, self.deadlines, self.days_off, self.scheduler, self.command_queue)
        game_over = GameOver(
            settings, self.projections, self.meta, self.compaction, self.scheduler, self.archive_catalog
        )
        turns = TurnJobs(settings, self.store, self.inbox, self.scheduler)
        self.next_steps = NextSteps(settings, self.projections, self.due, self.clocks, turns, game_over)
        reads = JobReads(connection, self.states, self.inbox, self.meta)
        self.processor = GameProcessor(settings, self.store, self.states, reads, self.next_steps, self.notify)
        self.decisions = DecisionJobs(self.processor, self.scheduler, settings.decision_linger)
        self.deciding_here = DecidingHere(self._processor_of_its_own())
        self.absences = Absences(
            connection, settings, self.days_off, self.meta, self.scheduler, self.command_queue
        )
        self.stand_ins = StandIns(
            settings, self.meta, self.states, self.clocks, self.command_queue, self.absences
        )

    def _processor_of_its_own(self) -> GameProcessor:
        """A processor with a state cache of its own, for the API's threads (the worker's, whose states
        its jobs fold in place, may run beside them in this process: the embedded worker)."""
        states = StateCache(
            self.store,
            self.snapshots,
            self.settings.snapshot_every,
            owned=True,
            latest=lambda game, game_id: stored_state(self.redis, game, game_id),
        )
        reads = JobReads(self.redis, states, self.inbox, self.meta)
        return GameProcessor(self.settings, self.store, states, reads, self.next_steps, self.notify)

    def sweep(self, expire_open_games: Callable[[float], object]) -> Sweep:
        """The sweep, which drops open games nobody started with ``expire_open_games(now)``."""
        return Sweep(self, self.processor, self.stand_ins, expire_open_games)
