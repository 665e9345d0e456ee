"""Giza's tiles and sites in words players read (messages, translated by the catalogs)."""

from __future__ import annotations

from collections.abc import Sequence

from domain.games.giza.data import (
    DEMOLISH,
    SCARAB,
    SPHINX_BASE,
    SPHINX_BODY,
    SPHINX_HEAD,
    STONE,
    TILE_BY_ID,
    TREASURE,
    Tile,
)
from domain.messages import Msg, msg, msgp

MINUS = "\u2212"
ANKH_TREASURE = 2  # the treasure printed with an ankh is the 2 (CONFIRMED)

SITE_NAMES: tuple[Msg, ...] = (
    msgp("site", "Menkaure"),
    msgp("site", "Khafre"),
    msgp("site", "Khufu"),
    msgp("site", "Great Sphinx"),
)
_KIND_NAMES = {
    DEMOLISH: msgp("tile", "demolish"),
    SCARAB: msgp("tile", "scarab"),
}


def signed(points: int) -> str:
    return f"+{points}" if points > 0 else f"{MINUS}{-points}" if points < 0 else "0"


def tile_name(tile: Tile) -> Msg:
    """``+3 stone``, ``treasure 4``, ``ankh treasure``, ``Sphinx base (-3)``: what a player calls a tile."""
    if tile.kind == STONE:
        return msgp("tile", "{value} stone", value=signed(tile.points))
    if tile.kind == TREASURE:
        if tile.number == ANKH_TREASURE:
            return msgp("tile", "ankh treasure")
        return msgp("tile", "treasure {number}", number=tile.number)
    points = signed(tile.points)
    if tile.kind == SPHINX_BASE:
        return msgp("tile", "Sphinx base ({points})", points=points)
    if tile.kind == SPHINX_BODY:
        return msgp("tile", "Sphinx body ({points})", points=points)
    if tile.kind == SPHINX_HEAD:
        return msgp("tile", "Sphinx head ({points})", points=points)
    return _KIND_NAMES[tile.kind]


def tile_named(tile_id: str) -> Msg:
    return tile_name(TILE_BY_ID[tile_id])


def site_of(board: int, site: int, reader_seat: int, names: Sequence[str]) -> Msg:
    """A site as one player's sentence names it: their own, or another player's."""
    if board == reader_seat:
        return msg("their own {site}", site=SITE_NAMES[site])
    return msg("{name}'s {site}", name=names[board], site=SITE_NAMES[site])
