"""The service's Prometheus metrics and the one-line calls that record them.

Each figure is recorded in the process where it happens (the API: commands submitted, refused and decided
in their request, live streams; a worker: decisions, latency, projection lag, jobs, sweeps) and exposed by
it (``GET /metrics``, ``papyrus worker --metrics-port``); Prometheus adds them up. Store figures read at
scrape time are in service_probe.py; shared_figures.py shares them between ``papyrus api``'s processes.
Labels stay bounded: a game's name, never its id. ``PAPYRUS_METRICS=0`` makes every call here a no-op.
"""

from __future__ import annotations

import contextlib
import time
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram

from services.errors import ServiceError

REGISTRY = CollectorRegistry(auto_describe=True)
LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 120.0, 300.0)
LAG_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 30.0)
DURATION_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)


@dataclass
class _Switch:
    enabled: bool = True


_switch = _Switch()


def enable(enabled: bool) -> None:
    _switch.enabled = enabled


def is_enabled() -> bool:
    return _switch.enabled


COMMANDS_SUBMITTED = Counter(
    "papyrus_commands_submitted",
    "Commands newly appended to a game's inbox, by game and by who sent them (player, bot, timeout).",
    ["game", "source"],
    registry=REGISTRY,
)
COMMANDS_REFUSED = Counter(
    "papyrus_commands_refused",
    "Commands refused before they were written: stale (the game left the expected version), invalid "
    "(a bad seat, command id or body), not_running (the game is open or over).",
    ["game", "reason"],
    registry=REGISTRY,
)
COMMANDS_DECIDED = Counter(
    "papyrus_commands_decided",
    "Commands decided (by a worker, or by the API that queued them), by outcome: accepted, rejected (by "
    "the rules) or stale.",
    ["game", "outcome"],
    registry=REGISTRY,
)
DECIDED_IN_API = Counter(
    "papyrus_api_decisions",
    "Submitted commands the API set out to decide in their request (PAPYRUS_DECIDE_IN_API), by where: "
    "here (answered from the decision), to_worker (that failed or left it undecided: a job decides it).",
    ["where"],
    registry=REGISTRY,
)
SUBMIT_TO_OUTCOME = Histogram(
    "papyrus_command_submit_to_outcome_seconds",
    "From a command's stored submit time to its decision by a worker (wall clocks of two processes).",
    ["game"],
    buckets=LATENCY_BUCKETS,
    registry=REGISTRY,
)
PROJECTION_LAG = Histogram(
    "papyrus_projection_lag_seconds",
    "From the first command a job decided to the projections players read being written.",
    ["game"],
    buckets=LAG_BUCKETS,
    registry=REGISTRY,
)
JOB_DURATION = Histogram(
    "papyrus_job_duration_seconds",
    "How long each job ran, by job function (its _count is the number of jobs run).",
    ["function"],
    buckets=DURATION_BUCKETS,
    registry=REGISTRY,
)
JOBS_FAILED = Counter(
    "papyrus_jobs_failed",
    "Jobs that raised (RQ keeps them in its failed registry), by job function.",
    ["function"],
    registry=REGISTRY,
)
NOTIFICATIONS = Counter(
    "papyrus_notifications",
    "Notification deliveries by channel (mail, webhook) and outcome (sent, failed: retried later, "
    "given_up: after the last attempt).",
    ["channel", "outcome"],
    registry=REGISTRY,
)
SWEEPS = Counter("papyrus_sweeps", "Sweeps run.", registry=REGISTRY)
SWEEP_REPAIRED = Counter(
    "papyrus_sweep_repaired_games",
    "Games a sweep found needing work: set up, re-queued for processing, or a seat timed out.",
    registry=REGISTRY,
)
SWEEP_LAST_RUN = Gauge(
    "papyrus_sweep_last_run_timestamp_seconds",
    "When this process last finished a sweep (Unix time).",
    registry=REGISTRY,
    multiprocess_mode="max",
)
LIVE_STREAMS = Gauge(
    "papyrus_live_streams_open",
    "Live view streams (server-sent events) open now.",
    registry=REGISTRY,
    multiprocess_mode="livesum",
)
REDIS_ERRORS = Counter(
    "papyrus_redis_errors",
    "Failed attempts to talk to Redis (kind: connection or timeout), each retry counted.",
    ["kind"],
    registry=REGISTRY,
)
HTTP_REQUESTS = Counter(
    "papyrus_http_requests",
    "API requests answered, by method, route template and status.",
    ["method", "route", "status"],
    registry=REGISTRY,
)
HTTP_DURATION = Histogram(
    "papyrus_http_request_duration_seconds",
    "Time to answer an API request (a live stream: until it starts), by route template.",
    ["route"],
    buckets=DURATION_BUCKETS,
    registry=REGISTRY,
)


