"""Phase 5: building, site by site (Sphinx, Obelisk/Graves, Temple/Pyramid), ship space S1 first."""

from __future__ import annotations

from typing import Any

from domain.engine import Ctx, RuleViolation
from domain.games.egizia import events as ev
from domain.games.egizia.commands import Build, Decline
from domain.games.egizia.data import GRAIN_MARKET, PYRAMID_ROW_BONUS_PER_STONE, SITE_NAMES, STONE_MARKET
from domain.games.egizia.rules.build_steps import (
    end_obelisk_action,
    refuse_while_action_goes_on,
    reveal_graves,
    step_commands,
)
from domain.games.egizia.rules.cards.build_cards import card_crew_options, check_build_crews, use_build_cards
from domain.games.egizia.rules.cards.turns import card_build_turn
from domain.games.egizia.rules.constructions import Works, build_plans
from domain.games.egizia.rules.crews import crew_options
from domain.games.egizia.rules.effects import gain_score
from domain.games.egizia.rules.nile_cards import has_card_play
from domain.games.egizia.rules.queries import builder
from domain.games.egizia.rules.spaces import (
    BUILD_SPACES,
    GRAVE_IDS,
    OBELISK_SITE,
    PYRAMID,
    SITE_OF_BUILDING,
    SPHINX_SITE,
)
from domain.games.egizia.rules.sphinx import max_draw, sphinx_commands
from domain.games.egizia.state import BONUS, BUILDING, NOBODY, EgiziaState, Site, graves_face_up
from domain.games.egizia.words import SITE_WORDS
from domain.messages import msg

MARKETS = (STONE_MARKET, GRAIN_MARKET)


def require_builder(state: EgiziaState, seat: int) -> None:
    if state.phase != BUILDING:
        raise RuleViolation("build.phase", msg("Building happens only in phase 5."))
    if builder(state) != seat:
        raise RuleViolation("build.turn", msg("It is not your turn to build."), {"builder": builder(state)})


def build_commands(state: EgiziaState, seat: int) -> list[Build]:
    """Concrete build actions at the current site: per crew choice, the plans it can pay and lift.

    The Joker may be added even when the regular crew alone could lift the plan (the rules allow
    it); a strength card is offered only for plans it is needed for. Plans are bounded by
    ``constructions.MAX_PLANS`` but always include every single space buildable now.
    """
    player = state.players[seat]
    site = state.sites[state.site].id
    options = crew_options(player)
    if not options or player.stones <= 0:
        return []
    card_options = card_crew_options(player)
    strongest = max(strength for _, strength in [*options, *((c, s) for c, _, s, _ in card_options)])
    plans = build_plans(state, site, seat, min(player.stones, strongest))
    markets = MARKETS if state.site == OBELISK_SITE else ("",)
    commands: list[Build] = []
    for crews, strength in options:
        for spaces, cost in plans:
            if cost <= strength:
                commands.extend(Build(crews=crews, spaces=spaces, market=market) for market in markets)
    for crews, cards, strength, floor in card_options:
        for spaces, cost in plans:
            if floor < cost <= strength:
                commands.extend(Build(crews=crews, spaces=spaces, market=m, cards=cards) for m in markets)
    return commands


def turn_commands(state: EgiziaState, seat: int) -> list[Any]:
    if builder(state) != seat:
        return []
    if state.action is not None:
        return step_commands(state, seat)
    if state.site == SPHINX_SITE:
        actions: list[Any] = sphinx_commands(state, seat)
        if state.drawn:
            return actions
    else:
        actions = build_commands(state, seat)
    return [*actions, Decline()]


def _check_market(state: EgiziaState, market: str) -> None:
    if state.site == OBELISK_SITE and market not in MARKETS:
        raise RuleViolation(
            "build.market",
            msg("market: after building at the Obelisk and Graves move one market marker: stone or grain."),
            {"field": "market"},
        )
    if state.site != OBELISK_SITE and market:
        raise RuleViolation(
            "build.market",
            msg("market: only the Obelisk and Graves moves a market marker."),
            {"field": "market"},
        )


def _check_spaces(state: EgiziaState, seat: int, spaces: list[str]) -> int:
    site = state.sites[state.site].id
    if not spaces:
        raise RuleViolation(
            "build.nothing", msg("spaces: name at least one space to build, or decline."), {"field": "spaces"}
        )
    works = Works(state)
    cost = 0
    for space_id in spaces:
        where = BUILD_SPACES.get(space_id)
        if where is None or SITE_OF_BUILDING[where[0]] != site:
            raise RuleViolation(
                "build.space",
                msg("spaces: that is not a space of {site}.", site=SITE_WORDS[site]),
                {"field": "spaces"},
            )
        refusal = works.refusal(space_id)
        if refusal:
            raise RuleViolation("build.order", refusal, {"field": "spaces", "space": space_id})
        works.place(space_id, seat)
        cost += works.value(space_id)
    return cost


