"""Whether the service can move games on: Redis answers, a worker is alive, the sweep runs, and how promptly.

``ok`` when each Redis answers, a worker heartbeat is under ``heartbeats.ALIVE_SECONDS`` old and the last
sweep started within two intervals; else ``missing`` names what is not (``redis``, ``rq_redis``,
``worker``, ``sweep``; ``rq_worker``: of several RQ Redis, one has no worker). ``rq``: each RQ Redis's
figures. With all there, the service is ``degraded`` while its oldest undecided command is older than
:data:`LAGGING_SECONDS` (``lagging``: its age).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

import redis

from services.operations.backlog import oldest_undecided_command
from services.operations.rq_figures import RqFigures, rq_figures
from services.processing.job_scheduler import JobScheduler
from services.processing.sweep import SweepTotals, last_sweep
from services.settings import Settings
from services.store.due_index import DueIndex
from services.store.heartbeats import WorkerHeartbeats
from services.store.unavailable import STORE_UNAVAILABLE

LAGGING_SECONDS = 5.0  # an undecided command older than this: the workers lag (a decision takes ms)


class Watched(Protocol):
    """What health and the scraped figures read: the composition root's objects satisfy it."""

    @property
    def redis(self) -> redis.Redis: ...
    @property
    def settings(self) -> Settings: ...
    @property
    def heartbeats(self) -> WorkerHeartbeats: ...
    @property
    def scheduler(self) -> JobScheduler: ...
    @property
    def due(self) -> DueIndex: ...


@dataclass(frozen=True)
class HealthReport:
    missing: tuple[str, ...]
    workers: int = 0
    sweep: SweepTotals | None = None
    lagging: float | None = None
    rq: tuple[RqFigures, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.missing

    @property
    def status(self) -> str:
        if self.missing:
            return "unavailable"
        return "ok" if self.lagging is None else "degraded"


def _answers(ping: Callable[[], object]) -> bool:
    try:
        ping()
    except STORE_UNAVAILABLE:
        return False
    return True


def check_health(watched: Watched, store_ping: Callable[[], object], now: float) -> HealthReport:
    """The service's health at ``now``; ``store_ping`` pings the store (the API's own connection)."""
    down = [] if _answers(store_ping) else ["redis"]
    rq = tuple(rq_figures(watched.scheduler, now))
    instances = watched.scheduler.instances
    if any(not figures.up and instances[figures.index].connection is not watched.redis for figures in rq):
        down.append("rq_redis")
    if down:
        return HealthReport(missing=tuple(down), rq=rq)
    workers = len(watched.heartbeats.alive(now))
    sweep = last_sweep(watched.redis)
    missing = []
    if workers == 0:
        missing.append("worker")
    if len(rq) > 1 and any(figures.workers == 0 for figures in rq):
        missing.append("rq_worker")
    if sweep is None or sweep.last.at < now - 2 * watched.settings.sweep_interval:
        missing.append("sweep")
    oldest = oldest_undecided_command(watched.redis, watched.due, now)
    lagging = oldest.age_seconds if oldest is not None and oldest.age_seconds > LAGGING_SECONDS else None
    return HealthReport(tuple(missing), workers, sweep, lagging, rq)
