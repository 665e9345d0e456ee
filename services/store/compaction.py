"""Compacting a finished game's streams, and a running game's events.

A finished game's streams never change again, so each becomes one entry (field ``z``, the last entry's id)
holding ``zlib(msgpack([[entry_id, raw], ...]))`` in about a third of the memory; readers never see the
difference (:func:`services.store.layout.stream_entries`). The command stream is compacted once every command
in it is decided (compact_finished.lua). A running game's events are compacted the same way at a snapshot,
all but the last entry (compact.lua), where reads after the snapshot start.
"""

from __future__ import annotations

import zlib

import msgspec
import redis

from services import keys
from services.store.event_store import FINISHED_DECIDED_TTL_MS
from services.store.layout import COMPACTED_FIELD, stream_entries
from services.store.lua_scripts import Scripts
from services.store.replies import as_int

COMPRESSION_LEVEL = 9
COMPACT_LEVEL = 6  # a running game's events are compacted again and again: cheaper, nearly as small
COMPACT_AFTER = 16  # entries written since the last compaction before a running game's events are compacted


def compacted_bytes(entries: list[tuple[str, bytes]], level: int = COMPRESSION_LEVEL) -> bytes:
    return zlib.compress(msgspec.msgpack.encode([[entry_id, raw] for entry_id, raw in entries]), level)


class Compaction:
    def __init__(self, connection: redis.Redis) -> None:
        self._redis = connection
        self._scripts = Scripts(connection)

    def drop_leftovers(self, game_id: str) -> None:
        """Delete what a finished game no longer needs (keys.finished_game_leftovers) and leave its waiters'
        wake-up stream to expire in FINISHED_DECIDED_TTL_MS (two round trips, once per game: a Redis Cluster
        client's pipeline deletes one key per command)."""
        self._redis.delete(*keys.finished_game_leftovers(game_id))
        self._redis.pexpire(keys.decided(game_id), FINISHED_DECIDED_TTL_MS)

    def finished_game(self, game_id: str) -> int:
        """Compact the event stream, and the command stream if every command is decided; returns how many
        streams were compacted now (0 when already compacted or when they changed meanwhile)."""
        compacted = self._stream(game_id, keys.events(game_id), commands=False)
        return compacted + self._stream(game_id, keys.commands(game_id), commands=True)

    def _stream(self, game_id: str, key: str, commands: bool) -> int:
        reply = self._redis.xrange(key)
        if not reply or (len(reply) == 1 and COMPACTED_FIELD in (reply[0][1] or {})):
            return 0
        entries = stream_entries(reply)
        result = self._scripts.compact_finished(
            keys=[key, keys.head(game_id), keys.command_ids(game_id)],
            args=[entries[-1][0], len(reply), compacted_bytes(entries), "1" if commands else "0"],
        )
        return as_int(result)

    def running_events(self, game_id: str) -> bool:
        """Compact a running game's event stream once :data:`COMPACT_AFTER` entries were written since the
        last time: all entries but the last become one compressed entry (a reader's XRANGE from the
        last entry, as after a snapshot, still reads it alone). True if compacted now."""
        key = keys.events(game_id)
        reply = self._redis.xrange(key) or []
        written = len(reply) - (1 if reply and COMPACTED_FIELD in (reply[0][1] or {}) else 0)
        if written < COMPACT_AFTER:
            return False
        entries = stream_entries(reply)
        (last_id, last_raw), earlier = entries[-1], entries[:-1]
        result = self._scripts.compact(
            keys=[key],
            args=[last_id, len(reply), compacted_bytes(earlier, COMPACT_LEVEL), earlier[-1][0], last_raw],
        )
        return as_int(result) == 1
