"""Entry point of ``papyrus worker``: an RQ worker (with the RQ scheduler) on the configured queue.

Jobs run in the worker process itself (:class:`InProcessWorker`, RQ's ``SimpleWorker``): a job takes a few
milliseconds, less than forking a work-horse, and the process keeps its folded states for the next job.
Timeouts still hold (SIGALRM per job). A job that crashes the interpreter takes the worker down with it;
nothing is half-written (every write is one version-checked step), the supervisor restarts the worker and
the sweep re-queues the game's work. ``--max-jobs`` bounds a process's life; ``--fork`` brings back RQ's
forking worker.
"""

from __future__ import annotations

from rq import SimpleWorker, Worker

from services.settings import Settings
from workers import context


class InProcessWorker(SimpleWorker):
    """Runs each job in the worker process (no fork); timeouts by SIGALRM (RQ's default death penalty)."""


def run_worker(
    settings: Settings | None = None,
    burst: bool = False,
    name: str | None = None,
    fork: bool = False,
    max_jobs: int | None = None,
) -> bool:
    """Work the Papyrus queue until stopped (or until it is empty with ``burst``, or after ``max_jobs``)."""
    settings = settings or Settings.from_env()
    service = context.service_from_env(settings)
    context.register(service)
    scheduler = service.parts.scheduler
    scheduler.sweep(0.0)
    worker_class = Worker if fork else InProcessWorker
    worker = worker_class([scheduler.queue], connection=scheduler.queue.connection, name=name)
    return bool(worker.work(burst=burst, with_scheduler=True, logging_level="INFO", max_jobs=max_jobs))
