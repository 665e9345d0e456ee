"""Pages of a list answer: at most ``limit`` items after an opaque ``cursor``, and the cursor of the next
page (None on the last page). The lobby pages by (created_at, id), so a game that starts or appears between
two requests neither repeats nor hides another; an account's games, ordered by what changes (whose turn it
is), page by position."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from services.errors import ServiceError
from services.results import GameMeta

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


def lobby_page(games: Sequence[GameMeta], limit: int, cursor: str | None) -> Page[GameMeta]:
    """``games`` oldest first (by created_at, then id), the ones after ``cursor``."""
    ordered = sorted(games, key=lambda meta: (meta.created_at, meta.id))
    if cursor is not None:
        found = _LOBBY_CURSOR.fullmatch(cursor)
        if found is None:
            raise bad_cursor()
        after = (float(found["at"]), found["id"])
        ordered = [meta for meta in ordered if (meta.created_at, meta.id) > after]
    items = ordered[:limit]
    more = len(ordered) > limit
    last = items[-1] if items else None
    return Page(items, f"{last.created_at!r}_{last.id}" if more and last else None)


def position_page(items: Sequence[T], limit: int, cursor: str | None) -> Page[T]:
    """``items`` from the position ``cursor`` names (0 when None)."""
    start = 0
    if cursor is not None:
        if not _POSITION_CURSOR.fullmatch(cursor):
            raise bad_cursor()
        start = int(cursor)
    end = start + limit
    return Page(list(items[start:end]), str(end) if end < len(items) else None)
