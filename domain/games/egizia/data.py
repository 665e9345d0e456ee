"""Every printed number of Egizia, in one place.

Each value carries the label of the rules specification (``/work/shared/rules/egizia.md``) beside it:
CONFIRMED (stated in a cited source), INFERRED (derived from confirmed facts) or DEFAULT (unknown; chosen so
the engine can run, see spec §16). Whoever holds the physical game can correct a number here and nowhere else.
The rules modules read these tables; no printed number is written in the logic.
"""

from __future__ import annotations

from typing import Final, Literal

import msgspec

Label = Literal["CONFIRMED", "INFERRED", "DEFAULT"]

# --- Global constants (spec §1) ------------------------------------------------------------------------
MIN_PLAYERS: Final = 2  # CONFIRMED [Y]
MAX_PLAYERS: Final = 4  # CONFIRMED [Y]
ROUNDS: Final = 5  # CONFIRMED [Y]
SHIPS_PER_PLAYER: Final = 8  # CONFIRMED [Y][UBG]
STONE_CAP: Final = 25  # CONFIRMED [Y] (cap on every gain: INFERRED, spec Q17)
COOP_BONUS: Final = {1: 1, 2: 3, 3: 6}  # CONFIRMED [Y] ships on building sites -> VP

# --- Setup (spec §2) --------------------------------------------------------------------------------------
START_STONES_BY_TILE: Final = (2, 3, 4, 5)  # CONFIRMED [GA] for 4p; truncated for 2-3p INFERRED (Q20)
START_QUARRY_STONES: Final = 3  # CONFIRMED [GA][SB][IT]
START_FIELD_GRAIN: Final = 6  # CONFIRMED [GA][SB][IT][MSM]
START_QUARRY_ID: Final = "START-QUARRY"
START_FIELD_ID: Final = "START-FIELD"
STARTING_SPHINX_CARDS: Final = 1  # CONFIRMED [Y][UBG] (rule supplement per [HU])
GRAVE_SPACES: Final = 12  # CONFIRMED [Y]
GRAVES_FACE_UP: Final = 4  # CONFIRMED [Y][HU][IT]
GRAVE_TILES: Final = (1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5)  # DEFAULT (Q6)

# --- Crews (spec §4.1) ------------------------------------------------------------------------------------
CREW_NAMES: Final = ("A", "B", "C", "Joker")  # three regular crews + Joker: CONFIRMED [Y]
REGULAR_CREWS: Final = (0, 1, 2)
JOKER: Final = 3
CREW_START: Final = (1, 1, 1, 2)  # CONFIRMED [Y][UBG][GA][SB]
CREW_MAX: Final = (6, 6, 6, 6)  # DEFAULT (Q3): last track space; surplus steps are lost (DEFAULT)

# --- Irrigation (spec §3.4) -------------------------------------------------------------------------------
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

# --- Markets (spec §3.5) ----------------------------------------------------------------------------------
MARKET_SPACES: Final = 6  # DEFAULT (Q4): index 0 = top ... 5 = bottom
GRAIN_PENALTY: Final = (3, 3, 2, 2, 1, 1)  # DEFAULT (Q4); top 3 INFERRED; bottom two 1 CONFIRMED [Y]
GRAIN_BOTTOM_VP: Final = 2  # CONFIRMED [Y], again on each further push
STONE_BOTTOM_STONES: Final = 3  # CONFIRMED [Y], again on each further push
STONE_SALE_SPACES: Final = (MARKET_SPACES - 2, MARKET_SPACES - 1)  # CONFIRMED [Y]: the bottom two spaces
STONE_SALE_RATE: Final = 2  # CONFIRMED [Y]: 2 stones = 1 VP, rounded down, no cap
STONE_MARKET: Final = "stone"
GRAIN_MARKET: Final = "grain"

# --- The river (spec §3.1): 20 positions, position = index + 1 ----------------------------------------
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

# --- Nile decks (spec §5 phase 1) -------------------------------------------------------------------------
DECKS: Final = ("1/2", "3/4", "5")  # CONFIRMED
DECK_OF_ROUND: Final = (0, 0, 1, 1, 2)  # CONFIRMED: rounds 1-2, 3-4, 5
DECK_REMOVED_AFTER_ROUND: Final = (2, 4, 5)  # CONFIRMED [Y]
CARDS_PER_ROUND: Final = 10  # CONFIRMED [Y]; same for every player count INFERRED

