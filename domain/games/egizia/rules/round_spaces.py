"""What a ship does where it lands: the seven round spaces and the Nile cards taken from the river."""

from __future__ import annotations

from domain.engine import Ctx, RuleViolation
from domain.games.egizia import events as ev
from domain.games.egizia.commands import PlaceShip
from domain.games.egizia.data import (
    ALYI_STONES,
    CREW_NAMES,
    EDFU_MARKET_STEPS,
    GRAIN_MARKET,
    IMM,
    JOKER,
    NILE_BY_ID,
    PICTURED_CREWS,
    RING_LEFT,
    RING_RIGHT,
    RING_SPACES,
    ROUND_SPACE_NAMES,
    STONE_MARKET,
    NileCard,
)
from domain.games.egizia.rules.effects import gain_score, gain_stones, move_crew, step_market
from domain.games.egizia.state import EgiziaState
from domain.games.egizia.words import ROUND_SPACE_WORDS
from domain.messages import msg

CREWS = tuple(range(len(CREW_NAMES)))


# --- choices a landing offers ------------------------------------------------------------------------------
def ring_steps(state: EgiziaState) -> list[int]:
    """Water-ring steps allowed now: stay, or one step left / right without leaving the three positions."""
    return [step for step in (0, -1, 1) if RING_LEFT <= state.ring + step <= RING_RIGHT]


def crew_choices(card: NileCard) -> list[list[int]]:
    """Crew choices of an immediate crew card: two different crews +1 each, or one crew +2."""
    if card.kind != "crews_choice":
        return [[]]
    pairs = [[first, second] for first in CREWS for second in CREWS if first < second]
    return pairs + [[crew, crew] for crew in CREWS]


def round_space_variants(state: EgiziaState, space: str) -> list[PlaceShip]:
    if space in RING_SPACES:
        return [PlaceShip(space=space, ring=step) for step in ring_steps(state)]
    if space == "R_ALYI":
        return [PlaceShip(space=space, crew=crew) for crew in CREWS]
    return [PlaceShip(space=space)]


def card_variants(space: str, card_id: str) -> list[PlaceShip]:
    return [PlaceShip(space=space, crews=crews) for crews in crew_choices(NILE_BY_ID[card_id])]


# --- validation of the choices -----------------------------------------------------------------------------
def check_round_space_choice(state: EgiziaState, command: PlaceShip) -> None:
    space = command.space
    name = ROUND_SPACE_WORDS[space]
    if space in RING_SPACES:
        if command.ring not in ring_steps(state):
            raise RuleViolation(
                "place.ring",
                msg(
                    "ring: at {place} the water ring may stay (0) or move one step (-1 or +1) but not off "
                    "the board.",
                    place=name,
                ),
                {"field": "ring", "ring": command.ring},
            )
    elif command.ring:
        raise RuleViolation(
            "place.ring", msg("ring: {place} does not move the water ring.", place=name), {"field": "ring"}
        )
    if space == "R_ALYI":
        if command.crew not in CREWS:
            raise RuleViolation(
                "place.crew",
                msg("crew: at Alyi choose the crew to move: 0, 1, 2 (A, B, C) or 3 (the Joker)."),
                {"field": "crew"},
            )
    elif command.crew != -1:
        raise RuleViolation(
            "place.crew", msg("crew: {place} does not let you choose a crew.", place=name), {"field": "crew"}
        )
    if command.crews:
        raise RuleViolation(
            "place.crews",
            msg("crews: {place} does not take a list of crews.", place=name),
            {"field": "crews"},
        )


def check_card_choice(card_id: str, command: PlaceShip) -> None:
    if command.crews not in crew_choices(NILE_BY_ID[card_id]):
        raise RuleViolation(
            "place.crews",
            msg("crews: this card needs two different crews [a, b] with a < b, or one crew twice [c, c].")
            if NILE_BY_ID[card_id].kind == "crews_choice"
            else msg("crews: this card does not take a list of crews."),
            {"field": "crews", "crews": command.crews, "card": card_id},
        )
    if command.ring or command.crew != -1:
        raise RuleViolation(
            "place.choice", msg("A Nile card space takes no ring or crew choice."), {"field": "ring"}
        )


# --- effects ------------------------------------------------------------------------------------------------
def resolve_round_space(ctx: Ctx[EgiziaState], seat: int, command: PlaceShip) -> None:
    space = command.space
    name = ROUND_SPACE_NAMES[space]
    if space == "R_EDFU":
        step_market(ctx, seat, STONE_MARKET, EDFU_MARKET_STEPS, name)
        step_market(ctx, seat, GRAIN_MARKET, EDFU_MARKET_STEPS, name)
    elif space in PICTURED_CREWS:
        for crew in PICTURED_CREWS[space]:
            move_crew(ctx, seat, crew, 1, name)
    elif space in RING_SPACES:
        move_crew(ctx, seat, JOKER, 1, name)
        if command.ring:
            ctx.emit(ev.RingMoved(seat=seat, to=ctx.state.ring + command.ring))
    elif space == "R_ALYI":
        move_crew(ctx, seat, command.crew, 1, name)
        gain_stones(ctx, seat, ALYI_STONES, name)


def own_stones_in(state: EgiziaState, seat: int, buildings: tuple[str, ...]) -> int:
    """How many spaces of the named buildings hold the seat's stones."""
    owners: dict[str, list[int]] = {
        "obelisk": state.obelisk,
        "graves": state.grave_owners,
        "pyramid": [owner for row in state.pyramid for owner in row],
        "temple": state.temple,
    }
    return sum(owners[building].count(seat) for building in buildings)


def resolve_card(ctx: Ctx[EgiziaState], seat: int, card_id: str, crews: list[int]) -> None:
    """Pickup bonus of a field, or the whole effect of an immediate card (others just go to hand/tableau)."""
    card = NILE_BY_ID[card_id]
    reason = f"Nile card {card_id}"
    if card.bonus == "grain_market":
        step_market(ctx, seat, GRAIN_MARKET, card.bonus_amount, reason)
    elif card.bonus == "stone_market":
        step_market(ctx, seat, STONE_MARKET, card.bonus_amount, reason)
    elif card.bonus == "vp":
        gain_score(ctx, seat, card.bonus_amount, reason)
    elif card.bonus == "stones":
        gain_stones(ctx, seat, card.bonus_amount, reason)
    if card.type != IMM:
        return
    if card.kind == "market":
        step_market(ctx, seat, card.market, card.steps, reason)
    elif card.kind == "crews_choice":
        for crew in crews:
            move_crew(ctx, seat, crew, 1, reason)
    elif card.kind == "crews_shown":
        for crew in card.crews:
            move_crew(ctx, seat, crew, 1, reason)
    elif card.kind == "building_vp":
        gain_score(ctx, seat, card.vp * own_stones_in(ctx.state, seat, card.buildings), reason)
