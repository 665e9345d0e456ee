"""The 29 Sphinx cards: condition, VP and copies of each, with the label of the VP."""

from __future__ import annotations

from typing import Final

import msgspec

from domain.games.egizia.data.board import Label


# --- Sphinx cards -------------------------------------------------------------------------------------------
class SphinxCard(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    copies: int
    kind: str
    text: str
    label: Label
    vp: int = 0
    level: int = 0
    building: str = ""
    minimum: int = 0
    market: str = ""
    table: tuple[int, ...] = ()


SPHINX_TABLE: Final = (3, 5, 7, 9)  # VP for >=1, >=2, >=3, 4 players; ">=3 -> 7" CONFIRMED [Y], rest DEFAULT

SPHINX_CARDS: Final = (  # label = status of the VP (copies DEFAULT for all, Q10)
    SphinxCard(
        id="SPH-OBL7",
        copies=2,
        kind="obelisk_level",
        level=7,
        vp=4,
        label="DEFAULT",
        text="Obelisk level 7 is built: 4 VP",
    ),
    SphinxCard(
        id="SPH-OBL8",
        copies=2,
        kind="obelisk_level",
        level=8,
        vp=6,
        label="DEFAULT",
        text="Obelisk level 8 is built: 6 VP",
    ),
    SphinxCard(
        id="SPH-OBL9",
        copies=1,
        kind="obelisk_level",
        level=9,
        vp=8,
        label="DEFAULT",
        text="Obelisk level 9 is built: 8 VP",
    ),
    SphinxCard(
        id="SPH-PYRDONE",
        copies=1,
        kind="building_done",
        building="pyramid",
        vp=6,
        label="DEFAULT",
        text="The Pyramid is complete: 6 VP",
    ),
    SphinxCard(
        id="SPH-TEMDONE",
        copies=1,
        kind="building_done",
        building="temple",
        vp=6,
        label="DEFAULT",
        text="The Temple is complete: 6 VP",
    ),
    SphinxCard(
        id="SPH-GRVDONE",
        copies=1,
        kind="building_done",
        building="graves",
        vp=5,
        label="DEFAULT",
        text="All 12 grave tiles are taken: 5 VP",
    ),
    SphinxCard(
        id="SPH-TBL-STONE",
        copies=1,
        kind="table",
        market="stone",
        table=SPHINX_TABLE,
        label="DEFAULT",
        text="Players on the stone-market bottom: 1/2/3/4 -> 3/5/7/9 VP",
    ),
    SphinxCard(
        id="SPH-TBL-GRAIN",
        copies=1,
        kind="table",
        market="grain",
        table=SPHINX_TABLE,
        label="DEFAULT",
        text="Players on the grain-market bottom: 1/2/3/4 -> 3/5/7/9 VP",
    ),
    SphinxCard(
        id="SPH-TBL-CREW",
        copies=1,
        kind="table",
        market="crew",
        table=SPHINX_TABLE,
        label="DEFAULT",
        text="Players with a crew on its last space: 1/2/3/4 -> 3/5/7/9 VP",
    ),
    SphinxCard(
        id="SPH-OWN-PYR6",
        copies=2,
        kind="own_stones",
        building="pyramid",
        minimum=6,
        vp=5,
        label="DEFAULT",
        text="At least 6 own stones in the Pyramid: 5 VP",
    ),
    SphinxCard(
        id="SPH-OWN-PYR7",
        copies=1,
        kind="own_stones",
        building="pyramid",
        minimum=7,
        vp=7,
        label="DEFAULT",
        text="At least 7 own stones in the Pyramid: 7 VP",
    ),
    SphinxCard(
        id="SPH-OWN-OBL4",
        copies=2,
        kind="own_stones",
        building="obelisk",
        minimum=4,
        vp=5,
        label="DEFAULT",
        text="At least 4 own stones in the Obelisk: 5 VP",
    ),
    SphinxCard(
        id="SPH-OWN-OBL5",
        copies=1,
        kind="own_stones",
        building="obelisk",
        minimum=5,
        vp=7,
        label="DEFAULT",
        text="At least 5 own stones in the Obelisk: 7 VP",
    ),
    SphinxCard(
        id="SPH-OWN-TEM4",
        copies=2,
        kind="own_stones",
        building="temple",
        minimum=4,
        vp=6,
        label="DEFAULT",
        text="At least 4 own stones in the Temple: 6 VP",
    ),
    SphinxCard(
        id="SPH-OWN-EACH2",
        copies=1,
        kind="own_each",
        minimum=2,
        vp=8,
        label="DEFAULT",
        text="At least 2 own stones in each of Obelisk, Graves, Pyramid, Temple: 8 VP",
    ),
    SphinxCard(
        id="SPH-GRAVE1",
        copies=2,
        kind="per_grave_stone",
        vp=1,
        label="CONFIRMED",
        text="1 VP per own stone on the Graves",
    ),
    SphinxCard(
        id="SPH-LAST-STONE",
        copies=1,
        kind="last_market",
        market="stone",
        vp=4,
        label="DEFAULT",
        text="Own stone-market marker on the bottom: 4 VP",
    ),
    SphinxCard(
        id="SPH-LAST-GRAIN",
        copies=1,
        kind="last_market",
        market="grain",
        vp=4,
        label="DEFAULT",
        text="Own grain-market marker on the bottom: 4 VP",
    ),
    SphinxCard(
        id="SPH-LAST-CREW",
        copies=1,
        kind="last_crew",
        vp=4,
        label="DEFAULT",
        text="A regular crew on its last space: 4 VP",
    ),
    SphinxCard(
        id="SPH-LAST-JOKER",
        copies=1,
        kind="last_joker",
        vp=4,
        label="DEFAULT",
        text="The Joker on its last space: 4 VP",
    ),
    SphinxCard(
        id="SPH-PERM2",
        copies=2,
        kind="per_permanent",
        vp=2,
        label="CONFIRMED",
        text="2 VP per own permanent Nile card (not fields or quarries)",
    ),
    SphinxCard(
        id="SPH-TENTH",
        copies=1,
        kind="tenth",
        label="CONFIRMED",
        text="+1 VP per 10 VP of your score, scored last",
    ),
)
SPHINX_BY_ID: Final = {card.id: card for card in SPHINX_CARDS}
TENTH_CARD: Final = "SPH-TENTH"  # removed by the variant "without the 1-per-10-points card" [Y][EQ]