# --- Sphinx (spec §6.1) -----------------------------------------------------------------------------------
SPHINX_MAX_DRAW: Final = 5  # CONFIRMED [Y]
SPHINX_KEEP: Final = 1  # CONFIRMED [Y]: keep 0 or 1
SPHINX_RETURN_VP: Final = 1  # CONFIRMED [Y]: +1 VP per returned card, which goes under the deck

# --- Obelisk (spec §6.2) ----------------------------------------------------------------------------------
OBELISK_LEVELS: Final = 9  # CONFIRMED [Y]
OBELISK_SPACES_PER_LEVEL: Final = 2  # DEFAULT (Q5)
OBELISK_VALUES: Final = tuple(  # value = level: INFERRED [Y]
    level for level in range(1, OBELISK_LEVELS + 1) for _ in range(OBELISK_SPACES_PER_LEVEL)
)
GRAVE_TABLE: Final = ((21, 9), (11, 5), (1, 2), (0, 0))  # DEFAULT (Q7): (lowest sum, VP), highest first

# --- Pyramid (spec §6.4) ----------------------------------------------------------------------------------
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


# --- Nile cards (spec §10) --------------------------------------------------------------------------------
IMM: Final = "IMM"
ANY: Final = "ANY"
PERM: Final = "PERM"


class NileCard(msgspec.Struct, frozen=True, kw_only=True):
    """One Nile card. ``kind`` says what it does; the parameters it needs are set, the others stay empty."""

    id: str
    deck: int
    type: str
    kind: str
    text: str
    label: Label
    grain: int = 0
    colour: int = -1
    stones: int = 0
    vp: int = 0
    market: str = ""
    steps: int = 0
    crews: tuple[int, ...] = ()
    buildings: tuple[str, ...] = ()
    strength: int = 0
    bonus: str = ""
    bonus_amount: int = 0
    count: int = 0  # free Sphinx draws (N12-19), Sphinx cards kept (N5-04), regular crews (N34-13)


def _field(
    cid: str, deck: int, grain: int, colour: int, label: Label, bonus: str = "", amount: int = 0
) -> NileCard:
    text = f"{COLOUR_NAMES[colour].capitalize()} field, {grain} grain"
    if bonus:
        text += f"; on pickup: {_BONUS_TEXT[bonus].format(amount)}"
    return NileCard(
        id=cid,
        deck=deck,
        type=PERM,
        kind="field",
        text=text,
        label=label,
        grain=grain,
        colour=colour,
        bonus=bonus,
        bonus_amount=amount,
    )


_BONUS_TEXT: Final = {
    "grain_market": "grain marker {} down",
    "stone_market": "stone marker {} down",
    "vp": "+{} VP",
    "stones": "+{} stones",
}


def _quarry(cid: str, deck: int, stones: int) -> NileCard:
    return NileCard(
        id=cid,
        deck=deck,
        type=PERM,
        kind="quarry",
        text=f"Quarry, +{stones} stones per round",
        label="INFERRED",
        stones=stones,
    )


def _market(cid: str, deck: int, market: str) -> NileCard:
    return NileCard(
        id=cid,
        deck=deck,
        type=IMM,
        kind="market",
        text=f"Own {market}-market marker 2 down",
        label="CONFIRMED",
        market=market,
        steps=2,
    )


def _special(
    cid: str,
    deck: int,
    ctype: str,
    kind: str,
    text: str,
    label: Label,
    *,
    strength: int = 0,
    stones: int = 0,
    vp: int = 0,
    steps: int = 0,
    crews: tuple[int, ...] = (),
    grain: int = 0,
    count: int = 0,
) -> NileCard:
    return NileCard(
        id=cid,
        deck=deck,
        type=ctype,
        kind=kind,
        text=text,
        label=label,
        strength=strength,
        stones=stones,
        vp=vp,
        steps=steps,
        crews=crews,
        grain=grain,
        count=count,
    )


