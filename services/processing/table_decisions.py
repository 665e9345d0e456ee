"""A table command (services/table/commands.py) decided by the worker: its facts, the table after them and,
for an undo, the game's state folded again without the events taken back."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import msgspec

from domain.engine import Game, RuleViolation
from domain.messages import msg
from services.results import GameMeta
from services.store.event_store import NewEvent
from services.store.records import CommandRecord, EventRecord, epoch_of
from services.table.decide import TableContext, decide_table, decode_table_command
from services.table.state import UNDONE, TableState, fold_fact
from services.table.undo import fold_effective


@dataclass(frozen=True)
class TableDecision:
    """Facts to append, the table after them, and the game's state after them when an undo changed it."""

    facts: list[NewEvent]
    table: TableState
    state: Any = None

    @property
    def took_back(self) -> bool:
        """An undo: the seat's last command was taken back."""
        return any(fact.type == UNDONE for fact in self.facts)


def table_after(table: TableState, facts: list[NewEvent]) -> TableState:
    for fact in facts:
        table = fold_fact(table, fact.type, fact.data)
    return table


def decide_table_command(
    log: Callable[[], list[EventRecord]], game: Game, meta: GameMeta, state: Any, command: CommandRecord
) -> TableDecision:
    """The decision, or :class:`RuleViolation` (an undecodable table command included); ``log`` reads the
    game's whole log (an undo needs it)."""
    try:
        decoded = decode_table_command(command.command)
    except msgspec.ValidationError:
        raise RuleViolation("command.invalid", msg("This is not a command of the table.")) from None
    context = TableContext(
        game=game,
        state=state,
        table=meta.table,
        seats=meta.seats,
        humans=meta.humans(),
        log=log,
        at=epoch_of(command.at),
    )
    facts = decide_table(context, command.seat, decoded)
    table = table_after(meta.table, facts)
    if not any(fact.type == UNDONE for fact in facts):
        return TableDecision(facts, table)
    refolded = fold_effective(game, _without(log(), table), None)
    return TableDecision(facts, table, refolded)


def _without(records: list[Any], table: TableState) -> list[Any]:
    """The log's records minus those ``table`` says were taken back."""
    return [record for record in records if not table.is_undone(record.seq)]
