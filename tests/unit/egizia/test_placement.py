"""Phase 2: ship placement, the downstream rule, sites and speculation, passing, taking Nile cards."""

from __future__ import annotations

import pytest
from egizia_support import at_placement, new_game, of_type, play, play_on

from domain.engine import RuleViolation
from domain.games.egizia import GAME
from domain.games.egizia import events as ev
from domain.games.egizia.commands import Pass, PlaceShip
from domain.games.egizia.state import FEEDING, NOBODY


def test_a_ship_upstream_of_your_last_one_is_refused() -> None:
    state = at_placement(new_game(), 0)
    state.players[0].last_position = 10  # last ship at Selinon
    with pytest.raises(RuleViolation, match="downstream") as refusal:
        GAME.decide(state, 0, PlaceShip(space="R_EDFU"))
    assert refusal.value.code == "place.upstream"
    with pytest.raises(RuleViolation, match="downstream"):
        GAME.decide(state, 0, PlaceShip(space="R_SELINON"))  # the same position is not downstream either


def test_only_one_ship_per_round_space() -> None:
    state = at_placement(new_game(), 0)
    state, _ = play(state, 0, PlaceShip(space="R_EDFU"))
    seat = state.turn
    with pytest.raises(RuleViolation, match="already has a ship"):
        GAME.decide(state, seat, PlaceShip(space="R_EDFU"))


def test_placing_out_of_turn_is_refused() -> None:
    state = at_placement(new_game(), 0)
    with pytest.raises(RuleViolation, match="turn"):
        GAME.decide(state, 1, PlaceShip(space="R_EDFU"))


def test_a_second_ship_at_one_site_is_refused() -> None:
    state = at_placement(new_game(), 0)
    state.sites[2].slots = [0, NOBODY, NOBODY]
    with pytest.raises(RuleViolation, match="one ship per site"):
        GAME.decide(state, 0, PlaceShip(space="B_TEMPLE", slot=1))


def test_speculation_only_beside_a_full_site() -> None:
    state = at_placement(new_game(), 3)
    with pytest.raises(RuleViolation, match="speculate only when every space"):
        GAME.decide(state, 3, PlaceShip(space="B_SPHINX", slot=0, speculate=True))
    state.sites[0].slots = [0, 1, 2]
    with pytest.raises(RuleViolation, match="taken"):
        GAME.decide(state, 3, PlaceShip(space="B_SPHINX", slot=1))
    options = [c for c in GAME.legal_commands(state, 3) if isinstance(c, PlaceShip) and c.space == "B_SPHINX"]
    assert options == [PlaceShip(space="B_SPHINX", slot=0, speculate=True)]
    after, _ = play(state, 3, PlaceShip(space="B_SPHINX", slot=0, speculate=True))
    assert after.sites[0].speculators == [3, NOBODY, NOBODY] and after.sites[0].slots == [0, 1, 2]


def test_two_and_three_player_sites_have_two_spaces() -> None:
    state = at_placement(new_game(3), 0)
    with pytest.raises(RuleViolation, match="ship spaces 1 to 2"):
        GAME.decide(state, 0, PlaceShip(space="B_SPHINX", slot=2))


def test_taking_a_card_puts_it_where_its_type_says() -> None:
    state = at_placement(new_game(), 0)
    state.river_cards = ["N12-04", "N12-09", "N12-13", "N12-17", "N12-20", "", "", "", "", ""]
    for space in ("C1", "C2", "C3", "C4"):
        state, _ = play(state, 0, PlaceShip(space=space))
        state.turn = 0
    player = state.players[0]
    assert [(f.card, f.grain, f.colour) for f in player.fields][-1] == ("N12-04", 5, 1)
    assert [q.stones for q in player.quarries] == [3, 3]
    assert player.hand == ["N12-13"]
    assert player.permanents == ["N12-17"]
    assert state.river_cards[:4] == ["", "", "", ""]
    after, events = play(state, 0, PlaceShip(space="C5"))  # immediate: stone marker 2 down, card gone
    assert after.players[0].stone_market == 2
    assert after.players[0].hand == ["N12-13"] and after.players[0].permanents == ["N12-17"]
    assert of_type(events, ev.NileCardTaken)[0].card == "N12-20"


def test_a_card_space_without_a_card_is_refused() -> None:
    state = at_placement(new_game(), 0)
    state.river_cards[0] = ""
    with pytest.raises(RuleViolation, match="no Nile card"):
        GAME.decide(state, 0, PlaceShip(space="C1"))


