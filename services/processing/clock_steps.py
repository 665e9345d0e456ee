"""Running the seats' clocks after the log moved (services/clocks/bank.py): a seat's turn starts when it must
act and stops when it no longer must (a bot playing it included); a pause freezes the running turns. Each
running turn schedules two version-checked jobs: ``timeout_seat`` at its deadline and ``remind_seat`` when a
quarter of its time is left; both times go into the due index so the sweep repairs a lost job. Deadlines
fall past each player's days off (services/clocks/calendar.py) and the opponents' choice
(:func:`choice_due`); job ids name the deadline."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import msgspec

from services.clocks import bank
from services.clocks.calendar import Calendar, after
from services.clocks.config import ClockConfig, effective_clock
from services.clocks.days_off import DaysOff
from services.clocks.deadlines import Deadline, Deadlines
from services.clocks.reminders import QuarterLeft, Reminders
from services.processing.command_queue import CommandQueue
from services.processing.job_scheduler import JobScheduler
from services.results import GameMeta
from services.settings import Settings
from services.store.meta_store import MetaStore
from services.store.records import CommandRecord, now_iso
from services.table.choice import due_at
from services.table.commands import DropChoice
from services.table.state import TableState


class Acted(NamedTuple):
    """A seat's accepted command, as the clocks see it: a game command, or an undo (``undo``)."""

    seat: int
    undo: bool = False


class RunningTurns(NamedTuple):
    config: ClockConfig | None
    deadlines: dict[int, Deadline]
    days_off: dict[int, Calendar]


class ClockSteps:
    def __init__(
        self,
        settings: Settings,
        deadlines: Deadlines,
        days_off: DaysOff,
        scheduler: JobScheduler,
        command_queue: CommandQueue,
    ) -> None:
        self._settings = settings
        self._deadlines = deadlines
        self._days_off = days_off
        self._scheduler = scheduler
        self._command_queue = command_queue

    def config(self, meta: GameMeta) -> ClockConfig | None:
        return effective_clock(meta.clock, self._settings.move_timeout)

    def running(self, meta: GameMeta) -> RunningTurns:
        """The game's clock, the deadline of every seat whose turn runs now and the seats' days off (none
        without a clock)."""
        config = self.config(meta)
        days_off = self._days_off.of_game(meta.id, meta.seats) if config is not None else {}
        return RunningTurns(config, self._deadlines.of_game(meta.id, config, days_off), days_off)

    def track(
        self, game_id: str, meta: GameMeta, on_clock: set[int], version: int, acted: Sequence[Acted]
    ) -> list[float]:
        """Start, stop, freeze or thaw each seat's turn (``on_clock``: the players who must act now;
        ``acted``: the seats' commands accepted since, in order: a game command ends its seat's turn, an
        undo resumes the turn the undone command ended), save what changed and schedule the running turns'
        jobs; returns when they are due."""
        config = self.config(meta)
        if config is None:
            return []
        now = self._settings.clock()
        known = self._deadlines.clocks(game_id)
        days_off = self._days_off.of_game(game_id, meta.seats)
        clocks = {seat: known.get(seat) or bank.fresh(config) for seat in range(meta.seats)}
        for step in acted:
            _acted(clocks, step, config, (version, now), days_off)
        for seat, clock in clocks.items():
            clocks[seat] = _moved(clock, config, seat in on_clock, meta, (version, now), days_off.get(seat))
        self._deadlines.save(game_id, {seat: c for seat, c in clocks.items() if known.get(seat) != c})
        self._drop_choices(game_id, meta.table, on_clock, version, acted)
        running = {seat: clocks[seat] for seat in on_clock}
        return self._schedule(game_id, (config, meta.table), running, days_off)

    def _drop_choices(
        self, game_id: str, table: TableState, on_clock: set[int], version: int, acted: Sequence[Acted]
    ) -> None:
        """Queue the clock's ``papyrus.drop_choice`` for each seat asked about (or ruled on) that played or
        no longer must act: the question, or the ruling, is about a turn that is over."""
        played = {step.seat for step in acted if not step.undo}
        for entry in table.choices:
            if entry.seat in played or entry.seat not in on_clock:
                record = CommandRecord(
                    command_id=f"drop-{entry.seat}-{version}",
                    seat=entry.seat,
                    actor="timeout",
                    command=msgspec.to_builtins(DropChoice()),
                    expected_version=None,
                    at=now_iso(self._settings.clock),
                )
                self._command_queue.queue_command(game_id, record)

    def _schedule(
        self,
        game_id: str,
        game_clock: tuple[ClockConfig, TableState],
        running: dict[int, bank.SeatClock],
        days_off: dict[int, Calendar],
    ) -> list[float]:
        """Schedule the timeout and reminder jobs of the running turns; returns when they are due."""
        config, table = game_clock
        due: list[float] = []
        for seat in sorted(running):
            clock, calendar = running[seat], days_off.get(seat)
            deadline = bank.deadline(clock, config, calendar)
            if deadline is None or clock.since is None or clock.started is None:
                continue
            deadline = choice_due(table, seat, deadline, config, calendar)
            self._scheduler.timeout(game_id, seat, clock.since, clock.started, deadline)
            due.append(deadline)
            remind = bank.reminder_at(clock, config, calendar)
            if remind is not None:
                self._scheduler.reminder(game_id, seat, clock.since, clock.started, remind)
                due.append(remind)
        return due


