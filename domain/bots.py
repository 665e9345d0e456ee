"""Generic bots that play any game through its ``legal_commands``."""

from __future__ import annotations

import random
from typing import Any, Protocol

from domain.engine import Game, Seat


class Bot(Protocol):
    def choose(self, game: Game, state: Any, seat: Seat) -> Any: ...


class RandomBot:
    """Picks uniformly among the legal commands, from its own seeded ``random.Random``."""

    def __init__(self, seed: int = 0) -> None:
        self._random = random.Random(seed)

    def choose(self, game: Game, state: Any, seat: Seat) -> Any:
        commands = game.legal_commands(state, seat)
        if not commands:
            raise LookupError(f"seat {seat} has no legal command")
        return self._random.choice(commands)
