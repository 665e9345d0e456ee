"""Bots every game can build on (a one-step look-ahead over the legal commands), and the bots a game offers:
its own and the search bot (domain/search.py), by kind and by the level players choose."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from domain.engine import Bot, Game, Seat, fold
from domain.search import Budget, SearchBot


class LookaheadBot:
    """Plays the legal command whose events leave the best ``value(state, seat)``, plus ``bias(command)``
    (a game's small preference, e.g. against passing); ties go to the first listed, with seeded noise far
    below any real difference. ``copy`` deep-copies a state, since games fold in place."""

    def __init__(
        self,
        seed: int,
        value: Callable[[Any, Seat], float],
        copy: Callable[[Any], Any],
        bias: Callable[[Any], float] | None = None,
    ) -> None:
        self._random = random.Random(seed)
        self._value = value
        self._copy = copy
        self._bias = bias or (lambda command: 0.0)

    def choose(self, game: Game, state: Any, seat: Seat) -> Any:
        return self.rank(game, state, seat)[0]

    def rank(self, game: Game, state: Any, seat: Seat) -> list[Any]:
        """Every legal command, the one :meth:`choose` plays first, then by falling value (the search bot
        widens its tree in this order)."""
        commands = game.legal_commands(state, seat)
        if not commands:
            raise LookupError(f"seat {seat} has no legal command")
        values = []
        for command in commands:
            after = fold(game, game.decide(state, seat, command), self._copy(state))
            values.append(self._value(after, seat) + self._bias(command) + self._random.random() * 0.01)
        order = sorted(range(len(commands)), key=lambda index: -values[index])
        return [commands[index] for index in order]


SEARCH = "search"
LEVELS: dict[str, str] = {"beginner": "random", "casual": "greedy", "strong": SEARCH}
"""The bot levels players choose from, each the bot kind it plays."""


def bot_kinds(game: Game) -> tuple[str, ...]:
    """Every bot a game offers: its own (random, greedy) and the search bot when it can sample what a seat
    does not see."""
    own = tuple(game.bot_kinds)
    return (*own, SEARCH) if game.rules.determinize is not None and SEARCH not in own else own


def make_bot(game: Game, kind: str, seed: int, budget: Budget | None = None) -> Bot:
    """A bot of one of :func:`bot_kinds` (``budget`` bounds the search bot); ``ValueError`` for any other."""
    if kind == SEARCH and SEARCH in bot_kinds(game):
        return SearchBot(seed, budget)
    if kind not in bot_kinds(game):
        offered = ", ".join(repr(name) for name in bot_kinds(game))
        raise ValueError(f"bot: unknown bot {kind!r}; choose one of {offered}")
    return game.make_bot(kind, seed)
