"""Setup: the 83 tiles of the catalogue shuffled from the seed, four secret tiles per hand, the start seat."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from domain.engine import start
from domain.games.giza import GAME, GizaOptions, GizaState
from domain.games.giza import events as ev
from domain.games.giza.data import TILE_IDS, TILES, TOTAL_TILES
from domain.rng import shuffled
from tests.support.conformance import leaked


def test_the_catalogue_holds_83_tiles_of_the_printed_kinds_and_counts() -> None:
    kinds = Counter(tile.kind for tile in TILES)
    assert len(TILES) == TOTAL_TILES == 83
    assert kinds == {
        "stone": 50,
        "treasure": 12,
        "demolish": 9,
        "scarab": 6,
        "sphinx_base": 2,
        "sphinx_body": 2,
        "sphinx_head": 2,
    }
    stones = Counter(tile.points for tile in TILES if tile.kind == "stone")
    assert all(stones[number] == 7 and stones[-number] == 3 for number in range(1, 6))
    treasures = Counter(tile.number for tile in TILES if tile.kind == "treasure")
    assert treasures == {2: 3, 3: 3, 4: 3, 5: 3}


def test_every_tile_id_is_a_whole_word_that_never_hides_inside_another() -> None:
    text = " ".join(TILE_IDS)
    for tile in TILE_IDS:
        assert leaked({tile}, text) == {tile}
        assert re.fullmatch(r"[A-Z][A-Z0-9+.-]*", tile)
    assert leaked(set(TILE_IDS), "S+3.10 T4.22 xS-2.1 SCA.1a") == set()


@pytest.mark.parametrize("players", range(2, 7))
def test_setup_shuffles_every_tile_into_the_pool_and_deals_four_to_each_hand(players: int) -> None:
    state, events = start(GAME, players, GizaOptions(), b"seed-a")
    setup = events[0]
    assert isinstance(setup, ev.GameSetUp) and sorted(setup.pool) == sorted(TILE_IDS)
    assert setup.pool == shuffled(b"seed-a", "giza/pool", list(TILE_IDS))
    assert [type(event) for event in events[1:]] == [ev.TilesDrawn] * players
    assert all(len(hand) == 4 for hand in state.hands)
    assert state.hands[0] == setup.pool[:4] and state.hands[1] == setup.pool[4:8]
    assert len(state.pool) == 83 - 4 * players
    assert GAME.to_act(state) == {state.start_seat} and GAME.advance(state) == []


def test_the_same_seed_gives_the_same_game_and_another_seed_another() -> None:
    first = GAME.setup(4, GizaOptions(), b"one")
    assert GAME.setup(4, GizaOptions(), b"one") == first
    assert GAME.setup(4, GizaOptions(), b"two")[0].pool != first[0].pool


def test_the_start_player_is_an_option_counted_from_seat_one() -> None:
    for chosen in range(1, 5):
        setup = GAME.setup(4, GizaOptions(start_player=chosen), b"x")[0]
        assert setup.start_seat == chosen - 1
    assert GAME.setup(3, GizaOptions(start_player=5), b"x")[0].start_seat == 1, "counts on round the table"


def test_without_a_chosen_start_player_the_seed_draws_one() -> None:
    seats = {GAME.setup(6, GizaOptions(), f"seed-{i}".encode())[0].start_seat for i in range(40)}
    assert seats == set(range(6))


@pytest.mark.parametrize("players", [0, 1, 7])
def test_setup_refuses_a_player_count_outside_two_to_six(players: int) -> None:
    with pytest.raises(ValueError, match="players"):
        GAME.setup(players, GizaOptions(), b"x")


def test_the_state_starts_with_empty_boards_and_discards() -> None:
    state, _ = start(GAME, 3, GizaOptions(), b"x")
    assert isinstance(state, GizaState)
    assert state.boards == [[[], [], [], []]] * 3 and state.discards == []
