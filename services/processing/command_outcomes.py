"""A queued command's decision as its outcome records it: a game command's events, or a table command's
decision, each refused with the rule it breaks."""

from __future__ import annotations

import logging
from typing import Any

from domain.engine import RuleViolation
from domain.messages import msg
from services.processing.game_in_job import GameInJob
from services.processing.table_decisions import TableDecision, decide_table_command
from services.store.event_store import EventStore
from services.store.game_events import to_command
from services.store.records import CommandRecord, OutcomeRecord
from services.table.decide import check_game_command

log = logging.getLogger(__name__)


def table_command_decision(
    store: EventStore, job: GameInJob, command: CommandRecord, outcome: OutcomeRecord
) -> TableDecision | None:
    """A table command's decision (status "accepted"), or None with the violation in ``outcome``."""
    try:
        settled = decide_table_command(lambda: store.read(job.id), job.game, job.meta, job.state, command)
    except RuleViolation as violation:
        outcome.violation = violation.as_dict()
        return None
    outcome.status = "accepted"
    return settled


def game_command_events(job: GameInJob, command: CommandRecord, outcome: OutcomeRecord) -> list[Any]:
    """The command's events (status "accepted"), or [] with the violation recorded in ``outcome``.

    A game that fails on a command (a bug, or a command stored under an older schema) refuses it
    with ``engine.error`` instead of blocking its game forever; the failure is logged.
    """
    game = job.game
    try:
        check_game_command(job.meta.table)
        events = game.decide(job.state, command.seat, to_command(game, command))
    except RuleViolation as violation:
        outcome.violation = violation.as_dict()
        return []
    except Exception:
        log.exception("game %s: %s failed on command %s", job.id, game.name, command.command_id)
        outcome.violation = RuleViolation(
            "engine.error", msg("The game could not process this command; it was refused and logged.")
        ).as_dict()
        return []
    outcome.status = "accepted"
    return list(events)
