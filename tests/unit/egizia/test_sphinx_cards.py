"""Each of the 29 Sphinx cards (22 kinds): met and not met."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from egizia_support import new_game

from domain.games.egizia import EgiziaState
from domain.games.egizia.data import OBELISK_VALUES, SPHINX_CARDS
from domain.games.egizia.rules.sphinx_cards import points_of, tenth_points


def _obelisk_level(level: int) -> Callable[[EgiziaState], None]:
    def fill(state: EgiziaState) -> None:
        for index, value in enumerate(OBELISK_VALUES):
            if value <= level:
                state.obelisk[index] = 1  # anyone's stones count

    return fill


def _own(building: str, count: int) -> Callable[[EgiziaState], None]:
    def place(state: EgiziaState) -> None:
        if building == "pyramid":
            state.pyramid[0][:count] = [0] * count
        elif building == "obelisk":
            state.obelisk[:count] = [0] * count
        elif building == "temple":
            state.temple[:count] = [0] * count
        else:
            state.grave_owners[:count] = [0] * count

    return place


def _each(state: EgiziaState) -> None:
    for building in ("pyramid", "obelisk", "temple", "graves"):
        _own(building, 2)(state)


def _markets(market: str, players: int) -> Callable[[EgiziaState], None]:
    def move(state: EgiziaState) -> None:
        for player in state.players[:players]:
            if market == "crew":
                player.crews[1] = 6
            else:
                setattr(player, f"{market}_market", 5)

    return move


def _all(part: str) -> Callable[[EgiziaState], None]:
    def fill(state: EgiziaState) -> None:
        if part == "pyramid":
            state.pyramid = [[1] * len(row) for row in state.pyramid]
        elif part == "temple":
            state.temple = [1] * len(state.temple)
        else:
            state.grave_owners = [1] * len(state.grave_owners)

    return fill


def _crew(index: int) -> Callable[[EgiziaState], None]:
    def push(state: EgiziaState) -> None:
        state.players[0].crews[index] = 6

    return push


def _perms(state: EgiziaState) -> None:
    state.players[0].permanents = ["N12-16", "N12-17", "N5-07"]


CASES: dict[str, tuple[Callable[[EgiziaState], None], int, Callable[[EgiziaState], None] | None]] = {
    # card: (make it true, points, a near miss that scores nothing)
    "SPH-OBL7": (_obelisk_level(7), 4, _obelisk_level(6)),
    "SPH-OBL8": (_obelisk_level(8), 6, _obelisk_level(7)),
    "SPH-OBL9": (_obelisk_level(9), 8, _obelisk_level(8)),
    "SPH-PYRDONE": (_all("pyramid"), 6, _own("pyramid", 7)),
    "SPH-TEMDONE": (_all("temple"), 6, _own("temple", 11)),
    "SPH-GRVDONE": (_all("graves"), 5, _own("graves", 11)),
    "SPH-TBL-STONE": (_markets("stone", 3), 7, None),
    "SPH-TBL-GRAIN": (_markets("grain", 2), 5, None),
    "SPH-TBL-CREW": (_markets("crew", 4), 9, None),
    "SPH-OWN-PYR6": (_own("pyramid", 6), 5, _own("pyramid", 5)),
    "SPH-OWN-PYR7": (_own("pyramid", 7), 7, _own("pyramid", 6)),
    "SPH-OWN-OBL4": (_own("obelisk", 4), 5, _own("obelisk", 3)),
    "SPH-OWN-OBL5": (_own("obelisk", 5), 7, _own("obelisk", 4)),
    "SPH-OWN-TEM4": (_own("temple", 4), 6, _own("temple", 3)),
    "SPH-OWN-EACH2": (_each, 8, _own("temple", 4)),
    "SPH-GRAVE1": (_own("graves", 3), 3, None),
    "SPH-LAST-STONE": (_markets("stone", 1), 4, _markets("grain", 4)),
    "SPH-LAST-GRAIN": (_markets("grain", 1), 4, _markets("stone", 4)),
    "SPH-LAST-CREW": (_crew(2), 4, _crew(3)),
    "SPH-LAST-JOKER": (_crew(3), 4, _crew(0)),
    "SPH-PERM2": (_perms, 6, None),
}


def test_every_sphinx_card_kind_is_covered_and_the_deck_has_29_cards() -> None:
    assert set(CASES) | {"SPH-TENTH"} == {card.id for card in SPHINX_CARDS}
    assert sum(card.copies for card in SPHINX_CARDS) == 29


@pytest.mark.parametrize("card", sorted(CASES))
def test_sphinx_card_scores_when_met_and_not_otherwise(card: str) -> None:
    make_true, points, near_miss = CASES[card]
    assert points_of(new_game(), 0, card) == 0
    state = new_game()
    make_true(state)
    assert points_of(state, 0, card) == points
    if near_miss is not None:
        missed = new_game()
        near_miss(missed)
        assert points_of(missed, 0, card) == 0


def test_market_table_counts_every_player_on_the_bottom() -> None:
    state = new_game()
    _markets("stone", 1)(state)
    assert points_of(state, 3, "SPH-TBL-STONE") == 3  # the card's owner need not be there


def test_tenth_card_gives_one_per_ten_and_nothing_when_negative() -> None:
    assert [tenth_points(score) for score in (-15, 0, 9, 10, 37)] == [0, 0, 0, 1, 3]
