"""Pages of a list answer: at most ``limit`` items after an opaque ``cursor``, and the cursor of the next
page (None on the last page). The lobby pages by (created_at, id), so a game that starts or appears between
two requests neither repeats nor hides another; an account's games, ordered by what changes (whose turn it
is), page by position."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import msgspec
import redis

from services import keys
from services.errors import ServiceError
from services.results import GameMeta
from services.store.replies import as_str

T = TypeVar("T")
DEFAULT_LIMIT = 50
MAX_LIMIT = 200
LOBBY_CURSOR = r"[0-9]{1,12}(\.[0-9]{1,20})?_[A-Za-z0-9]{1,64}"  # created_at _ game id
POSITION_CURSOR = r"[0-9]{1,9}"
_LOBBY_CURSOR = re.compile(r"(?P<at>[0-9]{1,12}(?:\.[0-9]{1,20})?)_(?P<id>[A-Za-z0-9]{1,64})")
_POSITION_CURSOR = re.compile(POSITION_CURSOR)


@dataclass(frozen=True)
class Page(Generic[T]):
    items: list[T]
    next_cursor: str | None


def bad_cursor() -> ServiceError:
    return ServiceError(400, "cursor.invalid", "cursor must be a value a previous page answered.", "cursor")


def position_page(items: Sequence[T], limit: int, cursor: str | None) -> Page[T]:
    """``items`` from the position ``cursor`` names (0 when None)."""
    start = 0
    if cursor is not None:
        if not _POSITION_CURSOR.fullmatch(cursor):
            raise bad_cursor()
        start = int(cursor)
    end = start + limit
    return Page(list(items[start:end]), str(end) if end < len(items) else None)


class LobbyPages:
    """The lobby read a page at a time from its order index (``keys.lobby_order``), so a page costs the
    same however many games wait. An index that does not match the lobby (written before the index
    existed, or the lobby rebuilt) is rebuilt from it first."""

    def __init__(self, connection: redis.Redis) -> None:
        self._redis = connection

    def page(self, limit: int, cursor: str | None) -> Page[GameMeta]:
        after = _lobby_position(cursor)
        self._match_index()
        low = after[0] if after else "-inf"
        entries: list[GameMeta] = []
        offset = 0
        while len(entries) <= limit:
            batch: list[Any] = self._redis.zrangebyscore(
                keys.lobby_order(), low, "+inf", start=offset, num=limit + 1, withscores=True
            )
            if not batch:
                break
            offset += len(batch)
            ranked = [(float(score), as_str(game_id)) for game_id, score in batch]
            entries += self._entries(
                [game_id for rank, game_id in ranked if after is None or (rank, game_id) > after]
            )
        items = entries[:limit]
        more = len(entries) > limit
        return Page(items, f"{items[-1].created_at!r}_{items[-1].id}" if more and items else None)

    def _entries(self, ids: list[str]) -> list[GameMeta]:
        if not ids:
            return []
        found = []
        for game_id, raw in zip(ids, self._redis.hmget(keys.lobby(), ids), strict=True):
            if raw is None:
                self._redis.zrem(keys.lobby_order(), game_id)  # left the lobby meanwhile
            else:
                found.append(_lobby_entry.decode(raw))
        return sorted(found, key=lambda meta: (meta.created_at, meta.id))

    def _match_index(self) -> None:
        pipe = self._redis.pipeline(transaction=False)
        pipe.hlen(keys.lobby())
        pipe.zcard(keys.lobby_order())
        listed, indexed = pipe.execute()
        if listed == indexed:
            return
        order = {
            meta.id: meta.created_at for meta in map(_lobby_entry.decode, self._redis.hvals(keys.lobby()))
        }
        pipe = self._redis.pipeline()
        pipe.delete(keys.lobby_order())
        if order:
            pipe.zadd(keys.lobby_order(), order)
        pipe.execute()


def _lobby_position(cursor: str | None) -> tuple[float, str] | None:
    if cursor is None:
        return None
    found = _LOBBY_CURSOR.fullmatch(cursor)
    if found is None:
        raise bad_cursor()
    return float(found["at"]), found["id"]


_lobby_entry = msgspec.json.Decoder(GameMeta)
