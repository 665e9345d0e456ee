"""What every worker does between jobs, about once a second.

:meth:`Upkeep.tick`, called by the worker loop after every job and every second while idle, at most once per
:data:`TICK_SECONDS`: records the worker's heartbeat, moves due scheduled jobs onto the queue, queues a
decision job for games a dead one left waiting, delivers due outboxes and digests, and runs the sweep when
due (the first worker to take its lock sweeps, and does the same for the other RQ Redis instances), then
queues the archiving of games due. Killing a worker delays nothing beyond a lease or lock.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Protocol

import redis

from services import keys
from services.observability import metrics
from services.processing.job_scheduler import JobScheduler
from services.processing.sweep import Sweep, SweepReport, period
from services.settings import Settings
from services.store.archive_catalog import ArchiveCatalog
from services.store.heartbeats import WorkerHeartbeats

TICK_SECONDS = 1.0


class UpkeepStores(Protocol):
    """What the upkeep uses besides the sweep: the composition root's objects satisfy it."""

    @property
    def redis(self) -> redis.Redis: ...
    @property
    def settings(self) -> Settings: ...
    @property
    def heartbeats(self) -> WorkerHeartbeats: ...
    @property
    def scheduler(self) -> JobScheduler: ...
    @property
    def archive_catalog(self) -> ArchiveCatalog: ...


class Upkeep:
    def __init__(
        self,
        stores: UpkeepStores,
        sweep: Sweep,
        worker: str,
        monotonic: Callable[[], float] = time.monotonic,
        notifications: Callable[[str], int] | None = None,
    ) -> None:
        self._stores = stores
        self._sweep = sweep
        self._notifications = notifications
        self.worker = worker
        self._monotonic = monotonic
        self._next_tick = monotonic()

    def tick(self) -> SweepReport | None:
        """:meth:`run`, unless it ran less than :data:`TICK_SECONDS` ago (then None)."""
        now = self._monotonic()
        if now < self._next_tick:
            return None
        self._next_tick = now + TICK_SECONDS
        return self.run()

    def run(self, alone: bool = False) -> SweepReport | None:
        """Heartbeat, due scheduled jobs, and the sweep if it is due (its report, else None). ``alone``:
        the only worker of a store just started (the embedded one): it sweeps now, every game due by now
        included (no job of theirs survived)."""
        stores = self._stores
        now = stores.settings.clock()
        stores.heartbeats.beat(self.worker, now)
        if stores.scheduler.promote_due_jobs(self.worker):  # one worker a second does what follows
            stores.scheduler.queue_for_waiting()  # games a dead decision job left, once its lease ran out
        if self._notifications is not None:
            self._notifications(self.worker)
        if not self.take_sweep(force=alone):
            return None
        report = self._sweep.run(self.worker, nothing_in_flight=alone)
        stores.scheduler.keep_every_instance(self.worker)
        stores.scheduler.retry_finished()
        self._keep_archiving(now)
        metrics.sweep_finished(report.repaired, report.at)
        stores.heartbeats.forget_silent(now)
        return report

    def _keep_archiving(self, now: float) -> None:
        """Queue the archiving job when finished games are due and no job is archiving (its lease)."""
        stores = self._stores
        if not stores.settings.archive_url:
            return
        stores.archive_catalog.fill_once(stores.settings.archive_after)
        if stores.archive_catalog.needs_job(now):
            stores.scheduler.archive_games(now)

    def retire(self) -> None:
        """The worker stops: its heartbeat goes (it is not a dead worker, just a stopped one)."""
        self._stores.heartbeats.forget([self.worker])

    def take_sweep(self, force: bool = False) -> bool:
        """True if the sweep is due (or ``force``) and this worker is the one to run it."""
        hold_ms = max(1, int(period(self._stores.settings.sweep_interval) * 1000))
        return bool(self._stores.redis.set(keys.sweep_lock(), self.worker, nx=not force, px=hold_ms))
