"""Bots every game can build on: a one-step look-ahead over the legal commands, and the usual choice of a
game's bots by name (``papyrus simulate --bot``)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from domain.engine import Bot, Game, RandomBot, Seat, fold

BOT_KINDS: tuple[str, ...] = ("random", "greedy")


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
        commands = game.legal_commands(state, seat)
        if not commands:
            raise LookupError(f"seat {seat} has no legal command")
        best: Any = None
        best_value = float("-inf")
        for command in commands:
            after = fold(game, game.decide(state, seat, command), self._copy(state))
            value = self._value(after, seat) + self._bias(command) + self._random.random() * 0.01
            if value > best_value:
                best, best_value = command, value
        return best


def random_or_greedy(kind: str, seed: int, greedy: Callable[[int], Bot]) -> Bot:
    """A bot of one of :data:`BOT_KINDS`: the generic random bot, or the game's ``greedy(seed)``."""
    if kind == "random":
        return RandomBot(seed)
    if kind == "greedy":
        return greedy(seed)
    raise ValueError(f"bot: unknown bot {kind!r}; choose 'random' or 'greedy'")
