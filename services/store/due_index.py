"""When each game next needs a worker: one sorted set, game id -> epoch seconds (``keys.due_games``).

A game is in the index while something will happen to it without a player: a command to decide, an
automatic step, a bot's move or a seat's deadline; the sweep reads the games due by now, so its cost
follows the work due. The index cannot join a game's Lua scripts (another Cluster shard), so every write
that makes work due is followed by its index write in an order that keeps a game's entry never later than
its work (docs/architecture.md, "Games never stall").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, cast

import redis
from redis.commands.core import Script

from services import keys
from services.store.event_store import Head, head_from
from services.store.layout import entry_order
from services.store.lua_scripts import PipelineFill, execute_with_scripts
from services.store.replies import as_str


class DueIndex:
    def __init__(self, connection: redis.Redis) -> None:
        self._redis = connection

    def mark(self, game_id: str, at: float, pipe: redis.client.Pipeline | None = None) -> None:
        """Make the game due by ``at`` at the latest (adds it, or brings its entry forward)."""
        (pipe if pipe is not None else self._redis).zadd(keys.due_games(), {game_id: at}, lt=True)

    def record(
        self, game_id: str, due: float | None, head: Head, now: float, first: PipelineFill | None = None
    ) -> list[Any]:
        """After settling the game at ``head``: its next due time (None: nothing will be due), unless the
        log or the inbox moved past ``head`` meanwhile, in which case it is due ``now``. ``first`` queues
        commands of the caller's that go before, in the same round trip (the game's projections); their
        replies come first in those answered."""

        def fill(pipe: redis.client.Pipeline) -> Sequence[Script]:
            scripts = first(pipe) if first is not None else []
            if due is None:
                pipe.zrem(keys.due_games(), game_id)
            else:
                pipe.zadd(keys.due_games(), {game_id: due})
            pipe.hgetall(keys.head(game_id))
            pipe.xrevrange(keys.commands(game_id), "+", "-", count=1)
            return scripts

        replies = execute_with_scripts(self._redis, fill)
        raw_head, last_command = replies[-2:]
        stored = head_from(raw_head)
        newer_command = bool(last_command) and entry_order(as_str(last_command[0][0])) > entry_order(
            stored.checkpoint
        )
        if (stored.version, stored.checkpoint) != (head.version, head.checkpoint) or newer_command:
            self.mark(game_id, now)
        return replies

    def drop(self, game_id: str) -> None:
        self._redis.zrem(keys.due_games(), game_id)

    def due(self, by: float, limit: int) -> list[tuple[str, float]]:
        """The games due at ``by`` or earlier, oldest first, at most ``limit``."""
        found = cast(
            list[tuple[bytes, float]],
            self._redis.zrangebyscore(keys.due_games(), "-inf", by, start=0, num=limit, withscores=True),
        )
        return [(as_str(game_id), float(score)) for game_id, score in found]

    def score(self, game_id: str) -> float | None:
        """When the game is due, None if nothing is."""
        found = self._redis.zscore(keys.due_games(), game_id)
        return float(found) if found is not None else None

    def count(self) -> int:
        return int(self._redis.zcard(keys.due_games()))

    def postpone(self, game_id: str, at: float) -> None:
        """Move an entry that is in the index to ``at`` (the sweep, after a game failed to repair, so that
        one broken game cannot hold up the others: it is tried again at the next sweep)."""
        self._redis.zadd(keys.due_games(), {game_id: at}, xx=True)

    def fill_once(self, running_ids: Callable[[], list[str]], now: float) -> bool:
        """Mark every running game due ``now`` the first time the index is used on this store (a store
        written before the index existed, or restored from an older data file); True if it did."""
        if self._redis.exists(keys.due_index_filled()):
            return False
        ids = running_ids()
        if ids:
            self._redis.zadd(keys.due_games(), dict.fromkeys(ids, now), lt=True)
        self._redis.set(keys.due_index_filled(), "1")
        return True
