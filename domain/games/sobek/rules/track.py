"""The score track: symbols under the markers and the walks to the next or previous square of a symbol.

Scores are unbounded; a marker stands on square ``score mod 100`` (above 100 it goes round again), and every
walk is computed on the score itself, so a walk back may cross from the second lap into the first.
"""

from __future__ import annotations

from domain.games.sobek.data import TRACK, TRACK_LAP


def square(score: int) -> int:
    """The square a marker stands on."""
    return score % TRACK_LAP


def symbol_at(score: int) -> str:
    return TRACK[square(score)]


def next_with(score: int, symbol: str) -> int:
    """The nearest score strictly ahead whose square shows ``symbol`` (the Guild's move forward)."""
    ahead = score + 1
    while TRACK[square(ahead)] != symbol:
        ahead += 1
    return ahead


def previous_with(score: int, symbol: str) -> int:
    """The nearest score strictly behind whose square shows ``symbol`` (the numbered squares when ``symbol``
    is ``NUMBER``); 0 if there is none, since a marker never goes below 0."""
    behind = score - 1
    while behind > 0 and TRACK[square(behind)] != symbol:
        behind -= 1
    return max(behind, 0)


def walk_back(score: int, steps: int, symbol: str) -> int:
    """``steps`` moves back, each to the previous square showing ``symbol``."""
    for _ in range(steps):
        score = previous_with(score, symbol)
    return score
