"""Rules audit of the round: phase order, turn orders, ties, speculators and the final scoring steps."""

from __future__ import annotations

import pytest
from egizia_support import at_site, new_game, of_type, play_on

from domain.engine import fold
from domain.games.egizia import GAME, EgiziaState
from domain.games.egizia import events as ev
from domain.games.egizia.commands import Build, Decline, Pass, PlaceShip
from domain.games.egizia.rules.effects import track_order
from domain.games.egizia.state import BONUS, FEEDING, FINAL_SCORING, NOBODY

OBELISK = 1


@pytest.mark.parametrize(("market", "penalty"), [(0, 3), (1, 3), (2, 2), (3, 2), (4, 1), (5, 1)])
def test_the_feeding_penalty_per_missing_grain_follows_the_grain_marker(market: int, penalty: int) -> None:
    state = new_game(2)
    state.phase, state.queue = FEEDING, [0]
    state.players[0].crews = [2, 2, 2, 3]  # need 9, the start field gives 6: 3 grain missing
    state.players[0].grain_market = market
    after = fold(GAME, GAME.advance(state), state)
    assert after.players[0].score == -3 * penalty


def test_the_cooperation_bonus_goes_front_of_the_track_first_so_ties_keep_that_order() -> None:
    state = new_game(2)
    for player, arrival in zip(state.players, (7, 3), strict=True):  # seat 1 is in front on 10
        player.score, player.arrival, player.spent_stones = 10, arrival, True
    state.sites[0].slots = [0, 1]
    state.phase = BONUS
    events = GAME.advance(state)
    assert [e.seat for e in of_type(events, ev.ScoreChanged)] == [1, 0]
    after = fold(GAME, events, state)
    assert track_order(after) == [1, 0]  # both on 11: seat 1 arrived first, so it stays in front


def test_final_scoring_goes_track_leader_first_and_the_earlier_arrival_wins_a_tie() -> None:
    state = new_game(2)
    state.players[0].score, state.players[1].score = 20, 18
    state.players[1].graves = [1]  # 2 VP: both end on 20, seat 0 never moved
    for player in state.players:
        player.sphinx = []
    state.phase, state.queue = FINAL_SCORING, track_order(state)
    after = fold(GAME, GAME.advance(state), state)
    result = GAME.result(after)
    assert result is not None and result.scores == [20, 20] and result.ranking == [0, 1]


@pytest.mark.parametrize(("space", "sold"), [(3, 0), (4, 5), (5, 5)])
def test_stones_sell_two_for_one_only_from_the_bottom_two_stone_market_spaces(space: int, sold: int) -> None:
    state = new_game(2)
    state.players[0].stone_market, state.players[0].stones, state.players[0].sphinx = space, 11, []
    state.phase, state.queue = FINAL_SCORING, [0, 1]
    after = fold(GAME, GAME.advance(state), state)
    assert after.players[0].score == sold


def test_a_declined_space_goes_to_the_speculator_whichever_space_it_waits_beside() -> None:
    state: EgiziaState = at_site(new_game(4), OBELISK, [0, 1, 2], [NOBODY, 3, NOBODY])
    state.players[3].stones = 5
    state, events = play_on(state, 0, Decline())  # S1 is freed; the speculator waits beside S2
    declined = of_type(events, ev.Declined)
    assert [(e.seat, e.successor, e.forced) for e in declined] == [(0, 3, False)]
    assert state.sites[OBELISK].slots == [3, 1, 2] and GAME.to_act(state) == {3}
    assert Build(crews=[0], spaces=["O1"], market="stone") in GAME.legal_commands(state, 3)


def test_a_player_who_passes_is_skipped_while_the_others_go_on_placing() -> None:
    state = new_game(3)
    first = state.turn
    state, _ = play_on(state, first, Pass())
    seen = set()
    for _ in range(4):
        seat = state.turn
        seen.add(seat)
        command = next(c for c in GAME.legal_commands(state, seat) if isinstance(c, PlaceShip))
        state, _ = play_on(state, seat, command)
    assert first not in seen and len(seen) == 2
