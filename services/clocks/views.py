"""Every seat's time as the views show it: ids and seconds only, nothing of the game (so no secret)."""

from __future__ import annotations

from collections.abc import Mapping

from services.clocks import bank
from services.clocks.calendar import Calendar, absence_on, is_day_off, local_day
from services.clocks.config import ClockConfig
from services.results import GameMeta, SeatAbsence, SeatAway, SeatClockView


def seat_clocks(
    clocks: dict[int, bank.SeatClock],
    config: ClockConfig | None,
    meta: GameMeta,
    now: float,
    days_off: Mapping[int, Calendar] | None = None,
) -> list[SeatClockView]:
    """One entry per seat (none without a clock); a seat not yet on the clock has its whole time, and one
    whose player has a day off now does not run."""
    if config is None:
        return []
    shown = []
    for seat in range(meta.seats):
        clock = clocks.get(seat) or bank.fresh(config)
        calendar = (days_off or {}).get(seat)
        off = calendar is not None and is_day_off(calendar, local_day(calendar, now))
        shown.append(
            SeatClockView(
                seat=seat,
                running=clock.started is not None and not off,
                remaining=round(bank.remaining(clock, config, now, calendar), 3),
                reserve=round(clock.reserve, 3),
                deadline=bank.deadline(clock, config, calendar),
            )
        )
    return shown


def seats_away(days_off: Mapping[int, Calendar], now: float) -> list[SeatAway]:
    """The seats whose players are away at ``now``, with the last day of their absence."""
    shown = []
    for seat, calendar in sorted(days_off.items()):
        away = absence_on(calendar, now)
        if away is not None:
            shown.append(SeatAway(seat=seat, until=away.last.isoformat(), zone=calendar.zone))
    return shown


def seat_absences(days_off: Mapping[int, Calendar], now: float) -> list[SeatAbsence]:
    """The absences of the seats' players that are not over at ``now``, by seat then date."""
    shown = []
    for seat, calendar in sorted(days_off.items()):
        today = local_day(calendar, now)
        for away in calendar.absences:
            if away.last >= today:
                first, last = away.first.isoformat(), away.last.isoformat()
                shown.append(SeatAbsence(seat=seat, first=first, last=last, zone=calendar.zone))
    return shown
