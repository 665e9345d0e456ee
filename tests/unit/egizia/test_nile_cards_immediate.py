"""Immediate Nile cards resolve fully when taken, brown fields pay their one-time bonus, and the
2-player option leaves the speculation card out."""

from __future__ import annotations

import pytest
from egizia_support import new_game, play
from nile_support import on_river, refusal

from domain.engine import Ctx
from domain.games.egizia import GAME, EgiziaOptions
from domain.games.egizia import events as ev
from domain.games.egizia.commands import PlaceShip
from domain.games.egizia.data import NILE_CARDS, START_FIELD_GRAIN, START_QUARRY_STONES, NileCard
from domain.games.egizia.rules.feeding import advance_production
from domain.games.egizia.rules.queries import irrigated_grain
from domain.games.egizia.rules.setup import nile_deck_cards

STONE_CARDS = ("N12-20", "N34-19", "N5-08")
GRAIN_CARDS = ("N12-21", "N34-20", "N5-09")


@pytest.mark.parametrize("card", STONE_CARDS)
def test_stone_market_card_moves_two_steps_and_pays_each_bottom_step(card: str) -> None:
    state = on_river(new_game(), 0, card)
    state.players[0].stone_market, state.players[0].stones = 4, 0  # one step above the bottom
    after, _ = play(state, 0, PlaceShip(space="C1"))
    player = after.players[0]
    assert player.stone_market == 5
    assert player.stones == 6  # 3 stones for reaching the bottom, 3 more for pushing again
    assert card not in player.hand and card not in player.permanents  # resolved and gone


@pytest.mark.parametrize("card", GRAIN_CARDS)
def test_grain_market_card_moves_two_steps_and_pays_each_bottom_step(card: str) -> None:
    state = on_river(new_game(), 0, card)
    state.players[0].grain_market = 4
    after, _ = play(state, 0, PlaceShip(space="C1"))
    assert after.players[0].grain_market == 5
    assert after.players[0].score == 4  # 2 VP per step onto or past the bottom


@pytest.mark.parametrize("card", STONE_CARDS + GRAIN_CARDS)
def test_market_card_takes_no_crew_choice(card: str) -> None:
    state = on_river(new_game(), 0, card)
    assert refusal(state, 0, PlaceShip(space="C1", crews=[0, 1])).code == "place.crews"


@pytest.mark.parametrize("card", ["N12-22", "N5-10"])
def test_crew_choice_card_moves_two_crews_or_one_crew_twice(card: str) -> None:
    state = on_river(new_game(), 0, card)
    two, _ = play(state, 0, PlaceShip(space="C1", crews=[0, 3]))
    assert two.players[0].crews == [2, 1, 1, 3]
    one, _ = play(state, 0, PlaceShip(space="C1", crews=[2, 2]))
    assert one.players[0].crews == [1, 1, 3, 2]


@pytest.mark.parametrize("card", ["N12-22", "N5-10"])
def test_crew_choice_card_refuses_a_missing_or_malformed_choice(card: str) -> None:
    state = on_river(new_game(), 0, card)
    assert refusal(state, 0, PlaceShip(space="C1")).code == "place.crews"
    assert refusal(state, 0, PlaceShip(space="C1", crews=[0, 1, 2])).code == "place.crews"


@pytest.mark.parametrize(("card", "crews"), [("N34-21", [2, 2, 2, 2]), ("N34-22", [2, 2, 1, 3])])
def test_pictured_crew_card_moves_each_pictured_crew(card: str, crews: list[int]) -> None:
    state = on_river(new_game(), 0, card)
    after, _ = play(state, 0, PlaceShip(space="C1"))
    assert after.players[0].crews == crews


@pytest.mark.parametrize("card", ["N34-21", "N34-22"])
def test_pictured_crew_card_takes_no_crew_choice(card: str) -> None:
    state = on_river(new_game(), 0, card)
    assert refusal(state, 0, PlaceShip(space="C1", crews=[0, 0])).code == "place.crews"


def test_obelisk_and_graves_card_scores_one_per_own_stone_there() -> None:
    state = on_river(new_game(), 0, "N5-11")
    state.obelisk[:3] = [0, 1, 0]
    state.grave_owners[:2] = [0, 0]
    state.temple[0] = 0  # not counted by this card
    after, _ = play(state, 0, PlaceShip(space="C1"))
    assert after.players[0].score == 4


