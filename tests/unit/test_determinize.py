"""``Game.determinize``, on every registered game at every player count and for every seat.

A determinized state is what the search bot imagines: the seat must not tell it from the real one (view,
legal commands, who acts and how much is secret are equal), it must come from what the seat may know only
(a state differing in hidden things determinizes the same with the same random numbers), and the hidden
items must really be dealt again: over many samples every hidden place holds every item the other hidden
places of its list (a deck, a hand) ever hold.
"""

from __future__ import annotations

import random
from collections import defaultdict
from typing import Any

import msgspec
import pytest

from domain.engine import Game
from domain.registry import games
from tests.support.conformance import ENCODE, as_text, recorded, sampled

CASES = [
    pytest.param(name, players, id=f"{name}-{players}p")
    for name, game in sorted(games().items())
    for players in range(game.min_players, game.max_players + 1)
]
DECISIONS_CHECKED = 30
DECISIONS_SAMPLED_MANY_TIMES = 4
SAMPLES = 1500

Place = tuple[Any, ...]


def _places(value: Any, wanted: set[str], path: Place = ()) -> dict[Place, str]:
    """Where in a state (as plain data) each of the ``wanted`` strings lies, by path."""
    found: dict[Place, str] = {}
    if isinstance(value, dict):
        for key, item in value.items():
            found |= _places(item, wanted, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found |= _places(item, wanted, (*path, index))
    elif isinstance(value, str) and value in wanted:
        found[path] = value
    return found


def _seen_by(game: Game, state: Any, seat: int) -> tuple[str, str, list[int], int]:
    """The view, the legal commands, who acts, and how many things are secret (their names may change: a
    secret can name a hidden value, as Egizia's face-down grave tiles)."""
    return (
        as_text(game.view(state, seat)),
        as_text(game.legal_commands(state, seat)),
        sorted(game.to_act(state)),
        len(game.secrets(state, seat)),
    )


@pytest.mark.parametrize(("name", "players"), CASES)
def test_a_determinized_state_looks_the_same_to_its_seat(name: str, players: int) -> None:
    trace = recorded(name, players)
    game = trace.game
    for index, decision in enumerate(sampled(trace.decisions, DECISIONS_CHECKED)):
        before = ENCODE(decision.state)
        for seat in range(players):
            imagined = game.determinize(decision.state, seat, random.Random(index * 10 + seat))
            assert _seen_by(game, imagined, seat) == _seen_by(game, decision.state, seat), (
                f"decision {index}, seat {seat}: the determinized state looks different to the seat"
            )
        assert ENCODE(decision.state) == before, "determinize changed the state it was given"


@pytest.mark.parametrize(("name", "players"), CASES)
def test_determinizing_reads_nothing_hidden_from_the_seat(name: str, players: int) -> None:
    """A determinized state differs from the real one only in what the seat cannot see; determinizing it
    again with the same random numbers must give the very same state as determinizing the real one."""
    trace = recorded(name, players)
    game = trace.game
    changed = 0
    for index, decision in enumerate(sampled(trace.decisions, DECISIONS_CHECKED)):
        for seat in range(players):
            other = game.determinize(decision.state, seat, random.Random(1000 + index))
            changed += ENCODE(other) != ENCODE(decision.state)
            first = game.determinize(decision.state, seat, random.Random(index))
            again = game.determinize(other, seat, random.Random(index))
            assert ENCODE(first) == ENCODE(again), f"decision {index}, seat {seat}: a hidden thing shows"
    assert changed, "no determinized state differed from the real one, so this check could not fail"


@pytest.mark.parametrize(("name", "players"), CASES)
def test_over_many_samples_every_hidden_place_takes_every_value_of_its_kind(name: str, players: int) -> None:
    trace = recorded(name, players)
    game = trace.game
    decisions = sampled(trace.decisions[1:-1], DECISIONS_SAMPLED_MANY_TIMES)
    checked = 0
    for index, decision in enumerate(decisions):
        seat = index % players
        secret = game.secrets(decision.state, seat)
        hidden = _places(msgspec.to_builtins(decision.state), secret)
        held: dict[Place, set[str]] = defaultdict(set)
        rng = random.Random(index)
        for _ in range(SAMPLES):
            imagined = msgspec.to_builtins(game.determinize(decision.state, seat, rng))
            for place in hidden:
                held[place].add(_at(imagined, place))
        by_list: dict[Place, set[str]] = defaultdict(set)
        for place in hidden:
            by_list[place[:-1]] |= held[place]
        for place in hidden:
            missing = by_list[place[:-1]] - held[place]
            assert not missing, f"decision {index}, seat {seat}: {place} never holds {sorted(missing)[:5]}"
            checked += len(by_list[place[:-1]]) > 1
    assert checked, "no hidden place could hold two items, so this check could not fail"


def _at(value: Any, place: Place) -> Any:
    for step in place:
        value = value[step]
    return value
