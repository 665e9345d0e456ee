"""Statistics over played Egizia games, for ``papyrus simulate`` (``card_plays``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from domain.games.egizia import events as ev
from domain.games.egizia.data import IMM, NILE_CARDS

PASSIVE_KINDS = ("field", "quarry", "grave_card")  # permanent cards that work without ever being played


class CardPlays:
    """For every Nile card id: how often it was taken, and how often its effect was used.

    An immediate card is used when taken; anytime and once-per-round cards count each ``CardUsed`` /
    ``FieldImproved``; passive permanents (fields, quarries, N5-07) report ``used`` as ``None``.
    """

    def __init__(self) -> None:
        self.taken: Counter[str] = Counter()
        self.used: Counter[str] = Counter()

    def add(self, events: Iterable[Any]) -> None:
        for event in events:
            kind = type(event)
            if kind is ev.NileCardTaken:
                self.taken[event.card] += 1
            elif kind is ev.CardUsed or kind is ev.FieldImproved:
                self.used[event.card] += 1

    def report(self) -> dict[str, dict[str, int | None]]:
        report: dict[str, dict[str, int | None]] = {}
        for card in NILE_CARDS:
            taken = self.taken[card.id]
            used: int | None = self.used[card.id]
            if card.type == IMM:
                used = taken
            elif card.kind in PASSIVE_KINDS:
                used = None
            report[card.id] = {"taken": taken, "used": used}
        return report

    def summary(self) -> dict[str, Any]:
        """What ``papyrus simulate --json`` adds to its report."""
        return {"card_plays": self.report()}
