"""Service settings, read once from the environment (every knob has a safe default)."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from domain.bots import LEVELS
from services.quota_policy import QuotaPolicy


def _float(env: Mapping[str, str], name: str, default: float) -> float:
    raw = env.get(name, "").strip()
    if not raw:
        return default
    try:
        return float(raw)
    except ValueError:
        raise ValueError(f"{name} must be a number of seconds, got {raw!r}") from None


def _level(env: Mapping[str, str], name: str, default: str) -> str:
    """A bot level (beginner, casual, strong) from the environment; anything else is refused at start."""
    value = env.get(name, "").strip() or default
    if value not in BOT_LEVELS:
        raise ValueError(f"{name} must be one of {', '.join(BOT_LEVELS)}, not {value!r}")
    return value


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


def _flag(env: Mapping[str, str], name: str, default: bool) -> bool:
    """A switch: 1/true/yes or 0/false/no (unset: ``default``); anything else is refused at start."""
    raw = env.get(name, "").strip().lower()
    if raw in ("1", "true", "yes"):
        return True
    if raw in ("0", "false", "no"):
        return False
    if raw:
        raise ValueError(f"{name} must be 1 or 0, got {raw!r}")
    return default


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
    if not (env.get("RQ_REDIS_URL") or env.get("RQ_REDIS_URLS", "").strip()):
        raise ValueError("PAPYRUS_REDIS_CLUSTER=1 needs RQ_REDIS_URL: RQ runs on its own, non-cluster Redis")
    if require_replicas:
        raise ValueError("PAPYRUS_REQUIRE_REPLICAS cannot be used with PAPYRUS_REDIS_CLUSTER=1")
    return True


def _rq_urls(env: Mapping[str, str]) -> tuple[str, ...]:
    """RQ_REDIS_URLS, comma-separated (empty entries refused, duplicates too); unset: RQ_REDIS_URL alone,
    or none (RQ on the store's Redis)."""
    raw = env.get("RQ_REDIS_URLS", "").strip()
    if not raw:
        single = env.get("RQ_REDIS_URL", "").strip()
        return (single,) if single else ()
    urls = tuple(url.strip() for url in raw.split(","))
    if not all(urls) or len(set(urls)) != len(urls):
        raise ValueError("RQ_REDIS_URLS must list distinct Redis URLs separated by commas")
    return urls


DECISION_LINGER = 0.05  # seconds a decision job waits for the next game, with Redis (BENCHMARKS.md)
DECISION_JOBS = 32  # decision jobs queued or running at a time, at most
DECISION_BACKLOG = 32  # games waiting per decision job counted before one more is queued (BENCHMARKS.md)
ARCHIVE_AFTER = 24 * 3600.0  # a finished game leaves Redis for the object store this long after its end
BOT_THINK_MS = 1000  # the search bot's thinking time per move in a worker...
BOT_ITERATIONS = 20_000  # ...and its samples per move at most, whichever ends first
BOT_LEVELS = tuple(LEVELS)
BOT_GRACE = 3.0  # seconds bots wait after a player's own move, so that the player may still undo it


@dataclass(frozen=True)
class Settings:
    """How the service runs: each field is the setting of the same name in docs/settings.md, read by
    :meth:`from_env` (``queue_name`` is ``PAPYRUS_QUEUE``, ``replica_wait_ms`` ``PAPYRUS_WAIT_TIMEOUT_MS``,
    ``quotas`` the ``PAPYRUS_QUOTA_*``, ``rq_redis_urls`` ``RQ_REDIS_URLS``); durations are seconds. A
    ``decision_linger`` of 0 is the embedded store's default, whose one worker thread also runs every other
    job. ``clock`` gives seconds since the epoch and ``sleep`` waits (tests pass fake ones).
    """

    redis_url: str | None = None
    redis_cluster: bool = False
    rq_redis_url: str | None = None
    rq_redis_urls: tuple[str, ...] = ()
    queue_name: str = "papyrus"
    advance_delay: float = 0.0
    bot_grace: float = 0.0
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
    decide_in_api: bool = True
    archive_url: str | None = None
    archive_endpoint: str | None = None
    archive_region: str = "us-east-1"
    archive_after: float = ARCHIVE_AFTER
    bot_level: str = "casual"
    stand_in_level: str = "strong"
    bot_think_ms: int = BOT_THINK_MS
    bot_iterations: int = BOT_ITERATIONS
    vacation_days: int = 21
    clock: Callable[[], float] = field(default=time.time, compare=False)
    sleep: Callable[[float], None] = field(default=time.sleep, compare=False)

    def rq_urls(self) -> tuple[str, ...]:
        """The URLs of the RQ Redis instances in order (none: RQ on the store's Redis)."""
        if self.rq_redis_urls:
            return self.rq_redis_urls
        return (self.rq_redis_url,) if self.rq_redis_url else ()

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
        rq_urls = _rq_urls(env)
        return cls(
            redis_url=redis_url,
            redis_cluster=redis_cluster,
            rq_redis_url=rq_urls[0] if rq_urls else None,
            rq_redis_urls=rq_urls,
            queue_name=env.get("PAPYRUS_QUEUE", "") or "papyrus",
            advance_delay=_float(env, "PAPYRUS_ADVANCE_DELAY", 0.0),
            bot_grace=_float(env, "PAPYRUS_BOT_GRACE", BOT_GRACE),
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
            vacation_days=int(_at_least(env, "PAPYRUS_VACATION_DAYS", 21, 0)),
            anonymous_seats_per_game=int(_at_least(env, "PAPYRUS_ANONYMOUS_SEATS_PER_GAME", 1, 0)),
            decision_linger=_at_least(env, "PAPYRUS_DECISION_LINGER", linger, 0.0),
            decision_jobs=int(_at_least(env, "PAPYRUS_DECISION_JOBS", DECISION_JOBS, 1)),
            decision_backlog=int(_at_least(env, "PAPYRUS_DECISION_BACKLOG", DECISION_BACKLOG, 0)),
            decide_in_api=_flag(env, "PAPYRUS_DECIDE_IN_API", True),
            bot_level=_level(env, "PAPYRUS_BOT_LEVEL", "casual"),
            stand_in_level=_level(env, "PAPYRUS_STAND_IN_BOT", "strong"),
            bot_think_ms=int(_at_least(env, "PAPYRUS_BOT_THINK_MS", BOT_THINK_MS, 1)),
            bot_iterations=int(_at_least(env, "PAPYRUS_BOT_ITERATIONS", BOT_ITERATIONS, 1)),
            archive_url=env.get("PAPYRUS_ARCHIVE_URL", "").strip() or None,
            archive_endpoint=env.get("PAPYRUS_ARCHIVE_ENDPOINT", "").strip() or None,
            archive_region=env.get("PAPYRUS_ARCHIVE_REGION", "").strip() or "us-east-1",
            archive_after=_at_least(env, "PAPYRUS_ARCHIVE_AFTER", ARCHIVE_AFTER, 0.0),
        )
