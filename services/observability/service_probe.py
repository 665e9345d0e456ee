"""Figures read from the store when Prometheus scrapes: queue depth, failed jobs, live workers, the age of
the oldest undecided command, when the sweep last ran, the sweep interval.

They describe the whole service, not one process, so every API instance answers the same figures
(aggregate them with ``max``, not ``sum``). :class:`ServiceProbe` is what the collector needs;
:class:`StoreProbe` answers it from the store and RQ.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Protocol

from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector
from redis.exceptions import RedisError

from services.operations.backlog import oldest_undecided_command
from services.operations.health import Watched
from services.operations.rq_figures import RqFigures, rq_figures
from services.processing.sweep import last_sweep


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

    def rq_instances(self) -> list[RqFigures]:
        """Each RQ Redis's figures (services/operations/rq_figures.py)."""
        ...


class StoreProbe:
    """The figures from the store and RQ's own keys: live workers are the workers that beat recently, the
    oldest undecided command is looked for among the games due longest (services/operations/backlog.py),
    the last sweep is the one the store records."""

    def __init__(self, watched: Watched) -> None:
        self._watched = watched

    def queue_depth(self) -> int:
        """Jobs in the RQ queues plus the games waiting for a decision job, over every RQ Redis: under load
        one job decides many waiting games (services/processing/ready_games.py), so a queue stays short."""
        figures = rq_figures(self._watched.scheduler, self._watched.settings.clock())
        return sum(found.queued + found.waiting for found in figures)

    def failed_jobs(self) -> int:
        return sum(
            found.failed for found in rq_figures(self._watched.scheduler, self._watched.settings.clock())
        )

    def live_workers(self) -> int:
        return len(self._watched.heartbeats.alive(self._watched.settings.clock()))

    def oldest_undecided_at(self) -> float | None:
        oldest = oldest_undecided_command(
            self._watched.redis, self._watched.due, self._watched.settings.clock()
        )
        return None if oldest is None else oldest.submitted_at

    def last_sweep_at(self) -> float | None:
        totals = last_sweep(self._watched.redis)
        return None if totals is None else totals.last.at

    def sweep_interval(self) -> float:
        return self._watched.settings.sweep_interval

    def rq_instances(self) -> list[RqFigures]:
        return rq_figures(self._watched.scheduler, self._watched.settings.clock())


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
        yield _gauge(
            "papyrus_queue_depth",
            "Jobs waiting in the RQ queue, and games waiting for a decision job (one job decides many).",
            probe.queue_depth(),
        )
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
        yield from _per_instance(probe.rq_instances())
        last = probe.last_sweep_at()
        if last is not None:
            yield _gauge(
                "papyrus_sweep_last_run_timestamp_seconds", "When a sweep last finished (Unix time).", last
            )


def _per_instance(instances: list[RqFigures]) -> Iterator[GaugeMetricFamily]:
    """Each RQ Redis's figures, labelled ``rq`` by its index in ``RQ_REDIS_URLS``."""
    families = {
        "up": GaugeMetricFamily("papyrus_rq_up", "1 if this RQ Redis answered, else 0.", labels=["rq"]),
        "depth": GaugeMetricFamily(
            "papyrus_rq_queue_depth", "Jobs queued and games waiting for a decision job.", labels=["rq"]
        ),
        "workers": GaugeMetricFamily(
            "papyrus_rq_workers", "Workers serving this RQ Redis that beat in the last 30 s.", labels=["rq"]
        ),
    }
    for found in instances:
        label = [str(found.index)]
        families["up"].add_metric(label, int(found.up))
        families["depth"].add_metric(label, found.queued + found.waiting)
        families["workers"].add_metric(label, found.workers)
    yield from families.values()


def _gauge(name: str, documentation: str, value: float) -> GaugeMetricFamily:
    return GaugeMetricFamily(name, documentation, value=value)
