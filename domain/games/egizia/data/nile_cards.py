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
