"""Who holds each seat of a game, as the game's meta hash records it (``seat:<n>`` fields: JSON with the
player's name, whether a bot plays it, and the account holding it). The account is never shown to other
players, so it is read from the store, not from the public meta."""

from __future__ import annotations

from typing import Any

import msgspec
import redis

from services import keys
from services.store.replies import as_str

SEAT_FIELD = "seat:"


def seat_accounts(raw_meta: dict[Any, Any]) -> dict[int, str]:
    """Seat -> account of the seats held by accounts, from the HGETALL of a game's meta hash."""
    held: dict[int, str] = {}
    for field, value in raw_meta.items():
        name = as_str(field)
        if not name.startswith(SEAT_FIELD):
            continue
        taken = msgspec.json.decode(value)
        if taken.get("account") and not taken.get("bot"):
            held[int(name.removeprefix(SEAT_FIELD))] = str(taken["account"])
    return held


def accounts_of(connection: redis.Redis, game_id: str) -> dict[int, str]:
    return seat_accounts(connection.hgetall(keys.meta(game_id)))
