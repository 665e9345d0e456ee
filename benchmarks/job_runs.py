"""Running a benchmark's RQ jobs in its own process, failing loudly: RQ records a job that raised in the
queue's failed-job registry and carries on, so a benchmark that only drained the queue would print a figure
measured over broken jobs."""

from __future__ import annotations

from rq import Queue, SimpleWorker
from rq.job import Job


class JobFailed(RuntimeError):
    """A job of the benchmark raised: its figures would mean nothing."""


def run_jobs(queue: Queue, max_jobs: int | None = None) -> bool:
    """Run ``queue``'s jobs in this process until it is empty (or ``max_jobs`` ran); raise :class:`JobFailed`
    with the first failure's traceback if any job failed. Returns whether any job ran."""
    worker = SimpleWorker([queue], connection=queue.connection)
    worked = worker.work(burst=True, max_jobs=max_jobs, logging_level="ERROR")
    raise_failed(queue)
    return worked


def raise_failed(queue: Queue) -> None:
    """:class:`JobFailed` if ``queue``'s failed-job registry holds a job."""
    failed = queue.failed_job_registry.get_job_ids()
    if not failed:
        return
    job = Job.fetch(failed[0], connection=queue.connection)
    result = job.latest_result()
    cause = result.exc_string if result is not None else job.exc_info
    raise JobFailed(
        f"{len(failed)} job(s) of queue {queue.name} failed; the first, {job.func_name}:\n{cause}"
    )
