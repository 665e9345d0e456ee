"""Entry point of ``papyrus worker``: an RQ worker on the configured queue that also keeps the games moving.

Jobs run in the worker process itself (:class:`InProcessWorker`): a job takes less than a fork, and the
cache of folded states pays off only in a process that lives on; RQ still enforces job timeouts.
``--fork`` runs a process per job. Each worker wakes every second for its upkeep (heartbeat, due scheduled
jobs, the sweep when due). A crashed job leaves its game due for the sweep; a Redis outage never ends a
worker (workers/outage.py).
"""

from __future__ import annotations

import contextlib
import logging
import signal
from types import FrameType

from redis.client import Pipeline
from rq import SimpleWorker, Worker
from rq.exceptions import StopRequested
from rq.job import Job
from rq.queue import Queue
from rq.worker.base import BaseWorker

from services.game_service import GameService
from services.observability.gc_pauses import settle_after_start
from services.processing.upkeep import Upkeep
from services.settings import Settings
from services.store.unavailable import STORE_UNAVAILABLE
from workers import context
from workers.outage import LONGEST_DELAY, StoreOutage, ping_client, quiet_rq_reconnection_logs

log = logging.getLogger(__name__)
WAKE_SECONDS = 1
# RQ keeps a worker's key this + 60 s past its last beat: a killed worker soon leaves RQ's lists.
WORKER_TTL = 60
RESTART_PAUSE = 1.0


class PapyrusWorker(BaseWorker):
    """The Papyrus additions to RQ's workers: the upkeep on every wake-up, and waiting out Redis outages.

    ``upkeep`` and ``outage`` are set by whoever starts the worker (left None, the worker is plain RQ).
    """

    upkeep: Upkeep | None = None
    outage: StoreOutage | None = None
    max_connection_wait_time = LONGEST_DELAY  # RQ's own pause after a failed dequeue (its default: 60 s)
    stopping: bool = False
    stop_raised: bool = False  # RQ raised StopRequested for a stop signal that came while idle
    jobs_run: int = 0

    @property
    def dequeue_timeout(self) -> int:
        return WAKE_SECONDS

    def heartbeat(self, timeout: int | None = None, pipeline: Pipeline | None = None) -> None:
        """RQ's heartbeat (called on every wake-up and after every job), then the upkeep; a Redis outage
        met here is waited out here."""
        if pipeline is not None or self.is_horse:
            super().heartbeat(timeout, pipeline)
            return
        try:
            super().heartbeat(timeout)
            self._run_upkeep()
        except STORE_UNAVAILABLE as error:
            self._ride_out(error)

    def execute_job(self, job: Job, queue: Queue) -> None:
        """RQ's execution; a job cut short by a Redis outage is left to the sweep, the worker carries on."""
        self.jobs_run += 1
        try:
            super().execute_job(job, queue)
        except STORE_UNAVAILABLE as error:
            self._ride_out(error)

    def request_stop(self, signum: int, frame: FrameType | None) -> None:
        self.stopping = True
        try:
            super().request_stop(signum, frame)  # type: ignore[no-untyped-call]
        except StopRequested:
            self.stop_raised = True
            raise

    def _run_upkeep(self) -> None:
        """The upkeep; a stop signal that came during it stops the worker even when the sweep's own
        error handling (a game it could not repair is logged and left) caught RQ's StopRequested."""
        if self.upkeep is None:
            return
        try:
            self.upkeep.tick()
        except (*STORE_UNAVAILABLE, StopRequested):
            raise
        except Exception:
            self.log.exception("Worker %s: upkeep failed; trying again in a second", self.name)
        if self.stop_raised:
            raise StopRequested()

    def _ride_out(self, error: Exception) -> None:
        if self.outage is None:
            raise error
        if not self.outage.wait(lambda: self.stopping or self._stop_requested, error):
            return
        with contextlib.suppress(*STORE_UNAVAILABLE):  # gone again: the next heartbeat waits once more
            if not self.connection.exists(self.key):  # RQ's Redis came back empty: be known to RQ again
                self.register_birth()  # type: ignore[no-untyped-call]


