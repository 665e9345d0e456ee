"""The figures of each RQ Redis instance, for the health endpoint, the metrics, the sweep and the doctor.

Two round trips per instance: jobs queued, games waiting for a decision job, jobs scheduled, started and
failed, and the workers RQ lists for the queue that beat within ``ALIVE_SECONDS`` (a killed worker stays
listed until its key expires, minutes later). An instance that does not answer is reported down.
"""

from __future__ import annotations

from dataclasses import dataclass

import redis
from rq.registry import FailedJobRegistry, ScheduledJobRegistry, StartedJobRegistry
from rq.utils import utcparse
from rq.worker_registration import WORKERS_BY_QUEUE_KEY

from services import keys
from services.processing.job_scheduler import JobScheduler
from services.processing.rq_instances import RqInstance
from services.store.heartbeats import ALIVE_SECONDS
from services.store.replies import as_str
from services.store.unavailable import STORE_UNAVAILABLE


@dataclass(frozen=True)
class RqFigures:
    index: int
    up: bool
    queued: int = 0
    waiting: int = 0
    scheduled: int = 0
    started: int = 0
    failed: int = 0
    workers: int = 0

    @property
    def stalled(self) -> bool:
        """Work waits on this instance and no worker serves it."""
        return self.up and self.workers == 0 and bool(self.queued or self.waiting or self.started)


def beating_workers(connection: redis.Redis, worker_keys: set[bytes], now: float) -> int:
    """How many of the RQ workers at ``worker_keys`` beat within ``ALIVE_SECONDS`` of ``now``."""
    pipe = connection.pipeline(transaction=False)
    for key in sorted(worker_keys):
        pipe.hget(key, "last_heartbeat")
    beats = [utcparse(as_str(beat)).timestamp() for beat in pipe.execute() if beat is not None]
    return sum(1 for beat in beats if now - beat <= ALIVE_SECONDS)


def instance_figures(instance: RqInstance, now: float) -> RqFigures:
    queue = instance.queue
    pipe = instance.connection.pipeline(transaction=False)
    pipe.llen(queue.key)
    pipe.llen(keys.ready_games())
    pipe.zcard(ScheduledJobRegistry(queue=queue).key)  # type: ignore[no-untyped-call]
    pipe.zcard(StartedJobRegistry(queue=queue).key)
    pipe.zcard(FailedJobRegistry(queue=queue).key)
    pipe.smembers(WORKERS_BY_QUEUE_KEY % queue.name)
    try:
        *counts, worker_keys = pipe.execute()
        workers = beating_workers(instance.connection, worker_keys, now)
    except STORE_UNAVAILABLE:
        return RqFigures(instance.index, up=False)
    queued, waiting, scheduled, started, failed = (int(count) for count in counts)
    return RqFigures(instance.index, True, queued, waiting, scheduled, started, failed, workers)


def rq_figures(scheduler: JobScheduler, now: float) -> list[RqFigures]:
    """The figures of every RQ Redis instance at ``now``, in the order of ``RQ_REDIS_URLS``."""
    return [instance_figures(instance, now) for instance in scheduler.instances]
