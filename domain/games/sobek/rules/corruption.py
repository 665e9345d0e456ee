"""The corruption penalty at the end of a round: who is penalised, and how far their marker goes back."""

from __future__ import annotations

from domain.games.sobek.data import CARDS, CURSE_WEIGHT, PENALTY_STEP_POINTS
from domain.games.sobek.rules.track import symbol_at, walk_back
from domain.games.sobek.state import Player


def corruption_count(player: Player) -> int:
    """Cards in the corruption pile, plus two for each Curse received."""
    return len(player.corruption) + CURSE_WEIGHT * len(player.curses)


def corruption_scarabs(player: Player) -> int:
    """The scarabs printed on the pile's cards (a Curse carries none)."""
    return sum(CARDS[card].scarabs for card in player.corruption)


def penalised(counts: list[int], scarabs: list[int]) -> list[int]:
    """The highest count is penalised; among equal counts the most scarabs; players still tied all are.
    Nobody is penalised when nobody has any corruption."""
    highest = max(counts)
    if highest == 0:
        return []
    tied = [seat for seat, count in enumerate(counts) if count == highest]
    most = max(scarabs[seat] for seat in tied)
    return [seat for seat in tied if scarabs[seat] == most]


def penalty_steps(set_points: int) -> int:
    """One step back per full ten set points scored this round."""
    return set_points // PENALTY_STEP_POINTS


def penalty_walk(score: int, set_points: int) -> tuple[int, str, int]:
    """(steps, symbol, new score): back ``steps`` times to the previous square with the symbol under the
    marker now (from a numbered square, to the previous numbered square)."""
    steps = penalty_steps(set_points)
    symbol = symbol_at(score)
    return steps, symbol, walk_back(score, steps, symbol)
