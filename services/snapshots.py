"""Snapshots of a game's folded state: a cache, never a source of truth.

The snapshot is the state's msgspec MessagePack encoding, stored with the version it reflects. To decode
it the state type must be known: the game's ``State`` attribute if it has one, else the type of the
states this process has saved for that game (a fresh process folds from the log until it has saved one).
A snapshot that fails to decode is ignored (and the state refolded from the log), so changing a state
struct never breaks a game.
"""

from __future__ import annotations

from typing import Any

import msgspec
import redis

from domain.engine import Game
from services import keys
from services.scripts import as_bytes, as_int


class Snapshots:
    def __init__(self, connection: redis.Redis) -> None:
        self._redis = connection
        self._types: dict[str, type[Any]] = {}

    def state_type(self, game: Game) -> type[Any] | None:
        declared: type[Any] | None = getattr(game, "State", None)
        return declared or self._types.get(game.name)

    def save(self, game: Game, game_id: str, version: int, state: Any) -> bool:
        if not isinstance(state, msgspec.Struct):
            return False
        self._types.setdefault(game.name, type(state))
        body = msgspec.msgpack.encode(state)
        self._redis.hset(keys.snapshot(game_id), mapping={"version": version, "state": body})
        return True

    def load(self, game: Game, game_id: str, upto: int | None = None) -> tuple[int, Any] | None:
        """(version, state) of the stored snapshot, if usable and not beyond ``upto``."""
        state_type = self.state_type(game)
        if state_type is None:
            return None
        raw = self._redis.hmget(keys.snapshot(game_id), ["version", "state"])
        if raw[0] is None or raw[1] is None:
            return None
        version = as_int(raw[0])
        if upto is not None and version > upto:
            return None
        try:
            return version, msgspec.msgpack.decode(as_bytes(raw[1]), type=state_type)
        except msgspec.DecodeError:
            return None
