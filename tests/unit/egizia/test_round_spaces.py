"""The seven round spaces and their exact effects; the markets' bottom bonuses."""

from __future__ import annotations

import pytest
from egizia_support import at_placement, new_game, play

from domain.engine import RuleViolation
from domain.games.egizia import GAME
from domain.games.egizia.commands import PlaceShip


def _place(space: str, ring: int = 0, crew: int = -1) -> tuple[list[int], int, int, int, int]:
    state = at_placement(new_game(), 0)
    stones = state.players[0].stones
    after, _ = play(state, 0, PlaceShip(space=space, ring=ring, crew=crew))
    player = after.players[0]
    return player.crews, player.stones - stones, player.stone_market, player.grain_market, after.ring


def test_edfu_moves_both_market_markers_one_down() -> None:
    assert _place("R_EDFU")[2:4] == (1, 1)


@pytest.mark.parametrize(
    ("space", "crews"),
    [("R_THEBAE", [2, 2, 1, 2]), ("R_SELINON", [1, 2, 2, 2]), ("R_BENIHASAN", [2, 1, 2, 2])],
)
def test_pictured_crews_move_one_step(space: str, crews: list[int]) -> None:
    assert _place(space)[0] == crews


@pytest.mark.parametrize("space", ["R_PASSALON", "R_HELIOPOLIS"])
def test_ring_spaces_joker_must_move_ring_may(space: str) -> None:
    crews, _, _, _, ring = _place(space)
    assert crews == [1, 1, 1, 3] and ring == 1
    crews, _, _, _, ring = _place(space, ring=-1)
    assert crews == [1, 1, 1, 3] and ring == 0
    assert _place(space, ring=1)[4] == 2


def test_the_ring_cannot_leave_its_three_positions() -> None:
    state = at_placement(new_game(), 0)
    state.ring = 2
    assert {c.ring for c in GAME.legal_commands(state, 0) if getattr(c, "space", "") == "R_PASSALON"} == {
        0,
        -1,
    }
    with pytest.raises(RuleViolation, match="water ring"):
        GAME.decide(state, 0, PlaceShip(space="R_PASSALON", ring=1))


def test_alyi_moves_the_chosen_crew_then_adds_two_stones() -> None:
    crews, gained, *_ = _place("R_ALYI", crew=3)
    assert crews == [1, 1, 1, 3] and gained == 2
    crews, *_ = _place("R_ALYI", crew=1)
    assert crews == [1, 2, 1, 2]


def test_alyi_needs_a_crew_and_stones_stop_at_25() -> None:
    state = at_placement(new_game(), 0)
    with pytest.raises(RuleViolation, match="choose the crew"):
        GAME.decide(state, 0, PlaceShip(space="R_ALYI"))
    state.players[0].stones = 24
    after, _ = play(state, 0, PlaceShip(space="R_ALYI", crew=0))
    assert after.players[0].stones == 25


def test_a_crew_on_its_last_space_does_not_move() -> None:
    state = at_placement(new_game(), 0)
    state.players[0].crews = [6, 6, 1, 2]
    after, events = play(state, 0, PlaceShip(space="R_THEBAE"))
    assert after.players[0].crews == [6, 6, 1, 2]
    assert len(events) == 1  # only the ship: no crew moved


def test_grain_market_bottom_pays_two_vp_and_again_on_each_push() -> None:
    state = at_placement(new_game(), 0)
    state.players[0].grain_market = 4
    state.players[0].stone_market = 5
    stones = state.players[0].stones
    after, _ = play(state, 0, PlaceShip(space="R_EDFU"))
    player = after.players[0]
    assert player.grain_market == 5 and player.score == 2  # arrives at the bottom: +2 VP
    assert player.stone_market == 5 and player.stones == stones + 3  # already at the bottom: +3 stones again
    after.players[0].last_position = 0
    after.turn = 0
    after.river_cards[0] = "N12-21"  # grain marker 2 down while on the bottom: +2 VP twice
    again, _ = play(after, 0, PlaceShip(space="C1"))
    assert again.players[0].score == 6


def test_stone_market_bottom_gives_three_stones_per_step_with_the_two_step_card() -> None:
    state = at_placement(new_game(), 0)
    state.players[0].stone_market = 4
    state.players[0].stones = 5
    state.river_cards[0] = "N12-20"
    after, _ = play(state, 0, PlaceShip(space="C1"))
    assert after.players[0].stone_market == 5
    assert after.players[0].stones == 11  # reaches the bottom (+3) and pushes again (+3)
