"""Figures read from the store when Prometheus scrapes: queue depth, failed jobs, live workers, the age of
the oldest undecided command, when the sweep last ran, the sweep interval.

They describe the whole service, not one process, so every API instance answers the same figures
(aggregate them with ``max``, not ``sum``). :class:`ServiceProbe` is what the collector needs;
:class:`StoreProbe` answers it from what the store and RQ hold today.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Protocol

from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector
from redis.exceptions import RedisError
from rq import Worker
from rq.registry import FailedJobRegistry

from services import keys
from services.parts import Parts
from services.store.event_store import head_from
from services.store.replies import as_str


class ServiceProbe(Protocol):
    def queue_depth(self) -> int:
        """Jobs waiting in the queue."""
        ...

    def failed_jobs(self) -> int:
        """Jobs in RQ's failed registry."""
        ...

    def live_workers(self) -> int:
        """Workers alive now."""
        ...

    def oldest_undecided_at(self) -> float | None:
        """Submit time (Unix seconds) of the oldest command not decided yet; None if every one is."""
        ...

    def last_sweep_at(self) -> float | None:
        """When a sweep last finished (Unix seconds); None if the store does not record it."""
        ...

    def sweep_interval(self) -> float:
        """Seconds between sweeps."""
        ...


class StoreProbe:
    """The figures from the store and RQ's own keys.

    Live workers are RQ's registered workers (a killed worker stays listed until its registration key
    expires); the oldest undecided command is found by reading, for every running game, its command
    checkpoint and the first command after it (two pipelined round trips, however many games run); the
    store does not record the sweep's last run, so workers export it (``papyrus_sweep_...``)."""

    def __init__(self, parts: Parts) -> None:
        self._parts = parts

    def queue_depth(self) -> int:
        return int(self._parts.scheduler.queue.count)

    def failed_jobs(self) -> int:
        queue = self._parts.scheduler.queue
        return int(FailedJobRegistry(queue=queue).count)

    def live_workers(self) -> int:
        queue = self._parts.scheduler.queue
        return int(Worker.count(connection=queue.connection, queue=queue))

    def oldest_undecided_at(self) -> float | None:
        redis = self._parts.redis
        game_ids = self._parts.meta.running_ids()
        if not game_ids:
            return None
        heads = redis.pipeline(transaction=False)
        for game_id in game_ids:
            heads.hgetall(keys.head(game_id))
        firsts = redis.pipeline(transaction=False)
        for game_id, raw_head in zip(game_ids, heads.execute(), strict=True):
            firsts.xrange(keys.commands(game_id), f"({head_from(raw_head).checkpoint}", "+", count=1)
        submitted = [_entry_seconds(entries[0][0]) for entries in firsts.execute() if entries]
        return min(submitted, default=None)

    def last_sweep_at(self) -> float | None:
        return None

    def sweep_interval(self) -> float:
        return self._parts.settings.sweep_interval


def _entry_seconds(entry_id: object) -> float:
    """A stream entry id's time: ``<milliseconds>-<sequence>``, given by Redis when it was appended."""
    return int(as_str(entry_id).split("-", 1)[0]) / 1000


class ServiceCollector(Collector):
    """The probe's figures as gauges, read at each scrape."""

    def __init__(self, probe: ServiceProbe, clock: Callable[[], float] = time.time) -> None:
        self._probe = probe
        self._clock = clock

    def collect(self) -> Iterator[GaugeMetricFamily]:
        """The store's figures and ``papyrus_store_up`` 1, or ``papyrus_store_up`` 0 alone when the store
        does not answer (the scrape still answers the process's own figures, its Redis errors among them)."""
        try:
            figures = list(self._read())
        except RedisError:
            figures = []
        yield _gauge(
            "papyrus_store_up", "1 if the store answered this scrape's reads, else 0.", int(bool(figures))
        )
        yield from figures

    def _read(self) -> Iterator[GaugeMetricFamily]:
        probe = self._probe
        yield _gauge("papyrus_queue_depth", "Jobs waiting in the RQ queue.", probe.queue_depth())
        yield _gauge("papyrus_failed_jobs", "Jobs in RQ's failed registry.", probe.failed_jobs())
        yield _gauge("papyrus_workers_alive", "Workers alive now.", probe.live_workers())
        oldest = probe.oldest_undecided_at()
        age = 0.0 if oldest is None else max(0.0, self._clock() - oldest)
        yield _gauge(
            "papyrus_oldest_undecided_command_age_seconds",
            "Age of the oldest submitted command not decided yet (0 when every command is decided).",
            age,
        )
        yield _gauge("papyrus_sweep_interval_seconds", "Seconds between sweeps.", probe.sweep_interval())
        last = probe.last_sweep_at()
        if last is not None:
            yield _gauge(
                "papyrus_sweep_last_run_timestamp_seconds", "When a sweep last finished (Unix time).", last
            )


def _gauge(name: str, documentation: str, value: float) -> GaugeMetricFamily:
    return GaugeMetricFamily(name, documentation, value=value)