NILE_CARDS: Final = (
    # Deck 1/2 (22 cards), CONFIRMED count [Y]
    _field("N12-01", 0, 2, GREEN, "INFERRED"),
    _field("N12-02", 0, 3, GREEN, "INFERRED"),
    _field("N12-03", 0, 4, YELLOW_GREEN, "INFERRED"),
    _field("N12-04", 0, 5, YELLOW_GREEN, "INFERRED"),
    _field("N12-05", 0, 6, BROWN, "INFERRED", "grain_market", 1),
    _field("N12-06", 0, 7, BROWN, "INFERRED", "stone_market", 1),
    _quarry("N12-07", 0, 2),
    _quarry("N12-08", 0, 2),
    _quarry("N12-09", 0, 3),
    _quarry("N12-10", 0, 3),
    _quarry("N12-11", 0, 3),
    _special(
        "N12-12",
        0,
        ANY,
        "grain_surplus",
        "Anytime, at your feeding: +4 grain for this feeding (surplus is lost)",
        "CONFIRMED",
        grain=4,
    ),
    _special(
        "N12-13", 0, ANY, "strength", "Anytime: +3 strength for one build action", "INFERRED", strength=3
    ),
    _special(
        "N12-14",
        0,
        ANY,
        "double_action",
        "Anytime, with a ship placement: resolve that round space twice (not Heliopolis)",
        "CONFIRMED",
    ),
    _special(
        "N12-15",
        0,
        ANY,
        "improve_field",
        "Anytime: one of your fields counts one irrigation level better for the rest of the game",
        "INFERRED",
        steps=1,
    ),
    _special(
        "N12-16",
        0,
        PERM,
        "occupied_round_space",
        "Once per round: place a ship on a round space that has a ship (not Heliopolis)",
        "CONFIRMED",
    ),
    _special(
        "N12-17",
        0,
        PERM,
        "crew_boost",
        "Once per round, on one of your turns: any one crew +1",
        "CONFIRMED",
        steps=1,
    ),
    _special(
        "N12-18",
        0,
        PERM,
        "stones_for_grain",
        "At your feeding: pay stones for missing grain, 1 stone per grain",
        "INFERRED",
        stones=1,
    ),
    _special(
        "N12-19",
        0,
        PERM,
        "sphinx_extra",
        "At the Sphinx: draw up to 2 extra cards for free (at most 5 in all; no crew needed for free ones)",
        "CONFIRMED",
        count=2,
    ),
    _market("N12-20", 0, STONE_MARKET),
    _market("N12-21", 0, GRAIN_MARKET),
    _special(
        "N12-22", 0, IMM, "crews_choice", "Two different crews +1 each, or one crew +2", "CONFIRMED", steps=2
    ),
    # Deck 3/4 (22 cards), CONFIRMED count [Y]
    _field("N34-01", 1, 2, GREEN, "INFERRED"),
    _field("N34-02", 1, 3, GREEN, "INFERRED"),
    _field("N34-03", 1, 4, GREEN, "INFERRED"),
    _field("N34-04", 1, 5, YELLOW_GREEN, "INFERRED"),
    _field("N34-05", 1, 6, YELLOW_GREEN, "INFERRED"),
    _field("N34-06", 1, 8, BROWN, "INFERRED", "vp", 3),  # bonus CONFIRMED; grain = label INFERRED
    _quarry("N34-07", 1, 2),
    _quarry("N34-08", 1, 2),
    _quarry("N34-09", 1, 3),
    _quarry("N34-10", 1, 4),
    _special(
        "N34-11", 1, ANY, "strength", "Anytime: +4 strength for one build action", "INFERRED", strength=4
    ),
    _special(
        "N34-12",
        1,
        ANY,
        "extra_ship",
        "Anytime, on your placement turn: place two ships in a row",
        "INFERRED",
        count=2,
    ),
    _special(
        "N34-13",
        1,
        ANY,
        "two_crews",
        "Anytime: one build action with 2 unused regular crews (plus the Joker if you like)",
        "INFERRED",
        count=2,
    ),
    _special(
        "N34-14",
        1,
        ANY,
        "speculator_builds",
        "Play on your placement turn: this round your speculating ships build too, after the regular ships",
        "INFERRED",
    ),
    _special(
        "N34-15",
        1,
        ANY,
        "improve_field",
        "Anytime: one of your fields counts one irrigation level better for the rest of the game",
        "INFERRED",
        steps=1,
    ),
    _special(
        "N34-16",
        1,
        PERM,
        "pay_crew_boost",
        "Once per round, on one of your turns: pay 2 stones, any one crew +1",
        "CONFIRMED",
        stones=2,
        steps=1,
    ),
    _special(
        "N34-17",
        1,
        PERM,
        "upstream",
        "Once per round: place a ship upstream of your last one (later ships go downstream of it)",
        "CONFIRMED",
    ),
    _special(
        "N34-18",
        1,
        PERM,
        "leftover_card",
        "At the end of each placement phase: take one card left on the river",
        "CONFIRMED",
    ),
    _market("N34-19", 1, STONE_MARKET),
    _market("N34-20", 1, GRAIN_MARKET),
    _special("N34-21", 1, IMM, "crews_shown", "Crews A, B and C +1 each", "DEFAULT", crews=(0, 1, 2)),
    _special("N34-22", 1, IMM, "crews_shown", "Crews A, B and Joker +1 each", "DEFAULT", crews=(0, 1, 3)),
    # Deck 5 (12 cards), CONFIRMED count [Y]
    _field("N5-01", 2, 9, BROWN, "INFERRED", "stones", 4),  # bonus CONFIRMED; grain = label INFERRED
    _special(
        "N5-02", 2, ANY, "strength", "Anytime: +5 strength for one build action", "INFERRED", strength=5
    ),
    _special(
        "N5-03",
        2,
        ANY,
        "build_first",
        "Play on your placement turn: this round you build first at every site where you have a ship",
        "CONFIRMED",
    ),
    _special(
        "N5-04", 2, ANY, "sphinx_keep2", "At the Sphinx: keep 2 drawn cards instead of 1", "INFERRED", count=2
    ),
    _special("N5-05", 2, ANY, "stones", "Anytime before final scoring: +6 stones", "CONFIRMED", stones=6),
    _special(
        "N5-06",
        2,
        ANY,
        "sell_stones",
        "Anytime before final scoring: sell up to 10 stones at 1 VP each",
        "CONFIRMED",
        stones=10,
        vp=1,
    ),
    _special(
        "N5-07", 2, PERM, "grave_card", "Final scoring: counts as a grave tile worth 8", "CONFIRMED", vp=8
    ),
    _market("N5-08", 2, STONE_MARKET),
    _market("N5-09", 2, GRAIN_MARKET),
    _special(
        "N5-10", 2, IMM, "crews_choice", "Two different crews +1 each, or one crew +2", "CONFIRMED", steps=2
    ),
    NileCard(
        id="N5-11",
        deck=2,
        type=IMM,
        kind="building_vp",
        text="+1 VP per own stone in Obelisk and Graves",
        label="DEFAULT",
        vp=1,
        buildings=("obelisk", "graves"),
    ),
    NileCard(
        id="N5-12",
        deck=2,
        type=IMM,
        kind="building_vp",
        text="+1 VP per own stone in Pyramid and Temple",
        label="DEFAULT",
        vp=1,
        buildings=("pyramid", "temple"),
    ),
)
NILE_BY_ID: Final = {card.id: card for card in NILE_CARDS}
SPHINX_DRAW_CARD: Final = "N12-19"  # removed by the variant "without the +2 Sphinx card" [Y][EQ]
SPECULATION_CARD: Final = "N34-14"  # removed online in 2-player games [Y] (option, DEFAULT on)
NO_DOUBLE_ACTION: Final = ("R_HELIOPOLIS",)  # CONFIRMED [EQ #2][Y]: N12-14 never here
NO_SHARED_SPACE: Final = ("R_HELIOPOLIS",)  # CONFIRMED [EQ #2]: N12-16 never here
LEFTOVER_TAKES: Final = 1  # CONFIRMED [Y]: N34-18 takes one card


# --- Sphinx cards (spec §11) ------------------------------------------------------------------------------
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

SPHINX_CARDS: Final = (  # label = status of the VP (copies are DEFAULT for all, Q10); conditions: spec §11
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
