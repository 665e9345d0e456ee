"""The deadline of each seat that must act, while moves have a timeout: since which version it must act
and when its time runs out."""

from __future__ import annotations

import json
from dataclasses import dataclass

import redis

from services import keys
from services.store.replies import as_int, as_str


@dataclass(frozen=True)
class Deadline:
    since: int
    deadline: float


class Deadlines:
    def __init__(self, connection: redis.Redis) -> None:
        self._redis = connection

    def of_game(self, game_id: str) -> dict[int, Deadline]:
        """Every recorded deadline of the game, by seat."""
        raw = self._redis.hgetall(keys.deadlines(game_id))
        entries = {as_int(seat): json.loads(as_str(value)) for seat, value in raw.items()}
        return {seat: Deadline(entry["since"], entry["deadline"]) for seat, entry in entries.items()}

    def record(self, game_id: str, seat: int, entry: Deadline) -> None:
        value = json.dumps({"since": entry.since, "deadline": entry.deadline})
        self._redis.hset(keys.deadlines(game_id), str(seat), value)

    def drop(self, game_id: str, seats: list[int]) -> None:
        if seats:
            self._redis.hdel(keys.deadlines(game_id), *seats)
