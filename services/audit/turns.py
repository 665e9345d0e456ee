"""When each seat's turn began, by the times in the log: a lower bound of the service's own turn start (a
worker starts a seat's clock when it settles the game, after the event that made the seat act was written).
So a timeout before ``per move`` seconds of the turn counted (the days off recorded in the log not counting)
cannot have followed the clock. A turn an undo resumed counts, as the clock does, what it had used when its
command ended it, and the time since. :data:`CLOCK_SKEW` allows for clocks that differ a little."""

from __future__ import annotations

from typing import NamedTuple

from services.clocks.calendar import Calendar, counted

CLOCK_SKEW = 2.0


class EndedTurn(NamedTuple):
    """A turn a seat's command ended: when it began, when it stopped and the seconds it had counted."""

    began: float
    stopped: float
    used: float


class TurnStarts:
    def __init__(self) -> None:
        self.since: dict[int, float] = {}
        self.resumed: dict[int, EndedTurn] = {}
        self.ended: dict[int, list[EndedTurn]] = {}

    def moved(
        self,
        to_act: set[int],
        at: float,
        acted: int | None,
        undid: int | None = None,
        days_off: Calendar | None = None,
    ) -> None:
        """After a group of records written at ``at``: seats leaving ``to_act`` end their turns, seats
        entering it (or ``acted``, the seat whose command it was, when it must act again) start one; an
        undo by ``undid`` resumes the turn its undone command ended (an undo gives no time back), so the
        turns the seat's commands ended are kept, with the time they used (``days_off``: ``acted``'s, as
        recorded then), until another seat acts."""
        if acted is not None:
            turn = EndedTurn(self.since.get(acted, at), at, self.used(acted, at, days_off))
            self.ended = {acted: [*self.ended.get(acted, []), turn]}
        for seat in list(self.since):
            if seat not in to_act:
                del self.since[seat]
                self.resumed.pop(seat, None)
        if undid is not None and undid in to_act and self.ended.get(undid):
            turn = self.ended[undid].pop()
            self.since[undid], self.resumed[undid] = turn.began, turn
        if acted is not None and acted in to_act:
            self.since[acted] = at
            self.resumed.pop(acted, None)
        for seat in to_act:
            self.since.setdefault(seat, at)

    def used(self, seat: int, at: float, days_off: Calendar | None = None) -> float:
        """The seconds ``seat``'s turn has counted by ``at`` (0 off the clock), ``days_off`` not counting
        (a resumed turn: those since it stopped)."""
        resumed = self.resumed.get(seat)
        if resumed is not None:
            return resumed.used + counted(days_off, resumed.stopped, at)
        start = self.since.get(seat)
        return counted(days_off, start, at) if start is not None else 0.0

    def too_early(self, seat: int, at: float, per_move: float, days_off: Calendar | None = None) -> bool:
        """True if a timeout of ``seat`` at ``at`` came before its per-move allowance ran out, the player's
        ``days_off`` not counting."""
        return seat in self.since and self.used(seat, at, days_off) < per_move - CLOCK_SKEW
