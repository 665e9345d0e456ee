"""Rendering the metrics for a scrape: this process's figures (or, under ``papyrus api``, those of every API
process through prometheus_client's multiprocess mode) plus the store's figures read now (service_probe.py).

Multiprocess mode is on when ``PROMETHEUS_MULTIPROC_DIR`` is set before prometheus_client is imported
(``papyrus api`` sets it for the API's processes and empties it at start: papyrus/commands/api.py and
shared_figures.py); otherwise each process answers its own in-memory figures.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    ProcessCollector,
    generate_latest,
    start_http_server,
)
from prometheus_client.metrics_core import Metric
from prometheus_client.multiprocess import MultiProcessCollector
from prometheus_client.registry import Collector

from services.observability import metrics
from services.observability.metrics import REGISTRY
from services.observability.service_probe import ServiceCollector, ServiceProbe

MULTIPROC_DIR = "PROMETHEUS_MULTIPROC_DIR"


def multiprocess_dir() -> str | None:
    return os.environ.get(MULTIPROC_DIR) or None


class ProcessFigures(Collector):
    """The figures recorded by this process, or by every process sharing the multiprocess directory."""

    def __init__(self) -> None:
        directory = multiprocess_dir()
        self._sources: list[Collector] = []
        if directory is None:
            self._sources = [REGISTRY, ProcessCollector(registry=None)]
        else:
            self._sources = [MultiProcessCollector(None, path=directory)]  # type: ignore[no-untyped-call]

    def collect(self) -> Iterator[Metric]:
        for source in self._sources:
            yield from source.collect()


class Scrape(Collector):
    """This process's figures and the store's, the store's winning where both name one figure."""

    def __init__(self, probe: ServiceProbe | None) -> None:
        self._process = ProcessFigures()
        self._service = ServiceCollector(probe) if probe is not None else None

    def collect(self) -> Iterator[Metric]:
        metrics.record_gc_pauses()
        service = list(self._service.collect()) if self._service is not None else []
        known = {family.name for family in service}
        yield from _excluding(self._process.collect(), known)
        yield from service


def _excluding(families: Iterable[Metric], names: set[str]) -> Iterator[Metric]:
    return (family for family in families if family.name not in names)


def render(probe: ServiceProbe | None) -> tuple[bytes, str]:
    """The Prometheus text exposition of this process's figures and, with a probe, the store's."""
    registry = CollectorRegistry(auto_describe=False)
    registry.register(Scrape(probe))
    return generate_latest(registry), CONTENT_TYPE_LATEST


def serve_process_metrics(port: int, host: str = "0.0.0.0") -> int:
    """Answer this process's figures over HTTP on ``host:port`` (a daemon thread); returns the port bound
    (``port`` 0 picks a free one). A worker's endpoint: ``papyrus worker --metrics-port``."""
    registry = CollectorRegistry(auto_describe=False)
    registry.register(Scrape(None))
    server, _ = start_http_server(port, addr=host, registry=registry)
    return int(server.server_port)
