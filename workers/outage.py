"""Riding out a Redis outage: wait for Redis to answer again, with back-off, logged once.

A worker never exits because Redis went away: it waits, then carries on. The wait pings every Redis the worker
uses through clients that do not retry, paced by a back-off from :data:`FIRST_DELAY` doubling up to
:data:`LONGEST_DELAY` seconds. One warning says Redis is gone, one that it is back and after how long.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence

import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

from services.store.unavailable import STORE_UNAVAILABLE

log = logging.getLogger(__name__)
FIRST_DELAY = 0.2
LONGEST_DELAY = 2.0
STEP = 0.1
PING_TIMEOUT = 2.0


class RepeatedReconnectionFilter(logging.Filter):
    """Drops the line RQ's job loop logs at each failed reconnection ("could not connect to Redis instance
    ... retrying"): the worker's own wait (:class:`StoreOutage`) says it once per outage."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "could not connect to Redis instance" not in str(record.msg)


def quiet_rq_reconnection_logs() -> None:
    """Install :class:`RepeatedReconnectionFilter` on RQ's worker logger (once)."""
    rq_log = logging.getLogger("rq.worker")
    if not any(isinstance(existing, RepeatedReconnectionFilter) for existing in rq_log.filters):
        rq_log.addFilter(RepeatedReconnectionFilter())


def ping_client(url: str) -> redis.Redis:
    """A client for pinging ``url``: no retries, short timeouts."""
    return redis.Redis.from_url(
        url, retry=Retry(NoBackoff(), 0), socket_connect_timeout=PING_TIMEOUT, socket_timeout=PING_TIMEOUT
    )


class StoreOutage:
    """Waits until every ``ping`` answers. ``sleep`` and ``monotonic`` are injectable for tests."""

    def __init__(
        self,
        pings: Sequence[Callable[[], object]],
        sleep: Callable[[float], None] = time.sleep,
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        self._pings = pings
        self._sleep = sleep
        self._monotonic = monotonic

    def answers(self) -> Exception | None:
        """None if every Redis answers, else the error of the first that does not."""
        try:
            for ping in self._pings:
                ping()
        except STORE_UNAVAILABLE as error:
            return error
        return None

    def wait(self, stopping: Callable[[], bool], error: Exception | None = None) -> bool:
        """Block until Redis answers (True) or ``stopping()`` (False). ``error`` is what the caller hit, if
        it hit one (logged instead of the first ping's)."""
        started = self._monotonic()
        delay = FIRST_DELAY
        logged = False
        while not stopping():
            failed = self.answers()
            if failed is None:
                if logged:
                    log.warning("Redis answers again after %.1f s; carrying on", self._monotonic() - started)
                return True
            if not logged:
                log.warning(
                    "Redis does not answer (%s: %s); waiting for it, retrying up to every %.0f s",
                    type(error or failed).__name__,
                    error or failed,
                    LONGEST_DELAY,
                )
                logged = True
            self.pause(delay, stopping)
            delay = min(delay * 2, LONGEST_DELAY)
        return False

    def pause(self, seconds: float, stopping: Callable[[], bool]) -> None:
        """Sleep ``seconds`` in short steps, returning early once ``stopping()``."""
        until = self._monotonic() + seconds
        while not stopping() and self._monotonic() < until:
            self._sleep(min(STEP, max(0.0, until - self._monotonic())))
