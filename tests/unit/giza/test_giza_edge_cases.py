"""The edge cases a table runs into, each decided as the rulebook reads (one test per case)."""

from __future__ import annotations

from giza_support import KHAFRE, KHUFU, MENKAURE, SPHINX, Table, play, refusal, tile_in_hand, types

from domain.games.giza import GAME
from domain.games.giza import events as ev
from domain.games.giza.commands import Discard, Play, RemoveScarab
from domain.games.giza.data import HAND_SIZE


def test_demolishing_ones_own_negative_stone_is_allowed() -> None:
    state = Table(2).stack(0, "khufu", "+5", "-4").hand(0, "DEM").state()
    after, _ = play(state, 0, Play(tile=tile_in_hand(state, 0, "DEM"), board=0, site=KHUFU))
    assert after.boards[0][KHUFU] == state.boards[0][KHUFU][:1]


def test_demolishing_ones_own_sphinx_base_is_allowed_and_a_new_base_may_follow() -> None:
    state = Table(2).stack(0, "sphinx", "BASE").hand(0, "DEM").hand(1, "BASE").state()
    after, _ = play(state, 0, Play(tile=tile_in_hand(state, 0, "DEM"), board=0, site=SPHINX))
    assert after.boards[0][SPHINX] == [] and after.turn == 1
    base = tile_in_hand(after, 1, "BASE")
    rebuilt, _ = play(after, 1, Play(tile=base, board=0, site=SPHINX))
    assert rebuilt.boards[0][SPHINX] == [base]


def test_a_sphinx_base_may_be_played_on_an_opponents_empty_sphinx_site_to_hurt_them() -> None:
    state = Table(2).hand(0, "BASE").state()
    after, _ = play(state, 0, Play(tile=tile_in_hand(state, 0, "BASE"), board=1, site=SPHINX))
    assert len(after.boards[1][SPHINX]) == 1
    assert GAME.view(after, 1).boards[1].score == -3


def test_a_scarab_on_an_empty_site_blocks_it_until_removed_or_demolished() -> None:
    state = Table(2).stack(1, "menkaure", "SCA").hand(0, "+5", "DEM", "SCA").state()
    five = tile_in_hand(state, 0, "+5")
    assert refusal(state, 0, Play(tile=five, board=1, site=MENKAURE)).code == "giza.blocked_by_scarab"
    legal = GAME.legal_commands(state, 0)
    assert Play(tile=tile_in_hand(state, 0, "SCA"), board=1, site=MENKAURE) in legal
    assert Play(tile=tile_in_hand(state, 0, "DEM"), board=1, site=MENKAURE) in legal
    after, _ = play(state, 0, Play(tile=tile_in_hand(state, 0, "DEM"), board=1, site=MENKAURE))
    assert after.boards[1][MENKAURE] == []


def test_stacked_scarabs_leave_one_at_a_time_by_removal_or_by_demolish() -> None:
    state = Table(2).stack(0, "khafre", "+4", "SCA", "SCA", "SCA").hand(0, "DEM").state()
    removed, _ = play(state, 0, RemoveScarab(site=KHAFRE))
    assert len(removed.boards[0][KHAFRE]) == 3
    demolished, _ = play(state, 0, Play(tile=tile_in_hand(state, 0, "DEM"), board=0, site=KHAFRE))
    assert len(demolished.boards[0][KHAFRE]) == 3


def test_the_last_tile_drawn_part_way_through_a_refill_ends_the_game_with_a_short_hand() -> None:
    state = Table(2).pool_of("+3").state()
    after, events = play(state, 0, Discard(tiles=state.hands[0][:2]))
    assert types(events) == [ev.TilesDiscarded, ev.TilesDrawn, ev.GameEnded]
    assert len(after.hands[0]) == HAND_SIZE - 1 and after.over


def test_a_player_with_a_scarab_on_their_board_may_take_a_normal_turn() -> None:
    state = Table(2).stack(0, "sphinx", "SCA").state()
    after, events = play(state, 0, Discard(tiles=state.hands[0][:1]))
    assert after.boards[0][SPHINX] == state.boards[0][SPHINX] and ev.TilesDrawn in types(events)


def test_a_demolished_1_stone_reopens_the_pyramid_for_smaller_stones_on_the_one_beneath() -> None:
    state = Table(2).stack(1, "khufu", "+3", "+1").hand(0, "DEM", "-2").state()
    after, _ = play(state, 0, Play(tile=tile_in_hand(state, 0, "DEM"), board=1, site=KHUFU))
    after.turn = 0
    assert Play(tile=tile_in_hand(after, 0, "-2"), board=1, site=KHUFU) in GAME.legal_commands(after, 0)