def test_pyramid_and_temple_card_scores_one_per_own_stone_there() -> None:
    state = on_river(new_game(), 0, "N5-12")
    state.pyramid[0][:3] = [0, 0, 2]
    state.temple[:2] = [0, 1]
    state.obelisk[0] = 0  # not counted by this card
    after, _ = play(state, 0, PlaceShip(space="C1"))
    assert after.players[0].score == 3


def test_building_card_cannot_be_taken_from_a_space_with_a_ship() -> None:
    state = on_river(new_game(), 0, "N5-12")
    state.river_ships[0] = [1]
    assert refusal(state, 0, PlaceShip(space="C1")).code == "place.no_card"


def test_brown_field_six_moves_the_grain_marker_once() -> None:
    state = on_river(new_game(), 0, "N12-05")
    after, _ = play(state, 0, PlaceShip(space="C1"))
    assert after.players[0].grain_market == 1
    assert [f.card for f in after.players[0].fields] == ["START-FIELD", "N12-05"]


def test_brown_field_seven_moves_the_stone_marker_once() -> None:
    state = on_river(new_game(), 0, "N12-06")
    after, _ = play(state, 0, PlaceShip(space="C1"))
    assert after.players[0].stone_market == 1


def test_brown_field_eight_scores_three() -> None:
    state = on_river(new_game(), 0, "N34-06")
    after, _ = play(state, 0, PlaceShip(space="C1"))
    assert after.players[0].score == 3


def test_brown_field_nine_adds_four_stones_up_to_the_cap() -> None:
    state = on_river(new_game(), 0, "N5-01")
    state.players[0].stones = 23
    after, _ = play(state, 0, PlaceShip(space="C1"))
    assert after.players[0].stones == 25


@pytest.mark.parametrize("card", ["N12-05", "N12-06", "N34-06", "N5-01"])
def test_brown_field_is_not_taken_upstream_without_the_upstream_card(card: str) -> None:
    state = on_river(new_game(), 0, card)
    state.players[0].last_position = 4  # a ship already at Thebae
    assert refusal(state, 0, PlaceShip(space="C1")).code == "place.upstream"


def test_two_player_games_leave_the_speculation_card_out_by_default() -> None:
    assert "N34-14" not in nile_deck_cards(1, 2, EgiziaOptions())
    assert "N34-14" in nile_deck_cards(1, 3, EgiziaOptions())
    assert "N34-14" in nile_deck_cards(1, 2, EgiziaOptions(remove_speculation_card_in_2p=False))
    assert len(nile_deck_cards(1, 2, EgiziaOptions())) == 21


PLAIN_FIELDS = [c for c in NILE_CARDS if c.kind == "field" and not c.bonus]
QUARRIES = [c for c in NILE_CARDS if c.kind == "quarry"]


@pytest.mark.parametrize("card", PLAIN_FIELDS, ids=lambda card: card.id)
def test_field_feeds_its_grain_whenever_the_ring_waters_its_colour(card: NileCard) -> None:
    state = on_river(new_game(), 0, card.id)
    after, _ = play(state, 0, PlaceShip(space="C1"))
    for ring in (0, 1, 2):
        after.ring = ring
        watered = card.colour <= ring
        assert irrigated_grain(after, 0) == START_FIELD_GRAIN + (card.grain if watered else 0)


@pytest.mark.parametrize("card", QUARRIES, ids=lambda card: card.id)
def test_quarry_produces_its_stones_every_round(card: NileCard) -> None:
    state = on_river(new_game(), 0, card.id)
    after, _ = play(state, 0, PlaceShip(space="C1"))
    after.players[0].stones = 0
    production = Ctx(after, GAME.evolve, GAME.copy)
    advance_production(production)
    assert (
        ev.StonesChanged(seat=0, delta=START_QUARRY_STONES + card.stones, reason="quarries")
        in production.events
    )


@pytest.mark.parametrize("card", PLAIN_FIELDS + QUARRIES, ids=lambda card: card.id)
def test_field_or_quarry_is_not_taken_twice(card: NileCard) -> None:
    state = on_river(new_game(), 0, card.id)
    after, _ = play(state, 0, PlaceShip(space="C1"))
    after.turn, after.players[1].last_position = 1, 0
    assert refusal(after, 1, PlaceShip(space="C1")).code == "place.no_card"
