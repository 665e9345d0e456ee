"""Record shapes, the hash chain and upcasting of old event versions (their Redis layout: services/stored.py).

Hash chain: ``hash = sha256(prev_hash_ascii + canonical_bytes).hexdigest()`` where ``canonical_bytes`` is
the compact JSON of ``{seq, type, schema_version, at, actor, command_id, data}`` with keys sorted (msgspec
``order="sorted"``); the first record's ``prev_hash`` is :data:`GENESIS_HASH`. The hash covers the record
exactly as stored; upcasting happens on read and never changes stored bytes.

A game may declare ``event_schema_versions: dict[type, int]`` (current version per event type, default 1)
and ``upcasters: dict[(type, from_version), fn(data) -> data]`` that lift data one version up.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import msgspec

from domain.engine import Game

GENESIS_HASH = "0" * 64
ENGINE_PREFIX = "papyrus."
SEED_REVEALED = "papyrus.seed_revealed"

Actor = int | str


class EventRecord(msgspec.Struct, kw_only=True):
    """One accepted event as stored in the game's event stream."""

    seq: int
    type: str
    schema_version: int
    at: str
    actor: Actor
    command_id: str | None
    data: dict[str, Any]
    prev_hash: str
    hash: str

    def canonical(self) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "type": self.type,
            "schema_version": self.schema_version,
            "at": self.at,
            "actor": self.actor,
            "command_id": self.command_id,
            "data": self.data,
        }

    @property
    def is_engine_record(self) -> bool:
        """Engine-level records (the seed reveal) that games never fold."""
        return self.type.startswith(ENGINE_PREFIX)


class CommandRecord(msgspec.Struct, kw_only=True):
    """One submitted command as stored in the game's command stream."""

    command_id: str
    seat: int
    actor: Actor
    command: dict[str, Any]
    expected_version: int | None
    at: str


class OutcomeRecord(msgspec.Struct, kw_only=True):
    """What became of one command; ``first_seq..last_seq`` are its events (empty range if none)."""

    command_id: str
    seat: int
    status: str
    version: int
    first_seq: int = 0
    last_seq: int = 0
    violation: dict[str, Any] | None = None
    at: str = ""


def now_iso(clock: Callable[[], float]) -> str:
    """UTC ISO-8601 time with microseconds and a ``Z``."""
    return datetime.fromtimestamp(clock(), UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def canonical_bytes(record: EventRecord) -> bytes:
    return msgspec.json.encode(record.canonical(), order="sorted")


def chain_hash(prev_hash: str, record: EventRecord) -> str:
    return hashlib.sha256(prev_hash.encode("ascii") + canonical_bytes(record)).hexdigest()


def seal(record: EventRecord, prev_hash: str) -> EventRecord:
    """Set ``prev_hash`` and ``hash`` of a new record."""
    record.prev_hash = prev_hash
    record.hash = chain_hash(prev_hash, record)
    return record


def chain_breaks(records: list[EventRecord], prev_hash: str = GENESIS_HASH, first_seq: int = 1) -> list[int]:
    """The seqs where the chain (contiguous seqs, prev_hash links, recomputed hashes) does not hold."""
    broken: list[int] = []
    expected_seq = first_seq
    for record in records:
        if (
            record.seq != expected_seq
            or record.prev_hash != prev_hash
            or chain_hash(prev_hash, record) != record.hash
        ):
            broken.append(record.seq)
        prev_hash = record.hash
        expected_seq = record.seq + 1
    return broken


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
    return msgspec.convert({"type": record.type, **upcast(game, record)}, game.Event)


def to_json_event(event: Any) -> dict[str, Any]:
    """A game event as JSON-ready data, tag included."""
    return dict(msgspec.to_builtins(event, order="sorted"))
