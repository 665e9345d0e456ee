"""A queued command's decision as its outcome records it: a game command's events, or a table command's
decision, each refused with the rule it breaks."""

from __future__ import annotations

import logging
from typing import Any

from domain.engine import Game, RuleViolation
from services.parts import Parts
from services.processing.table_decisions import TableDecision, decide_table_command
from services.results import GameMeta
from services.store.game_events import to_command
from services.store.records import CommandRecord, OutcomeRecord
from services.table.decide import check_game_command
from services.table.state import TableState

log = logging.getLogger(__name__)


def table_command_decision(
    parts: Parts,
    game: Game,
    game_id: str,
    meta: GameMeta,
    state: Any,
    command: CommandRecord,
    outcome: OutcomeRecord,
) -> TableDecision | None:
    """A table command's decision (status "accepted"), or None with the violation in ``outcome``."""
    try:
        settled = decide_table_command(parts, game, game_id, meta, state, command)
    except RuleViolation as violation:
        outcome.violation = violation.as_dict()
        return None
    outcome.status = "accepted"
    return settled


def game_command_events(
    game: Game,
    game_id: str,
    state: Any,
    command: CommandRecord,
    outcome: OutcomeRecord,
    table: TableState,
) -> list[Any]:
    """The command's events (status "accepted"), or [] with the violation recorded in ``outcome``.

    A game that fails on a command (a bug, or a command stored under an older schema) refuses it
    with ``engine.error`` instead of blocking its game forever; the failure is logged.
    """
    try:
        check_game_command(table)
        events = game.decide(state, command.seat, to_command(game, command))
    except RuleViolation as violation:
        outcome.violation = violation.as_dict()
        return []
    except Exception:
        log.exception("game %s: %s failed on command %s", game_id, game.name, command.command_id)
        outcome.violation = RuleViolation(
            "engine.error", "The game could not process this command; it was refused and logged."
        ).as_dict()
        return []
    outcome.status = "accepted"
    return list(events)
