"""Small questions every phase asks about the state: whose turn it is, and how much grain a seat has.

This module reads only the state, so any rules module may import it without forming an import cycle.
"""

from __future__ import annotations

from domain.games.egizia.state import BUILDING, FEEDING, NOBODY, EgiziaState, FieldCard


def builder(state: EgiziaState) -> int:
    """The seat whose build turn it is, or NOBODY."""
    if state.phase != BUILDING or state.site >= len(state.sites):
        return NOBODY
    if state.action is not None:
        return state.action.seat  # an Obelisk/Graves action going on step by step
    if state.card_builder != NOBODY:
        return state.card_builder  # a build turn granted by N5-03 / N34-14
    slots = state.sites[state.site].slots
    return slots[state.slot] if state.slot < len(slots) else NOBODY


def feeder(state: EgiziaState) -> int | None:
    """The seat whose feeding step is next, if the phase is feeding."""
    if state.phase == FEEDING and state.queue:
        return state.queue[0]
    return None


def effective_colour(field: FieldCard) -> int:
    """The field's colour after its improvements (brown -> yellow-green -> green)."""
    return max(0, field.colour - len(field.improved_by))


def irrigated_grain(state: EgiziaState, seat: int) -> int:
    """Grain of the seat's fields watered at the current ring position."""
    return sum(field.grain for field in state.players[seat].fields if effective_colour(field) <= state.ring)


def crew_need(state: EgiziaState, seat: int) -> int:
    """The grain the seat's crews eat: the sum of their strengths, the Joker's included."""
    return sum(state.players[seat].crews)


def shortfall(state: EgiziaState, seat: int) -> int:
    """Grain the seat's watered fields lack to feed its crews."""
    return max(0, crew_need(state, seat) - irrigated_grain(state, seat))
