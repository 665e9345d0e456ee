"""Phase 3 (feeding the crews) and phase 4 (stone production)."""

from __future__ import annotations

from domain.engine import Ctx, RuleViolation
from domain.games.egizia import events as ev
from domain.games.egizia.commands import Feed
from domain.games.egizia.data import GRAIN_PENALTY
from domain.games.egizia.rules.cards.feeding_aids import aid_choices, apply_aids, could_aid, stones_paid
from domain.games.egizia.rules.effects import gain_score, gain_stones
from domain.games.egizia.rules.queries import crew_need, feeder, irrigated_grain, shortfall
from domain.games.egizia.state import BUILDING, PRODUCTION, EgiziaState
from domain.messages import msg


def awaits_feeding_choice(state: EgiziaState, seat: int) -> bool:
    """A player acts in phase 3 only when short and holding an aid that could change the result."""
    missing = shortfall(state, seat)
    return missing > 0 and could_aid(state, seat, missing)


def _feed(ctx: Ctx[EgiziaState], seat: int, aids: list[str], stones: int = 0) -> None:
    extra = apply_aids(ctx, seat, aids, stones)
    state = ctx.state
    need = crew_need(state, seat)
    grain = irrigated_grain(state, seat) + extra
    missing = max(0, need - grain)
    penalty = missing * GRAIN_PENALTY[state.players[seat].grain_market]
    ctx.emit(ev.CrewsFed(seat=seat, need=need, grain=grain, missing=missing, aids=list(aids)))
    gain_score(ctx, seat, -penalty, "crews not fed")


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


def decide_feed(ctx: Ctx[EgiziaState], seat: int, command: Feed) -> None:
    if feeder(ctx.state) != seat:
        raise RuleViolation("feed.turn", msg("It is not your turn to feed your crews."))
    _feed(ctx, seat, command.aids, command.stones)


def advance_feeding(ctx: Ctx[EgiziaState]) -> None:
    """Feed the next player in sequence who has no choice to make; production once all are fed."""
    state = ctx.state
    seat = feeder(state)
    if seat is None:
        ctx.emit(ev.PhaseStarted(phase=PRODUCTION))
    elif not awaits_feeding_choice(state, seat):
        _feed(ctx, seat, [])


def advance_production(ctx: Ctx[EgiziaState]) -> None:
    """Every quarry produces, in sequence order; the stone table stops at its cap."""
    state = ctx.state
    for seat in state.order:
        amount = sum(quarry.stones for quarry in state.players[seat].quarries)
        gain_stones(ctx, seat, amount, "quarries")
    ctx.emit(ev.PhaseStarted(phase=BUILDING))
