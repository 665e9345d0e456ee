"""An in-process RQ worker for embedded mode (``papyrus serve`` without REDIS_URL, on fakeredis).

Two daemon threads share the service's connections: one runs an RQ ``SimpleWorker`` (jobs execute in the
thread, no fork), one moves due scheduled jobs (delayed automatic phases, deadlines, sweeps) onto the
queue once a second, as the RQ scheduler would.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass, field

from rq import SimpleWorker
from rq.scheduler import RQScheduler
from rq.timeouts import TimerDeathPenalty

from services.game_service import GameService
from workers import context

log = logging.getLogger(__name__)
IDLE_SECONDS = 1
SCHEDULER_TICK = 1.0


class ThreadWorker(SimpleWorker):
    """A SimpleWorker that can live outside the main thread (signals belong to the main thread, so job
    timeouts use a timer thread instead of SIGALRM)."""

    death_penalty_class = TimerDeathPenalty

    def _install_signal_handlers(self) -> None:
        return None


@dataclass
class EmbeddedWorker:
    service: GameService
    stop_event: threading.Event = field(default_factory=threading.Event)
    threads: list[threading.Thread] = field(default_factory=list)

    def stop(self, timeout: float = 5.0) -> None:
        self.stop_event.set()
        for thread in self.threads:
            thread.join(timeout)

    def _work(self) -> None:
        scheduler = self.service.parts.scheduler
        worker = ThreadWorker([scheduler.queue], connection=scheduler.queue.connection)
        while not self.stop_event.is_set():
            try:
                worker.work(burst=False, max_idle_time=IDLE_SECONDS, logging_level="WARNING")
            except Exception:
                log.exception("embedded worker loop failed; restarting it")
                self.stop_event.wait(IDLE_SECONDS)

    def _schedule(self) -> None:
        queue = self.service.parts.scheduler.queue
        rq_scheduler = RQScheduler([queue], connection=queue.connection)
        rq_scheduler.prepare_registries([queue.name])
        while not self.stop_event.wait(SCHEDULER_TICK):
            try:
                rq_scheduler.enqueue_scheduled_jobs()  # type: ignore[no-untyped-call]
            except Exception:
                log.exception("embedded scheduler tick failed")


def start_embedded_worker(service: GameService) -> EmbeddedWorker:
    """Register ``service`` for this process's jobs and start the worker and scheduler threads."""
    context.register(service)
    embedded = EmbeddedWorker(service)
    service.parts.scheduler.sweep(0.0)
    for target, name in ((embedded._work, "papyrus-worker"), (embedded._schedule, "papyrus-scheduler")):
        thread = threading.Thread(target=target, name=name, daemon=True)
        thread.start()
        embedded.threads.append(thread)
    return embedded