def decide_build(ctx: Ctx[EgiziaState], seat: int, command: Build) -> None:
    state = ctx.state
    require_builder(state, seat)
    refuse_while_action_goes_on(state)
    if state.site == SPHINX_SITE:
        raise RuleViolation("build.sphinx", msg("At the Sphinx you draw cards instead of building."))
    player = state.players[seat]
    strength = check_build_crews(player, command.crews, command.cards)
    _check_market(state, command.market)
    cost = _check_spaces(state, seat, command.spaces)
    if cost > strength:
        raise RuleViolation(
            "build.strength",
            msg(
                "These spaces are worth {cost} but your crews have strength {strength}.",
                cost=cost,
                strength=strength,
            ),
            {"cost": cost, "strength": strength},
        )
    if cost > player.stones:
        raise RuleViolation(
            "build.stones",
            msg("These spaces cost {cost} stones but you have {count}.", cost=cost, count=player.stones),
            {"cost": cost},
        )
    face_up = graves_face_up(state)
    site_id = state.sites[state.site].id
    ctx.emit(
        ev.Built(
            seat=seat,
            site=site_id,
            crews=list(command.crews),
            spaces=list(command.spaces),
            cost=cost,
            cards=list(command.cards),
        )
    )
    use_build_cards(ctx, seat, command.cards)
    reveal_graves(ctx, face_up)
    gain_score(ctx, seat, cost, f"building at {SITE_NAMES[site_id]}")
    if state.site == OBELISK_SITE:
        took_grave = any(space in GRAVE_IDS for space in command.spaces)
        end_obelisk_action(ctx, seat, strength - cost, command.market, has_taken_grave=took_grave)
    else:
        _pyramid_row_bonuses(ctx, state, command.spaces)


def _pyramid_row_bonuses(ctx: Ctx[EgiziaState], before: EgiziaState, spaces: list[str]) -> None:
    """When a pyramid row becomes full, its majority owner (leftmost stone breaks ties) scores per stone."""
    rows = sorted({BUILD_SPACES[s][1] for s in spaces if BUILD_SPACES[s][0] == PYRAMID})
    for row_index in rows:
        row = ctx.state.pyramid[row_index]
        if NOBODY in row or NOBODY not in before.pyramid[row_index]:
            continue
        best = max(row.count(seat) for seat in row)
        winner = next(seat for seat in row if row.count(seat) == best)
        gain_score(ctx, winner, best * PYRAMID_ROW_BONUS_PER_STONE, f"pyramid row {row_index + 1} majority")


def decide_decline(ctx: Ctx[EgiziaState], seat: int, command: Decline) -> None:
    ctx.emit(decline(ctx.state, seat))


def decline(state: EgiziaState, seat: int, forced: bool = False) -> ev.Declined:
    """The builder gives up its build turn (``forced``: it has nothing else to do)."""
    require_builder(state, seat)
    refuse_while_action_goes_on(state)
    if state.drawn:
        raise RuleViolation("build.keep_first", msg("Choose which drawn Sphinx cards to keep first."))
    site = state.sites[state.site]
    slot = state.slot
    if state.card_builder != NOBODY:  # a Nile-card turn: the seat's own ship space, if it has one here
        slot = site.slots.index(seat) if seat in site.slots else -1
    successor = waiting_speculator(state, site) if slot >= 0 else NOBODY
    return ev.Declined(seat=seat, site=site.id, slot=slot, successor=successor, forced=forced)


def waiting_speculator(state: EgiziaState, site: Site) -> int:
    """The speculator who moves into a space freed at ``site``, whichever occupant freed it, or NOBODY.

    A speculator that already had a Nile-card build turn here (N5-03) has built with its ship and takes no
    space. Should several speculators wait, the first in the player sequence moves in.
    """
    waiting = [seat for seat in site.speculators if seat != NOBODY and seat not in site.card_turns]
    return min(waiting, key=state.order.index, default=NOBODY)


def builder_can_act(state: EgiziaState, seat: int) -> bool:
    """Whether the builder has anything to do but decline (cheap: no plan enumeration)."""
    if state.drawn or state.action is not None or has_card_play(state, seat):
        return True  # keeping drawn cards or stopping a step-by-step action is always possible
    if state.site == SPHINX_SITE and max_draw(state, seat, 0) >= 1:
        return True  # free Sphinx draws (N12-19) need no crew and no stone (DEFAULT Q16)
    player = state.players[seat]
    options = crew_options(player)
    if not options:
        return False
    card_options = card_crew_options(player)
    strongest = max(strength for _, strength in [*options, *((c, s) for c, _, s, _ in card_options)])
    if state.site == SPHINX_SITE:
        return max_draw(state, seat, strongest) >= 1
    budget = min(player.stones, strongest)
    works = Works(state)
    return any(works.value(space) <= budget for space in works.candidates(state.sites[state.site].id))


def advance_building(ctx: Ctx[EgiziaState]) -> None:
    """Open the next site or a Nile-card build turn, close a site, decline for a builder who can do
    nothing; else wait for the builder."""
    state = ctx.state
    if state.site >= len(state.sites):
        ctx.emit(ev.PhaseStarted(phase=BONUS))
        return
    if state.action is not None:
        return  # the builder decides the next step
    site = state.sites[state.site]
    if state.card_builder == NOBODY:
        card_turn = card_build_turn(state)
        if card_turn:
            ctx.emit(*card_turn)
            return
        if state.slot >= len(site.slots):
            returned = [s for s in site.speculators if s != NOBODY and s not in site.card_built]
            ctx.emit(ev.SiteClosed(site=site.id, returned=returned))
            return
    seat = builder(state)
    if not builder_can_act(state, seat):
        ctx.emit(decline(state, seat, forced=True))
