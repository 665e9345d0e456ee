"""Archiving a finished game's streams, and compacting a running game's events.

A finished game's streams each become one entry holding all their entries, compressed.

A finished game's streams never change again (a late command is refused, appended after the archive and
archived at the next settle), so each is replaced by one entry, field ``z``, id of the last entry, value
``zlib(msgpack([[entry_id, raw], ...]))``: the same entries and bytes in about a third of the memory.
Readers never see the difference (:func:`services.store.layout.stream_entries` expands it). The command
stream is archived once every command in it is decided, dropping the command-id index (see archive.lua).

A running game's event stream is compacted the same way whenever its state is snapshotted and enough entries
were written since the last time, except its last entry (see compact.lua): the state is loaded from the
snapshot and the events after it, whose read starts at that last entry, so it never expands the archive.
"""

from __future__ import annotations

import zlib

import msgspec
import redis

from services import keys
from services.store.layout import ARCHIVE_FIELD, stream_entries
from services.store.lua_scripts import Scripts
from services.store.replies import as_int

COMPRESSION_LEVEL = 9
COMPACT_LEVEL = 6  # a running game's events are compacted again and again: cheaper, nearly as small
COMPACT_AFTER = 16  # entries written since the last compaction before a running game's events are compacted


def archive_bytes(entries: list[tuple[str, bytes]], level: int = COMPRESSION_LEVEL) -> bytes:
    return zlib.compress(msgspec.msgpack.encode([[entry_id, raw] for entry_id, raw in entries]), level)


class Archive:
    def __init__(self, connection: redis.Redis) -> None:
        self._redis = connection
        self._scripts = Scripts(connection)

    def finished_game(self, game_id: str) -> int:
        """Archive the event stream, and the command stream if every command is decided; returns how many
        streams were archived now (0 when already archived or when they changed meanwhile)."""
        archived = self._stream(game_id, keys.events(game_id), commands=False)
        return archived + self._stream(game_id, keys.commands(game_id), commands=True)

    def _stream(self, game_id: str, key: str, commands: bool) -> int:
        reply = self._redis.xrange(key)
        if not reply or (len(reply) == 1 and ARCHIVE_FIELD in (reply[0][1] or {})):
            return 0
        entries = stream_entries(reply)
        result = self._scripts.archive(
            keys=[key, keys.head(game_id), keys.command_ids(game_id)],
            args=[entries[-1][0], len(reply), archive_bytes(entries), "1" if commands else "0"],
        )
        return as_int(result)

    def running_events(self, game_id: str) -> bool:
        """Compact a running game's event stream once :data:`COMPACT_AFTER` entries were written since the
        last time: all entries but the last become one compressed archive entry (a reader's XRANGE from the
        last entry, as after a snapshot, still reads it alone). True if compacted now."""
        key = keys.events(game_id)
        reply = self._redis.xrange(key) or []
        written = len(reply) - (1 if reply and ARCHIVE_FIELD in (reply[0][1] or {}) else 0)
        if written < COMPACT_AFTER:
            return False
        entries = stream_entries(reply)
        (last_id, last_raw), archived = entries[-1], entries[:-1]
        result = self._scripts.compact(
            keys=[key],
            args=[last_id, len(reply), archive_bytes(archived, COMPACT_LEVEL), archived[-1][0], last_raw],
        )
        return as_int(result) == 1
