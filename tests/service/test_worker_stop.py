"""A stop signal (SIGTERM, SIGINT) stops an idle worker even when it lands while the upkeep runs. RQ's
handler raises StopRequested wherever the signal lands, and the sweep logs and leaves a game it could not
repair (``except Exception``), so the stop can be caught on its way out: the worker must stop all the same,
not wait to be killed."""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Iterator

import fakeredis
import pytest
from rq import Queue

from workers.worker import InProcessWorker


class RanOn(BaseException):
    """The worker ran its upkeep again after it was told to stop."""


class SweepMetByAStop:
    """An upkeep whose first tick is where the stop signal lands: inside a game's repair, whose failure the
    sweep logs and leaves to the next sweep."""

    def __init__(self, worker: InProcessWorker) -> None:
        self.worker = worker
        self.ticks = 0

    def tick(self) -> None:
        self.ticks += 1
        if self.ticks > 1:
            raise RanOn
        # RQ's handler, run where the signal landed; the sweep: "game could not be repaired; trying again
        # at the next sweep"
        with contextlib.suppress(Exception):
            self.worker.request_stop(signal.SIGTERM, None)

    def retire(self) -> None:
        pass


@pytest.fixture
def signal_handlers() -> Iterator[None]:
    """RQ installs its own SIGINT/SIGTERM handlers: the test process gets its own back afterwards."""
    saved = {number: signal.getsignal(number) for number in (signal.SIGINT, signal.SIGTERM)}
    yield
    for number, handler in saved.items():
        signal.signal(number, handler)


def test_a_stop_signal_caught_inside_the_sweep_still_stops_the_idle_worker(signal_handlers: None) -> None:
    connection = fakeredis.FakeRedis(server=fakeredis.FakeServer())
    queue = Queue("stop-in-upkeep", connection=connection)
    worker = InProcessWorker([queue], connection=connection)
    upkeep = SweepMetByAStop(worker)
    worker.upkeep = upkeep  # type: ignore[assignment]

    worker.work(burst=False, logging_level="CRITICAL")

    assert upkeep.ticks == 1
    assert worker.stopping
