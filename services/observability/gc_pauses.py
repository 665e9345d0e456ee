"""Python's cyclic garbage collector set for a long-running server process, and its pauses measured.

A collection stops every thread of the process while it walks the objects of the generations it collects;
a full one walks every container object in the process. Once an API or worker process has started, most of
those are what importing the code and building the app made (modules, functions, classes, routes,
compiled schemas: about 50,000 objects in an API process), and they live as long as the process does.
Walked on every full collection, they made its pauses 50 to 140 ms on the 2-core benchmark machine, in the
API and in the workers alike: every request or job under way waited that long, the largest share of the
submit p99 at 100 commands/s (BENCHMARKS.md).

:func:`settle_after_start` collects once, then moves every object still alive into the collector's
permanent generation (``gc.freeze``), which no collection walks again: the full collections that follow
walk only what the process made since (its caches, requests and jobs under way). An object so frozen is
still freed by reference counting as usual; only a reference cycle among frozen objects would stay.

Each collection's pause is recorded in ``papyrus_gc_pause_seconds`` (by generation), so an operator who
sees the latency's tail rise can tell whether the collector is the cause.
"""

from __future__ import annotations

import gc
import time
from typing import Any

from prometheus_client import Histogram

from domain.registry import games
from services.observability import metrics

PAUSE_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25)
GC_PAUSE = Histogram(
    "papyrus_gc_pause_seconds",
    "How long each collection of Python's cyclic garbage collector stopped the process, by generation.",
    ["generation"],
    buckets=PAUSE_BUCKETS,
    registry=metrics.REGISTRY,
)


class PauseTimer:
    """A ``gc.callbacks`` entry timing each collection (the collector runs under the GIL, one at a time)."""

    def __init__(self) -> None:
        self._started = 0.0

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._started = time.perf_counter()
        elif metrics.is_enabled():
            GC_PAUSE.labels(str(info["generation"])).observe(time.perf_counter() - self._started)


def settle_after_start() -> None:
    """Call once a process has built what it serves with: load every hosted game (its rules and tables
    live as long as the process, and a process would otherwise import them at its first job or request),
    collect, freeze what is left, time the pauses from now on (once per process; a second call only
    freezes what was made since)."""
    games()
    gc.collect()
    gc.freeze()
    if not any(isinstance(callback, PauseTimer) for callback in gc.callbacks):
        gc.callbacks.append(PauseTimer())
