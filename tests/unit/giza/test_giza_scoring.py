"""Scoring: every tile of every stack counts, hands count nothing, and equal scores share a place (the
rulebook says only "the winner is the player with the most points")."""

from __future__ import annotations

from giza_support import Table, ended, play, tile_in_hand

from domain.games.giza import GAME
from domain.games.giza.commands import Discard, Play
from domain.games.giza.events import GameEnded
from domain.games.giza.rules.scoring import board_score, negative_tiles, ranking, stack_points
from domain.games.giza.state import POOL_EMPTY
from services.i18n import english


def ana() -> Table:
    """Ana's board in the rulebook-style worked example (stacks bottom to top), her hand beside it."""
    return (
        Table(2)
        .stack(0, "khufu", "+5", "T5", "-4", "+3", "+1")
        .stack(0, "khafre", "+4", "-3", "T3", "SCA")
        .stack(0, "menkaure", "-2")
        .stack(0, "sphinx", "BASE", "BODY")
        .hand(0, "+5", "DEM", "T2", "SCA")
    )


def test_the_worked_example_scores_ana_14_points_counting_every_tile_of_every_stack() -> None:
    state = ana().state()
    khufu, khafre, menkaure, sphinx = (state.boards[0][site] for site in (2, 1, 0, 3))
    assert [stack_points(stack) for stack in (khufu, khafre, menkaure, sphinx)] == [10, 4, -2, 2]
    assert board_score(state.boards[0], sphinx_extra_bonus=0) == 14


def test_the_final_scores_of_a_game_count_the_whole_stacks_and_not_the_hand() -> None:
    table = ana().pool_of("+2")  # the pool's last tile: the next draw ends the game
    table.stack(1, "khufu", "+3")
    state = table.state()
    after, events = play(state, 0, Discard(tiles=[tile_in_hand(state, 0, "+5")]))
    end = ended(events)
    assert end.reason == POOL_EMPTY
    assert end.scores == [14, 3]
    assert GAME.result(after) is not None and GAME.result(after).scores == [14, 3]  # type: ignore[union-attr]


def test_the_sphinx_extra_bonus_option_adds_points_only_to_a_sphinx_built_beyond_its_base() -> None:
    with_body = Table(2, sphinx_extra_bonus=4).stack(0, "sphinx", "BASE", "BODY").state()
    base_only = Table(2, sphinx_extra_bonus=4).stack(0, "sphinx", "BASE").state()
    assert board_score(with_body.boards[0], 4) == -3 + 5 + 4
    assert board_score(base_only.boards[0], 4) == -3


def test_a_scarab_and_a_sphinx_head_count_their_default_points() -> None:
    state = Table(2).stack(0, "sphinx", "BASE", "BODY", "HEAD", "SCA").state()
    assert board_score(state.boards[0], 0) == -3 + 5 + 10 + 0


def test_equal_scores_share_a_place_whatever_their_negative_tiles() -> None:
    state = Table(3).stack(0, "khufu", "+5", "-2").stack(1, "khufu", "+3").stack(2, "khufu", "+2").state()
    points = [board_score(board, 0) for board in state.boards]
    negatives = [negative_tiles(board) for board in state.boards]
    assert points == [3, 3, 2] and negatives == [1, 0, 0]
    assert ranking(state, points, negatives) == [1, 0, 2], "the order every recorded end keeps"
    state.over, state.scores, state.ranking = True, points, ranking(state, points, negatives)
    result = GAME.result(state)
    assert result is not None and result.places == [1, 1, 3]


def test_a_full_tie_is_listed_later_in_turn_order_from_the_start_player_first() -> None:
    state = Table(4, start_seat=2).stack(0, "khufu", "+3").stack(1, "khufu", "+3").state()
    state.boards[2][0] = []
    points = [3, 3, 0, 0]
    negatives = [0, 0, 0, 0]
    # turn order from seat 2: 2, 3, 0, 1 -> among the tied, 1 moved last, then 0; then 3 before 2
    assert ranking(state, points, negatives) == [1, 0, 3, 2]


def test_every_seat_shares_the_first_place_when_every_score_is_equal() -> None:
    state = Table(6, start_seat=0).state()
    order = ranking(state, [0] * 6, [0] * 6)
    assert sorted(order) == list(range(6)) and order == [5, 4, 3, 2, 1, 0]
    state.over, state.scores, state.ranking = True, [0] * 6, order
    result = GAME.result(state)
    assert result is not None and result.places == [1] * 6
    end = GameEnded(reason="pool_empty", board=-1, scores=[0] * 6, negative_tiles=[0] * 6, ranking=order)
    assert "Final ranking: 1. F (0), 1. E (0), 1. D (0)" in english(GAME.describe(end, list("ABCDEF")))


def test_completing_a_board_scores_it_at_once_with_every_board_as_it_stands() -> None:
    table = Table(2).stack(1, "menkaure", "+2", "+1").stack(1, "khafre", "-1").stack(1, "khufu", "+5")
    state = table.hand(0, "-1").stack(0, "khufu", "+4").state()
    after, events = play(state, 0, Play(tile=tile_in_hand(state, 0, "-1"), board=1, site=2))
    end = ended(events)
    assert end.scores == [4, 2 + 1 - 1 + 5 - 1]
    assert after.ranking == [1, 0]


def test_the_current_scores_are_the_boards_as_they_stand_while_the_game_runs() -> None:
    """A resignation ranks the seats left by these scores, and the search bot judges positions by them."""
    state = Table(3).stack(1, "menkaure", "+3", "+2").stack(2, "khufu", "-4").state()
    assert not state.over
    assert GAME.current_scores(state) == [0, 5, -4]


def test_the_worked_example_breaks_ana_s_14_points_down_by_pyramid_and_sphinx() -> None:
    state = ana().state()
    lines = GAME.score_breakdown(state)
    assert lines is not None
    assert [(english(line.label), line.points) for line in lines[0]] == [
        ("Menkaure", -2),
        ("Khafre", 4),
        ("Khufu", 10),
        ("Great Sphinx", 2),
    ]


def test_the_breakdown_names_the_sphinx_bonus_when_the_option_gives_one() -> None:
    state = Table(2, sphinx_extra_bonus=4).stack(0, "sphinx", "BASE", "BODY").state()
    lines = GAME.score_breakdown(state)
    assert lines is not None
    assert [(english(line.label), line.points) for line in lines[0]][-2:] == [
        ("Great Sphinx", 2),
        ("Sphinx bonus", 4),
    ]
    assert [line.points for line in lines[1]] == [0, 0, 0, 0, 0]
