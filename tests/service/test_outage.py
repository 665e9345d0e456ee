"""Workers ride out a Redis outage (fakeredis told to refuse connections): the wait backs off and logs
once, and a worker whose job met the outage waits, then carries on with the next job."""

from __future__ import annotations

import logging
from collections.abc import Callable

import fakeredis
import pytest
import redis
from rq import Queue

from workers.outage import LONGEST_DELAY, StoreOutage
from workers.worker import InProcessWorker

SERVERS: list[fakeredis.FakeServer] = []


class FakeTime:
    def __init__(self) -> None:
        self.now = 0.0
        self.sleeps: list[float] = []

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds

    def monotonic(self) -> float:
        return self.now


def refused_then_answers(failures: int) -> tuple[list[int], Callable[[], bool]]:
    calls = [0]

    def ping() -> bool:
        calls[0] += 1
        if calls[0] <= failures:
            raise redis.ConnectionError("Connection refused")
        return True

    return calls, ping


def test_the_wait_backs_off_and_logs_once_when_redis_goes_and_once_when_it_is_back(
    caplog: pytest.LogCaptureFixture,
) -> None:
    clock = FakeTime()
    calls, ping = refused_then_answers(failures=12)
    outage = StoreOutage([ping], sleep=clock.sleep, monotonic=clock.monotonic)
    with caplog.at_level(logging.WARNING, logger="workers.outage"):
        assert outage.wait(lambda: False) is True
    assert calls[0] == 13
    messages = [record.getMessage() for record in caplog.records]
    assert len(messages) == 2, messages
    assert messages[0].startswith("Redis does not answer (ConnectionError: Connection refused)")
    assert messages[1].startswith("Redis answers again after")
    assert max(clock.sleeps) <= LONGEST_DELAY and clock.now > 10 * LONGEST_DELAY / 2


def test_the_wait_ends_without_redis_when_the_worker_is_asked_to_stop() -> None:
    clock = FakeTime()
    _, ping = refused_then_answers(failures=1_000_000)
    outage = StoreOutage([ping], sleep=clock.sleep, monotonic=clock.monotonic)
    assert outage.wait(lambda: clock.now > 30) is False


def loses_redis() -> None:
    """A job during which Redis goes away (its failure cannot be recorded either)."""
    SERVERS[0].connected = False
    raise redis.ConnectionError("Connection reset by peer")


def test_a_worker_whose_job_meets_an_outage_waits_for_redis_and_carries_on_with_the_next_job() -> None:
    server = fakeredis.FakeServer()
    SERVERS[:] = [server]
    connection = fakeredis.FakeRedis(server=server)
    queue = Queue("outage-test", connection=connection)
    doomed = queue.enqueue(f"{__name__}.loses_redis")
    after = queue.enqueue("builtins.len", "four")

    def ping_brings_redis_back() -> bool:
        server.connected = True
        return True

    worker = InProcessWorker([queue], connection=connection)
    worker.outage = StoreOutage([ping_brings_redis_back])
    assert worker.work(burst=True, logging_level="CRITICAL") is True
    assert worker.jobs_run == 2
    assert after.get_status(refresh=True) == "finished" and after.return_value() == 4
    assert doomed.get_status(refresh=True) != "finished"
