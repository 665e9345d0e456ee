"""The records a game's log holds: accepted events, submitted commands and their outcomes (their Redis layout
is in layout.py, their hash chain in hash_chain.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from typing import Any

import msgspec

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
    to_act: list[int] | None = None  # who acts after an accepted command and its automatic steps


def now_iso(clock: Callable[[], float]) -> str:
    """UTC ISO-8601 time with microseconds and a ``Z``."""
    return datetime.fromtimestamp(clock(), UTC).isoformat(timespec="microseconds").replace("+00:00", "Z")


def epoch_of(at: str) -> float:
    """Seconds since the epoch of a time written by :func:`now_iso`."""
    return datetime.strptime(at, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=UTC).timestamp()


def reveal_the_seed(records: Iterable[EventRecord]) -> bool:
    """Whether ``records`` hold the seed's reveal, appended with a game's end and only then."""
    return any(record.type == SEED_REVEALED for record in records)
