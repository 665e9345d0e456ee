"""What a Giza player can decide on a turn. Tags are stable (``"giza.<verb>"``); fields are JSON-friendly.

Boards are numbered by their owner's seat (0-based); sites are 0, 1, 2 (the pyramids Menkaure, Khafre,
Khufu) and 3 (the Great Sphinx), as in ``words.SITE_NAMES``. Tiles are named by their ids (``data.TILES``).
"""

from __future__ import annotations

from typing import Annotated, Union

import msgspec

from domain.engine import Command
from domain.games.giza.data import DISCARD_MAX, DISCARD_MIN, MAX_PLAYERS, SITES

TileId = Annotated[str, msgspec.Meta(min_length=1, max_length=16, description="A tile id from your hand")]
Board = Annotated[
    int, msgspec.Meta(ge=0, le=MAX_PLAYERS - 1, description="The board's owner, by seat number (0-based)")
]
Site = Annotated[
    int,
    msgspec.Meta(
        ge=0, le=len(SITES) - 1, description="0-2: the pyramids Menkaure, Khafre, Khufu; 3: the Sphinx"
    ),
]
DiscardedTiles = Annotated[
    list[TileId],
    msgspec.Meta(
        min_length=DISCARD_MIN, max_length=DISCARD_MAX, description="1 to 4 tile ids from your hand"
    ),
]


class Play(Command, frozen=True, kw_only=True, tag="giza.play", forbid_unknown_fields=True):
    """Play ``tile`` from your hand onto the top of a site of any board (yours included). A demolish played
    there destroys the site's top tile instead of staying."""

    tile: TileId
    board: Board
    site: Site


class Discard(Command, frozen=True, kw_only=True, tag="giza.discard", forbid_unknown_fields=True):
    """Put 1 to 4 tiles from your hand face up on the discard pool instead of playing one."""

    tiles: DiscardedTiles


class RemoveScarab(Command, frozen=True, kw_only=True, tag="giza.remove_scarab", forbid_unknown_fields=True):
    """Take the scarab off the top of one of your own sites; your turn ends at once, without drawing."""

    site: Site


GizaCommand = Union[Play, Discard, RemoveScarab]  # noqa: UP007
