"""The oldest undecided command, for metrics and alerts.

Read from the due index (services/store/due_index.py), so the cost follows the games due, not the number of
games: a game with an undecided command is always due (marked when the command was appended), and only the
:data:`SCANNED` games due longest are looked into for their first undecided command.
"""

from __future__ import annotations

from dataclasses import dataclass

import redis

from services import keys
from services.store import layout
from services.store.due_index import DueIndex
from services.store.layout import stream_entries
from services.store.records import epoch_of
from services.store.replies import as_str

SCANNED = 100


@dataclass(frozen=True)
class UndecidedCommand:
    game_id: str
    command_id: str
    submitted_at: float
    age_seconds: float


def oldest_undecided_command(connection: redis.Redis, due: DueIndex, now: float) -> UndecidedCommand | None:
    """The oldest undecided command among the :data:`SCANNED` games due longest, with its age at ``now``."""
    game_ids = [game_id for game_id, _ in due.due(now, SCANNED)]
    if not game_ids:
        return None
    pipe = connection.pipeline(transaction=False)
    for game_id in game_ids:
        pipe.hget(keys.head(game_id), "checkpoint")
    checkpoints = [as_str(raw) if raw is not None else "0-0" for raw in pipe.execute()]
    for game_id, checkpoint in zip(game_ids, checkpoints, strict=True):
        pipe.xrange(keys.commands(game_id), f"({checkpoint}", "+", count=1)
    oldest: UndecidedCommand | None = None
    for game_id, reply in zip(game_ids, pipe.execute(), strict=True):
        for _, raw in stream_entries(reply)[:1]:
            command = layout.decode_command(raw)
            at = epoch_of(command.at)
            if oldest is None or at < oldest.submitted_at:
                oldest = UndecidedCommand(game_id, command.command_id, at, max(0.0, now - at))
    return oldest
