"""Between a game's own structs and the records stored for them: events to append, stored events read back
(upcasting old schema versions) and stored commands decoded.

A game may declare ``event_schema_versions: dict[type, int]`` (current version per event type, default 1)
and ``upcasters: dict[(type, from_version), fn(data) -> data]`` that lift data one version up.
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.engine import Game
from services import tagged_union
from services.store.event_store import NewEvent
from services.store.records import CommandRecord, EventRecord


def event_type(event: Any) -> str:
    tag = type(event).__struct_config__.tag
    if not isinstance(tag, str):
        raise TypeError(f"{type(event).__name__} has no string tag")
    return tag


def event_data(event: Any) -> dict[str, Any]:
    """The event's fields as canonical JSON-ready data (sets sorted), without its tag."""
    data = msgspec.to_builtins(event, order="sorted")
    data.pop("type", None)
    return dict(data)


def schema_version_of(game: Game, type_: str) -> int:
    return game.event_schema_versions.get(type_, 1)


def new_events(game: Game, events: list[Any]) -> list[NewEvent]:
    """A game's events as records to append, each with its type's current schema version."""
    return [NewEvent(event_type(e), event_data(e), schema_version_of(game, event_type(e))) for e in events]


def upcast(game: Game, record: EventRecord) -> dict[str, Any]:
    """The record's data lifted to the game's current schema version for its type."""
    upcasters = game.upcasters
    data, version = dict(record.data), record.schema_version
    while version < schema_version_of(game, record.type):
        step = upcasters.get((record.type, version))
        if step is None:
            raise LookupError(f"no upcaster for {record.type} v{version}")
        data, version = step(data), version + 1
    return data


def to_event(game: Game, record: EventRecord) -> Any:
    """Decode a stored game record into the game's Event struct (upcasting old versions)."""
    return tagged_union.convert({"type": record.type, **upcast(game, record)}, game.Event)


def to_command(game: Game, command: CommandRecord) -> Any:
    """Decode a stored command into the game's Command struct."""
    return tagged_union.convert(command.command, game.Command)
