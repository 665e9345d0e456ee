"""The per-game stream of submitted commands, their idempotent submission and their outcomes.

A command_id is recorded in ``command_ids`` in the same Lua step that appends the command, so a
resubmission is never appended twice; its outcome is written by ``append.lua`` together with the events it
produced, so it is decided at most once. Waiters block on the ``decided`` stream (XREAD BLOCK), never spin.
"""

from __future__ import annotations

import time
from typing import Any

import redis

from services import keys, stored
from services.codec import CommandRecord, OutcomeRecord
from services.scripts import Scripts, as_bytes, as_int, as_str, stream_entries


class CommandInbox:
    def __init__(self, connection: redis.Redis) -> None:
        self._redis = connection
        self._scripts = Scripts(connection)

    def submit(self, game_id: str, record: CommandRecord) -> tuple[bool, str]:
        """Append ``record`` unless its command_id is known; returns (is_new, stream entry id)."""
        result = self._scripts.submit(
            keys=[keys.command_ids(game_id), keys.commands(game_id), keys.outcomes(game_id)],
            args=[record.command_id, stored.encode_command(record), ""],
        )
        return as_int(result[0]) == 1, as_str(result[1])

    def submit_replicated(self, game_id: str, record: CommandRecord, replicas: int, timeout_ms: int) -> int:
        """Append ``record`` unless its command_id is known, then ``WAIT`` on the same connection up to
        ``timeout_ms`` for ``replicas`` replicas to hold it (a known command is written again unchanged,
        so the WAIT covers it too); returns how many replicas acknowledged."""
        pipe = self._redis.pipeline(transaction=False)
        self._scripts.submit(
            keys=[keys.command_ids(game_id), keys.commands(game_id), keys.outcomes(game_id)],
            args=[record.command_id, stored.encode_command(record), "1"],
            client=pipe,
        )
        pipe.wait(replicas, timeout_ms)
        _, acknowledged = pipe.execute()
        return as_int(acknowledged)

    def pending(self, game_id: str, checkpoint: str, count: int = 100) -> list[tuple[str, CommandRecord]]:
        """Commands after the checkpoint, oldest first."""
        entries = self._redis.xrange(keys.commands(game_id), f"({checkpoint}", "+", count=count)
        return [(entry_id, stored.decode_command(raw)) for entry_id, raw in stream_entries(entries)]

    def last_entry_id(self, game_id: str) -> str:
        return self._last_id(keys.commands(game_id))

    def all(self, game_id: str) -> list[tuple[str, CommandRecord]]:
        entries = self._redis.xrange(keys.commands(game_id))
        return [(entry_id, stored.decode_command(raw)) for entry_id, raw in stream_entries(entries)]

    def outcome(self, game_id: str, command_id: str) -> OutcomeRecord | None:
        raw = self._redis.hget(keys.outcomes(game_id), command_id)
        return stored.decode_outcome(as_bytes(raw), command_id) if raw is not None else None

    def outcomes(self, game_id: str) -> dict[str, OutcomeRecord]:
        raw = self._redis.hgetall(keys.outcomes(game_id))
        return {as_str(k): stored.decode_outcome(as_bytes(v), as_str(k)) for k, v in raw.items()}

    def is_known(self, game_id: str, command_id: str) -> bool:
        pipe = self._redis.pipeline(transaction=False)
        pipe.hexists(keys.command_ids(game_id), command_id)
        pipe.hexists(keys.outcomes(game_id), command_id)
        return any(pipe.execute())

    def wait(self, game_id: str, command_id: str, timeout: float) -> OutcomeRecord | None:
        """The outcome, blocking up to ``timeout`` seconds on the decided stream for it to appear."""
        stream = keys.decided(game_id)
        deadline = time.monotonic() + timeout
        pipe = self._redis.pipeline(transaction=False)
        pipe.xrevrange(stream, "+", "-", count=1)
        pipe.hget(keys.outcomes(game_id), command_id)
        latest, raw = pipe.execute()
        cursor = as_str(latest[0][0]) if latest else "0-0"
        found = stored.decode_outcome(as_bytes(raw), command_id) if raw is not None else None
        while True:
            remaining = deadline - time.monotonic()
            if found is not None or remaining <= 0:
                return found
            reply: Any = self._redis.xread({stream: cursor}, block=max(1, int(remaining * 1000)), count=100)
            for _, entries in reply or []:
                if entries:
                    cursor = as_str(entries[-1][0])
            found = self.outcome(game_id, command_id)

    def _last_id(self, stream: str) -> str:
        latest: Any = self._redis.xrevrange(stream, "+", "-", count=1)
        return as_str(latest[0][0]) if latest else "0-0"
