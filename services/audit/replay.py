"""Re-deriving a game from its revealed seed and its commands, exactly as the service decided it.

Event groups are the setup, an accepted command's events and one automatic step each, then the seed reveal;
commands are re-decided one at a time in submission order, a refused one on the state at its outcome's
version. The table's commands are re-decided too: their facts must match, timeouts must come from actor
``timeout`` and nothing else from it, a paused table refuses a game's commands, an undo folds the game without
what it took back, and resigned or forfeited seats rank last.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

import msgspec

from domain.engine import Game, GameResult, RuleViolation
from services import tagged_union
from services.audit.records import CommandLine, EventLine, Problem
from services.audit.turns import TurnStarts
from services.clocks.calendar import Absence, Calendar
from services.i18n import english
from services.store.event_store import NewEvent
from services.store.game_events import new_events, upcast
from services.store.records import SEED_REVEALED, Actor, epoch_of
from services.table.choice import PASS, voters
from services.table.commands import (
    CLOCK_ACTOR,
    CLOCK_CHOICE_COMMANDS,
    CLOCK_NOTES,
    PLAYER_TABLE_COMMANDS,
    is_table_command,
)
from services.table.decide import TableContext, check_game_command, decide_table, decode_table_command
from services.table.ranking import finished, standings
from services.table.state import UNDONE, SeatDaysOff, TableState, fold_fact


class ReplayStopped(Exception):
    """The log stops following from the rules here; nothing after it can be trusted."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(str(problem))
        self.problem = problem


def _difference(recorded: dict[str, Any], derived: dict[str, Any]) -> str:
    fields = sorted(key for key in {*recorded, *derived} if recorded.get(key) != derived.get(key))
    shown = ", ".join(f"{key}: recorded {recorded.get(key)!r}, rules {derived.get(key)!r}" for key in fields)
    return shown or "the data differ"


def compare_group(
    game: Game,
    lines: list[EventLine],
    start: int,
    derived: list[NewEvent],
    actor: Actor,
    command_id: str | None,
) -> None:
    """The recorded events from ``lines[start]`` on must be exactly ``derived``, written by ``actor`` for
    ``command_id``."""
    for offset, expected in enumerate(derived):
        if start + offset >= len(lines):
            where = lines[-1].where if lines else "log"
            raise ReplayStopped(Problem(where, f"the log ends where the rules give {expected.type}"))
        event = lines[start + offset]
        record = event.record
        if record.type != expected.type:
            raise ReplayStopped(
                Problem(event.where, f"recorded {record.type}, but the rules give {expected.type}")
            )
        data = upcast(game, record)
        if data != expected.data:
            raise ReplayStopped(
                Problem(
                    event.where,
                    f"{record.type} does not follow from the rules: {_difference(data, expected.data)}",
                )
            )
        if record.actor != actor or record.command_id != command_id:
            raise ReplayStopped(
                Problem(
                    event.where,
                    f"written by {record.actor!r} for command {record.command_id!r}, "
                    f"expected {actor!r} for command {command_id!r}",
                )
            )


