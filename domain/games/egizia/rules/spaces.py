"""Ids of the building spaces and of the river spaces, derived from ``data``."""

from __future__ import annotations

from typing import Final

from domain.games.egizia.data import (
    CARD_SPACES,
    GRAVE_SPACES,
    OBELISK_VALUES,
    PYRAMID_ROWS,
    SITES,
    TEMPLE,
)

OBELISK = "obelisk"
GRAVES = "graves"
PYRAMID = "pyramid"
TEMPLE_PART = "temple"

OBELISK_IDS: Final = tuple(f"O{index + 1}" for index in range(len(OBELISK_VALUES)))
GRAVE_IDS: Final = tuple(f"G{index + 1}" for index in range(GRAVE_SPACES))
PYRAMID_IDS: Final = tuple(
    tuple(f"P{row + 1}-{index + 1}" for index in range(width)) for row, width in enumerate(PYRAMID_ROWS)
)
TEMPLE_INDEX: Final = {space.id: index for index, space in enumerate(TEMPLE)}

# building space id -> (building, first index, second index)
BUILD_SPACES: Final[dict[str, tuple[str, int, int]]] = {
    **{space_id: (OBELISK, index, 0) for index, space_id in enumerate(OBELISK_IDS)},
    **{space_id: (GRAVES, index, 0) for index, space_id in enumerate(GRAVE_IDS)},
    **{
        space_id: (PYRAMID, row, index)
        for row, ids in enumerate(PYRAMID_IDS)
        for index, space_id in enumerate(ids)
    },
    **{space_id: (TEMPLE_PART, index, 0) for space_id, index in TEMPLE_INDEX.items()},
}
SITE_OF_BUILDING: Final = {
    OBELISK: "B_OBELISK",
    GRAVES: "B_OBELISK",
    PYRAMID: "B_TEMPLE",
    TEMPLE_PART: "B_TEMPLE",
}
SITE_INDEX: Final = {site_id: index for index, site_id in enumerate(SITES)}
CARD_INDEX: Final = {space_id: index for index, space_id in enumerate(CARD_SPACES)}
SPHINX_SITE: Final = 0
OBELISK_SITE: Final = 1
TEMPLE_SITE: Final = 2
