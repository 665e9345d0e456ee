"""Giza's determinize: a seat imagines the pool and the other hands dealt anew from the tiles it cannot see;
its own hand, every board and the discards stay, and over many samples every hidden tile reaches the pool
and every other hand."""

from __future__ import annotations

import random
from collections import defaultdict

from domain.engine import apply_command, start
from domain.games.giza import GAME, GizaOptions, GizaState

SAMPLES = 400


def _midgame() -> GizaState:
    state, _ = start(GAME, 3, GizaOptions(), b"giza-determinize")
    bots = [GAME.make_bot("greedy", seat) for seat in range(3)]
    for _ in range(9):
        seat = state.turn
        state, _ = apply_command(GAME, state, seat, bots[seat].choose(GAME, state, seat))
    return state


def test_what_the_seat_sees_stays_and_every_hidden_tile_can_be_anywhere_hidden() -> None:
    state = _midgame()
    viewer = 0
    hidden = set(state.pool) | set(state.hands[1]) | set(state.hands[2])
    places: dict[str, set[str]] = defaultdict(set)
    rng = random.Random(1)
    for _ in range(SAMPLES):
        imagined = GAME.determinize(state, viewer, rng)
        assert imagined.hands[viewer] == state.hands[viewer]
        assert imagined.boards == state.boards and imagined.discards == state.discards
        assert [len(hand) for hand in imagined.hands] == [len(hand) for hand in state.hands]
        assert set(imagined.pool) | set(imagined.hands[1]) | set(imagined.hands[2]) == hidden
        for tile in imagined.pool:
            places[tile].add("pool")
        for seat in (1, 2):
            for tile in imagined.hands[seat]:
                places[tile].add(f"hand {seat}")
    assert all(places[tile] == {"pool", "hand 1", "hand 2"} for tile in hidden), "a hidden tile stayed put"


def test_a_finished_game_has_nothing_hidden_to_deal() -> None:
    state = _midgame()
    state.over = True
    assert GAME.determinize(state, 0, random.Random(2)) == state
