"""Recorded random-bot games for the game conformance suite (tests/unit/test_game_conformance.py).

A :class:`Trace` keeps every event with the decision points of a whole game: the state before each command
(a deep copy, since games fold in place), who had to act and the command played. The suite checks the
contract of ``domain.engine.Game`` on it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import msgspec

from domain.engine import Game, RandomBot, Seat, apply_command, start
from domain.registry import get_game

ENCODE = msgspec.msgpack.encode


def copy_state(game: Game, state: Any) -> Any:
    """A deep copy of a game state through its own MessagePack encoding."""
    return msgspec.msgpack.decode(ENCODE(state), type=game.State)


@dataclass
class Decision:
    state: Any
    seat: Seat
    command: Any
    events_before: int


@dataclass
class Trace:
    game: Game
    players: int
    final: Any
    events: list[Any] = field(default_factory=list)
    decisions: list[Decision] = field(default_factory=list)


@cache
def recorded(name: str, players: int) -> Trace:
    """One complete random-bot game of ``name`` at ``players`` seats (cached: the suite reads it often)."""
    game = get_game(name)
    state, events = start(game, players, game.Options(), f"conformance:{name}:{players}".encode())
    bots = [RandomBot(players * 10 + seat) for seat in range(players)]
    trace = Trace(game=game, players=players, final=state, events=list(events))
    for _ in range(20_000):
        if game.result(state) is not None:
            trace.final = state
            return trace
        acting = game.to_act(state)
        assert acting, f"{name}: nobody is to act, advance has nothing to do and the game is not over"
        seat = min(acting)
        command = bots[seat].choose(game, state, seat)
        trace.decisions.append(Decision(copy_state(game, state), seat, command, len(trace.events)))
        state, new_events = apply_command(game, state, seat, command)
        trace.events.extend(new_events)
    raise AssertionError(f"{name} with {players} players did not finish in 20,000 commands")


def sampled(items: list[Any], limit: int) -> list[Any]:
    """At most ``limit`` items spread evenly over ``items`` (first and last included)."""
    if len(items) <= limit:
        return items
    step = (len(items) - 1) / (limit - 1)
    return [items[round(i * step)] for i in range(limit)]


def leaked(secrets: Iterable[str], text: str) -> set[str]:
    """The secrets that occur in ``text`` as whole words (ids such as ``N12-13`` or ``S+3.2`` included)."""
    return {secret for secret in secrets if re.search(rf"(?<![\w+.-]){re.escape(secret)}(?![\w+.-])", text)}


def as_text(value: Any) -> str:
    """Anything a seat can receive, as the JSON text the API would send."""
    return msgspec.json.encode(value, order="sorted").decode()
