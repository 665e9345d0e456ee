"""Small effects shared by the phases: score, stones, crews, markets, track order.

Each helper computes the capped delta against the context's state and emits the event that carries it.
"""

from __future__ import annotations

from domain.engine import Ctx
from domain.games.egizia import events as ev
from domain.games.egizia.data import (
    CREW_MAX,
    GRAIN_BOTTOM_VP,
    GRAIN_MARKET,
    MARKET_SPACES,
    STONE_BOTTOM_STONES,
    STONE_CAP,
    STONE_MARKET,
)
from domain.games.egizia.state import EgiziaState, Player


def gain_score(ctx: Ctx[EgiziaState], seat: int, delta: int, reason: str) -> None:
    if delta:
        ctx.emit(ev.ScoreChanged(seat=seat, delta=delta, reason=reason))


def gain_stones(ctx: Ctx[EgiziaState], seat: int, amount: int, reason: str) -> None:
    """Add stones up to the cap of the stone table (the surplus is lost)."""
    stones = ctx.state.players[seat].stones
    delta = min(STONE_CAP, stones + amount) - stones
    if delta:
        ctx.emit(ev.StonesChanged(seat=seat, delta=delta, reason=reason))


def move_crew(ctx: Ctx[EgiziaState], seat: int, crew: int, steps: int, reason: str) -> None:
    """Move a crew right; steps past the last track space are lost."""
    strength = ctx.state.players[seat].crews[crew]
    delta = min(CREW_MAX[crew], strength + steps) - strength
    if delta:
        ctx.emit(ev.CrewMoved(seat=seat, crew=crew, delta=delta, reason=reason))


def market_position(player: Player, market: str) -> int:
    return player.stone_market if market == STONE_MARKET else player.grain_market


def step_market(ctx: Ctx[EgiziaState], seat: int, market: str, steps: int, reason: str) -> None:
    """Move a market marker down one step at a time; each step onto or past the bottom pays the bonus."""
    bottom = MARKET_SPACES - 1
    for _ in range(steps):
        position = market_position(ctx.state.players[seat], market)
        if position < bottom:
            ctx.emit(ev.MarketMoved(seat=seat, market=market, to=position + 1, reason=reason))
            if position + 1 < bottom:
                continue
        if market == STONE_MARKET:
            gain_stones(ctx, seat, STONE_BOTTOM_STONES, "stone-market bottom")
        else:
            gain_score(ctx, seat, GRAIN_BOTTOM_VP, "grain-market bottom")


def track_order(state: EgiziaState) -> list[int]:
    """Seats from the front of the scoring track to the back (higher score, then earlier arrival)."""
    players = state.players
    return sorted(range(len(players)), key=lambda seat: (-players[seat].score, players[seat].arrival))


MARKETS = (STONE_MARKET, GRAIN_MARKET)
