"""The history of a game as one seat may see it, and a command outcome's events for its submitter."""

from __future__ import annotations

from dataclasses import dataclass

from domain.engine import Game, Text
from domain.messages import msg
from services.results import HistoryEntry, HistoryEvent, RefusedCommand
from services.store.game_events import event_data, event_type, to_event
from services.store.records import CommandRecord, EventRecord, OutcomeRecord
from services.table.describe import describe_fact
from services.table.state import is_table_fact

SEED_DESCRIPTION = msg("The game's secret seed is revealed.")


@dataclass(frozen=True)
class Viewer:
    """Who reads a game's events: its ``seat`` (None: a spectator), whether the game is ``over`` (then
    nothing is redacted), and the seat ``names`` the descriptions use."""

    seat: int | None
    over: bool
    names: list[str]


def visible_event(game: Game, record: EventRecord, viewer: Viewer) -> HistoryEvent | None:
    """The record as the viewer's seat may see it (None if hidden); nothing is redacted once the game is
    over."""
    names = viewer.names
    if is_table_fact(record.type):
        return _entry(record, record.type, record.data, describe_fact(record.type, record.data, names))
    if record.is_engine_record:
        return _entry(record, record.type, record.data, SEED_DESCRIPTION)
    event = to_event(game, record)
    shown = event if viewer.over else game.redact(event, viewer.seat)
    if shown is None:
        return None
    return _entry(record, event_type(shown), event_data(shown), game.describe(shown, names))


def _entry(record: EventRecord, type_: str, data: dict[str, object], description: Text) -> HistoryEvent:
    return HistoryEvent(
        seq=record.seq,
        type=type_,
        at=record.at,
        actor=record.actor,
        command_id=record.command_id,
        data=data,
        description=description,
    )


def refused_command(entry_id: str, command: CommandRecord, outcome: OutcomeRecord) -> RefusedCommand:
    return RefusedCommand(
        entry_id=entry_id,
        command_id=command.command_id,
        at=command.at,
        seat=command.seat,
        actor=command.actor,
        command=command.command,
        status=outcome.status,
        version=outcome.version,
        violation=outcome.violation,
    )


def seat_history(
    game: Game,
    records: list[EventRecord],
    commands: list[tuple[str, CommandRecord]],
    outcomes: dict[str, OutcomeRecord],
    viewer: Viewer,
    after: int = 0,
) -> list[HistoryEntry]:
    """Events in order, each refused command placed after the events that preceded its decision. With
    ``after``, only what comes after event ``after``: the records must be those after it, and a refused
    command decided at that version is listed again (its place is right after that event)."""
    refused: dict[int, list[RefusedCommand]] = {}
    for entry_id, command in commands:
        outcome = outcomes.get(command.command_id)
        if outcome is None or outcome.status == "accepted":
            continue
        if not (viewer.over or command.seat == viewer.seat):
            continue
        if outcome.version < after:
            continue
        refused.setdefault(outcome.version, []).append(refused_command(entry_id, command, outcome))
    entries: list[HistoryEntry] = list(refused.pop(after, []))
    for record in records:
        shown = visible_event(game, record, viewer)
        if shown is not None:
            entries.append(shown)
        entries.extend(refused.pop(record.seq, []))
    for leftover in refused.values():
        entries.extend(leftover)
    return entries


def outcome_events(game: Game, records: list[EventRecord], viewer: Viewer) -> list[HistoryEvent]:
    """A command's events as its submitter may see them."""
    shown = (visible_event(game, record, viewer) for record in records)
    return [entry for entry in shown if entry is not None]
