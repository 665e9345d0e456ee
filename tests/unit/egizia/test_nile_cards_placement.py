"""Nile cards of the placement phase (Q13 for the upstream card): double action N12-14,
occupied round space N12-16, second ship N34-12, upstream N34-17, leftover card N34-18."""

from __future__ import annotations

from egizia_support import new_game, play, play_on
from nile_support import give, legal, refusal

from domain.engine import run_automatic
from domain.games.egizia import GAME, EgiziaState
from domain.games.egizia import events as ev
from domain.games.egizia.commands import Pass, PlaceShip, PlayCard
from domain.games.egizia.data import POSITION
from domain.games.egizia.state import FEEDING, NOBODY, PLACEMENT
from services.i18n import english


def _turn(state: EgiziaState, seat: int = 0, last: int = 0) -> EgiziaState:
    state.turn = seat
    state.players[seat].last_position = last
    return state


def _ship_on(state: EgiziaState, space: str, seat: int) -> EgiziaState:
    state.river_ships[POSITION[space] - 1].append(seat)
    return state


def test_double_action_resolves_edfu_twice() -> None:
    state = give(_turn(new_game()), 0, "N12-14")
    after, events = play(state, 0, PlaceShip(space="R_EDFU", cards=["N12-14"]))
    player = after.players[0]
    assert (player.stone_market, player.grain_market) == (2, 2)
    assert ev.CardUsed(seat=0, card="N12-14") in events and player.hand == []


def test_double_action_at_alyi_moves_two_crews_and_gives_four_stones() -> None:
    state = give(_turn(new_game()), 0, "N12-14")
    stones = state.players[0].stones
    after, _ = play(state, 0, PlaceShip(space="R_ALYI", crews=[0, 2], cards=["N12-14"]))
    assert after.players[0].crews == [2, 1, 2, 2] and after.players[0].stones == stones + 4


def test_double_action_at_passalon_moves_the_joker_twice_and_the_ring_up_to_two_steps() -> None:
    state = give(_turn(new_game()), 0, "N12-14")
    state.ring = 0
    after, _ = play(state, 0, PlaceShip(space="R_PASSALON", ring=2, cards=["N12-14"]))
    assert after.players[0].crews[3] == 4 and after.ring == 2


def test_double_action_is_never_offered_or_allowed_at_heliopolis() -> None:
    state = give(_turn(new_game()), 0, "N12-14")
    doubles = [c for c in legal(state, 0) if isinstance(c, PlaceShip) and c.cards]
    assert doubles and all(c.space != "R_HELIOPOLIS" for c in doubles)
    command = PlaceShip(space="R_HELIOPOLIS", cards=["N12-14"])
    assert refusal(state, 0, command).code == "place.double_heliopolis"


def test_double_action_needs_the_card_in_hand() -> None:
    assert refusal(_turn(new_game()), 0, PlaceShip(space="R_EDFU", cards=["N12-14"])).code == "place.cards"


def test_occupied_round_space_card_shares_a_space_once_per_round() -> None:
    state = give(_ship_on(_ship_on(_turn(new_game()), "R_THEBAE", 1), "R_SELINON", 2), 0, "N12-16")
    assert PlaceShip(space="R_THEBAE") in legal(state, 0)
    after, events = play(state, 0, PlaceShip(space="R_THEBAE"))
    assert ev.CardUsed(seat=0, card="N12-16") in events
    assert after.players[0].crews[:2] == [2, 2]
    again = _turn(after, 0, after.players[0].last_position)
    assert refusal(again, 0, PlaceShip(space="R_SELINON")).code == "place.occupied"


def test_occupied_round_space_card_never_at_heliopolis() -> None:
    state = give(_ship_on(_turn(new_game()), "R_HELIOPOLIS", 1), 0, "N12-16")
    assert refusal(state, 0, PlaceShip(space="R_HELIOPOLIS", ring=0)).code == "place.occupied"


def test_occupied_round_space_card_not_on_ones_own_last_position_without_upstream() -> None:
    state = give(_ship_on(_turn(new_game(), last=POSITION["R_THEBAE"]), "R_THEBAE", 0), 0, "N12-16")
    assert refusal(state, 0, PlaceShip(space="R_THEBAE")).code == "place.upstream"
    with_upstream, _ = play(give(state, 0, "N34-17"), 0, PlaceShip(space="R_THEBAE"))
    assert with_upstream.players[0].used_this_round == ["N34-17", "N12-16"]


