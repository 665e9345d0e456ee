"""Statistics over played Sobek games, for ``papyrus simulate --json`` (``powers``, ``rounds_per_game``,
``early_ends``, ``penalties_per_game``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from domain.games.sobek import events as ev
from domain.games.sobek.data import CARDS, ROUNDS


class PowersAndRounds:
    """How often each character power was played and how often it found nothing to act on; how many rounds
    games lasted (a score above the line after round 2 ends a game early); how often the corruption penalty
    struck."""

    def __init__(self) -> None:
        self.played: Counter[str] = Counter()
        self.wasted: Counter[str] = Counter()
        self.rounds = 0
        self.games = 0
        self.early_ends = 0
        self.penalties = 0

    def add(self, events: Iterable[Any]) -> None:
        for event in events:
            kind = type(event)
            if kind is ev.CharacterPlayed:
                self.played[event.power] += 1
            elif kind is ev.PowerWasted:
                self.wasted[CARDS[event.card].power] += 1
            elif kind is ev.PenaltyApplied:
                self.penalties += 1
            elif kind is ev.RoundEnded:
                self.rounds += 1
                if event.final:
                    self.games += 1
                    self.early_ends += event.result.round < ROUNDS

    def summary(self) -> dict[str, Any]:
        """What ``papyrus simulate --json`` adds to its report."""
        games = self.games or 1
        powers = sorted(set(self.played) | set(self.wasted))
        return {
            "powers": {
                power: {"played": self.played[power], "wasted": self.wasted[power]} for power in powers
            },
            "rounds_per_game": round(self.rounds / games, 2),
            "early_ends": self.early_ends,
            "penalties_per_game": round(self.penalties / games, 2),
        }
