"""Whether the service can move games on: Redis answers, a worker is alive, the sweep runs.

``ok`` only when all three hold: each Redis the service uses answers PING, at least one worker heartbeat is
under ``heartbeats.ALIVE_SECONDS`` old (the embedded worker of ``papyrus serve`` counts), and the last
sweep started within two sweep intervals. Otherwise ``missing`` names what is not there: ``redis`` (the
store), ``rq_redis`` (RQ's own Redis, when it is another), ``worker``, ``sweep``. When a Redis does not
answer, the rest cannot be read, so only the Redis is named.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from services.parts import Parts
from services.processing.sweep import SweepTotals, last_sweep
from services.store.unavailable import STORE_UNAVAILABLE


@dataclass(frozen=True)
class HealthReport:
    missing: tuple[str, ...]
    workers: int = 0
    sweep: SweepTotals | None = None

    @property
    def ok(self) -> bool:
        return not self.missing


def _answers(ping: Callable[[], object]) -> bool:
    try:
        ping()
    except STORE_UNAVAILABLE:
        return False
    return True


def check_health(parts: Parts, store_ping: Callable[[], object], now: float) -> HealthReport:
    """The service's health at ``now``; ``store_ping`` pings the store (the API's own connection)."""
    rq_connection = parts.scheduler.queue.connection
    down = [] if _answers(store_ping) else ["redis"]
    if rq_connection is not parts.redis and not _answers(rq_connection.ping):
        down.append("rq_redis")
    if down:
        return HealthReport(missing=tuple(down))
    workers = len(parts.heartbeats.alive(now))
    sweep = last_sweep(parts.redis)
    missing = []
    if workers == 0:
        missing.append("worker")
    if sweep is None or sweep.last.at < now - 2 * parts.settings.sweep_interval:
        missing.append("sweep")
    return HealthReport(missing=tuple(missing), workers=workers, sweep=sweep)