def test_upstream_card_places_one_ship_upstream_and_later_ships_go_downstream_of_it() -> None:
    state = give(_turn(new_game(), last=POSITION["B_OBELISK"]), 0, "N34-17")
    assert PlaceShip(space="R_EDFU") in legal(state, 0)
    after, events = play(state, 0, PlaceShip(space="R_EDFU"))
    assert ev.CardUsed(seat=0, card="N34-17") in events
    assert after.players[0].last_position == POSITION["R_EDFU"]  # DEFAULT Q13: the most recent ship
    next_turn = _turn(after, 0, after.players[0].last_position)
    assert PlaceShip(space="R_THEBAE") in legal(next_turn, 0)
    assert refusal(next_turn, 0, PlaceShip(space="C1")).code == "place.upstream"


def test_without_the_upstream_card_ships_only_go_downstream() -> None:
    state = _turn(new_game(), last=POSITION["B_OBELISK"])
    error = refusal(state, 0, PlaceShip(space="R_EDFU"))
    assert error.code == "place.upstream" and "Upstream" in english(error.message)


def test_second_ship_card_keeps_the_turn_for_one_more_ship() -> None:
    state = give(_turn(new_game()), 0, "N34-12")
    assert PlayCard(card="N34-12") in legal(state, 0)
    played, _ = play(state, 0, PlayCard(card="N34-12"))
    first, _ = play(played, 0, PlaceShip(space="R_EDFU"))
    assert first.turn == 0 and not first.players[0].extra_ship
    second, _ = play(first, 0, PlaceShip(space="R_THEBAE"))
    assert second.turn != 0 and second.players[0].ships_placed == 2


def test_second_ship_card_needs_two_ships_left_and_a_placement_turn() -> None:
    state = give(_turn(new_game()), 0, "N34-12")
    state.players[0].ships_placed = 7
    assert refusal(state, 0, PlayCard(card="N34-12")).code == "card.useless"
    state.players[0].ships_placed, state.turn = 0, 1
    assert refusal(state, 0, PlayCard(card="N34-12")).code == "card.not_your_turn"
    state.phase, state.queue = FEEDING, [0]  # seat 0's feeding step: an own turn, but not placement
    assert refusal(state, 0, PlayCard(card="N34-12")).code == "card.placement_only"


def _placement_over(state: EgiziaState) -> EgiziaState:
    for player in state.players:
        player.passed = True
    state.turn = NOBODY
    return state


def test_leftover_card_takes_one_card_left_on_the_river_when_placement_ends() -> None:
    state = give(_placement_over(new_game()), 2, "N34-18")
    state.river_cards = ["", "N5-10", "N12-09"] + [""] * 7
    assert GAME.advance(state) == [] and GAME.to_act(state) == {2}
    offered = legal(state, 2)
    assert Pass() in offered and PlayCard(card="N34-18", target="C3") in offered
    after, events = play_on(state, 2, PlayCard(card="N34-18", target="C2", crews=[1, 1]))
    assert ev.NileCardTaken(seat=2, space="C2", card="N5-10") in events
    assert after.players[2].crews[1] == 3  # the immediate card resolved at once
    assert ev.PlacementEnded(discarded=["N12-09"]) in events


def test_leftover_card_holder_may_pass() -> None:
    state = give(_placement_over(new_game()), 2, "N34-18")
    state.river_cards = ["N12-09"] + [""] * 9
    after, events = play_on(state, 2, Pass())
    assert events[0] == ev.CardDeclined(seat=2, card="N34-18")
    assert ev.PlacementEnded(discarded=["N12-09"]) in events and after.round == 2


def test_leftover_card_only_at_the_end_of_placement() -> None:
    state = give(_turn(new_game(), 2), 2, "N34-18")
    assert state.phase == PLACEMENT
    assert refusal(state, 2, PlayCard(card="N34-18", target="C1")).code == "card.leftover_timing"


def test_leftover_card_waits_for_nobody_when_the_river_is_empty() -> None:
    state = give(_placement_over(new_game()), 2, "N34-18")
    state.river_cards = [""] * 10
    _, events = run_automatic(GAME, state)
    assert events[0] == ev.PlacementEnded(discarded=[])


def test_speculation_and_build_first_cards_need_a_ship_at_a_site() -> None:
    state = give(_turn(new_game()), 0, "N34-14", "N5-03")
    assert refusal(state, 0, PlayCard(card="N34-14")).code == "card.useless"
    assert refusal(state, 0, PlayCard(card="N5-03")).code == "card.useless"
    assert not [c for c in legal(state, 0) if isinstance(c, PlayCard)]