def test_crew_choice_cards_move_two_crews_or_one_twice() -> None:
    state = at_placement(new_game(), 0)
    state.river_cards[0] = "N12-22"
    assert (
        len([c for c in GAME.legal_commands(state, 0) if isinstance(c, PlaceShip) and c.space == "C1"]) == 10
    )
    two, _ = play(state, 0, PlaceShip(space="C1", crews=[0, 3]))
    assert two.players[0].crews == [2, 1, 1, 3]
    one, _ = play(state, 0, PlaceShip(space="C1", crews=[2, 2]))
    assert one.players[0].crews == [1, 1, 3, 2]
    with pytest.raises(RuleViolation, match="two different crews"):
        GAME.decide(state, 0, PlaceShip(space="C1", crews=[1]))


def test_field_pickup_bonuses() -> None:
    state = at_placement(new_game(), 0)
    state.river_cards[:3] = ["N12-05", "N12-06", "N34-06"]
    state, _ = play(state, 0, PlaceShip(space="C1"))
    assert state.players[0].grain_market == 1
    state.turn = 0
    state, _ = play(state, 0, PlaceShip(space="C2"))
    assert state.players[0].stone_market == 1
    state.turn = 0
    state, _ = play(state, 0, PlaceShip(space="C3"))
    assert state.players[0].score == 3
    assert [f.grain for f in state.players[0].fields] == [6, 6, 7, 8]


def test_building_vp_card_counts_own_stones_in_the_shown_buildings() -> None:
    state = at_placement(new_game(), 0)
    state.river_cards[0] = "N5-11"
    state.obelisk[:3] = [0, 0, 1]
    state.grave_owners[0] = 0
    state.temple[0] = 0
    after, _ = play(state, 0, PlaceShip(space="C1"))
    assert after.players[0].score == 3


def test_a_player_who_passes_is_out_for_the_round() -> None:
    state = at_placement(new_game(2), 0)
    state.order = [0, 1]
    state, _ = play(state, 0, Pass())
    assert state.turn == 1
    state, _ = play(state, 1, PlaceShip(space="R_EDFU"))
    assert state.turn == 1  # seat 0 passed, so seat 1 places again
    assert GAME.legal_commands(state, 0) == []
    state, events = play_on(state, 1, Pass())
    assert of_type(events, ev.PlacementEnded)
    assert state.round == 2


def test_a_player_who_cannot_place_is_passed_automatically() -> None:
    state = at_placement(new_game(2), 0)
    state.order = [0, 1]
    state.players[0].last_position = 20  # after Heliopolis nothing is downstream
    assert GAME.to_act(state) == set()
    events = GAME.advance(state)
    assert events == [ev.Passed(seat=0, forced=True)]


def test_at_most_eight_ships_per_player_and_round() -> None:
    state = at_placement(new_game(2), 0)
    state.players[0].ships_placed = 8
    with pytest.raises(RuleViolation, match="ships"):
        GAME.decide(state, 0, PlaceShip(space="R_HELIOPOLIS"))


def test_placement_ends_sends_river_ships_home_and_discards_cards() -> None:
    state = at_placement(new_game(2), 0)
    state.order = [0, 1]
    state, _ = play(state, 0, PlaceShip(space="B_SPHINX", slot=0))
    state, _ = play(state, 1, PlaceShip(space="R_EDFU"))
    state, _ = play(state, 0, Pass())
    state, _ = play(state, 1, Pass())
    events = GAME.advance(state)
    assert len(of_type(events, ev.PlacementEnded)[0].discarded) == 10
    state = GAME.evolve(GAME.evolve(state, events[0]), events[1])
    assert state.phase == FEEDING
    assert state.river_ships[1] == [] and state.river_cards == [""] * 10
    assert state.sites[0].slots[0] == 0  # ships on building sites stay until phase 6


def test_a_ship_space_on_a_round_space_is_bad_input() -> None:
    state = at_placement(new_game(), 0)
    with pytest.raises(RuleViolation, match="only building sites") as refusal:
        GAME.decide(state, 0, PlaceShip(space="R_EDFU", slot=1))
    assert refusal.value.details == {"field": "slot"}
    with pytest.raises(RuleViolation, match="no such space on the river"):
        GAME.decide(state, 0, PlaceShip(space="NILE"))