class TurnReminders:
    """The quarter-left reminder of a running turn, sent by its ``remind_seat`` job or by the sweep."""

    def __init__(
        self,
        settings: Settings,
        deadlines: Deadlines,
        days_off: DaysOff,
        meta: MetaStore[GameMeta],
        reminders: Reminders,
    ) -> None:
        self._settings = settings
        self._deadlines = deadlines
        self._days_off = days_off
        self._meta = meta
        self._reminders = reminders

    def config(self, meta: GameMeta) -> ClockConfig | None:
        return effective_clock(meta.clock, self._settings.move_timeout)

    def remind(self, game_id: str, seat: int, since: int) -> bool:
        """Send the quarter-left reminder of ``seat``'s turn since ``since`` if it is due; True if sent."""
        meta = self._meta.get(game_id)
        config = self.config(meta) if meta is not None else None
        if meta is None or config is None:
            return False
        clock = self._deadlines.clocks(game_id).get(seat)
        now = self._settings.clock()
        calendar = self._days_off.of_game(game_id, meta.seats).get(seat) if clock is not None else None
        at = bank.reminder_at(clock, config, calendar) if clock is not None else None
        if clock is None or clock.since != since or at is None or now < at:
            return False
        deadline = bank.deadline(clock, config, calendar) or now
        left = QuarterLeft(game_id, seat, since, bank.remaining(clock, config, now, calendar), deadline)
        return self._reminders.send(left)

    def remind_due(self, game_id: str, meta: GameMeta) -> bool:
        """Every reminder that is due now (the sweep, after a lost job); True if one was sent."""
        config = self.config(meta)
        if config is None:
            return False
        now = self._settings.clock()
        sent = False
        days_off = self._days_off.of_game(game_id, meta.seats)
        for seat, clock in self._deadlines.clocks(game_id).items():
            at = bank.reminder_at(clock, config, days_off.get(seat))
            if at is not None and at <= now and clock.since is not None:
                sent |= self.remind(game_id, seat, clock.since)
        return sent


def choice_due(
    table: TableState, seat: int, deadline: float, config: ClockConfig, calendar: Calendar | None
) -> float:
    """When the clock next acts on ``seat``, whose turn's time is up at ``deadline``: later while the other
    players are asked about it, or after they chose to wait (another turn's time, past the days off)."""
    if not config.opponents_choose:
        return deadline
    entry = table.choice_for(seat)
    ruled = entry.ruled_at if entry is not None and entry.ruled_at is not None else deadline
    return due_at(entry, deadline, after(calendar, ruled, config.per_move or config.reserve))


def _acted(
    clocks: dict[int, bank.SeatClock],
    step: Acted,
    config: ClockConfig,
    moment: tuple[int, float],
    days_off: dict[int, Calendar],
) -> None:
    """The clocks after one accepted command at ``moment`` (version, time): an undo resumes its seat's
    turn; a game command ends it, and no other seat's command can be taken back any more."""
    version, now = moment
    calendar = days_off.get(step.seat)
    if step.undo:
        clocks[step.seat] = bank.resume_ended(clocks[step.seat], config, version, now, calendar)
        return
    for seat, clock in clocks.items():
        clocks[seat] = (
            bank.end_by_command(clock, config, now, calendar)
            if seat == step.seat
            else bank.forget_ended(clock)
        )


def _moved(
    clock: bank.SeatClock,
    config: ClockConfig,
    on: bool,
    meta: GameMeta,
    moment: tuple[int, float],
    calendar: Calendar | None,
) -> bank.SeatClock:
    """The seat's clock after the log moved to ``moment`` (version, time)."""
    version, now = moment
    if clock.on_turn and not on:
        return bank.stop_turn(clock, config, now, calendar)
    if not on:
        return clock
    if not clock.on_turn:
        clock = bank.start_turn(clock, version, now)
    return bank.freeze(clock, now, calendar) if meta.table.paused else bank.thaw(clock, now)
