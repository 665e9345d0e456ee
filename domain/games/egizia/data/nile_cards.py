"""The 56 Nile cards: type, effect parameters, text and label of each."""

from __future__ import annotations

from typing import Final

import msgspec

from domain.games.egizia.data.board import (
    BROWN,
    COLOUR_NAMES,
    GRAIN_MARKET,
    GREEN,
    STONE_MARKET,
    YELLOW_GREEN,
    Label,
)

# --- Nile cards ---------------------------------------------------------------------------------------------
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
    cid: str, deck: int, grain: int, colour: int, label: Label, bonus_of: tuple[str, int] = ("", 0)
) -> NileCard:
    """A field; ``bonus_of``: what picking it up gives (a _BONUS_TEXT kind and its amount), if any."""
    bonus, amount = bonus_of
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


NILE_CARDS: Final = (
    # Deck 1/2 (22 cards), CONFIRMED count [Y]
    _field("N12-01", 0, 2, GREEN, "INFERRED"),
    _field("N12-02", 0, 3, GREEN, "INFERRED"),
    _field("N12-03", 0, 4, YELLOW_GREEN, "INFERRED"),
    _field("N12-04", 0, 5, YELLOW_GREEN, "INFERRED"),
    _field("N12-05", 0, 6, BROWN, "INFERRED", ("grain_market", 1)),
    _field("N12-06", 0, 7, BROWN, "INFERRED", ("stone_market", 1)),
    _quarry("N12-07", 0, 2),
    _quarry("N12-08", 0, 2),
    _quarry("N12-09", 0, 3),
    _quarry("N12-10", 0, 3),
    _quarry("N12-11", 0, 3),
    NileCard(
        id="N12-12",
        deck=0,
        type=ANY,
        kind="grain_surplus",
        text="Anytime, at your feeding: +4 grain for this feeding (surplus is lost)",
        label="CONFIRMED",
        grain=4,
    ),
    NileCard(
        id="N12-13",
        deck=0,
        type=ANY,
        kind="strength",
        text="Anytime: +3 strength for one build action",
        label="INFERRED",
        strength=3,
    ),
    NileCard(
        id="N12-14",
        deck=0,
        type=ANY,
        kind="double_action",
        text="Anytime, with a ship placement: resolve that round space twice (not Heliopolis)",
        label="CONFIRMED",
    ),
    NileCard(
        id="N12-15",
        deck=0,
        type=ANY,
        kind="improve_field",
        text="Anytime: one of your fields counts one irrigation level better for the rest of the game",
        label="INFERRED",
        steps=1,
    ),
    NileCard(
        id="N12-16",
        deck=0,
        type=PERM,
        kind="occupied_round_space",
        text="Once per round: place a ship on a round space that has a ship (not Heliopolis)",
        label="CONFIRMED",
    ),
    NileCard(
        id="N12-17",
        deck=0,
        type=PERM,
        kind="crew_boost",
        text="Once per round, on one of your turns: any one crew +1",
        label="CONFIRMED",
        steps=1,
    ),
    NileCard(
        id="N12-18",
        deck=0,
        type=PERM,
        kind="stones_for_grain",
        text="At your feeding: pay stones for missing grain, 1 stone per grain",
        label="INFERRED",
        stones=1,
    ),
    NileCard(
        id="N12-19",
        deck=0,
        type=PERM,
        kind="sphinx_extra",
        text="At the Sphinx: draw up to 2 extra cards for free"
        " (at most 5 in all; no crew needed for free ones)",
        label="CONFIRMED",
        count=2,
    ),
    _market("N12-20", 0, STONE_MARKET),
    _market("N12-21", 0, GRAIN_MARKET),
    NileCard(
        id="N12-22",
        deck=0,
        type=IMM,
        kind="crews_choice",
        text="Two different crews +1 each, or one crew +2",
        label="CONFIRMED",
        steps=2,
    ),
    # Deck 3/4 (22 cards), CONFIRMED count [Y]
    _field("N34-01", 1, 2, GREEN, "INFERRED"),
    _field("N34-02", 1, 3, GREEN, "INFERRED"),
    _field("N34-03", 1, 4, GREEN, "INFERRED"),
    _field("N34-04", 1, 5, YELLOW_GREEN, "INFERRED"),
    _field("N34-05", 1, 6, YELLOW_GREEN, "INFERRED"),
    _field("N34-06", 1, 8, BROWN, "INFERRED", ("vp", 3)),  # bonus CONFIRMED; grain = label INFERRED
    _quarry("N34-07", 1, 2),
    _quarry("N34-08", 1, 2),
    _quarry("N34-09", 1, 3),
    _quarry("N34-10", 1, 4),
    NileCard(
        id="N34-11",
        deck=1,
        type=ANY,
        kind="strength",
        text="Anytime: +4 strength for one build action",
        label="INFERRED",
        strength=4,
    ),
    NileCard(
        id="N34-12",
        deck=1,
        type=ANY,
        kind="extra_ship",
        text="Anytime, on your placement turn: place two ships in a row",
        label="INFERRED",
        count=2,
    ),
    NileCard(
        id="N34-13",
        deck=1,
        type=ANY,
        kind="two_crews",
        text="Anytime: one build action with 2 unused regular crews (plus the Joker if you like)",
        label="INFERRED",
        count=2,
    ),
    NileCard(
        id="N34-14",
        deck=1,
        type=ANY,
        kind="speculator_builds",
        text="Play on your placement turn: this round your speculating ships build too,"
        " after the regular ships",
        label="INFERRED",
    ),
    NileCard(
        id="N34-15",
        deck=1,
        type=ANY,
        kind="improve_field",
        text="Anytime: one of your fields counts one irrigation level better for the rest of the game",
        label="INFERRED",
        steps=1,
    ),
    NileCard(
        id="N34-16",
        deck=1,
        type=PERM,
        kind="pay_crew_boost",
        text="Once per round, on one of your turns: pay 2 stones, any one crew +1",
        label="CONFIRMED",
        stones=2,
        steps=1,
    ),
    NileCard(
        id="N34-17",
        deck=1,
        type=PERM,
        kind="upstream",
        text="Once per round: place a ship upstream of your last one (later ships go downstream of it)",
        label="CONFIRMED",
    ),
    NileCard(
        id="N34-18",
        deck=1,
        type=PERM,
        kind="leftover_card",
        text="At the end of each placement phase: take one card left on the river",
        label="CONFIRMED",
    ),
    _market("N34-19", 1, STONE_MARKET),
    _market("N34-20", 1, GRAIN_MARKET),
    NileCard(
        id="N34-21",
        deck=1,
        type=IMM,
        kind="crews_shown",
        text="Crews A, B and C +1 each",
        label="DEFAULT",
        crews=(0, 1, 2),
    ),
    NileCard(
        id="N34-22",
        deck=1,
        type=IMM,
        kind="crews_shown",
        text="Crews A, B and Joker +1 each",
        label="DEFAULT",
        crews=(0, 1, 3),
    ),
    # Deck 5 (12 cards), CONFIRMED count [Y]
    _field("N5-01", 2, 9, BROWN, "INFERRED", ("stones", 4)),  # bonus CONFIRMED; grain = label INFERRED
    NileCard(
        id="N5-02",
        deck=2,
        type=ANY,
        kind="strength",
        text="Anytime: +5 strength for one build action",
        label="INFERRED",
        strength=5,
    ),
    NileCard(
        id="N5-03",
        deck=2,
        type=ANY,
        kind="build_first",
        text="Play on your placement turn: this round you build first at every site where you have a ship",
        label="CONFIRMED",
    ),
    NileCard(
        id="N5-04",
        deck=2,
        type=ANY,
        kind="sphinx_keep2",
        text="At the Sphinx: keep 2 drawn cards instead of 1",
        label="INFERRED",
        count=2,
    ),
    NileCard(
        id="N5-05",
        deck=2,
        type=ANY,
        kind="stones",
        text="Anytime before final scoring: +6 stones",
        label="CONFIRMED",
        stones=6,
    ),
    NileCard(
        id="N5-06",
        deck=2,
        type=ANY,
        kind="sell_stones",
        text="Anytime before final scoring: sell up to 10 stones at 1 VP each",
        label="CONFIRMED",
        stones=10,
        vp=1,
    ),
    NileCard(
        id="N5-07",
        deck=2,
        type=PERM,
        kind="grave_card",
        text="Final scoring: counts as a grave tile worth 8",
        label="CONFIRMED",
        vp=8,
    ),
    _market("N5-08", 2, STONE_MARKET),
    _market("N5-09", 2, GRAIN_MARKET),
    NileCard(
        id="N5-10",
        deck=2,
        type=IMM,
        kind="crews_choice",
        text="Two different crews +1 each, or one crew +2",
        label="CONFIRMED",
        steps=2,
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
