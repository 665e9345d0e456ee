"""Worker heartbeats: a sorted set, worker name -> epoch seconds of its last beat (keys.worker_heartbeats).

Every worker (``papyrus worker`` and the embedded worker of ``papyrus serve``) beats about once a second
while it waits for jobs and after each job (services/processing/upkeep.py). A worker is counted alive while
its last beat is under :data:`ALIVE_SECONDS` old: the health check needs one; ``papyrus doctor`` lists the
others as dead, and the sweep forgets names silent for a day.
"""

from __future__ import annotations

from typing import cast

import redis

from services import keys
from services.store.replies import as_str

ALIVE_SECONDS = 30.0
FORGET_SECONDS = 24 * 3600.0


class WorkerHeartbeats:
    def __init__(self, connection: redis.Redis) -> None:
        self._redis = connection

    def beat(self, worker: str, now: float) -> None:
        self._redis.zadd(keys.worker_heartbeats(), {worker: now})

    def last_beats(self) -> dict[str, float]:
        """Every known worker and the time of its last beat."""
        key = keys.worker_heartbeats()
        found = cast(list[tuple[bytes, float]], self._redis.zrange(key, 0, -1, withscores=True))
        return {as_str(name): float(at) for name, at in found}

    def alive(self, now: float) -> list[str]:
        """The workers that beat in the last :data:`ALIVE_SECONDS`."""
        found = self._redis.zrangebyscore(keys.worker_heartbeats(), now - ALIVE_SECONDS, "+inf")
        return [as_str(name) for name in found]

    def forget(self, workers: list[str]) -> None:
        if workers:
            self._redis.zrem(keys.worker_heartbeats(), *workers)

    def forget_silent(self, now: float) -> int:
        """Drop the workers silent for :data:`FORGET_SECONDS`; how many."""
        return int(self._redis.zremrangebyscore(keys.worker_heartbeats(), "-inf", now - FORGET_SECONDS))
