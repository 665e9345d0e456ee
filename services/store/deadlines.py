"""Each seat's clock (services/clocks/bank.py) in one hash per game (``keys.deadlines``), one JSON field per
seat: its reserve, and while it is on the clock since which version and how long it has used. A seat's
deadline (:class:`Deadline`) is derived from it and the game's clock."""

from __future__ import annotations

from dataclasses import dataclass

import msgspec
import redis

from services import keys
from services.clocks.bank import SeatClock, deadline
from services.clocks.config import ClockConfig
from services.store.replies import as_bytes, as_int


@dataclass(frozen=True)
class Deadline:
    since: int
    deadline: float


_decode = msgspec.json.Decoder(SeatClock)


class Deadlines:
    def __init__(self, connection: redis.Redis) -> None:
        self._redis = connection

    def clocks(self, game_id: str) -> dict[int, SeatClock]:
        """Every seat clock of the game, by seat."""
        raw = self._redis.hgetall(keys.deadlines(game_id))
        return {as_int(seat): _decode.decode(as_bytes(value)) for seat, value in raw.items()}

    def of_game(self, game_id: str, config: ClockConfig | None) -> dict[int, Deadline]:
        """The deadline of every seat whose turn runs now, by seat."""
        if config is None:
            return {}
        found = {}
        for seat, clock in self.clocks(game_id).items():
            due = deadline(clock, config)
            if due is not None and clock.since is not None:
                found[seat] = Deadline(clock.since, due)
        return found

    def mark_reminded(self, game_id: str, seat: int, since: int) -> bool:
        """Mark the reminder of ``seat``'s turn since ``since`` sent, unless that turn is no longer the
        stored one (a settle moved the clock meanwhile: checked and written in one WATCH transaction, so a
        stale clock is never written back); True if marked."""
        key = keys.deadlines(game_id)
        with self._redis.pipeline() as pipe:
            try:
                pipe.watch(key)  # type: ignore[no-untyped-call]
                raw = pipe.hget(key, str(seat))
                clock = _decode.decode(as_bytes(raw)) if raw is not None else None
                if clock is None or clock.since != since:
                    return False
                pipe.multi()
                pipe.hset(key, str(seat), msgspec.json.encode(msgspec.structs.replace(clock, reminded=True)))
                pipe.execute()
                return True
            except redis.WatchError:
                return False

    def save(self, game_id: str, changed: dict[int, SeatClock]) -> None:
        if changed:
            pipe = self._redis.pipeline(transaction=False)
            for seat, clock in changed.items():
                pipe.hset(keys.deadlines(game_id), str(seat), msgspec.json.encode(clock))
            pipe.execute()
