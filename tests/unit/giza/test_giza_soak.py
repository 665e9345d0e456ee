"""A soak: 2,000 random-bot games over 2 to 6 players, with the invariants checked after every event. The
fast tier plays the first 200; the rest are marked slow (`make test` plays all 2,000).

After every event: all 83 tiles are somewhere, each exactly once (pool, hands, boards, discards); no stack
breaks a placement rule and no demolish stays on a board. At the start of every turn every hand holds four
tiles. At the end the scores are the sums of the stacks and the ranking is strict and ordered by score.
"""

from __future__ import annotations

from collections import Counter

import pytest
from giza_support import Table, check_invariants

from domain.engine import RandomBot
from domain.games.giza import GAME, GizaOptions, GizaState, copy_state
from domain.games.giza import events as ev
from domain.games.giza.data import HAND_SIZE

GAMES = 2_000
FAST_GAMES = 200  # the fast tier's share: the same first games on every run
SHARES = [
    pytest.param(range(FAST_GAMES), id="first-200"),
    pytest.param(range(FAST_GAMES, GAMES), id="the-rest", marks=pytest.mark.slow),
]
PLAYER_COUNTS = (2, 3, 4, 5, 6)
MAX_TURNS = 400


def play_checked(players: int, index: int) -> GizaState:
    state: GizaState | None = None
    for event in GAME.setup(players, GizaOptions(), f"soak:{players}:{index}".encode()):
        state = GAME.evolve(state, event)
        check_invariants(state)
    assert state is not None
    bot = RandomBot(index * 10 + players)
    for _ in range(MAX_TURNS):
        if state.over:
            return state
        assert all(len(hand) == HAND_SIZE for hand in state.hands), "a turn starts with a short hand"
        seat = state.turn
        for event in GAME.decide(state, seat, bot.choose(GAME, state, seat)):
            state = GAME.evolve(state, event)
            check_invariants(state)
            if isinstance(event, ev.GameEnded):
                assert state.over and GAME.advance(state) == []
    raise AssertionError(f"game {index} with {players} players did not end in {MAX_TURNS} turns")


@pytest.mark.parametrize("games", SHARES)
def test_two_thousand_random_games_keep_every_invariant_after_every_event(games: range) -> None:
    reasons: Counter[tuple[int, str]] = Counter()
    for index in games:
        players = PLAYER_COUNTS[index % len(PLAYER_COUNTS)]
        state = play_checked(players, index)
        result = GAME.result(state)
        assert result is not None and sorted(result.ranking) == list(range(players))
        ranked = [result.scores[seat] for seat in result.ranking]
        assert ranked == sorted(ranked, reverse=True)
        reasons[(players, state.end_reason)] += 1
    assert sum(reasons.values()) == len(games)
    assert {reason for _, reason in reasons} == {"pool_empty", "board_complete"}, reasons


def test_the_invariant_check_catches_a_lost_tile_a_copied_tile_and_a_stack_built_against_the_rules() -> None:
    state = Table(2).stack(0, "khufu", "+3", "T3").state()
    check_invariants(state)
    lost = copy_state(state)
    lost.pool.pop()
    copied = copy_state(state)
    copied.discards.append(copied.hands[0][0])
    copied.pool.pop()
    against = copy_state(state)
    against.boards[1][0] = [next(tile for tile in state.pool if tile.startswith("T"))]
    against.pool.remove(against.boards[1][0][0])
    for broken in (lost, copied, against):
        with pytest.raises(AssertionError):
            check_invariants(broken)
