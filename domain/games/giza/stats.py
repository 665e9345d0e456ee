"""Statistics over played Giza games, for ``papyrus simulate --json`` (``end_reasons``, ``turns``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from domain.games.giza import events as ev


class GameEnds:
    """How games ended (the pool ran out or a board was completed) and how many turns they took."""

    def __init__(self) -> None:
        self.reasons: Counter[str] = Counter()
        self.turns = 0
        self.games = 0

    def add(self, events: Iterable[Any]) -> None:
        for event in events:
            kind = type(event)
            if kind is ev.TurnPassed:
                self.turns += 1
            elif kind is ev.GameEnded:
                self.reasons[event.reason] += 1
                self.games += 1

    def summary(self) -> dict[str, Any]:
        """What ``papyrus simulate --json`` adds to its report."""
        mean = round(self.turns / self.games, 1) if self.games else 0.0
        return {"end_reasons": dict(sorted(self.reasons.items())), "turns_per_game": mean}