class InProcessWorker(PapyrusWorker, SimpleWorker):
    """Runs each job in the worker process (no fork); timeouts by SIGALRM (RQ's default death penalty)."""


class ForkingWorker(PapyrusWorker, Worker):
    """Runs each job in a forked work-horse (``papyrus worker --fork``)."""


class StopSignals:
    """SIGINT/SIGTERM while no RQ loop is running (waiting for Redis, between two loops): stop."""

    def __init__(self) -> None:
        self.requested = False

    def install(self) -> None:
        signal.signal(signal.SIGINT, self._request)
        signal.signal(signal.SIGTERM, self._request)

    def _request(self, signum: int, frame: FrameType | None) -> None:
        self.requested = True


def run_worker(
    settings: Settings | None = None,
    burst: bool = False,
    name: str | None = None,
    fork: bool = False,
    max_jobs: int | None = None,
    rq: int = 0,
) -> bool:
    """Work the Papyrus queue of the RQ Redis ``rq`` (an index into ``RQ_REDIS_URLS``) until stopped (or
    until it is empty with ``burst``, or after ``max_jobs``).

    RQ's loop ends by itself on a few Redis errors (a reply timing out while it waits for a job); it is
    then started again once Redis answers. A worker that stops takes its heartbeat with it."""
    settings = settings or Settings.from_env()
    service = context.service_from_env(settings, rq_home=rq)
    context.register(service)
    settle_after_start()
    rq_urls = settings.rq_urls()
    urls = [url for url in (settings.redis_url, rq_urls[rq] if rq_urls else None) if url]
    outage = StoreOutage([ping_client(url).ping for url in urls])
    quiet_rq_reconnection_logs()
    signals = StopSignals()
    worked, jobs_run = False, 0
    while True:
        signals.install()
        if not outage.wait(lambda: signals.requested):
            return worked
        worker = _new_worker(service, outage, name, fork)
        remaining = None if max_jobs is None else max_jobs - jobs_run
        worked |= _work(worker, burst, remaining)
        jobs_run += worker.jobs_run
        if worker.stopping or signals.requested or burst or (max_jobs is not None and jobs_run >= max_jobs):
            _retire(worker)
            return worked
        log.warning("worker %s: the job loop ended; starting it again", worker.name)
        outage.pause(RESTART_PAUSE, lambda: signals.requested)


def _new_worker(service: GameService, outage: StoreOutage, name: str | None, fork: bool) -> PapyrusWorker:
    queue = service.components.scheduler.queue
    worker_class = ForkingWorker if fork else InProcessWorker
    worker = worker_class([queue], connection=queue.connection, name=name, worker_ttl=WORKER_TTL)
    worker.outage = outage
    worker.upkeep = Upkeep(
        service.components, service.sweep, worker.name, notifications=service.notifications.sweep
    )
    return worker


def _work(worker: PapyrusWorker, burst: bool, max_jobs: int | None) -> bool:
    """One run of RQ's loop; True if it ran a job. A Redis error that ends it is logged, not raised."""
    try:
        if worker.name and worker.connection.exists(worker.key):
            # a previous loop of this process under this --name, ended by a Redis error
            worker.register_death()  # type: ignore[no-untyped-call]
        return bool(worker.work(burst=burst, logging_level="WARNING", max_jobs=max_jobs))
    except STORE_UNAVAILABLE as error:
        if not worker.stopping:
            log.warning("worker %s: the job loop ended on a Redis error (%s)", worker.name, error)
        return False


def _retire(worker: PapyrusWorker) -> None:
    """Forget the heartbeat of a worker that stops (if Redis answers: else it simply ages out)."""
    if worker.upkeep is not None:
        with contextlib.suppress(*STORE_UNAVAILABLE):
            worker.upkeep.retire()
