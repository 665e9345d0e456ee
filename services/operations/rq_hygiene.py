"""RQ's side of ``papyrus doctor``: failed jobs, and workers RQ still lists that no longer beat.

Failed jobs and results expire on their own (``PAPYRUS_FAILED_JOB_TTL``, ``PAPYRUS_RESULT_TTL``, set on every
job in services/processing/job_scheduler.py); a worker killed without a word stays in RQ's registries until
its key expires (RQ's worker TTL, minutes). These functions list both and clear them on request.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from rq import Queue, Worker
from rq.registry import FailedJobRegistry, StartedJobRegistry
from rq.worker_registration import clean_worker_registry

from services.store.heartbeats import ALIVE_SECONDS


@dataclass(frozen=True)
class FailedJob:
    """A failed job: its id, its function, the game it was for (every Papyrus job's first argument) and the
    last line of its error."""

    job_id: str
    function: str
    game_id: str | None
    error: str
    rq: int = 0  # the index of its RQ Redis


@dataclass(frozen=True)
class SilentWorker:
    """A worker RQ lists whose last heartbeat is older than ``ALIVE_SECONDS`` (None: never beat)."""

    name: str
    last_heartbeat: float | None


def failed_jobs(queue: Queue, rq: int = 0) -> list[FailedJob]:
    """The failed jobs of ``queue``, on the RQ Redis of index ``rq``."""
    registry = FailedJobRegistry(queue=queue)
    found = []
    for job_id in registry.get_job_ids():
        job = queue.fetch_job(job_id)
        if job is None:
            found.append(FailedJob(job_id, "?", None, "the job's record has expired", rq))
            continue
        result = job.latest_result()
        error = (result.exc_string or "").strip().splitlines() if result is not None else []
        game_id = job.args[0] if job.args and isinstance(job.args[0], str) else None
        found.append(FailedJob(job_id, job.func_name or "?", game_id, error[-1] if error else "?", rq))
    return found


def delete_failed_job(queue: Queue, job_id: str) -> None:
    FailedJobRegistry(queue=queue).remove(job_id, delete_job=True)


@dataclass(frozen=True)
class AbandonedJob:
    """A job RQ lists as started by a worker that is dead: RQ marks it abandoned (failed) only when its
    entry in the started registry runs out, a minute or more after the kill."""

    job_id: str
    function: str
    game_id: str | None
    worker: str
    rq: int = 0  # the index of its RQ Redis


def abandoned_jobs(queue: Queue, dead_workers: set[str], rq: int = 0) -> list[AbandonedJob]:
    """The started jobs of ``dead_workers`` in ``queue``, on the RQ Redis of index ``rq`` (RQ first moves
    those whose entry ran out to the failed jobs)."""
    found = []
    for job_id in StartedJobRegistry(queue=queue).get_job_ids():
        job = queue.fetch_job(job_id)
        if job is None or job.worker_name not in dead_workers:
            continue
        game_id = job.args[0] if job.args and isinstance(job.args[0], str) else None
        found.append(AbandonedJob(job_id, job.func_name or "?", game_id, job.worker_name, rq))
    return found


def delete_job(queue: Queue, job_id: str) -> None:
    """Delete a job, and its entries in RQ's registries."""
    job = queue.fetch_job(job_id)
    if job is not None:
        job.delete()


def silent_workers(queue: Queue, now: float) -> list[SilentWorker]:
    """The workers RQ lists for ``queue`` that have not beaten for ``ALIVE_SECONDS``."""
    silent = []
    for worker in Worker.all(queue=queue):
        beat: datetime | None = worker.last_heartbeat
        at = beat.timestamp() if beat is not None else None
        if at is None or now - at > ALIVE_SECONDS:
            silent.append(SilentWorker(worker.name, at))
    return silent


def forget_worker(queue: Queue, name: str) -> None:
    """Take a dead worker out of RQ's registries (its key goes a minute later), then let RQ move the jobs
    whose heartbeat ran out to the failed registry and drop registry entries of vanished workers."""
    worker = Worker.find_by_key(Worker.redis_worker_namespace_prefix + name, connection=queue.connection)
    if worker is not None:
        worker.register_death()  # type: ignore[no-untyped-call]
    StartedJobRegistry(queue=queue).cleanup()
    clean_worker_registry(queue)
