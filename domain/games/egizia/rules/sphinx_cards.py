"""The conditions of the 29 Sphinx cards, checked at final scoring ."""

from __future__ import annotations

from domain.games.egizia.data import (
    CREW_MAX,
    JOKER,
    MARKET_SPACES,
    NILE_BY_ID,
    OBELISK_VALUES,
    REGULAR_CREWS,
    SPHINX_BY_ID,
    SphinxCard,
)
from domain.games.egizia.rules.round_spaces import own_stones_in
from domain.games.egizia.state import NOBODY, EgiziaState, Player

BOTTOM = MARKET_SPACES - 1


def _on_bottom(player: Player, market: str) -> bool:
    if market == "stone":
        return player.stone_market == BOTTOM
    if market == "grain":
        return player.grain_market == BOTTOM
    return any(player.crews[crew] >= CREW_MAX[crew] for crew in range(len(player.crews)))


def _building_done(state: EgiziaState, building: str) -> bool:
    spaces = {
        "pyramid": [owner for row in state.pyramid for owner in row],
        "temple": state.temple,
        "graves": state.grave_owners,
    }[building]
    return NOBODY not in spaces


def card_points(state: EgiziaState, seat: int, card: SphinxCard) -> int:
    """VP the card gives its owner now (the 1-per-10 card is handled by final scoring, last)."""
    player = state.players[seat]
    kind = card.kind
    if kind == "obelisk_level":
        level = [
            owner for owner, value in zip(state.obelisk, OBELISK_VALUES, strict=True) if value == card.level
        ]
        return card.vp if NOBODY not in level else 0
    if kind == "building_done":
        return card.vp if _building_done(state, card.building) else 0
    if kind == "table":
        reached = sum(1 for other in state.players if _on_bottom(other, card.market))
        return card.table[min(reached, len(card.table)) - 1] if reached else 0
    if kind == "own_stones":
        return card.vp if own_stones_in(state, seat, (card.building,)) >= card.minimum else 0
    if kind == "own_each":
        buildings = ("obelisk", "graves", "pyramid", "temple")
        return card.vp if all(own_stones_in(state, seat, (b,)) >= card.minimum for b in buildings) else 0
    if kind == "per_grave_stone":
        return card.vp * state.grave_owners.count(seat)
    if kind == "last_market":
        return card.vp if _on_bottom(player, card.market) else 0
    if kind == "last_crew":
        return card.vp if any(player.crews[c] >= CREW_MAX[c] for c in REGULAR_CREWS) else 0
    if kind == "last_joker":
        return card.vp if player.crews[JOKER] >= CREW_MAX[JOKER] else 0
    if kind == "per_permanent":
        return card.vp * sum(
            1 for cid in player.permanents if NILE_BY_ID[cid].kind not in ("field", "quarry")
        )
    return 0


def tenth_points(score: int) -> int:
    """The 1-per-10-points card: floor(score / 10), nothing for a negative score."""
    return max(0, score) // 10


def points_of(state: EgiziaState, seat: int, card_id: str) -> int:
    return card_points(state, seat, SPHINX_BY_ID[card_id])
