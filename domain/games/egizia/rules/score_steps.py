"""Where an Egizia seat's points came from: each score change filed under the scoring step that made it.

Score changes record their reason as a short English key (``building at the Sphinx``, ``Nile card N12-09``,
``grave tiles``); :func:`step_of` files one under a step and the fold adds it to the seat's tally. The
breakdown lists every step in the order of a game: the round's steps, then the final scoring's.
"""

from __future__ import annotations

from domain.engine import ScoreLine
from domain.games.egizia.state import EgiziaState
from domain.messages import Msg, msg

BUILDING = "building"
PYRAMID_ROWS = "pyramid_rows"
MARKETS = "markets"
NILE_CARDS = "nile_cards"
FEEDING = "feeding"
SPHINX_RETURNED = "sphinx_returned"
COOPERATION = "cooperation"
STONE_SALE = "stone_sale"
GRAVES = "graves"
SPHINX_CARDS = "sphinx_cards"
OTHER = "other"

STEP_WORDS: dict[str, Msg] = {
    NILE_CARDS: msg("Nile cards"),
    FEEDING: msg("Crews not fed"),
    BUILDING: msg("Building"),
    PYRAMID_ROWS: msg("Pyramid row majorities"),
    SPHINX_RETURNED: msg("Sphinx cards put back"),
    MARKETS: msg("Grain market at the bottom"),
    COOPERATION: msg("Co-operation bonus"),
    STONE_SALE: msg("Final stone sale"),
    GRAVES: msg("Grave tiles"),
    SPHINX_CARDS: msg("Sphinx cards"),
}
"""The steps in the order the breakdown lists them, in words players read."""

_FIXED = {
    "crews not fed": FEEDING,
    "Sphinx cards returned": SPHINX_RETURNED,
    "grain-market bottom": MARKETS,
    "final stone sale": STONE_SALE,
    "grave tiles": GRAVES,
}
_PREFIXES = (
    ("building at ", BUILDING),
    ("pyramid row ", PYRAMID_ROWS),
    ("Nile card ", NILE_CARDS),
    ("Sphinx card ", SPHINX_CARDS),
    ("co-operation bonus", COOPERATION),
)


def step_of(reason: str) -> str:
    """The scoring step a score change's reason belongs to (``OTHER`` for a reason no step names)."""
    fixed = _FIXED.get(reason)
    if fixed is not None:
        return fixed
    return next((step for prefix, step in _PREFIXES if reason.startswith(prefix)), OTHER)


def score_breakdown(state: EgiziaState) -> list[list[ScoreLine]]:
    """Each seat's points by scoring step, every step listed; points the tally does not hold (a game
    folded before it kept one) are shown as other points, for every seat, so each seat's lines sum to its
    score."""
    tallies = [[player.points.get(step, 0) for step in STEP_WORDS] for player in state.players]
    rests = [player.score - sum(tally) for player, tally in zip(state.players, tallies, strict=True)]
    labels = list(STEP_WORDS.values())
    if any(rests):
        labels.append(msg("Other points"))
        tallies = [[*tally, rest] for tally, rest in zip(tallies, rests, strict=True)]
    return [
        [ScoreLine(label=label, points=points) for label, points in zip(labels, tally, strict=True)]
        for tally in tallies
    ]
