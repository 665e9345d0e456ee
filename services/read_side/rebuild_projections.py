"""Recreate every projection (views, "to act", lobby) from the streams (``papyrus rebuild-projections``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from domain.registry import get_game
from services.read_side.projections import GameAtVersion, Projections
from services.results import GameMeta
from services.store.event_store import EventStore
from services.store.meta_store import OPEN, MetaStore
from services.table.state_cache import StateCache


class Stores(Protocol):
    """What a rebuild reads and writes: the metas, the logs, the states folded from them and the
    projections."""

    @property
    def meta(self) -> MetaStore[GameMeta]: ...

    @property
    def store(self) -> EventStore: ...

    @property
    def states(self) -> StateCache: ...

    @property
    def projections(self) -> Projections: ...


def rebuild_game(stores: Stores, game_id: str) -> bool:
    """Drop and rewrite one game's projections and lobby entry; False if the game has no events yet, or has
    left Redis for the archive (whose reads need no projection)."""
    meta = stores.meta.get(game_id)
    if meta is None:
        return False
    game = get_game(meta.game)
    stores.meta.publish_lobby(meta)
    stores.projections.delete(game_id)
    if meta.status == OPEN or stores.store.head(game_id).version == 0:
        return False
    head, state = stores.states.load(game, game_id)
    stores.projections.write(GameAtVersion(game, game_id, meta.seats, head.version, state, meta.table))
    return True


def rebuild_all(stores: Stores, on_game: Callable[[str], None] = lambda _: None) -> int:
    """Rebuild every game's projections, calling ``on_game`` after each; returns how many were projected."""
    projected = 0
    for game_id in stores.meta.all_ids():
        projected += int(rebuild_game(stores, game_id))
        on_game(game_id)
    return projected
