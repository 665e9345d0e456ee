"""Every printed number of Giza, with its label beside it, and the catalogue of the 83 tiles.

CONFIRMED: printed in the rulebook. INFERRED: not printed, derived from what is (the reason is given).
DEFAULT: nobody has published it; chosen to agree with the rulebook and the 83-tile total. Whoever holds the
physical game (its tile guide is printed on every map board) can correct a number here and nowhere else.
"""

from __future__ import annotations

from typing import Final

import msgspec

# --- Players and hands ----------------------------------------------------------------------------------
MIN_PLAYERS: Final = 2  # CONFIRMED
MAX_PLAYERS: Final = 6  # CONFIRMED (six map boards in the box)
HAND_SIZE: Final = 4  # CONFIRMED: draw 4, refill to 4
DISCARD_MIN: Final = 1  # CONFIRMED: a player who does not play discards 1, 2, 3 or 4 tiles
DISCARD_MAX: Final = 4  # CONFIRMED

# --- Tile kinds -----------------------------------------------------------------------------------------
STONE: Final = "stone"
TREASURE: Final = "treasure"
DEMOLISH: Final = "demolish"
SCARAB: Final = "scarab"
SPHINX_BASE: Final = "sphinx_base"
SPHINX_BODY: Final = "sphinx_body"
SPHINX_HEAD: Final = "sphinx_head"
SPHINX_KINDS: Final = (SPHINX_BASE, SPHINX_BODY, SPHINX_HEAD)  # building order bottom up: CONFIRMED

# --- The tiles and their counts -------------------------------------------------------------------------
TOTAL_TILES: Final = 83  # CONFIRMED
STONE_NUMBERS: Final = (1, 2, 3, 4, 5)  # CONFIRMED (stones run from 1 to 5, each positive or negative)
POSITIVE_STONES_PER_NUMBER: Final = 7  # CONFIRMED
NEGATIVE_STONES_PER_NUMBER: Final = 3  # CONFIRMED
# INFERRED: 10 stones x 5 numbers + 3 treasures x t + 9 + 6 + 6 = 83 forces four treasure numbers; a 1
# treasure could only lie on a 1 stone, where nothing could follow and its pyramid could never be finished,
# so the four are 2 (the ankh, which lies on a 2 stone) to 5.
TREASURE_NUMBERS: Final = (2, 3, 4, 5)
TREASURES_PER_NUMBER: Final = 3  # CONFIRMED
DEMOLISH_TILES: Final = 9  # CONFIRMED
SCARAB_TILES: Final = 6  # CONFIRMED
SPHINX_TILES: Final = {SPHINX_BASE: 2, SPHINX_BODY: 2, SPHINX_HEAD: 2}  # 6 in all CONFIRMED; split DEFAULT

# --- Points ---------------------------------------------------------------------------------------------
# A stone counts its number, plus or minus: CONFIRMED. A treasure counts its number: INFERRED (every tile
# carries its point value, treasures have only positive numbers).
SCARAB_POINTS: Final = 0  # DEFAULT: no number is known to be printed on a scarab
# The base is negative, body and head positive: CONFIRMED; the values are DEFAULT, chosen so that a Sphinx
# built beyond its base is worth more than none (base -3, +2 with a body, +12 with a head): the rulebook's
# "bonus points" for a Sphinx beyond its base.
SPHINX_POINTS: Final = {SPHINX_BASE: -3, SPHINX_BODY: 5, SPHINX_HEAD: 10}
SPHINX_EXTRA_BONUS: Final = 0  # DEFAULT: no separate Sphinx award; a game option can set one

# --- The map board --------------------------------------------------------------------------------------
# Three pyramid construction sites and one Sphinx site per board: CONFIRMED. Names (Menkaure, Khafre, Khufu,
# the Great Sphinx: words.SITE_NAMES) CONFIRMED; their order on the board INFERRED. The three pyramid sites
# follow the same rules: INFERRED (no rule tells them apart).
PYRAMID_SITES: Final = (0, 1, 2)
SPHINX_SITE: Final = 3
SITES: Final = (*PYRAMID_SITES, SPHINX_SITE)
COMPLETING_NUMBER: Final = 1  # CONFIRMED: a pyramid is complete with a +1 or -1 stone on top
# DEFAULT: a scarab on top of a 1 stone leaves that pyramid unfinished while it lies there (the rulebook asks
# for the 1 stone to be on top).
SCARAB_BLOCKS_COMPLETION: Final = True


class Tile(msgspec.Struct, frozen=True, kw_only=True):
    """One physical tile: its id (a whole word such as ``S-3.2``), kind, printed number and points (its
    name in words: ``words.tile_name``)."""

    id: str
    kind: str
    number: int  # the stone's or treasure's number (no sign); the Sphinx level 1-3; 0 otherwise
    points: int


def _stone_tiles() -> list[Tile]:
    tiles = []
    for number in STONE_NUMBERS:
        for sign, copies in (("+", POSITIVE_STONES_PER_NUMBER), ("-", NEGATIVE_STONES_PER_NUMBER)):
            points = number if sign == "+" else -number
            tiles += [
                Tile(
                    id=f"S{sign}{number}.{copy}",
                    kind=STONE,
                    number=number,
                    points=points,
                )
                for copy in range(1, copies + 1)
            ]
    return tiles


def _other_tiles() -> list[Tile]:
    tiles = [
        Tile(id=f"T{number}.{copy}", kind=TREASURE, number=number, points=number)
        for number in TREASURE_NUMBERS
        for copy in range(1, TREASURES_PER_NUMBER + 1)
    ]
    tiles += [
        Tile(id=f"DEM.{copy}", kind=DEMOLISH, number=0, points=0) for copy in range(1, DEMOLISH_TILES + 1)
    ]
    tiles += [
        Tile(id=f"SCA.{copy}", kind=SCARAB, number=0, points=SCARAB_POINTS)
        for copy in range(1, SCARAB_TILES + 1)
    ]
    for level, kind in enumerate(SPHINX_KINDS, start=1):
        part = kind.removeprefix("sphinx_")
        tiles += [
            Tile(
                id=f"SPX-{part.upper()}.{copy}",
                kind=kind,
                number=level,
                points=SPHINX_POINTS[kind],
            )
            for copy in range(1, SPHINX_TILES[kind] + 1)
        ]
    return tiles


TILES: Final = (*_stone_tiles(), *_other_tiles())
TILE_IDS: Final = tuple(tile.id for tile in TILES)
TILE_BY_ID: Final = {tile.id: tile for tile in TILES}
assert len(TILES) == TOTAL_TILES, f"the tile catalogue holds {len(TILES)} tiles, not {TOTAL_TILES}"
assert len(TILE_BY_ID) == TOTAL_TILES, "every tile id is unique"
