"""The history of a game as one seat may see it, and a command outcome's events for its submitter."""

from __future__ import annotations

from typing import Any

from domain.engine import Game
from services import codec
from services.codec import CommandRecord, EventRecord, OutcomeRecord


def visible_event(
    game: Game, record: EventRecord, seat: int | None, over: bool, names: list[str]
) -> dict[str, Any] | None:
    """The record as ``seat`` may see it (None if hidden); nothing is redacted once the game is over.
    ``names`` name the seats in the description."""
    entry: dict[str, Any] = {
        "kind": "event",
        "seq": record.seq,
        "type": record.type,
        "at": record.at,
        "actor": record.actor,
        "command_id": record.command_id,
    }
    if record.is_engine_record:
        return {**entry, "data": record.data, "description": "The game's secret seed is revealed."}
    event = codec.to_event(game, record)
    shown = event if over else game.redact(event, seat)
    if shown is None:
        return None
    return {
        **entry,
        "type": codec.event_type(shown),
        "data": codec.event_data(shown),
        "description": game.describe(shown, names),
    }


def refused_command(entry_id: str, command: CommandRecord, outcome: OutcomeRecord) -> dict[str, Any]:
    return {
        "kind": "refused",
        "entry_id": entry_id,
        "command_id": command.command_id,
        "at": command.at,
        "seat": command.seat,
        "actor": command.actor,
        "command": command.command,
        "status": outcome.status,
        "version": outcome.version,
        "violation": outcome.violation,
    }


def seat_history(
    game: Game,
    records: list[EventRecord],
    commands: list[tuple[str, CommandRecord]],
    outcomes: dict[str, OutcomeRecord],
    seat: int | None,
    over: bool,
    names: list[str],
    after: int = 0,
) -> list[dict[str, Any]]:
    """Events in order, each refused command placed after the events that preceded its decision. With
    ``after``, only what comes after event ``after``: the records must be those after it, and a refused
    command decided at that version is listed again (its place is right after that event)."""
    refused: dict[int, list[dict[str, Any]]] = {}
    for entry_id, command in commands:
        outcome = outcomes.get(command.command_id)
        if outcome is None or outcome.status == "accepted" or not (over or command.seat == seat):
            continue
        if outcome.version < after:
            continue
        refused.setdefault(outcome.version, []).append(refused_command(entry_id, command, outcome))
    entries: list[dict[str, Any]] = list(refused.pop(after, []))
    for record in records:
        shown = visible_event(game, record, seat, over, names)
        if shown is not None:
            entries.append(shown)
        entries.extend(refused.pop(record.seq, []))
    for leftover in refused.values():
        entries.extend(leftover)
    return entries


def outcome_events(
    game: Game, records: list[EventRecord], seat: int, over: bool, names: list[str]
) -> list[dict[str, Any]]:
    """A command's events as its submitter may see them."""
    shown = (visible_event(game, record, seat, over, names) for record in records)
    return [entry for entry in shown if entry is not None]
