"""The search bot (domain/search.py) on every registered game: it plays legal moves, repeats itself for a seed
and an iteration budget, stays within its memory bound, and never cheats: two states that differ only in what
its seat cannot see (another hand, a deck's order) give it the same move with the same seed."""

from __future__ import annotations

import dataclasses
import itertools
import math
import random

import pytest

from domain.bots import bot_kinds, make_bot
from domain.engine import Game
from domain.registry import games
from domain.search import Budget, SearchBot, analyse
from tests.support.conformance import ENCODE, copy_state, recorded, sampled

ITERATIONS = 40
DECISIONS = 6
NAMES = sorted(games())


def _differing_decisions(game: Game, name: str, players: int) -> list[tuple[object, object, int]]:
    """Decision points of a recorded game, each with a state its seat cannot tell from the real one."""
    trace = recorded(name, players)
    pairs = []
    for index, decision in enumerate(sampled(trace.decisions[1:-1], DECISIONS)):
        seat = decision.seat
        other = game.determinize(decision.state, seat, random.Random(500 + index))
        if ENCODE(other) != ENCODE(decision.state) and len(game.legal_commands(decision.state, seat)) > 1:
            pairs.append((decision.state, other, seat))
    return pairs


@pytest.mark.parametrize(("name", "players"), [(name, players) for name in NAMES for players in (2, 3)])
def test_the_search_bot_plays_the_same_move_whatever_its_seat_cannot_see(name: str, players: int) -> None:
    game = games()[name]
    pairs = _differing_decisions(game, name, players)
    assert pairs, "no decision had a hidden part to change, so this check could not fail"
    for index, (real, imagined, seat) in enumerate(pairs):
        budget = Budget(iterations=ITERATIONS)
        first = SearchBot(index, budget).choose(game, real, seat)
        second = SearchBot(index, budget).choose(game, imagined, seat)
        assert ENCODE(first) == ENCODE(second), f"decision {index}: the move depends on a hidden thing"


@pytest.mark.parametrize("name", NAMES)
def test_the_search_repeats_itself_for_a_seed_and_plays_a_legal_move(name: str) -> None:
    game = games()[name]
    decision = sampled(recorded(name, 2).decisions[1:-1], 3)[1]
    budget = Budget(iterations=ITERATIONS)
    runs = [analyse(game, decision.state, decision.seat, 7, budget) for _ in range(2)]
    assert [ENCODE(m.command) for m in runs[0].moves] == [ENCODE(m.command) for m in runs[1].moves]
    assert [m.visits for m in runs[0].moves] == [m.visits for m in runs[1].moves]
    legal = [ENCODE(command) for command in game.legal_commands(decision.state, decision.seat)]
    assert ENCODE(runs[0].best.command) in legal
    assert 0.0 <= runs[0].best.win_chance <= 1.0


def test_the_search_stops_at_its_clock_and_holds_no_more_nodes_than_its_bound() -> None:
    game = games()[NAMES[0]]
    decision = sampled(recorded(NAMES[0], 2).decisions[1:-1], 3)[1]
    ticks = itertools.count()
    budget = Budget(think_ms=10_000, clock=lambda: float(next(ticks)), max_nodes=5)
    analysis = analyse(game, decision.state, decision.seat, 1, budget)
    assert 0 < analysis.iterations < 100
    assert sum(1 for _ in analysis.moves) <= 5


def test_the_real_time_caps_a_search_whose_cpu_clock_lags() -> None:
    game = games()[NAMES[0]]
    decision = sampled(recorded(NAMES[0], 2).decisions[1:-1], 3)[1]
    ticks = itertools.count()
    budget = Budget(think_ms=1000, clock=lambda: 0.0, wall_ms=10_000, wall_clock=lambda: float(next(ticks)))
    assert 0 < analyse(game, decision.state, decision.seat, 1, budget).iterations < 100


@pytest.mark.parametrize("name", NAMES)
def test_sequential_halving_repeats_itself_and_counts_every_sample_once(name: str) -> None:
    rules = games()[name].rules
    game = Game(dataclasses.replace(rules, search=dataclasses.replace(rules.search, finalists=4)))
    decision = sampled(recorded(name, 2).decisions[1:-1], 3)[1]
    budget = Budget(iterations=80)
    runs = [analyse(game, decision.state, decision.seat, 7, budget) for _ in range(2)]
    assert [ENCODE(m.command) for m in runs[0].moves] == [ENCODE(m.command) for m in runs[1].moves]
    assert sum(m.visits for m in runs[0].moves) == runs[0].iterations >= budget.iterations
    legal = [ENCODE(command) for command in game.legal_commands(decision.state, decision.seat)]
    assert ENCODE(runs[0].best.command) in legal


@pytest.mark.parametrize("name", NAMES)
def test_every_game_offers_the_search_bot(name: str) -> None:
    game = games()[name]
    assert "search" in bot_kinds(game)
    assert isinstance(make_bot(game, "search", 1), SearchBot)


@pytest.mark.parametrize("name", NAMES)
def test_a_games_judgement_of_a_position_gives_every_seat_a_value_from_what_all_see(name: str) -> None:
    """``SearchHints.evaluate``, where a game states one: a finite value per seat, the same for every
    sample of the hidden part (it judges the position, not the hands)."""
    game = games()[name]
    evaluate = game.rules.search.evaluate
    if evaluate is None:
        pytest.skip(f"{name} judges a position by its scores as they stand")
    for players in (2, 3):
        for index, decision in enumerate(sampled(recorded(name, players).decisions[1:-1], DECISIONS)):
            values = evaluate(decision.state)
            assert len(values) == players and all(math.isfinite(value) for value in values)
            sample = game.determinize(decision.state, decision.seat, random.Random(index))
            assert evaluate(sample) == values, f"decision {index}: the judgement reads a hidden thing"


@pytest.mark.parametrize("name", [name for name in NAMES if games()[name].rules.search.fold_in_place])
def test_a_command_folded_in_place_leaves_the_state_deciding_and_folding_would(name: str) -> None:
    """``fold_in_place`` lets the search skip the copy a decision makes: the game's rules must then read the
    state anew after each emit, so both ways agree at every decision of a whole game."""
    game = games()[name]
    for players in (2, 3):
        for decision in recorded(name, players).decisions:
            expected = copy_state(game, decision.state)
            for event in game.decide(decision.state, decision.seat, decision.command):
                expected = game.evolve(expected, event)
            owned = copy_state(game, decision.state)
            folded = game.fold_decided(owned, decision.seat, decision.command)
            assert ENCODE(folded) == ENCODE(expected)
