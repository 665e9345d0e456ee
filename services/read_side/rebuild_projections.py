"""Recreate every projection (views, "to act", lobby) from the streams (``papyrus rebuild-projections``)."""

from __future__ import annotations

from collections.abc import Callable

from services.parts import Parts
from services.store.meta_store import OPEN


def rebuild_game(parts: Parts, game_id: str) -> bool:
    """Drop and rewrite one game's projections and lobby entry; False if the game has no events yet."""
    meta, game = parts.game_of(game_id)
    parts.meta.publish_lobby(meta)
    parts.projections.delete(game_id)
    if meta.status == OPEN or parts.store.head(game_id).version == 0:
        return False
    head, state = parts.states.load(game, game_id)
    parts.projections.write(game, game_id, meta.seats, head.version, state, table=meta.table)
    return True


def rebuild_all(parts: Parts, on_game: Callable[[str], None] = lambda _: None) -> int:
    """Rebuild every game's projections, calling ``on_game`` after each; returns how many were projected."""
    projected = 0
    for game_id in parts.meta.all_ids():
        projected += int(rebuild_game(parts, game_id))
        on_game(game_id)
    return projected
