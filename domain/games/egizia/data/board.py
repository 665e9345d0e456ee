"""The printed numbers of the board, tableau, markets and buildings, each with its label."""

from __future__ import annotations

from typing import Final, Literal

import msgspec

Label = Literal["CONFIRMED", "INFERRED", "DEFAULT"]

# --- Global constants ---------------------------------------------------------------------------------------
MIN_PLAYERS: Final = 2  # CONFIRMED [Y]
MAX_PLAYERS: Final = 4  # CONFIRMED [Y]
ROUNDS: Final = 5  # CONFIRMED [Y]
SHIPS_PER_PLAYER: Final = 8  # CONFIRMED [Y][UBG]
STONE_CAP: Final = 25  # CONFIRMED [Y] (cap on every gain: INFERRED, Q17)
COOP_BONUS: Final = {1: 1, 2: 3, 3: 6}  # CONFIRMED [Y] ships on building sites -> VP

# --- Setup --------------------------------------------------------------------------------------------------
START_STONES_BY_TILE: Final = (2, 3, 4, 5)  # CONFIRMED [GA] for 4p; truncated for 2-3p INFERRED (Q20)
START_QUARRY_STONES: Final = 3  # CONFIRMED [GA][SB][IT]
START_FIELD_GRAIN: Final = 6  # CONFIRMED [GA][SB][IT][MSM]
START_QUARRY_ID: Final = "START-QUARRY"
START_FIELD_ID: Final = "START-FIELD"
STARTING_SPHINX_CARDS: Final = 1  # CONFIRMED [Y][UBG] (rule supplement per [HU])
GRAVE_SPACES: Final = 12  # CONFIRMED [Y]
GRAVES_FACE_UP: Final = 4  # CONFIRMED [Y][HU][IT]
GRAVE_TILES: Final = (1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5)  # DEFAULT (Q6)

# --- Crews --------------------------------------------------------------------------------------------------
CREW_NAMES: Final = ("A", "B", "C", "Joker")  # three regular crews + Joker: CONFIRMED [Y]
REGULAR_CREWS: Final = (0, 1, 2)
JOKER: Final = 3
CREW_START: Final = (1, 1, 1, 2)  # CONFIRMED [Y][UBG][GA][SB]
CREW_MAX: Final = (6, 6, 6, 6)  # DEFAULT (Q3): last track space; surplus steps are lost (DEFAULT)

# --- Irrigation ---------------------------------------------------------------------------------------------
GREEN: Final = 0
YELLOW_GREEN: Final = 1
BROWN: Final = 2
COLOUR_NAMES: Final = ("green", "yellow-green", "brown")
RING_LEFT: Final = 0
RING_MIDDLE: Final = 1
RING_RIGHT: Final = 2
RING_NAMES: Final = ("left", "middle", "right")
RING_START: Final = RING_MIDDLE  # CONFIRMED [Y][HU]
# A field of colour c is irrigated when c <= ring: left = green only; middle = + yellow-green; right = all.
# CONFIRMED [Y]

# --- Markets ------------------------------------------------------------------------------------------------
MARKET_SPACES: Final = 6  # DEFAULT (Q4): index 0 = top ... 5 = bottom
GRAIN_PENALTY: Final = (3, 3, 2, 2, 1, 1)  # DEFAULT (Q4); top 3 INFERRED; bottom two 1 CONFIRMED [Y]
GRAIN_BOTTOM_VP: Final = 2  # CONFIRMED [Y], again on each further push
STONE_BOTTOM_STONES: Final = 3  # CONFIRMED [Y], again on each further push
STONE_SALE_SPACES: Final = (MARKET_SPACES - 2, MARKET_SPACES - 1)  # CONFIRMED [Y]: the bottom two spaces
STONE_SALE_RATE: Final = 2  # CONFIRMED [Y]: 2 stones = 1 VP, rounded down, no cap
STONE_MARKET: Final = "stone"
GRAIN_MARKET: Final = "grain"

# --- Scoring track ------------------------------------------------------------------------------------------
TRACK_SPACES: Final = 50  # CONFIRMED [Y][HU]: spaces 0-49; past 49 a marker goes round again (INFERRED)

# --- The river: 20 positions, position = index + 1 ----------------------------------------------------------
CARD: Final = "card"
ROUND: Final = "round"
SITE: Final = "site"
RIVER: Final = (  # DEFAULT layout (Q1): strict alternation starting with a card space
    ("C1", CARD),
    ("R_EDFU", ROUND),
    ("C2", CARD),
    ("R_THEBAE", ROUND),
    ("C3", CARD),
    ("B_SPHINX", SITE),
    ("C4", CARD),
    ("R_PASSALON", ROUND),
    ("C5", CARD),
    ("R_SELINON", ROUND),
    ("C6", CARD),
    ("B_OBELISK", SITE),
    ("C7", CARD),
    ("R_BENIHASAN", ROUND),
    ("C8", CARD),
    ("R_ALYI", ROUND),
    ("C9", CARD),
    ("B_TEMPLE", SITE),
    ("C10", CARD),
    ("R_HELIOPOLIS", ROUND),  # CONFIRMED [EQ #2]: the last position of the river
)
POSITION: Final = {space_id: index + 1 for index, (space_id, _) in enumerate(RIVER)}
CARD_SPACES: Final = tuple(space_id for space_id, kind in RIVER if kind == CARD)
ROUND_SPACES: Final = tuple(space_id for space_id, kind in RIVER if kind == ROUND)
SITES: Final = ("B_SPHINX", "B_OBELISK", "B_TEMPLE")  # build order CONFIRMED [Y]
SITE_NAMES: Final = {
    "B_SPHINX": "the Sphinx",
    "B_OBELISK": "the Obelisk and Graves",
    "B_TEMPLE": "the Temple and Pyramid",
}
SITE_SLOTS_BY_PLAYERS: Final = {2: 2, 3: 2, 4: 3}  # CONFIRMED [Y]
SPECULATORS_PER_SLOT: Final = 1  # DEFAULT (Q14)
# A space freed in phase 5 goes to a speculator of that site, whichever occupant freed it: CONFIRMED [Y]
# ("for another player with a ship at this building site on speculation"); it builds in that space's turn
# (DEFAULT). One ship per player per site leaves at most one speculator per site (INFERRED); should several
# wait, the first in the player sequence moves in (DEFAULT, Q14).

