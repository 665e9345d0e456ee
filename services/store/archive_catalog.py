"""What Redis keeps of an archived game, and which finished games are due to be archived.

An archived game's catalog entry (``keys.archived_games``, one hash field) holds the sha256 and size of its
object, so that a changed object is refused on read; the accounts that held its seats (private: never in the
object) and its seats' chat mutes. ``archive_game.lua`` takes a finished game's fingerprint and, once its
object is written and verified, deletes its keys in one step if that fingerprint still holds. The due set
(``keys.archive_due``) says when each finished game is to be archived.
"""

from __future__ import annotations

from typing import Any, cast

import msgspec
import redis

from services import keys
from services.store.lua_scripts import source
from services.store.replies import as_bytes, as_int, as_str


class CatalogEntry(msgspec.Struct, array_like=True, frozen=True, omit_defaults=True):
    """``sha256`` of the object as stored, its ``size`` in bytes, the account key holding each seat (None: a
    guest or a bot), each seat's chat mutes, and ``previous``: the sha256 a rewritten object had, accepted
    until the rewrite is done."""

    sha256: bytes
    size: int
    accounts: list[str | None]
    mutes: dict[int, list[str]] = msgspec.field(default_factory=dict)
    previous: bytes = b""

    def accepts(self, digest: bytes) -> bool:
        return digest == self.sha256 or (bool(self.previous) and digest == self.previous)


FILL_BATCH = 10_000
_encoder = msgspec.msgpack.Encoder()
_decoder = msgspec.msgpack.Decoder(CatalogEntry)


class ArchiveCatalog:
    def __init__(self, connection: redis.Redis) -> None:
        self._redis = connection
        self._script = connection.register_script(source("archive_game"))

    def get(self, game_id: str) -> CatalogEntry | None:
        raw = self._redis.hget(keys.archived_games(), game_id)
        return _decoder.decode(as_bytes(raw)) if raw is not None else None

    def many(self, game_ids: list[str]) -> dict[str, CatalogEntry]:
        """The entries of those of ``game_ids`` that are archived, in one round trip."""
        if not game_ids:
            return {}
        raws = self._redis.hmget(keys.archived_games(), game_ids)
        found = zip(game_ids, raws, strict=True)
        return {game_id: _decoder.decode(as_bytes(raw)) for game_id, raw in found if raw is not None}

    def put(self, game_id: str, entry: CatalogEntry) -> None:
        self._redis.hset(keys.archived_games(), game_id, _encoder.encode(entry))

    def ids(self) -> list[str]:
        return sorted(as_str(game_id) for game_id in self._redis.hkeys(keys.archived_games()))

    def count(self) -> int:
        return int(self._redis.hlen(keys.archived_games()))

    def fingerprint(self, game_id: str, seats: int) -> bytes:
        """The fingerprint of a finished game's contents (archive_game.lua)."""
        reply = self._script(keys=keys.archived_game_keys(game_id, seats), args=["peek", seats, ""])
        return as_bytes(reply)

    def delete_game(self, game_id: str, seats: int, fingerprint: bytes) -> bool:
        """Delete every key of the game in one step, if its contents still have ``fingerprint`` and it is
        over; True if deleted."""
        keys_ = keys.archived_game_keys(game_id, seats)
        return as_int(self._script(keys=keys_, args=["delete", seats, fingerprint])) == 1

    def forget_index_entry(self, game_id: str, accounts: list[str]) -> None:
        """Drop an archived game from the index of the games Redis holds, the due set and its players'
        lists of games in play (``accounts``: their keys; their finished games' lists keep it)."""
        pipe = self._redis.pipeline(transaction=False)
        pipe.zrem(keys.games(), game_id)
        pipe.zrem(keys.archive_due(), game_id)
        for account in accounts:
            pipe.hdel(keys.account_games(account), game_id)
        pipe.execute()

    # when finished games are due

    def schedule(self, game_id: str, at: float) -> None:
        """Archive the game at ``at`` (epoch seconds) or, if it is due earlier already, then."""
        self._redis.zadd(keys.archive_due(), {game_id: at}, lt=True)

    def postpone(self, game_id: str, at: float) -> None:
        self._redis.zadd(keys.archive_due(), {game_id: at})

    def drop_due(self, game_id: str) -> None:
        self._redis.zrem(keys.archive_due(), game_id)

    def due(self, by: float, limit: int) -> list[str]:
        """Up to ``limit`` games due by ``by``, the longest due first."""
        found = cast(list[Any], self._redis.zrangebyscore(keys.archive_due(), "-inf", by, start=0, num=limit))
        return [as_str(game_id) for game_id in found]

    def due_count(self, by: float) -> int:
        return int(self._redis.zcount(keys.archive_due(), "-inf", by))

    def needs_job(self, now: float) -> bool:
        """True when games are due by ``now`` and no archiving job holds the lease."""
        pipe = self._redis.pipeline(transaction=False)
        pipe.exists(keys.archive_lease())
        pipe.zcount(keys.archive_due(), "-inf", now)
        held, due = pipe.execute()
        return not held and int(due) > 0

    def fill_once(self, after: float) -> bool:
        """Schedule, ``after`` seconds past its end, every game of the finished games' index the first time
        archiving runs on this store (games that ended before it was turned on); True if it did."""
        if self._redis.exists(keys.archive_due_filled()):
            return False
        start = 0
        while True:
            batch = cast(
                list[tuple[bytes, float]],
                self._redis.zrange(keys.finished_index(), start, start + FILL_BATCH - 1, withscores=True),
            )
            if not batch:
                break
            due = {as_str(game_id): float(ended) + after for game_id, ended in batch}
            self._redis.zadd(keys.archive_due(), due, nx=True)
            start += FILL_BATCH
        self._redis.set(keys.archive_due_filled(), "1")
        return True
