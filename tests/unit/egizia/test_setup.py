"""Setup for 2, 3 and 4 players: tiles, starting resources, decks, graves, seed commitment, variants."""

from __future__ import annotations

import pytest
from egizia_support import new_game

from domain.engine import seed_commitment
from domain.games.egizia import GAME, EgiziaOptions
from domain.games.egizia import events as ev
from domain.games.egizia.data import NILE_BY_ID


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_player_starts_with_the_printed_resources(players: int) -> None:
    state = new_game(players)
    assert sorted(p.tile for p in state.players) == list(range(1, players + 1))
    for player in state.players:
        assert player.stones == player.tile + 1  # tile 1 -> 2 stones ... tile 4 -> 5
        assert player.crews == [1, 1, 1, 2]
        assert [(f.grain, f.colour) for f in player.fields] == [(6, 0)]
        assert [q.stones for q in player.quarries] == [3]
        assert len(player.sphinx) == 1
        assert player.score == 0
        assert (player.stone_market, player.grain_market) == (0, 0)
    assert state.ring == 1  # middle
    assert [len(site.slots) for site in state.sites] == [3 if players == 4 else 2] * 3


def test_the_highest_tile_starts_in_front_of_the_track() -> None:
    state = new_game(4)
    front = min(state.players, key=lambda p: p.arrival)
    assert front.tile == 4


def test_setup_records_shuffles_and_commits_to_the_seed() -> None:
    events = GAME.setup(4, EgiziaOptions(), b"secret")
    setup = events[0]
    assert isinstance(setup, ev.GameSetUp)
    assert setup.seed_commitment == seed_commitment(b"secret")
    assert [len(deck) for deck in setup.nile_decks] == [22, 22, 12]
    assert all(NILE_BY_ID[card].deck == index for index, deck in enumerate(setup.nile_decks) for card in deck)
    assert len(setup.sphinx_deck) + sum(len(hand) for hand in setup.sphinx_hands) == 29
    assert len(setup.graves) == 12
    assert GAME.setup(4, EgiziaOptions(), b"secret") == events
    assert GAME.setup(4, EgiziaOptions(), b"other")[0].nile_decks != setup.nile_decks


def test_round_one_lays_out_ten_cards_from_the_first_deck() -> None:
    state = new_game(3)
    assert state.round == 1
    assert all(NILE_BY_ID[card].deck == 0 for card in state.river_cards)
    assert len(state.river_cards) == 10
    assert len(state.nile_decks[0]) == 12


def test_variants_remove_the_sphinx_draw_and_tenth_cards() -> None:
    options = EgiziaOptions(without_sphinx_draw_card=True, without_tenth_card=True)
    setup = GAME.setup(4, options, b"v")[0]
    assert "N12-19" not in setup.nile_decks[0] and len(setup.nile_decks[0]) == 21
    assert "SPH-TENTH" not in setup.sphinx_deck + [c for hand in setup.sphinx_hands for c in hand]
    assert len(setup.sphinx_deck) + 4 == 28


def test_two_player_games_leave_out_the_speculation_card_online() -> None:
    assert "N34-14" not in GAME.setup(2, EgiziaOptions(), b"s")[0].nile_decks[1]
    assert "N34-14" in GAME.setup(3, EgiziaOptions(), b"s")[0].nile_decks[1]


@pytest.mark.parametrize("players", [1, 5])
def test_player_count_outside_two_to_four_is_refused(players: int) -> None:
    with pytest.raises(ValueError, match="players"):
        GAME.setup(players, EgiziaOptions(), b"s")
