"""Archiving a finished game's streams: each becomes one entry holding all its entries, compressed.

A finished game's streams never change again (a late command is refused, appended after the archive and
archived at the next settle), so each is replaced by one entry, field ``z``, id of the last entry, value
``zlib(msgpack([[entry_id, raw], ...]))``: the same entries and bytes in about a third of the memory.
Readers never see the difference (:func:`services.store.layout.stream_entries` expands it). The command
stream is archived once every command in it is decided, dropping the command-id index (see archive.lua).
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


def archive_bytes(entries: list[tuple[str, bytes]]) -> bytes:
    return zlib.compress(
        msgspec.msgpack.encode([[entry_id, raw] for entry_id, raw in entries]), COMPRESSION_LEVEL
    )


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
