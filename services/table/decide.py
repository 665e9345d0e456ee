"""Deciding the table's commands: pure, shared by the workers and ``papyrus verify``."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import msgspec

from domain.engine import Game, RuleViolation
from domain.messages import msg
from services import tagged_union
from services.store.event_store import NewEvent
from services.store.records import EventRecord
from services.table import commands as tc
from services.table.choice import BOT, FORFEIT, ChoiceMoment, decide_choice
from services.table.ranking import early_result
from services.table.state import (
    DAYS_OFF,
    GAME_ENDED,
    PAUSE_DECLINED,
    PAUSE_VOTED,
    PAUSE_WITHDRAWN,
    PAUSED,
    RECLAIMED,
    RESIGNED,
    RESUMED,
    STAND_IN,
    UNDONE,
    Resignation,
    SeatDaysOff,
    TableState,
)
from services.table.undo import undo_range

PAUSED_REFUSAL = ("table.paused", msg("The game is paused; it goes on once a player resumes it."))


@dataclass(frozen=True)
class TableContext:
    """What deciding a table command reads: the game and its state, the table, the seats held by players
    (not bots), the log so far (read only to take back a move) and the command's time (epoch seconds, read
    by the questions about seats out of time)."""

    game: Game
    state: Any
    table: TableState
    seats: int
    humans: frozenset[int]
    log: Callable[[], Sequence[EventRecord]]
    at: float = 0.0


def decode_table_command(command: dict[str, Any]) -> tc.TableCommand:
    decoded: tc.TableCommand = tagged_union.convert(command, tc.AnyTableCommand)
    return decoded


def check_game_command(table: TableState) -> None:
    """A game's command is refused while the table is paused."""
    if table.paused:
        raise RuleViolation(*PAUSED_REFUSAL)


def decide_table(ctx: TableContext, seat: int, command: tc.TableCommand) -> list[NewEvent]:
    """The facts a table command causes, or :class:`RuleViolation`."""
    table = ctx.table
    if seat in table.resigned_seats():
        raise RuleViolation("seat.resigned", msg("This seat has resigned."))
    if isinstance(command, tc.Resign | tc.TimeOutForfeit):
        reason = "resigned" if isinstance(command, tc.Resign) else "forfeit"
        return _resign(ctx, seat, reason)
    if isinstance(command, tc.TimeOutToBot):
        if seat in table.stand_in:
            raise RuleViolation("seat.stood_in", msg("A bot already plays this seat."))
        return [NewEvent(STAND_IN, {"seat": seat})]
    if isinstance(command, tc.Reclaim):
        if seat not in table.stand_in:
            raise RuleViolation("seat.not_stood_in", msg("No bot plays this seat: it is yours already."))
        return [NewEvent(RECLAIMED, {"seat": seat})]
    if isinstance(command, tc.Pause | tc.Resume | tc.DeclinePause | tc.WithdrawPause):
        return _pause_or_resume(ctx, seat, command)
    if isinstance(command, tc.ChoiceCommand):
        return _choice(ctx, seat, command)
    if isinstance(command, tc.NoteDaysOff):
        return _days_off(ctx.table, seat, command)
    check_game_command(table)  # an undo changes the board: not while the table is paused
    command_id, first, last = undo_range(ctx.game, ctx.log(), table, seat, ctx.seats)
    return [NewEvent(UNDONE, {"seat": seat, "command_id": command_id, "first_seq": first, "last_seq": last})]


def _resign(ctx: TableContext, seat: int, reason: str) -> list[NewEvent]:
    """A resignation ends the game when no player is left, or when the game says too few seats are (its
    ``continues_with``); a forfeit never does: a bot finishes the game in that seat."""
    facts = [NewEvent(RESIGNED, {"seat": seat, "reason": reason})]
    after = msgspec.structs.replace(
        ctx.table, resigned=[*ctx.table.resigned, Resignation(seat=seat, reason=reason)]
    )
    active = set(range(ctx.seats)) - after.resigned_seats()
    if reason == "forfeit":  # the clock's policy: a bot finishes the game in that seat, whoever is left
        return facts
    if not (active & ctx.humans) or not ctx.game.continues_with(ctx.state, active):
        result = early_result(ctx.game, ctx.state, ctx.seats, after)
        facts.append(NewEvent(GAME_ENDED, {"ranking": result.ranking, "scores": result.scores}))
    return facts


def _days_off(table: TableState, seat: int, command: tc.NoteDaysOff) -> list[NewEvent]:
    """The seat's days off recorded as the clock counts them, unless they are the ones recorded already."""
    data = {key: value for key, value in msgspec.to_builtins(command).items() if key != "type"}
    data["seat"] = seat
    if table.days_off_of(seat) == msgspec.convert(data, SeatDaysOff):
        raise RuleViolation("days_off.unchanged", msg("These days off are recorded already."))
    return [NewEvent(DAYS_OFF, data)]


def _choice(ctx: TableContext, seat: int, command: tc.TableCommand) -> list[NewEvent]:
    """A question about a seat out of time (services/table/choice.py), and what its choice carries out: a bot
    stands in, or the seat forfeits."""
    moment = ChoiceMoment(ctx.table, frozenset(ctx.game.to_act(ctx.state)), ctx.humans, ctx.at)
    facts, made = decide_choice(moment, seat, command)
    about = command.about if isinstance(command, tc.Choose) else seat
    if made == BOT:
        facts.append(NewEvent(STAND_IN, {"seat": about}))
    elif made == FORFEIT:
        facts += _resign(ctx, about, "forfeit")
    return facts


def _answer(table: TableState, seat: int, command: tc.TableCommand) -> NewEvent:
    """A vote for a pause taken back (the asker's ends the request), or the request turned down."""
    if isinstance(command, tc.WithdrawPause):
        if seat not in table.pause_votes:
            raise RuleViolation("pause.not_voted", msg("You have not asked for a pause nor agreed to one."))
        return NewEvent(PAUSE_WITHDRAWN, {"seat": seat})
    if not table.pause_votes:
        raise RuleViolation("pause.not_asked", msg("Nobody asked to pause the game."))
    if seat in table.pause_votes:
        raise RuleViolation("pause.voted", msg("You agreed to the pause; take your vote back instead."))
    return NewEvent(PAUSE_DECLINED, {"seat": seat})


def _pause_or_resume(ctx: TableContext, seat: int, command: tc.TableCommand) -> list[NewEvent]:
    table = ctx.table
    if isinstance(command, tc.Resume):
        if not table.paused:
            raise RuleViolation("table.not_paused", msg("The game is not paused."))
        return [NewEvent(RESUMED, {"seat": seat})]
    if table.paused:
        raise RuleViolation("table.paused", msg("The game is paused already."))
    if isinstance(command, tc.DeclinePause | tc.WithdrawPause):
        return [_answer(table, seat, command)]
    if seat in table.pause_votes:
        raise RuleViolation(
            "pause.voted", msg("You voted for a pause already; the others have not all agreed.")
        )
    facts = [NewEvent(PAUSE_VOTED, {"seat": seat})]
    voters = ctx.humans - table.resigned_seats()
    if voters <= {*table.pause_votes, seat}:
        facts.append(NewEvent(PAUSED, {}))
    return facts