@dataclass
class Replay:
    """Walks the log group by group, folding the re-derived events."""

    game: Game
    events: list[EventLine]
    commands: list[CommandLine]
    humans: frozenset[int] = frozenset()
    state: Any = None
    position: int = 0
    next_command: int = 0
    refusals_checked: int = 0
    table: TableState = field(default_factory=TableState)
    seats: int = 0
    per_move: float | None = None
    opponents_choose: bool = False
    turns: TurnStarts = field(default_factory=TurnStarts)
    acted: int | None = None
    undid: int | None = None
    folded: list[tuple[int, Any]] = field(default_factory=list)

    def run_setup(self, seats: int, options: Any, seed: bytes) -> None:
        self.seats = seats
        events = self.game.setup(seats, options, seed)
        self._apply(new_events(self.game, events), "system", None, events)
        self._turns_moved()

    def run(self) -> GameResult | None:
        """Every group after the setup; returns the replayed result."""
        while True:
            self._check_decisions_without_events()
            if self.position >= len(self.events):
                break
            event = self.events[self.position]
            if event.record.type == SEED_REVEALED:
                break
            if finished(self.game, self.state, self.table):
                raise ReplayStopped(Problem(event.where, "an event after the game ended"))
            self.acted = self.undid = None
            if event.record.command_id is None:
                self._advance(event)
            else:
                self._command(event)
            self._turns_moved()
        result = standings(self.game.result(self.state), self.table)
        if result is None:
            raise ReplayStopped(Problem("log", "the log ends before the game is over"))
        self._check_decisions_without_events(final=True)
        if self.next_command < len(self.commands):
            line = self.commands[self.next_command]
            raise ReplayStopped(Problem(line.where, "its outcome claims events the log does not hold"))
        return result

    def _apply(
        self, derived: list[NewEvent], actor: Actor, command_id: str | None, events: list[Any]
    ) -> None:
        compare_group(self.game, self.events, self.position, derived, actor, command_id)
        for offset, event in enumerate(events):
            self.state = self.game.evolve(self.state, event)
            self.folded.append((self.position + 1 + offset, event))
        self.position += len(derived)

    def _advance(self, event: EventLine) -> None:
        if self.game.to_act(self.state):
            raise ReplayStopped(Problem(event.where, "an automatic step while a player must act"))
        events = self.game.advance(self.state)
        if not events:
            raise ReplayStopped(Problem(event.where, "an automatic step where the rules have none"))
        self._apply(new_events(self.game, events), "system", None, events)

    def _command(self, event: EventLine) -> None:
        command_id = event.record.command_id
        line = self.commands[self.next_command] if self.next_command < len(self.commands) else None
        if line is None or line.command.command_id != command_id:
            expected = line.command.command_id if line else "none"
            raise ReplayStopped(
                Problem(
                    event.where,
                    f"written for command {command_id!r}, but the next decided command is {expected!r}",
                )
            )
        self.next_command += 1
        outcome = line.outcome
        if outcome is None or outcome.status != "accepted" or outcome.first_seq != event.record.seq:
            raise ReplayStopped(
                Problem(line.where, f"its outcome does not claim the events from seq {event.record.seq}")
            )
        self._check_timeout_time(line)
        self._check_clock_choice(line)
        if is_table_command(line.command.command):
            self._table_command(line)
            return
        self.acted = line.command.seat
        try:
            check_game_command(self.table)
            events = self.game.decide(self.state, line.command.seat, _decoded(self.game, line))
        except RuleViolation as violation:
            raise ReplayStopped(
                Problem(
                    line.where, f"accepted in the log, but the rules refuse it: {english(violation.message)}"
                )
            ) from None
        self._apply(new_events(self.game, events), line.command.actor, command_id, events)

    def _turns_moved(self) -> None:
        if self.position and self.state is not None and not finished(self.game, self.state, self.table):
            at = epoch_of(self.events[self.position - 1].record.at)
            days_off = calendar_of(self.table.days_off_of(self.acted)) if self.acted is not None else None
            self.turns.moved(self.game.to_act(self.state), at, self.acted, self.undid, days_off)

    def _check_timeout_time(self, line: CommandLine) -> None:
        """A timeout (actor ``timeout``) must come after the seat's per-move allowance (services/audit/
        turns.py); only checked when the export's header names the clock."""
        if line.command.actor != "timeout" or self.per_move is None:
            return
        if line.command.command.get("type") in ("papyrus.drop_choice", *CLOCK_NOTES):
            return  # not a timeout: the seat played, or the clock records its days off
        days_off = calendar_of(self.table.days_off_of(line.command.seat))
        if self.turns.too_early(line.command.seat, epoch_of(line.command.at), self.per_move, days_off):
            raise ReplayStopped(
                Problem(line.where, f"a timeout before the seat's {self.per_move:g} s for the move ran out")
            )

    def _check_clock_choice(self, line: CommandLine) -> None:
        """In a game whose opponents choose, the clock acts on a seat out of time by itself (its policy, or
        the game's timeout command) only when nobody could be asked, or when the players' ruling was
        "pass" (services/table/choice.py)."""
        command = line.command
        if not self.opponents_choose or command.actor != "timeout":
            return
        if command.command.get("type") in (*CLOCK_CHOICE_COMMANDS, *CLOCK_NOTES):
            return
        entry = self.table.choice_for(command.seat)
        if entry is not None and entry.ruling == PASS and not is_table_command(command.command):
            return
        if voters(self.table, self.humans, command.seat):
            raise ReplayStopped(
                Problem(line.where, "the clock acted on a seat out of time without asking the other players")
            )

    def _table_decision(self, line: CommandLine) -> list[NewEvent]:
        """The facts of a table command (RuleViolation if refused), from the actor allowed to send it."""
        kind = line.command.command.get("type")
        by_clock = line.command.actor == "timeout"
        if (line.command.actor == CLOCK_ACTOR) != (kind in CLOCK_NOTES):
            raise ReplayStopped(Problem(line.where, f"{kind} sent by {line.command.actor!r}"))
        if kind not in CLOCK_NOTES and by_clock == (kind in PLAYER_TABLE_COMMANDS):
            sender = "the clock" if by_clock else "a player"
            raise ReplayStopped(Problem(line.where, f"{kind} sent by {sender}"))
        try:
            decoded = decode_table_command(line.command.command)
        except msgspec.ValidationError as error:
            raise ReplayStopped(Problem(line.where, f"not a table command: {error}")) from None
        context = TableContext(
            game=self.game,
            state=self.state,
            table=self.table,
            seats=self.seats,
            humans=self.humans,
            log=lambda: [event.record for event in self.events[: self.position]],
            at=epoch_of(line.command.at),
        )
        return decide_table(context, line.command.seat, decoded)

    def _table_command(self, line: CommandLine) -> None:
        try:
            facts = self._table_decision(line)
        except RuleViolation as violation:
            raise ReplayStopped(
                Problem(
                    line.where, f"accepted in the log, but the table refuses it: {english(violation.message)}"
                )
            ) from None
        compare_group(
            self.game, self.events, self.position, facts, line.command.actor, line.command.command_id
        )
        self.position += len(facts)
        for fact in facts:
            self.table = fold_fact(self.table, fact.type, fact.data)
        if any(fact.type == UNDONE for fact in facts):
            self.undid = line.command.seat
            self.state = None
            for seq, event in self.folded:
                if not self.table.is_undone(seq):
                    self.state = self.game.evolve(self.state, event)

    def _check_decisions_without_events(self, final: bool = False) -> None:
        """Commands decided at this version that wrote nothing: refusals (and accepted no-ops)."""
        version = self.position
        while self.next_command < len(self.commands):
            line = self.commands[self.next_command]
            outcome = line.outcome
            if outcome is None:
                if final:
                    self.next_command += 1
                    continue
                if self._decided_after(self.next_command):
                    raise ReplayStopped(
                        Problem(line.where, "a command was never decided but later ones were")
                    )
                return  # none after it was decided either: it came as the game ended (final pass)
            if outcome.first_seq != 0 or (outcome.version != version and not final):
                return
            self._check_refusal(line)
            self.next_command += 1
            self.refusals_checked += 1

    def _decided_after(self, index: int) -> bool:
        """Whether any command after the one at ``index`` has an outcome."""
        return any(line.outcome is not None for line in self.commands[index + 1 :])

    def _check_refusal(self, line: CommandLine) -> None:
        outcome = line.outcome
        assert outcome is not None
        violation = outcome.violation or {}
        code = violation.get("code")
        if outcome.status == "stale":
            if line.command.expected_version in (None, outcome.version):
                raise ReplayStopped(
                    Problem(line.where, "refused as stale, but it expected the right version")
                )
            return
        if outcome.status == "rejected" and code == "game.over":
            if not finished(self.game, self.state, self.table):
                raise ReplayStopped(Problem(line.where, "refused as 'game over' while the game was running"))
            return
        try:
            events = self._redecided(line)
        except RuleViolation as refused:
            if outcome.status != "rejected" or refused.code != code:
                raise ReplayStopped(
                    Problem(
                        line.where,
                        f"recorded as {outcome.status} {code!r}, the rules refuse it with {refused.code!r}",
                    )
                ) from None
            return
        if outcome.status != "accepted" or events:
            raise ReplayStopped(
                Problem(line.where, f"recorded as {outcome.status} {code!r}, but the rules accept it")
            )

    def _redecided(self, line: CommandLine) -> list[Any]:
        """A refused (or no-op) command decided again: a table command's facts, or a game's events."""
        if is_table_command(line.command.command):
            return self._table_decision(line)
        check_game_command(self.table)
        events: list[Any] = self.game.decide(self.state, line.command.seat, _decoded(self.game, line))
        return events


def calendar_of(recorded: SeatDaysOff | None) -> Calendar | None:
    """The calendar a seat's recorded days off stand for (None: none recorded)."""
    if recorded is None:
        return None
    absences = tuple(
        Absence(id=str(index), first=dt.date.fromisoformat(first), last=dt.date.fromisoformat(last))
        for index, (first, last) in enumerate(recorded.absences)
    )
    return Calendar(
        zone=recorded.zone,
        weekend=tuple(recorded.weekend),
        absences=absences,
        hours_off=tuple(recorded.hours_off),
    )


def _decoded(game: Game, line: CommandLine) -> Any:
    try:
        return tagged_union.convert(line.command.command, game.Command)
    except msgspec.ValidationError as error:
        raise ReplayStopped(Problem(line.where, f"not a {game.name} command: {error}")) from None
