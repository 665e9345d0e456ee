"""Deciding the table's commands: pure, shared by the workers and ``papyrus verify``."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import msgspec

from domain.engine import Game, RuleViolation
from services import tagged_union
from services.store.event_store import NewEvent
from services.store.records import EventRecord
from services.table import commands as tc
from services.table.ranking import early_result
from services.table.state import (
    GAME_ENDED,
    PAUSE_VOTED,
    PAUSED,
    RECLAIMED,
    RESIGNED,
    RESUMED,
    STAND_IN,
    UNDONE,
    Resignation,
    TableState,
)
from services.table.undo import undo_range

PAUSED_REFUSAL = ("table.paused", "The game is paused; it goes on once a player resumes it.")


@dataclass(frozen=True)
class TableContext:
    """What deciding a table command reads: the game and its state, the table, the seats held by players
    (not bots) and the log so far (read only to take back a move)."""

    game: Game
    state: Any
    table: TableState
    seats: int
    humans: frozenset[int]
    log: Callable[[], Sequence[EventRecord]]


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
        raise RuleViolation("seat.resigned", "This seat has resigned.")
    if isinstance(command, tc.Resign | tc.TimeOutForfeit):
        reason = "resigned" if isinstance(command, tc.Resign) else "forfeit"
        return _resign(ctx, seat, reason)
    if isinstance(command, tc.TimeOutToBot):
        if seat in table.stand_in:
            raise RuleViolation("seat.stood_in", "A bot already plays this seat.")
        return [NewEvent(STAND_IN, {"seat": seat})]
    if isinstance(command, tc.Reclaim):
        if seat not in table.stand_in:
            raise RuleViolation("seat.not_stood_in", "No bot plays this seat: it is yours already.")
        return [NewEvent(RECLAIMED, {"seat": seat})]
    if isinstance(command, tc.Pause | tc.Resume):
        return _pause_or_resume(ctx, seat, command)
    check_game_command(table)  # an undo changes the board: not while the table is paused
    command_id, first, last = undo_range(ctx.game, ctx.log(), table, seat)
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


def _pause_or_resume(ctx: TableContext, seat: int, command: tc.TableCommand) -> list[NewEvent]:
    table = ctx.table
    if isinstance(command, tc.Resume):
        if not table.paused:
            raise RuleViolation("table.not_paused", "The game is not paused.")
        return [NewEvent(RESUMED, {"seat": seat})]
    if table.paused:
        raise RuleViolation("table.paused", "The game is paused already.")
    if seat in table.pause_votes:
        raise RuleViolation("pause.voted", "You voted for a pause already; the others have not all agreed.")
    facts = [NewEvent(PAUSE_VOTED, {"seat": seat})]
    voters = ctx.humans - table.resigned_seats()
    if voters <= {*table.pause_votes, seat}:
        facts.append(NewEvent(PAUSED, {}))
    return facts
