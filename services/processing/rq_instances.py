"""Several RQ Redis instances (``RQ_REDIS_URLS``): each game's jobs go to one of them, chosen by its id.

:func:`rq_index` is Lamping and Veach's jump consistent hash of the first 8 bytes (big-endian) of the
BLAKE2b digest of the game id: stable across processes and releases, spread evenly, and when one URL is
appended to the list only about 1/(n+1) of the games move, every one of them to the new instance. Each
instance has its own queue, scheduled jobs, decision leases and workers (``papyrus worker --rq``); jobs
with no game (the archiving) go to the first.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence

import redis
from redis.cluster import RedisCluster
from rq import Queue
from rq.scheduler import RQScheduler

from services import keys
from services.processing.ready_games import ReadyGames
from services.settings import Settings

JUMP_MULTIPLIER = 2862933555777941757
MASK_64 = (1 << 64) - 1


def jump_hash(key: int, buckets: int) -> int:
    """Lamping and Veach's jump consistent hash of the 64-bit ``key`` into ``buckets`` buckets."""
    bucket, jump = -1, 0
    while jump < buckets:
        bucket = jump
        key = (key * JUMP_MULTIPLIER + 1) & MASK_64
        jump = int((bucket + 1) * ((1 << 31) / ((key >> 33) + 1)))
    return bucket


def rq_index(game_id: str, count: int) -> int:
    """The index of the RQ Redis instance, of ``count``, that runs the jobs of ``game_id``."""
    if count <= 1:
        return 0
    digest = hashlib.blake2b(game_id.encode(), digest_size=8).digest()
    return jump_hash(int.from_bytes(digest, "big"), count)


class RqInstance:
    """One RQ Redis: its connection, the queue, the list of games waiting for a decision and the decision
    jobs' leases (``ready``), and whether it is the store's own Redis (``shares_store``: a game is noted
    as waiting in the round trip that sets its flag)."""

    def __init__(self, index: int, store: redis.Redis, connection: redis.Redis, settings: Settings) -> None:
        self.index = index
        self.connection = connection
        self.queue = Queue(settings.queue_name, connection=connection)
        self.ready = ReadyGames(connection, settings.decision_jobs, settings.decision_backlog)
        self.shares_store = connection is store and not isinstance(store, RedisCluster)
        self._promoter: RQScheduler | None = None

    def promote_due_jobs(self, holder: str, lock_ms: int) -> bool:
        """Move the scheduled jobs that are due onto the queue, if no other worker did in the last
        ``lock_ms`` (a lock on this Redis, left to expire); True if this call did it."""
        if not self.connection.set(keys.scheduler_lock(), holder, nx=True, px=lock_ms):
            return False
        if self._promoter is None:
            self._promoter = RQScheduler([self.queue], connection=self.connection)
            self._promoter.prepare_registries([self.queue.name])
        self._promoter.enqueue_scheduled_jobs()  # type: ignore[no-untyped-call]
        return True


def rq_connections(
    settings: Settings, store: redis.Redis, connect: Callable[[str], redis.Redis]
) -> list[redis.Redis]:
    """A connection to each RQ Redis of ``settings`` (made by ``connect``), the store's own where a URL is
    the store's (one Redis, not a cluster); the store alone when none is set."""
    urls = settings.rq_urls()
    if not urls:
        return [store]
    reuse = settings.redis_url if not settings.redis_cluster else None
    return [store if url == reuse else connect(url) for url in urls]


def parse_rq_choice(raw: str, count: int) -> Sequence[int]:
    """The instances ``papyrus worker --rq`` names: ``all``, or one index below ``count``."""
    if raw.strip().lower() == "all":
        return range(count)
    try:
        index = int(raw)
    except ValueError:
        raise ValueError(f"--rq must be an index or 'all', got {raw!r}") from None
    if not 0 <= index < count:
        raise ValueError(f"--rq {index}: RQ_REDIS_URLS lists {count} instance(s), from 0")
    return [index]
