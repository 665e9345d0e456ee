"""When each seat's turn began, by the times in the log: a lower bound of the service's own turn start (a
worker starts a seat's clock when it settles the game, after the event that made the seat act was written).
So a timeout submitted before ``turn start + per move`` cannot have followed the clock: the reserve and a
pause only ever make a deadline later. :data:`CLOCK_SKEW` allows for workers whose clocks differ a little."""

from __future__ import annotations

CLOCK_SKEW = 2.0


class TurnStarts:
    def __init__(self) -> None:
        self.since: dict[int, float] = {}

    def moved(self, to_act: set[int], at: float, acted: int | None) -> None:
        """After a group of records written at ``at``: seats leaving ``to_act`` end their turns, seats
        entering it (or ``acted``, the seat whose command it was, when it must act again) start one."""
        for seat in list(self.since):
            if seat not in to_act:
                del self.since[seat]
        if acted is not None and acted in to_act:
            self.since[acted] = at
        for seat in to_act:
            self.since.setdefault(seat, at)

    def too_early(self, seat: int, at: float, per_move: float) -> bool:
        """True if a timeout of ``seat`` at ``at`` came before its per-move allowance ran out."""
        start = self.since.get(seat)
        return start is not None and at < start + per_move - CLOCK_SKEW
