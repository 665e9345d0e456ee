"""Python's garbage collector set for a long-running server process, and its pauses measured.

What importing the code and building the app made (about 50,000 objects) lives as long as the process; walked
on every full collection, it paused a process 50 to 140 ms. :func:`settle_after_start` collects once, then
freezes what is alive (``gc.freeze``) so no collection walks it again (reference counting still frees it);
:class:`LongLived` does the same for open live pages as they come. Each pause is recorded in
``papyrus_gc_pause_seconds``, by generation, once the collection is over (metrics.py).
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from typing import Any

from domain.registry import games
from services.observability import metrics


class PauseTimer:
    """A ``gc.callbacks`` entry timing each collection (the collector runs under the GIL, one at a time); the
    pause is handed to :func:`metrics.gc_paused`, which only queues it."""

    def __init__(self) -> None:
        self._started = 0.0

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._started = time.perf_counter()
        else:
            metrics.gc_paused(info["generation"], time.perf_counter() - self._started)


FREEZE_EVERY = 100  # long-lived owners (open live pages) that join between two freezes
RECLAIM_SECONDS = 3600.0  # cyclic garbage caught in a freeze is collected at most this much later
FREEZE_SECONDS = 1.0  # while owners live, what they made since is frozen this often


class LongLived:
    """Freezes what is alive once every ``every`` long-lived owners joined (a process's live pages, each a
    few dozen objects for minutes): a full collection walks every object alive, and with 10,000 open pages
    paused the process for most of a second, for pushes and submits alike. Frozen, they are never walked;
    reference counting still frees them when their page ends. A freeze past ``reclaim_seconds`` since the
    last full collection starts with one (a single pause), which frees the cycles frozen meanwhile."""

    def __init__(
        self,
        every: int = FREEZE_EVERY,
        reclaim_seconds: float = RECLAIM_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._every, self._reclaim_seconds, self._clock = every, reclaim_seconds, clock
        self._joined = 0
        self._collected = clock()

    def joined(self) -> None:
        """One more long-lived owner: every ``every``-th freezes what is alive."""
        self._joined += 1
        if self._joined >= self._every:
            self.freeze()

    def freeze(self) -> None:
        """Freeze what is alive now (what the owners made while they live, e.g. each page's current wait)."""
        self._joined = 0
        now = self._clock()
        if now - self._collected >= self._reclaim_seconds:
            self._collected = now
            gc.unfreeze()
            gc.collect()
        gc.freeze()


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
