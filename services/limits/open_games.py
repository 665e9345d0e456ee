"""Open games that never start expire: a game still waiting for players ``PAPYRUS_OPEN_GAME_TTL`` seconds
after its creation (0 = never) is removed by the sweep, with its seats' tokens, lobby entry and invitation.

The index (``keys.open_games``: game id -> created_at) is cleared when a game starts, so a sweep reads only
the games due. Removal checks the game's status in one transaction on its keys: a game that started meanwhile
is kept.
"""

from __future__ import annotations

import logging
from typing import Any

import redis

from services import keys
from services.store.replies import as_str

log = logging.getLogger(__name__)
EXPIRE_BATCH = 200


class OpenGames:
    def __init__(self, connection: redis.Redis) -> None:
        self._redis = connection

    def opened(self, game_id: str, created_at: float) -> None:
        self._redis.zadd(keys.open_games(), {game_id: created_at})

    def started(self, game_id: str) -> None:
        self._redis.zrem(keys.open_games(), game_id)

    def expire(self, now: float, ttl: float, batch: int = EXPIRE_BATCH) -> int:
        """Remove the open games created more than ``ttl`` seconds before ``now``; how many were removed."""
        if ttl <= 0:
            return 0
        self.fill_once()
        due = self._redis.zrangebyscore(keys.open_games(), "-inf", now - ttl, start=0, num=batch)
        removed = sum(int(self._remove_if_open(as_str(game_id))) for game_id in due)
        if removed:
            log.info("open games: %s game(s) that never started were removed", removed)
        return removed

    def fill_once(self) -> bool:
        """Enter every open game in the index the first time it is used on this store (games created
        before it existed, or restored from an older data file); True if it did."""
        if self._redis.exists(keys.open_games_filled()):
            return False
        created: list[Any] = self._redis.zrange(keys.games(), 0, -1, withscores=True)
        for start in range(0, len(created), EXPIRE_BATCH):
            batch = created[start : start + EXPIRE_BATCH]
            pipe = self._redis.pipeline(transaction=False)
            for game_id, _ in batch:
                pipe.hget(keys.meta(as_str(game_id)), "status")
            statuses = pipe.execute()
            still_open = {
                as_str(game_id): score
                for (game_id, score), status in zip(batch, statuses, strict=True)
                if status is not None and as_str(status) == "open"
            }
            if still_open:
                self._redis.zadd(keys.open_games(), still_open, nx=True)
        self._redis.set(keys.open_games_filled(), "1")
        return True

    def _remove_if_open(self, game_id: str) -> bool:
        meta_key = keys.meta(game_id)
        with self._redis.pipeline() as pipe:
            try:
                pipe.watch(meta_key)  # type: ignore[no-untyped-call]
                status = pipe.hget(meta_key, "status")
                invite = pipe.get(keys.invite(game_id))
                if status is not None and as_str(status) != "open":
                    pipe.reset()
                    self.started(game_id)
                    return False
                pipe.multi()
                pipe.delete(*keys.game_keys(game_id))
                pipe.execute()
            except redis.WatchError:
                return False  # joined or started meanwhile: looked at again by the next sweep
        cleanup = self._redis.pipeline(transaction=False)
        cleanup.zrem(keys.open_games(), game_id)
        cleanup.zrem(keys.games(), game_id)
        cleanup.hdel(keys.lobby(), game_id)
        cleanup.zrem(keys.lobby_order(), game_id)
        if invite is not None:
            cleanup.delete(keys.invitation(as_str(invite)))
        cleanup.execute()
        return True
