"""Entry point of ``papyrus worker``: an RQ worker (with the RQ scheduler) on the configured queue.

By default jobs run in the worker process itself (:class:`InProcessWorker`, RQ's ``SimpleWorker``), not in
a work-horse forked per job as RQ's default ``Worker`` does. A Papyrus job takes a few milliseconds; a fork
per job costs more than that, and the forked horse throws away what the job learnt (its folded states: the
worker's state cache only pays off in a process that lives on), so the next job refolds the game from its
snapshot. Job timeouts are still enforced: in the main thread RQ arms SIGALRM for each job and raises
``JobTimeoutException`` inside it when the job overruns.

What the fork bought, and what replaces it: a job that crashes the interpreter (a segfault, the OOM killer,
SIGKILL) now takes the worker down with it, instead of only its horse. Nothing is half-written either way
(every write is one atomic, version-checked step); the job stays in RQ's started registry until RQ's
cleanup marks it abandoned, the process supervisor restarts the worker, and the sweep re-queues the game's
work from the log. ``--max-jobs`` bounds how long one process lives (if memory creeps, the supervisor starts
a fresh one), and ``--fork`` brings back RQ's forking worker for whoever prefers isolation to speed.
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
    # RQ's own lines per job stay below WARNING: each job logs one line of its own (workers/observed_jobs.py)
    return bool(worker.work(burst=burst, with_scheduler=True, logging_level="WARNING", max_jobs=max_jobs))
