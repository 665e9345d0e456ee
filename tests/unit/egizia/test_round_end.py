"""Phases 6-7, deck removal, final scoring and the winner."""

from __future__ import annotations

import pytest
from egizia_support import new_game, of_type

from domain.engine import fold
from domain.games.egizia import GAME, EgiziaState
from domain.games.egizia import events as ev
from domain.games.egizia.rules.final_scoring import grave_points
from domain.games.egizia.state import BONUS, FINAL_SCORING, NOBODY, SEQUENCE


def _bonus(state: EgiziaState) -> list[int]:
    state.phase = BONUS
    after = fold(GAME, GAME.advance(state), state)
    return [player.score for player in after.players]


@pytest.mark.parametrize(("ships", "points"), [(1, 1), (2, 3), (3, 6)])
def test_cooperation_bonus_by_ships_on_sites(ships: int, points: int) -> None:
    state = new_game()
    for site in state.sites[:ships]:
        site.slots = [0, NOBODY, NOBODY]
    state.players[0].spent_stones = True
    assert _bonus(state)[0] == points


def test_no_bonus_without_a_stone_spent() -> None:
    state = new_game()
    state.sites[0].slots = [0, 1, NOBODY]
    state.players[1].spent_stones = True
    assert _bonus(state)[:2] == [0, 1]


def test_new_sequence_lowest_score_first_later_arrival_lower_tile() -> None:
    state = new_game()
    for player, (score, arrival) in zip(state.players, [(5, 10), (3, 11), (5, 12), (9, 13)], strict=True):
        player.score, player.arrival = score, arrival
    state.phase = SEQUENCE
    state.round = 1
    state = fold(GAME, GAME.advance(state)[:1], state)
    assert [player.tile for player in state.players] == [3, 1, 2, 4]  # seat 2 arrived on 5 later
    assert state.order == [1, 2, 0, 3]


@pytest.mark.parametrize(("round_number", "removed"), [(1, None), (2, 0), (3, None), (4, 1)])
def test_rest_of_deck_leaves_after_rounds_two_and_four(round_number: int, removed: int | None) -> None:
    state = new_game()
    state.phase = SEQUENCE
    state.round = round_number
    removals = of_type(GAME.advance(state), ev.DeckRemoved)
    assert [e.deck for e in removals] == ([] if removed is None else [removed])


def test_round_five_removes_the_last_deck_and_starts_final_scoring() -> None:
    state = new_game()
    state.phase = SEQUENCE
    state.round = 5
    events = GAME.advance(state)
    assert of_type(events, ev.DeckRemoved)[0].deck == 2
    front_first = sorted(range(4), key=lambda seat: state.players[seat].arrival)
    assert events[-1] == ev.PhaseStarted(phase=FINAL_SCORING, queue=front_first)
    assert of_type(events, ev.RoundStarted) == []


def test_grave_table() -> None:
    assert [grave_points(total) for total in (0, 1, 10, 11, 20, 21, 40)] == [0, 2, 2, 5, 5, 9, 9]


def _final(state: EgiziaState) -> tuple[EgiziaState, list[object]]:
    state.phase = FINAL_SCORING
    state.queue = list(range(len(state.players)))
    events = GAME.advance(state)
    return fold(GAME, events, state), events


def test_final_scoring_stone_sale_graves_sphinx_and_tenth_last() -> None:
    state = new_game(2)
    first = state.players[0]
    first.score = 30
    first.stone_market = 4  # second-to-bottom space: may sell
    first.stones = 9
    first.graves = [4, 5, 3]  # 12 -> 5 VP
    first.permanents = ["N5-07"]  # +8 to the grave sum: 20 -> still 5 VP
    first.sphinx = ["SPH-TENTH", "SPH-PERM2"]
    second = state.players[1]
    second.stone_market = 3  # too high to sell
    second.stones = 10
    second.sphinx = []
    after, events = _final(state)
    # 30 + 4 (9 stones // 2) + 5 (graves) + 2 (one permanent) = 41, then +4 for the 1-per-10 card
    assert after.players[0].score == 45
    assert after.players[1].score == 0  # too high on the stone market to sell, no graves, no cards
    reasons = [e.reason for e in of_type(events, ev.ScoreChanged) if e.seat == 0]
    assert reasons == ["final stone sale", "grave tiles", "Sphinx card SPH-PERM2", "Sphinx card SPH-TENTH"]
    assert GAME.result(after) is not None


def test_the_winner_tie_break_is_the_marker_in_front() -> None:
    state = new_game(3)
    for player, arrival in zip(state.players, (30, 20, 25), strict=True):
        player.score, player.arrival, player.sphinx = 10, arrival, []
    after, _ = _final(state)
    result = GAME.result(after)
    assert result is not None
    assert result.ranking == [1, 2, 0]
    assert GAME.to_act(after) == set() and GAME.advance(after) == []
