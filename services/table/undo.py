"""Taking back a move, as Board Game Arena allows it: a seat may undo its own last command while no other
seat has acted since and nothing its command (or the automatic steps after it) did showed any seat or a
spectator something (``domain.engine.revealing``, derived from the game's ``secrets``); the clock's record
of a player's days off (``papyrus.days_off``) is no seat acting. Repeated, it takes back the commands
before, one at a time. The undone events stay in the log; a ``papyrus.undone`` fact names
them and every fold skips them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.engine import Game, RuleViolation, revealing
from domain.messages import msg
from services.store.game_events import to_event
from services.store.records import ENGINE_PREFIX, SEED_REVEALED, EventRecord
from services.table.state import CHOICE_DROPPED, DAYS_OFF, UNDONE, TableState

STAND_IN_PREFIXES = ("bot-", "timeout-")
# The table's facts no seat acts by: an absence, or the clock dropping a question about a seat that played.
NOT_ACTING = frozenset({DAYS_OFF, CHOICE_DROPPED})


class RefoldNeeded(Exception):
    """An undo reaches back before the state being folded on: fold the whole log again."""


def undone_in(records: Sequence[EventRecord]) -> list[tuple[int, int]]:
    return [
        (record.data["first_seq"], record.data["last_seq"]) for record in records if record.type == UNDONE
    ]


def fold_effective(game: Game, records: Sequence[EventRecord], state: Any | None, since: int = 0) -> Any:
    """Fold the game's records onto ``state`` (folded up to ``since``), skipping engine records and the
    events an undo among ``records`` took back; :class:`RefoldNeeded` if one reaches ``since`` or before."""
    ranges = undone_in(records)
    if any(first <= since for first, _ in ranges):
        raise RefoldNeeded
    for record in records:
        if record.type.startswith(ENGINE_PREFIX) or any(a <= record.seq <= b for a, b in ranges):
            continue
        state = game.evolve(state, to_event(game, record))
    return state


def _own(record: EventRecord, seat: int) -> bool:
    """A command the seat's player sent (not a bot's or the clock's move in its place)."""
    command_id = record.command_id or ""
    return record.actor == seat and bool(command_id) and not command_id.startswith(STAND_IN_PREFIXES)


def _refuse_other(seat_acted: bool) -> RuleViolation:
    if seat_acted:
        return RuleViolation("undo.other_acted", msg("Another seat has acted since your last move."))
    return RuleViolation("undo.nothing", msg("You have no move to take back."))


def undo_range(
    game: Game, records: Sequence[EventRecord], table: TableState, seat: int, seats: int
) -> tuple[str, int, int]:
    """The command the seat may take back and the seqs of its events and the automatic steps after them,
    or :class:`RuleViolation` saying why not (``seats``: the game's number of seats)."""
    chain: list[EventRecord] = []
    command_id: str | None = None
    for record in reversed(records):
        if record.type == UNDONE or table.is_undone(record.seq):
            continue
        if record.type == SEED_REVEALED:
            raise RuleViolation("game.over", msg("The game is over."))
        if command_id is not None:
            if record.command_id != command_id:
                break  # what came before the command, a table's fact too, is not since it
        elif record.type.startswith(ENGINE_PREFIX):
            if record.actor != seat and record.type not in NOT_ACTING:
                raise _refuse_other(True)
            continue
        elif _own(record, seat):
            command_id = record.command_id
        elif record.actor != "system" or record.command_id is not None:
            raise _refuse_other(True)
        chain.append(record)
    if command_id is None:
        raise _refuse_other(False)
    before = _state_before(game, records, table, chain[-1].seq)
    taken_back = [to_event(game, record) for record in reversed(chain)]
    if revealing(game, before, taken_back, [None, *range(seats)]):
        raise RuleViolation(
            "undo.revealed",
            msg("Your move, or what followed it, revealed something; it cannot be taken back."),
        )
    return command_id, chain[-1].seq, chain[0].seq


def _state_before(game: Game, records: Sequence[EventRecord], table: TableState, seq: int) -> Any | None:
    """The game's state folded from the log's records before ``seq``, without those taken back."""
    state = None
    for record in records:
        if record.seq >= seq:
            break
        if not record.type.startswith(ENGINE_PREFIX) and not table.is_undone(record.seq):
            state = game.evolve(state, to_event(game, record))
    return state
