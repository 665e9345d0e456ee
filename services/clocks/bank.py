"""The time a seat has, pure arithmetic on times the caller passes in (no clock is read here).

A seat's turn starts when it must act and stops when it no longer must. Within a turn it may use
``per_move`` seconds freely; what it uses beyond that comes out of its ``reserve`` when the turn stops. Its
deadline is when both are used up. A pause freezes a running turn; the player's days off (a
:class:`Calendar`) do not count. The reminder is due when a quarter of the turn's time is left. An undo
gives no time back: it resumes the turn the undone command ended (:class:`EndedTurn`).
"""

from __future__ import annotations

import msgspec

from services.clocks.calendar import Calendar, after, counted
from services.clocks.config import ClockConfig

REMINDER_FRACTION = 0.25
MAX_ENDED_TURNS = 32  # commands in a row one seat may take back with their time accounted


class EndedTurn(msgspec.Struct, kw_only=True, frozen=True):
    """A turn a seat's command ended: the reserve before it stopped, the version it started at (None: it
    started and ended within one settle), the seconds it had used and when it stopped."""

    reserve: float
    since: int | None
    used: float
    stopped: float


class SeatClock(msgspec.Struct, kw_only=True):
    """One seat's clock: its reserve left; while it is on the clock, ``since`` (the version its turn started
    at), ``started`` (when the running stretch began, None while paused) and ``used`` (seconds used in this
    turn before that stretch); ``reminded``: the quarter-left reminder of this turn was sent; ``ended``: the
    turns its commands ended since another seat last acted, the latest last (what an undo resumes)."""

    reserve: float
    since: int | None = None
    started: float | None = None
    used: float = 0.0
    reminded: bool = False
    ended: list[EndedTurn] = []

    @property
    def on_turn(self) -> bool:
        return self.since is not None


def fresh(config: ClockConfig) -> SeatClock:
    return SeatClock(reserve=config.reserve)


def start_turn(clock: SeatClock, version: int, now: float) -> SeatClock:
    return SeatClock(reserve=clock.reserve, since=version, started=now, ended=clock.ended)


def used_in_turn(clock: SeatClock, now: float, days_off: Calendar | None = None) -> float:
    running = counted(days_off, clock.started, now) if clock.started is not None else 0.0
    return clock.used + running


def stop_turn(
    clock: SeatClock, config: ClockConfig, now: float, days_off: Calendar | None = None
) -> SeatClock:
    """The turn ended: the reserve loses only the time used beyond the per-move allowance."""
    beyond = max(0.0, used_in_turn(clock, now, days_off) - config.per_move)
    return SeatClock(reserve=max(0.0, clock.reserve - beyond), ended=clock.ended)


def end_by_command(
    clock: SeatClock, config: ClockConfig, now: float, days_off: Calendar | None = None
) -> SeatClock:
    """The seat's own command ended its turn (or one that began and ended since the last settle): stop it,
    and keep it for an undo of that command."""
    used = used_in_turn(clock, now, days_off)
    ended = EndedTurn(reserve=clock.reserve, since=clock.since, used=used, stopped=now)
    stopped = stop_turn(clock, config, now, days_off) if clock.on_turn else clock
    return msgspec.structs.replace(stopped, ended=[*clock.ended, ended][-MAX_ENDED_TURNS:])


def forget_ended(clock: SeatClock) -> SeatClock:
    """Another seat acted: none of this seat's commands can be taken back any more."""
    return msgspec.structs.replace(clock, ended=[]) if clock.ended else clock


def resume_ended(
    clock: SeatClock, config: ClockConfig, version: int, now: float, days_off: Calendar | None = None
) -> SeatClock:
    """The seat took back its last command: the turn that command ended runs on from its start, the time
    since it stopped counted. Without one kept (more undos in a row than are kept), the running turn goes
    on, or a turn starts with its per-move allowance already used: an undo never gives time back."""
    if not clock.ended:
        if clock.on_turn:
            return clock
        return SeatClock(reserve=clock.reserve, since=version, started=now, used=config.per_move)
    turn = clock.ended[-1]
    return SeatClock(
        reserve=turn.reserve,
        since=turn.since if turn.since is not None else version,
        started=now,
        used=turn.used + counted(days_off, turn.stopped, now),
        ended=clock.ended[:-1],
    )


def freeze(clock: SeatClock, now: float, days_off: Calendar | None = None) -> SeatClock:
    """Pause a running turn: the time used so far is kept, nothing runs."""
    if clock.started is None:
        return clock
    return msgspec.structs.replace(clock, started=None, used=used_in_turn(clock, now, days_off))


def thaw(clock: SeatClock, now: float) -> SeatClock:
    """Resume a frozen turn."""
    if not clock.on_turn or clock.started is not None:
        return clock
    return msgspec.structs.replace(clock, started=now)


def remaining(clock: SeatClock, config: ClockConfig, now: float, days_off: Calendar | None = None) -> float:
    """Seconds the seat has left: in its turn, or for its next turn."""
    return max(0.0, config.per_move + clock.reserve - used_in_turn(clock, now, days_off))


def deadline(clock: SeatClock, config: ClockConfig, days_off: Calendar | None = None) -> float | None:
    """When the running turn's time is up (None while not running), past the player's days off."""
    if clock.started is None:
        return None
    return after(days_off, clock.started, config.per_move + clock.reserve - clock.used)


def reminder_at(clock: SeatClock, config: ClockConfig, days_off: Calendar | None = None) -> float | None:
    """When a quarter of the turn's time is left (None while not running or once reminded), past the
    player's days off."""
    if clock.started is None or clock.reminded:
        return None
    budget = config.per_move + clock.reserve
    return after(days_off, clock.started, (1 - REMINDER_FRACTION) * budget - clock.used)
