"""Service settings, read once from the environment (every knob has a safe default)."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from services.limits.quotas import QuotaPolicy


def _float(env: Mapping[str, str], name: str, default: float) -> float:
    raw = env.get(name, "").strip()
    if not raw:
        return default
    try:
        return float(raw)
    except ValueError:
        raise ValueError(f"{name} must be a number of seconds, got {raw!r}") from None


def _int(env: Mapping[str, str], name: str, default: int) -> int:
    raw = env.get(name, "").strip()
    if not raw:
        return default
    try:
        return int(raw)
    except ValueError:
        raise ValueError(f"{name} must be an integer, got {raw!r}") from None


def _at_least(env: Mapping[str, str], name: str, default: float, least: float) -> float:
    """A number read from ``name`` (whole if ``default`` is an int) that must be at least ``least``."""
    value = _int(env, name, default) if isinstance(default, int) else _float(env, name, default)
    if value < least:
        raise ValueError(f"{name} must be at least {least:g}, got {value:g}")
    return value


def _cluster(env: Mapping[str, str], redis_url: str | None, require_replicas: int) -> bool:
    """PAPYRUS_REDIS_CLUSTER=1: the store at REDIS_URL is a Redis Cluster. RQ keeps its jobs in one Redis
    (RQ_REDIS_URL, required then), and ``WAIT`` answers for one connection to one shard, so a cluster and
    PAPYRUS_REQUIRE_REPLICAS are refused together."""
    raw = env.get("PAPYRUS_REDIS_CLUSTER", "").strip().lower()
    if raw not in ("", "0", "1", "false", "true", "no", "yes"):
        raise ValueError(f"PAPYRUS_REDIS_CLUSTER must be 1 or 0, got {raw!r}")
    if raw not in ("1", "true", "yes"):
        return False
    if redis_url is None:
        raise ValueError("PAPYRUS_REDIS_CLUSTER=1 needs REDIS_URL: the URL of any node of the cluster")
    if not env.get("RQ_REDIS_URL"):
        raise ValueError("PAPYRUS_REDIS_CLUSTER=1 needs RQ_REDIS_URL: RQ runs on its own, non-cluster Redis")
    if require_replicas:
        raise ValueError("PAPYRUS_REQUIRE_REPLICAS cannot be used with PAPYRUS_REDIS_CLUSTER=1")
    return True


DECISION_LINGER = 0.05  # seconds a decision job waits for the next game, with Redis (BENCHMARKS.md)
DECISION_JOBS = 32  # decision jobs queued or running at a time, at most
DECISION_BACKLOG = 32  # games waiting per decision job counted before one more is queued (BENCHMARKS.md)


@dataclass(frozen=True)
class Settings:
    """How the service runs.

    redis_url: the game store (None = embedded fakeredis); redis_cluster: the store is a Redis Cluster (any
    node's URL; RQ then needs its own Redis); rq_redis_url: RQ's own Redis (None = the store's);
    advance_delay: seconds before an automatic phase runs (0 = at once, in the worker's job that reached it);
    move_timeout: seconds a seat has to act (0 = no deadline); snapshot_every: events between state
    snapshots; sweep_interval: the longest a game whose work is due waits for a worker after any single
    failure (services/processing/sweep.py); result_ttl: seconds RQ keeps a finished job and its result;
    failed_job_ttl: seconds RQ keeps a failed job; token_ttl: seconds an account's login token lasts;
    seat_token_ttl: seconds an anonymous seat token lasts (rotating it starts a new lifetime);
    require_replicas: how many replicas must acknowledge a submitted command (Redis ``WAIT``) before the API
    answers (0 = none); replica_wait_ms: how long to wait for them; quotas: how often one account or
    address may write (services/limits/quotas.py); open_game_ttl: seconds an open game may wait for its
    players before the sweep removes it (0 = never; services/limits/open_games.py);
    anonymous_seats_per_game: seats one anonymous client may take of a game another client created (0 = any
    number; services/limits/client_seats.py); decision_linger: seconds a decision job that found no game
    waiting waits for one more before it ends (services/processing/ready_games.py; 0 = none, the default of
    the embedded store, whose one worker thread also runs every other job); decision_jobs: how many decision
    jobs may be queued or running at a time (set it to the worker processes there are, or more);
    decision_backlog: how many games may wait for each decision job counted before one more is queued;
    clock: seconds since the epoch (tests pass a fake one).
    """

    redis_url: str | None = None
    redis_cluster: bool = False
    rq_redis_url: str | None = None
    queue_name: str = "papyrus"
    advance_delay: float = 0.0
    move_timeout: float = 0.0
    snapshot_every: int = 50
    sweep_interval: float = 60.0
    result_ttl: int = 600
    failed_job_ttl: int = 7 * 24 * 3600
    outcome_ttl: int = 7 * 24 * 3600
    token_ttl: float = 30 * 24 * 3600
    seat_token_ttl: float = 30 * 24 * 3600
    require_replicas: int = 0
    replica_wait_ms: int = 1000
    quotas: QuotaPolicy = field(default_factory=QuotaPolicy)
    open_game_ttl: float = 7 * 24 * 3600
    anonymous_seats_per_game: int = 1
    decision_linger: float = 0.0
    decision_jobs: int = DECISION_JOBS
    decision_backlog: int = DECISION_BACKLOG
    clock: Callable[[], float] = field(default=time.time, compare=False)

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        env = os.environ if env is None else env
        redis_url = env.get("REDIS_URL") or None
        require_replicas = _int(env, "PAPYRUS_REQUIRE_REPLICAS", 0)
        replica_wait_ms = _int(env, "PAPYRUS_WAIT_TIMEOUT_MS", 1000)
        if require_replicas < 0 or replica_wait_ms <= 0:
            raise ValueError("PAPYRUS_REQUIRE_REPLICAS must be >= 0 and PAPYRUS_WAIT_TIMEOUT_MS above 0")
        if require_replicas and redis_url is None:
            raise ValueError("PAPYRUS_REQUIRE_REPLICAS needs REDIS_URL: the embedded store has no replicas")
        redis_cluster = _cluster(env, redis_url, require_replicas)
        linger = DECISION_LINGER if redis_url else 0.0
        return cls(
            redis_url=redis_url,
            redis_cluster=redis_cluster,
            rq_redis_url=env.get("RQ_REDIS_URL") or None,
            queue_name=env.get("PAPYRUS_QUEUE", "") or "papyrus",
            advance_delay=_float(env, "PAPYRUS_ADVANCE_DELAY", 0.0),
            move_timeout=_float(env, "PAPYRUS_MOVE_TIMEOUT", 0.0),
            snapshot_every=_int(env, "PAPYRUS_SNAPSHOT_EVERY", 50),
            sweep_interval=_at_least(env, "PAPYRUS_SWEEP_INTERVAL", 60.0, 1.0),
            result_ttl=int(_at_least(env, "PAPYRUS_RESULT_TTL", 600, 1)),
            failed_job_ttl=int(_at_least(env, "PAPYRUS_FAILED_JOB_TTL", 7 * 24 * 3600, 1)),
            token_ttl=_float(env, "PAPYRUS_TOKEN_TTL", 30 * 24 * 3600),
            seat_token_ttl=_at_least(env, "PAPYRUS_SEAT_TOKEN_TTL", 30 * 24 * 3600.0, 1.0),
            require_replicas=require_replicas,
            replica_wait_ms=replica_wait_ms,
            quotas=QuotaPolicy.from_env(env),
            open_game_ttl=_at_least(env, "PAPYRUS_OPEN_GAME_TTL", 7 * 24 * 3600.0, 0.0),
            anonymous_seats_per_game=int(_at_least(env, "PAPYRUS_ANONYMOUS_SEATS_PER_GAME", 1, 0)),
            decision_linger=_at_least(env, "PAPYRUS_DECISION_LINGER", linger, 0.0),
            decision_jobs=int(_at_least(env, "PAPYRUS_DECISION_JOBS", DECISION_JOBS, 1)),
            decision_backlog=int(_at_least(env, "PAPYRUS_DECISION_BACKLOG", DECISION_BACKLOG, 0)),
        )