def command_submitted(game: str, source: str) -> None:
    if _switch.enabled:
        COMMANDS_SUBMITTED.labels(game, source).inc()


def command_refused(game: str, reason: str) -> None:
    if _switch.enabled:
        COMMANDS_REFUSED.labels(game, reason).inc()


def command_decided(game: str, outcome: str, submitted_at: str, decided_at: float) -> None:
    """A command was decided (by a worker or the API); ``submitted_at`` is its stored submit time (ISO 8601,
    UTC)."""
    if not _switch.enabled:
        return
    COMMANDS_DECIDED.labels(game, outcome).inc()
    submitted = datetime.fromisoformat(submitted_at).timestamp()
    SUBMIT_TO_OUTCOME.labels(game).observe(max(0.0, decided_at - submitted))


def decided_in_api(where: str) -> None:
    if _switch.enabled:
        DECIDED_IN_API.labels(where).inc()


def projection_written(game: str, decided_at: float | None, written_at: float) -> None:
    """The projections were written at ``written_at``, after a command decided at ``decided_at``."""
    if _switch.enabled and decided_at is not None:
        PROJECTION_LAG.labels(game).observe(max(0.0, written_at - decided_at))


def job_finished(function: str, seconds: float, failed: bool) -> None:
    if not _switch.enabled:
        return
    record_gc_pauses()
    JOB_DURATION.labels(function).observe(seconds)
    if failed:
        JOBS_FAILED.labels(function).inc()


def notification_delivered(channel: str, outcome: str) -> None:
    if _switch.enabled:
        NOTIFICATIONS.labels(channel, outcome).inc()


def sweep_finished(repaired: int, at: float | None = None) -> None:
    if not _switch.enabled:
        return
    SWEEPS.inc()
    SWEEP_REPAIRED.inc(repaired)
    SWEEP_LAST_RUN.set(time.time() if at is None else at)


def redis_error(kind: str) -> None:
    if _switch.enabled:
        REDIS_ERRORS.labels(kind).inc()


MAX_REQUEST_SERIES_KEPT = 512
_request_series: dict[tuple[str, str, int], tuple[Counter, Histogram]] = {}


def request_answered(method: str, route: str, status: int, seconds: float) -> None:
    if not _switch.enabled:
        return
    record_gc_pauses()
    series = _request_series.get((method, route, status))
    if series is None:  # labels() takes a lock and builds its key on every call: once per series is enough
        series = HTTP_REQUESTS.labels(method, route, str(status)), HTTP_DURATION.labels(route)
        if len(_request_series) < MAX_REQUEST_SERIES_KEPT:  # a client may make up methods
            _request_series[method, route, status] = series
    series[0].inc()
    series[1].observe(seconds)


def live_streams_changed(change: int) -> None:
    """``papyrus_live_streams_open`` moved by ``change``: a live page the front serves opened or ended."""
    if _switch.enabled:
        LIVE_STREAMS.inc(change)


def counted_stream(stream: Iterator[str]) -> Iterator[str]:
    """``stream``, counted in ``papyrus_live_streams_open`` while it is being sent."""
    if not _switch.enabled:
        yield from stream
        return
    LIVE_STREAMS.inc()
    try:
        yield from stream
    finally:
        LIVE_STREAMS.dec()


@contextlib.contextmanager
def refusals_counted(game: str) -> Iterator[None]:
    """Count a command the block refuses (a ServiceError: 400 invalid, 409 not running) and let it through."""
    try:
        yield
    except ServiceError as refused:
        command_refused(game, "not_running" if refused.http_status == 409 else "invalid")
        raise


GC_PAUSE_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25)
GC_PAUSE = Histogram(
    "papyrus_gc_pause_seconds",
    "How long each collection of Python's cyclic garbage collector stopped the process, by generation.",
    ["generation"],
    buckets=GC_PAUSE_BUCKETS,
    registry=REGISTRY,
)
_gc_pauses: deque[tuple[int, float]] = deque(maxlen=4096)


def gc_paused(generation: int, seconds: float) -> None:
    """A collection paused the process: only queued here, as the collector's callback may run while this
    thread holds one of prometheus_client's locks (not reentrant; in multiprocess mode one for every value),
    and recording from it could wait for that lock forever. :func:`record_gc_pauses` records them."""
    if _switch.enabled:
        _gc_pauses.append((generation, seconds))


def record_gc_pauses() -> None:
    """Record the queued pauses; called with each request and job answered, and before each scrape."""
    while _gc_pauses:
        generation, seconds = _gc_pauses.popleft()
        GC_PAUSE.labels(str(generation)).observe(seconds)