ROUND_SPACE_NAMES: Final = {
    "R_EDFU": "Edfu",
    "R_THEBAE": "Thebae",
    "R_PASSALON": "Passalon",
    "R_SELINON": "Selinon",
    "R_BENIHASAN": "Beni Hasan",
    "R_ALYI": "Alyi",
    "R_HELIOPOLIS": "Heliopolis",
}
EDFU_MARKET_STEPS: Final = 1  # CONFIRMED [Y]: stone and grain markers 1 down each
PICTURED_CREWS: Final = {  # effect CONFIRMED [Y]; which crews DEFAULT (Q2)
    "R_THEBAE": (0, 1),
    "R_SELINON": (1, 2),
    "R_BENIHASAN": (0, 2),
}
RING_SPACES: Final = ("R_PASSALON", "R_HELIOPOLIS")  # Joker +1 must, ring may move: CONFIRMED [EQ #1]
ALYI_STONES: Final = 2  # CONFIRMED [Y]: any one crew +1, then +2 stones

# --- Nile decks ---------------------------------------------------------------------------------------------
DECKS: Final = ("1/2", "3/4", "5")  # CONFIRMED
DECK_OF_ROUND: Final = (0, 0, 1, 1, 2)  # CONFIRMED: rounds 1-2, 3-4, 5
DECK_REMOVED_AFTER_ROUND: Final = (2, 4, 5)  # CONFIRMED [Y]
CARDS_PER_ROUND: Final = 10  # CONFIRMED [Y]; same for every player count INFERRED

# --- Sphinx -------------------------------------------------------------------------------------------------
SPHINX_MAX_DRAW: Final = 5  # CONFIRMED [Y]
SPHINX_KEEP: Final = 1  # CONFIRMED [Y]: keep 0 or 1
SPHINX_RETURN_VP: Final = 1  # CONFIRMED [Y]: +1 VP per returned card, which goes under the deck

# --- Obelisk ------------------------------------------------------------------------------------------------
OBELISK_LEVELS: Final = 9  # CONFIRMED [Y]
OBELISK_SPACES_PER_LEVEL: Final = 2  # DEFAULT (Q5)
OBELISK_VALUES: Final = tuple(  # value = level: INFERRED [Y]
    level for level in range(1, OBELISK_LEVELS + 1) for _ in range(OBELISK_SPACES_PER_LEVEL)
)
GRAVE_TABLE: Final = ((21, 9), (11, 5), (1, 2), (0, 0))  # DEFAULT (Q7): (lowest sum, VP), highest first

# --- Pyramid ------------------------------------------------------------------------------------------------
PYRAMID_ROWS: Final = (7, 5, 3, 1)  # DEFAULT (Q8): widths, bottom row first
PYRAMID_VALUES: Final = (1, 2, 3, 4)  # DEFAULT (Q8): value of every space of that row
PYRAMID_SUPPORT_OFFSET: Final = 1  # DEFAULT (Q8): space j of row r rests on space j + 1 of row r - 1
PYRAMID_ROW_BONUS_PER_STONE: Final = 1  # CONFIRMED [Y]


class TempleSpace(msgspec.Struct, frozen=True):
    id: str
    part: str
    value: int
    requires: tuple[str, ...]


TEMPLE: Final = (  # rules CONFIRMED [Y]; layout and values DEFAULT (Q9)
    TempleSpace("TL1", "left column", 1, ()),
    TempleSpace("TL2", "left column", 2, ("TL1",)),
    TempleSpace("TL3", "left column", 3, ("TL2",)),
    TempleSpace("TL4", "left column", 4, ("TL3",)),
    TempleSpace("TR1", "right column", 1, ()),
    TempleSpace("TR2", "right column", 2, ("TR1",)),
    TempleSpace("TR3", "right column", 3, ("TR2",)),
    TempleSpace("TR4", "right column", 4, ("TR3",)),
    TempleSpace("TM1", "middle", 5, ("TL4", "TR4")),
    TempleSpace("TM2", "middle", 5, ("TL4", "TR4")),
    TempleSpace("TT1", "top", 6, ("TM1", "TM2")),
    TempleSpace("TT2", "top", 6, ("TM1", "TM2")),
)
