"""Running the seats' clocks after the log moved (services/clocks/bank.py): a seat's turn starts when it must
act and stops when it no longer must (a bot playing it included); a pause freezes the running turns. Each
running turn schedules two version-checked jobs: ``timeout_seat`` at its deadline and ``remind_seat`` when a
quarter of its time is left; both times go into the due index so the sweep repairs a lost job."""

from __future__ import annotations

from services.clocks import bank
from services.clocks.config import ClockConfig, effective_clock
from services.clocks.reminders import QuarterLeft, send_quarter_left
from services.parts import Parts
from services.results import GameMeta


class ClockSteps:
    def __init__(self, parts: Parts) -> None:
        self._parts = parts

    def config(self, meta: GameMeta) -> ClockConfig | None:
        return effective_clock(meta.clock, self._parts.settings.move_timeout)

    def track(
        self, game_id: str, meta: GameMeta, on_clock: set[int], version: int, acted: set[int]
    ) -> list[float]:
        """Start, stop, freeze or thaw each seat's turn (``on_clock``: the players who must act now;
        ``acted``: seats whose commands were accepted since, whose turns ended), save what changed and
        schedule the running turns' jobs; returns when they are due."""
        config = self.config(meta)
        if config is None:
            return []
        parts = self._parts
        now = parts.settings.clock()
        known = parts.deadlines.clocks(game_id)
        clocks = {}
        for seat in range(meta.seats):
            clock = known.get(seat) or bank.fresh(config)
            if seat in acted and clock.on_turn:
                clock = bank.stop_turn(clock, config, now)
            clocks[seat] = _moved(clock, config, seat in on_clock, meta, version, now)
        parts.deadlines.save(game_id, {seat: c for seat, c in clocks.items() if known.get(seat) != c})
        due: list[float] = []
        for seat in sorted(on_clock):
            clock = clocks[seat]
            deadline = bank.deadline(clock, config)
            if deadline is None or clock.since is None:
                continue
            parts.scheduler.timeout(game_id, seat, clock.since, deadline)
            due.append(deadline)
            remind = bank.reminder_at(clock, config)
            if remind is not None:
                parts.scheduler.reminder(game_id, seat, clock.since, remind)
                due.append(remind)
        return due

    def remind(self, game_id: str, seat: int, since: int) -> bool:
        """Send the quarter-left reminder of ``seat``'s turn since ``since`` if it is due; True if sent."""
        meta = self._parts.meta.get(game_id)
        config = self.config(meta) if meta is not None else None
        if meta is None or config is None:
            return False
        clock = self._parts.deadlines.clocks(game_id).get(seat)
        now = self._parts.settings.clock()
        at = bank.reminder_at(clock, config) if clock is not None else None
        if clock is None or clock.since != since or at is None or now < at:
            return False
        deadline = bank.deadline(clock, config) or now
        left = QuarterLeft(game_id, seat, since, bank.remaining(clock, config, now), deadline)
        return send_quarter_left(self._parts, left)

    def remind_due(self, game_id: str, meta: GameMeta) -> bool:
        """Every reminder that is due now (the sweep, after a lost job); True if one was sent."""
        config = self.config(meta)
        if config is None:
            return False
        now = self._parts.settings.clock()
        sent = False
        for seat, clock in self._parts.deadlines.clocks(game_id).items():
            at = bank.reminder_at(clock, config)
            if at is not None and at <= now and clock.since is not None:
                sent |= self.remind(game_id, seat, clock.since)
        return sent


def _moved(
    clock: bank.SeatClock, config: ClockConfig, on: bool, meta: GameMeta, version: int, now: float
) -> bank.SeatClock:
    """The seat's clock after the log moved to ``version``."""
    if clock.on_turn and not on:
        return bank.stop_turn(clock, config, now)
    if not on:
        return clock
    if not clock.on_turn:
        clock = bank.start_turn(clock, version, now)
    return bank.freeze(clock, now) if meta.table.paused else bank.thaw(clock, now)
