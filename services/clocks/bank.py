"""The time a seat has, pure arithmetic on times the caller passes in (no clock is read here).

A seat's turn starts when it must act and stops when it no longer must. Within a turn it may use
``per_move`` seconds freely; what it uses beyond that comes out of its ``reserve`` when the turn stops. Its
deadline is when both are used up. A pause freezes a running turn (the time used so far is kept) until the
game resumes. The reminder is due when a quarter of the turn's time (per move + reserve) is left.
"""

from __future__ import annotations

import msgspec

from services.clocks.config import ClockConfig

REMINDER_FRACTION = 0.25


class SeatClock(msgspec.Struct, kw_only=True):
    """One seat's clock: its reserve left; while it is on the clock, ``since`` (the version its turn started
    at), ``started`` (when the running stretch began, None while paused) and ``used`` (seconds used in this
    turn before that stretch); ``reminded``: the quarter-left reminder of this turn was sent."""

    reserve: float
    since: int | None = None
    started: float | None = None
    used: float = 0.0
    reminded: bool = False

    @property
    def on_turn(self) -> bool:
        return self.since is not None


def fresh(config: ClockConfig) -> SeatClock:
    return SeatClock(reserve=config.reserve)


def start_turn(clock: SeatClock, version: int, now: float) -> SeatClock:
    return SeatClock(reserve=clock.reserve, since=version, started=now)


def used_in_turn(clock: SeatClock, now: float) -> float:
    running = now - clock.started if clock.started is not None else 0.0
    return clock.used + max(0.0, running)


def stop_turn(clock: SeatClock, config: ClockConfig, now: float) -> SeatClock:
    """The turn ended: the reserve loses only the time used beyond the per-move allowance."""
    beyond = max(0.0, used_in_turn(clock, now) - config.per_move)
    return SeatClock(reserve=max(0.0, clock.reserve - beyond))


def freeze(clock: SeatClock, now: float) -> SeatClock:
    """Pause a running turn: the time used so far is kept, nothing runs."""
    if clock.started is None:
        return clock
    return msgspec.structs.replace(clock, started=None, used=used_in_turn(clock, now))


def thaw(clock: SeatClock, now: float) -> SeatClock:
    """Resume a frozen turn."""
    if not clock.on_turn or clock.started is not None:
        return clock
    return msgspec.structs.replace(clock, started=now)


def remaining(clock: SeatClock, config: ClockConfig, now: float) -> float:
    """Seconds the seat has left: in its turn, or for its next turn."""
    return max(0.0, config.per_move + clock.reserve - used_in_turn(clock, now))


def deadline(clock: SeatClock, config: ClockConfig) -> float | None:
    """When the running turn's time is up (None while not running)."""
    if clock.started is None:
        return None
    return clock.started + config.per_move + clock.reserve - clock.used


def reminder_at(clock: SeatClock, config: ClockConfig) -> float | None:
    """When a quarter of the turn's time is left (None while not running or once reminded)."""
    if clock.started is None or clock.reminded:
        return None
    budget = config.per_move + clock.reserve
    return clock.started + (1 - REMINDER_FRACTION) * budget - clock.used
