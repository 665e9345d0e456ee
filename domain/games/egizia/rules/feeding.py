"""Phase 3 (feeding the crews) and phase 4 (stone production)."""

from __future__ import annotations

from typing import Any

from domain.engine import RuleViolation
from domain.games.egizia import events as ev
from domain.games.egizia.commands import Feed
from domain.games.egizia.data import GRAIN_PENALTY
from domain.games.egizia.rules.cards.feeding_aids import aid_choices, apply_aids, could_aid, stones_paid
from domain.games.egizia.rules.context import Ctx
from domain.games.egizia.rules.effects import gain_score, gain_stones
from domain.games.egizia.rules.queries import crew_need, feeder, irrigated_grain, shortfall
from domain.games.egizia.state import BUILDING, PRODUCTION, EgiziaState


def awaits_feeding_choice(state: EgiziaState, seat: int) -> bool:
    """A player acts in phase 3 only when short and holding an aid that could change the result."""
    missing = shortfall(state, seat)
    return missing > 0 and could_aid(state, seat, missing)


def _feed(ctx: Ctx, seat: int, aids: list[str], stones: int = 0) -> None:
    extra = apply_aids(ctx, seat, aids, stones)
    state = ctx.state
    need = crew_need(state, seat)
    grain = irrigated_grain(state, seat) + extra
    missing = max(0, need - grain)
    ctx.emit(ev.CrewsFed(seat=seat, need=need, grain=grain, missing=missing, aids=list(aids)))
    player = state.players[seat]
    gain_score(ctx, seat, -missing * GRAIN_PENALTY[player.grain_market], "crews not fed")


def feeding_commands(state: EgiziaState, seat: int) -> list[Feed]:
    if feeder(state) != seat or not awaits_feeding_choice(state, seat):
        return []
    missing = shortfall(state, seat)
    commands = [Feed(aids=[])]
    for aids in aid_choices(state, seat, missing):
        commands.append(Feed(aids=aids))
        most = stones_paid(state.players[seat], aids, missing)
        commands += [Feed(aids=aids, stones=count) for count in range(1, most)]  # paying fewer stones
    return commands


def decide_feed(state: EgiziaState, seat: int, command: Feed) -> list[Any]:
    if feeder(state) != seat:
        raise RuleViolation("feed.turn", "It is not your turn to feed your crews.")
    ctx = Ctx(state)
    _feed(ctx, seat, command.aids, command.stones)
    return ctx.events


def advance_feeding(state: EgiziaState) -> list[Any]:
    seat = feeder(state)
    if seat is None:
        return [ev.PhaseStarted(phase=PRODUCTION)]
    if awaits_feeding_choice(state, seat):
        return []
    ctx = Ctx(state)
    _feed(ctx, seat, [])
    return ctx.events


def advance_production(state: EgiziaState) -> list[Any]:
    """Every quarry produces, in sequence order; the stone table stops at its cap."""
    ctx = Ctx(state)
    for seat in state.order:
        amount = sum(quarry.stones for quarry in state.players[seat].quarries)
        gain_stones(ctx, seat, amount, "quarries")
    ctx.emit(ev.PhaseStarted(phase=BUILDING))
    return ctx.events
