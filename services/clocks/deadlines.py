"""Each seat's clock (services/clocks/bank.py) in one hash per game (``keys.deadlines``), one JSON field per
seat: its reserve, and while it is on the clock since which version and how long it has used. A seat's
deadline (:class:`Deadline`) is derived from it and the game's clock."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import msgspec
import redis

from services import keys
from services.clocks.bank import SeatClock, deadline
from services.clocks.calendar import Calendar
from services.clocks.config import ClockConfig
from services.store.replies import as_bytes, as_int, as_str


@dataclass(frozen=True)
class Deadline:
    since: int
    deadline: float


_decode = msgspec.json.Decoder(SeatClock)


class Deadlines:
    def __init__(self, connection: redis.Redis) -> None:
        self._redis = connection

    def clocks(self, game_id: str) -> dict[int, SeatClock]:
        """Every seat clock of the game, by seat; ``reminded`` set for a turn whose quarter-left reminder
        went out (``keys.reminders_sent``, read in the same round trip: the reminder never writes a clock,
        so it can never write back one a settle moved meanwhile)."""
        pipe = self._redis.pipeline(transaction=False)
        pipe.hgetall(keys.deadlines(game_id))
        pipe.hgetall(keys.reminders_sent(game_id))
        raw, sent = pipe.execute()
        reminded = {as_str(field) for field in sent}
        clocks = {as_int(seat): _decode.decode(as_bytes(value)) for seat, value in raw.items()}
        for seat, clock in clocks.items():
            if clock.since is not None and f"{seat}:{clock.since}" in reminded:
                clock.reminded = True
        return clocks

    def of_game(
        self, game_id: str, config: ClockConfig | None, days_off: Mapping[int, Calendar] | None = None
    ) -> dict[int, Deadline]:
        """The deadline of every seat whose turn runs now, by seat, past its player's ``days_off``."""
        if config is None:
            return {}
        found = {}
        for seat, clock in self.clocks(game_id).items():
            due = deadline(clock, config, (days_off or {}).get(seat))
            if due is not None and clock.since is not None:
                found[seat] = Deadline(clock.since, due)
        return found

    def save(self, game_id: str, changed: dict[int, SeatClock]) -> None:
        if changed:
            pipe = self._redis.pipeline(transaction=False)
            for seat, clock in changed.items():
                pipe.hset(keys.deadlines(game_id), str(seat), msgspec.json.encode(clock))
            pipe.execute()
