"""Grave tiles one at a time: an Obelisk/Graves action that takes a grave tile goes on step by step.

Each grave tile taken turns up the next face-down one, which may be taken in the same action. A build names
only spaces in view; once it has taken a grave tile, it goes on while crews and stones pay for another space:
the player builds one more, sees what it turns up, and builds again or stops. The market marker moves once,
when the action ends.
"""

from __future__ import annotations

from typing import Any

from domain.engine import Ctx, RuleViolation
from domain.games.egizia import events as ev
from domain.games.egizia.commands import BuildMore, EndBuild
from domain.games.egizia.data import SITE_NAMES
from domain.games.egizia.rules.constructions import Works
from domain.games.egizia.rules.effects import gain_score, step_market
from domain.games.egizia.rules.spaces import BUILD_SPACES, OBELISK_SITE, SITE_OF_BUILDING
from domain.games.egizia.state import EgiziaState, OpenAction, graves_face_up
from domain.games.egizia.words import space_name
from domain.messages import msg

MARKET_REASON = "Obelisk/Graves build"


def reveal_graves(ctx: Ctx[EgiziaState], face_up_before: int) -> None:
    """Turn up (as events) the grave tiles that the spaces just built uncovered."""
    for space in range(face_up_before, graves_face_up(ctx.state)):
        ctx.emit(ev.GraveRevealed(space=space, value=ctx.state.graves[space]))


def next_steps(state: EgiziaState, seat: int, strength: int) -> list[str]:
    """The spaces the seat could build next at the Obelisk/Graves with this strength and its stones."""
    budget = min(strength, state.players[seat].stones)
    works = Works(state)
    site = state.sites[OBELISK_SITE].id
    return [space for space in works.candidates(site) if works.value(space) <= budget]


def end_obelisk_action(
    ctx: Ctx[EgiziaState], seat: int, strength: int, market: str, has_taken_grave: bool
) -> None:
    """After spaces were built at the Obelisk/Graves: go on step by step when a grave tile was taken and
    another space can be paid for; else the action ends and the market marker moves."""
    site = ctx.state.sites[OBELISK_SITE].id
    if has_taken_grave and next_steps(ctx.state, seat, strength):
        if ctx.state.action is None:
            ctx.emit(ev.BuildGoesOn(seat=seat, site=site, strength=strength, market=market))
        return
    if ctx.state.action is not None:
        ctx.emit(ev.BuildEnded(seat=seat, site=site, forced=True))
    step_market(ctx, seat, market, 1, MARKET_REASON)


def step_commands(state: EgiziaState, seat: int) -> list[Any]:
    """What the builder of an action going on may do: one more space it can pay for, or stop."""
    action = state.action
    if action is None or action.seat != seat:
        return []
    steps: list[Any] = [BuildMore(space=space) for space in next_steps(state, seat, action.strength)]
    return [*steps, EndBuild()]


def _require_action(state: EgiziaState, seat: int) -> OpenAction:
    action = state.action
    if action is not None and action.seat != seat:
        raise RuleViolation("build.turn", msg("It is not your turn to build."), {"builder": action.seat})
    if action is None:
        raise RuleViolation(
            "build.no_action",
            msg(
                "You have no build action going on: a build at the Obelisk and Graves goes on one space at "
                "a time only after it has taken a grave tile."
            ),
        )
    return action


def _step_value(state: EgiziaState, seat: int, space: str, action: OpenAction) -> int:
    where = BUILD_SPACES.get(space)
    if where is None or SITE_OF_BUILDING[where[0]] != state.sites[OBELISK_SITE].id:
        raise RuleViolation(
            "build.space",
            msg("space: name the next grave tile or obelisk space of the Obelisk and Graves."),
            {"field": "space"},
        )
    works = Works(state)
    refusal = works.refusal(space)  # checked first: a face-down tile's value is never named
    if refusal:
        raise RuleViolation("build.order", refusal, {"field": "space", "space": space})
    value = works.value(space)
    if value > action.strength:
        raise RuleViolation(
            "build.strength",
            msg(
                "{space} is worth {value} but your crews have {strength} strength left in this action.",
                space=space_name(space),
                value=value,
                strength=action.strength,
            ),
            {"field": "space", "cost": value, "strength": action.strength},
        )
    stones = state.players[seat].stones
    if value > stones:
        raise RuleViolation(
            "build.stones",
            msg(
                "{space} costs {value} stones but you have {count}.",
                space=space_name(space),
                value=value,
                count=stones,
            ),
            {"field": "space", "cost": value},
        )
    return value


def decide_build_more(ctx: Ctx[EgiziaState], seat: int, command: BuildMore) -> None:
    state = ctx.state
    action = _require_action(state, seat)
    value = _step_value(state, seat, command.space, action)
    face_up = graves_face_up(state)
    site = state.sites[OBELISK_SITE].id
    ctx.emit(ev.BuiltMore(seat=seat, site=site, space=command.space, value=value))
    reveal_graves(ctx, face_up)
    gain_score(ctx, seat, value, f"building at {SITE_NAMES[site]}")
    end_obelisk_action(ctx, seat, action.strength - value, action.market, has_taken_grave=True)


def decide_end_build(ctx: Ctx[EgiziaState], seat: int, command: EndBuild) -> None:
    state = ctx.state
    action = _require_action(state, seat)
    ctx.emit(ev.BuildEnded(seat=seat, site=state.sites[OBELISK_SITE].id))
    step_market(ctx, seat, action.market, 1, MARKET_REASON)


def refuse_while_action_goes_on(state: EgiziaState) -> None:
    """A build, draw or decline is refused while the builder's step-by-step action goes on."""
    if state.action is not None:
        raise RuleViolation(
            "build.action_goes_on",
            msg("Your build action at the Obelisk and Graves goes on: build one more space, or stop."),
        )
