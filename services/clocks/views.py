"""Every seat's time as the views show it: ids and seconds only, nothing of the game (so no secret)."""

from __future__ import annotations

from services.clocks import bank
from services.clocks.config import ClockConfig
from services.results import GameMeta, SeatClockView


def seat_clocks(
    clocks: dict[int, bank.SeatClock], config: ClockConfig | None, meta: GameMeta, now: float
) -> list[SeatClockView]:
    """One entry per seat (none without a clock); a seat not yet on the clock has its whole time."""
    if config is None:
        return []
    shown = []
    for seat in range(meta.seats):
        clock = clocks.get(seat) or bank.fresh(config)
        shown.append(
            SeatClockView(
                seat=seat,
                running=clock.started is not None,
                remaining=round(bank.remaining(clock, config, now), 3),
                reserve=round(clock.reserve, 3),
                deadline=bank.deadline(clock, config),
            )
        )
    return shown
