"""The end: at once when the pool's last tile is taken (even part-way through a refill) or when all three
pyramids of any one board carry a 1 stone on top, checked after every change to a board, before drawing."""

from __future__ import annotations

import pytest
from giza_support import KHAFRE, KHUFU, MENKAURE, Table, ended, play, tile_in_hand, types

from domain.engine import RuleViolation
from domain.games.giza import GAME
from domain.games.giza import events as ev
from domain.games.giza.commands import Discard, Play, RemoveScarab
from domain.games.giza.state import BOARD_COMPLETE, POOL_EMPTY


def two_pyramids_done(table: Table, seat: int) -> Table:
    """``seat``'s Menkaure and Khafre are complete; its Khufu has a 3 stone on top."""
    return table.stack(seat, "menkaure", "+2", "+1").stack(seat, "khafre", "-1").stack(seat, "khufu", "+3")


def test_taking_the_last_tile_of_the_pool_ends_the_game_at_once() -> None:
    state = Table(3).pool_of("+2").state()
    after, events = play(state, 0, Discard(tiles=state.hands[0][:1]))
    assert types(events) == [ev.TilesDiscarded, ev.TilesDrawn, ev.GameEnded]
    assert ended(events).reason == POOL_EMPTY and ended(events).board == -1
    assert after.over and GAME.to_act(after) == set() and GAME.legal_commands(after, 1) == []
    assert GAME.result(after) is not None


def test_the_game_ends_part_way_through_a_refill_and_the_hand_may_hold_fewer_than_four() -> None:
    state = Table(2).pool_of("+2", "-3").state()
    after, events = play(state, 0, Discard(tiles=state.hands[0][:3]))
    drawn = events[1]
    assert isinstance(drawn, ev.TilesDrawn) and drawn.count == 2
    assert ended(events).reason == POOL_EMPTY
    assert len(after.hands[0]) == 3 and after.pool == []


def test_the_game_goes_on_while_tiles_remain_in_the_pool() -> None:
    state = Table(2).pool_of("+2", "-3").state()
    after, events = play(state, 0, Discard(tiles=state.hands[0][:1]))
    assert types(events)[-1] is ev.TurnPassed and not after.over and len(after.pool) == 1


def test_completing_ones_own_board_ends_the_game_before_drawing() -> None:
    state = two_pyramids_done(Table(2), 0).hand(0, "+1").state()
    after, events = play(state, 0, Play(tile=tile_in_hand(state, 0, "+1"), board=0, site=KHUFU))
    assert types(events) == [ev.TilePlaced, ev.GameEnded]
    assert ended(events).reason == BOARD_COMPLETE and ended(events).board == 0
    assert len(after.hands[0]) == 3, "nobody draws once the game is over"


def test_a_player_may_complete_an_opponents_board_to_end_the_game() -> None:
    state = two_pyramids_done(Table(3), 2).hand(0, "-1").state()
    after, events = play(state, 0, Play(tile=tile_in_hand(state, 0, "-1"), board=2, site=KHUFU))
    assert ended(events).board == 2 and after.end_reason == BOARD_COMPLETE


def test_a_single_1_stone_on_a_site_is_a_complete_pyramid() -> None:
    state = Table(2).stack(1, "menkaure", "-1").stack(1, "khafre", "+1").hand(0, "+1").state()
    _, events = play(state, 0, Play(tile=tile_in_hand(state, 0, "+1"), board=1, site=KHUFU))
    assert ended(events).reason == BOARD_COMPLETE


def test_a_scarab_on_a_1_stone_leaves_the_pyramid_unfinished() -> None:
    table = Table(2).stack(1, "menkaure", "+2", "+1").stack(1, "khafre", "-1", "SCA").stack(1, "khufu", "+3")
    state = table.hand(0, "+1").state()
    after, events = play(state, 0, Play(tile=tile_in_hand(state, 0, "+1"), board=1, site=KHUFU))
    assert not after.over and types(events)[-1] is ev.TurnPassed
    assert GAME.view(after, None).boards[1].sites[KHAFRE].complete is False


def test_playing_a_scarab_on_the_last_1_stone_does_not_complete_the_board() -> None:
    state = Table(2).stack(1, "menkaure", "+1").stack(1, "khafre", "-1").hand(0, "SCA", "+1").state()
    after, _ = play(state, 0, Play(tile=tile_in_hand(state, 0, "SCA"), board=1, site=MENKAURE))
    assert not after.over


def test_demolishing_the_scarab_on_a_1_stone_completes_the_board_at_once() -> None:
    table = Table(2).stack(1, "menkaure", "+2", "+1").stack(1, "khafre", "-1", "SCA").stack(1, "khufu", "+1")
    state = table.hand(0, "DEM").state()
    after, events = play(state, 0, Play(tile=tile_in_hand(state, 0, "DEM"), board=1, site=KHAFRE))
    assert types(events) == [ev.TileDemolished, ev.GameEnded]
    assert ended(events).board == 1 and len(after.hands[0]) == 3


def test_taking_ones_own_scarab_off_a_1_stone_can_complete_the_board() -> None:
    table = Table(2).stack(0, "menkaure", "+2", "+1").stack(0, "khafre", "-1", "SCA", "SCA")
    state = table.stack(0, "khufu", "+1").state()
    after, events = play(state, 0, RemoveScarab(site=KHAFRE))
    assert not after.over, "a second scarab still covers the 1 stone"
    after.turn = 0
    final, events = play(after, 0, RemoveScarab(site=KHAFRE))
    assert types(events) == [ev.ScarabRemoved, ev.GameEnded]
    assert ended(events).board == 0 and final.over


def test_demolishing_the_1_stone_of_a_finished_pyramid_makes_it_unfinished() -> None:
    state = Table(2).stack(1, "menkaure", "+3", "+1").hand(0, "DEM").state()
    assert GAME.view(state, None).boards[1].sites[MENKAURE].complete
    after, _ = play(state, 0, Play(tile=tile_in_hand(state, 0, "DEM"), board=1, site=MENKAURE))
    assert not GAME.view(after, None).boards[1].sites[MENKAURE].complete
    assert after.boards[1][MENKAURE] == state.boards[1][MENKAURE][:1]


def test_a_complete_board_ends_the_game_even_when_the_pool_would_also_run_out() -> None:
    state = two_pyramids_done(Table(2), 1).hand(0, "+1").pool_of("+2").state()
    _, events = play(state, 0, Play(tile=tile_in_hand(state, 0, "+1"), board=1, site=KHUFU))
    assert ended(events).reason == BOARD_COMPLETE and ev.TilesDrawn not in types(events)


def test_a_finished_game_refuses_every_command() -> None:
    state = Table(2).pool_of("+2").state()
    after, _ = play(state, 0, Discard(tiles=state.hands[0][:1]))
    for seat in (0, 1):
        with pytest.raises(RuleViolation) as refused:
            GAME.decide(after, seat, Discard(tiles=after.hands[seat][:1]))
        assert refused.value.code == "game.over"
