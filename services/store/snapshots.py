"""Snapshots of a game's folded state: a cache, never a source of truth.

The snapshot is the game's ``State`` encoded as msgspec MessagePack, stored with the version it reflects.
A snapshot that fails to decode is ignored (and the state refolded from the log), so changing a state
struct never breaks a game.
"""

from __future__ import annotations

from typing import Any

import msgspec
import redis

from domain.engine import Game
from services import keys
from services.store.compaction import Compaction
from services.store.replies import as_bytes, as_int


class Snapshots:
    def __init__(self, connection: redis.Redis) -> None:
        self._redis = connection
        self._compaction = Compaction(connection)

    def save(self, game: Game, game_id: str, version: int, state: Any) -> bool:
        """Store the state at ``version``, then compact the events it covers (services/store/compaction.py):
        the state is loaded from here on, and reads start at the last entry, which stays as it is."""
        if not isinstance(state, game.State):
            return False
        body = msgspec.msgpack.encode(state)
        self._redis.hset(keys.snapshot(game_id), mapping={"version": version, "state": body})
        self._compaction.running_events(game_id)
        return True

    def load(self, game: Game, game_id: str, upto: int | None = None) -> tuple[int, Any] | None:
        """(version, state) of the stored snapshot, if usable and not beyond ``upto``."""
        raw = self._redis.hmget(keys.snapshot(game_id), ["version", "state"])
        if raw[0] is None or raw[1] is None:
            return None
        version = as_int(raw[0])
        if upto is not None and version > upto:
            return None
        try:
            return version, msgspec.msgpack.decode(as_bytes(raw[1]), type=game.State)
        except msgspec.DecodeError:
            return None
