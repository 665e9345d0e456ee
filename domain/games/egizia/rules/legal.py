"""Who must act, what each may do now, and what the service plays for a seat whose clock ran out."""

from __future__ import annotations

from typing import Any

from domain.engine import RuleViolation, Seat
from domain.games.egizia import commands as cmd
from domain.games.egizia.rules import nile_cards
from domain.games.egizia.rules.building import builder_can_act, turn_commands
from domain.games.egizia.rules.cards.turns import card_build_turn, leftover_chooser
from domain.games.egizia.rules.feeding import awaits_feeding_choice, feeding_commands
from domain.games.egizia.rules.placement import can_act_in_placement, phase_commands
from domain.games.egizia.rules.queries import builder, feeder
from domain.games.egizia.state import BUILDING, FEEDING, NOBODY, OVER, PLACEMENT, EgiziaState
from domain.messages import msg


def check_seat(state: EgiziaState, seat: Seat) -> None:
    """Refuse a seat the game does not have, and any command once the game is over."""
    if not 0 <= seat < len(state.players):
        raise RuleViolation("seat.unknown", msg("There is no such seat in this game."), {"field": "seat"})
    if state.phase == OVER:
        raise RuleViolation("game.over", msg("The game is over."))


def _building_to_act(state: EgiziaState) -> set[Seat]:
    """The builder, unless a Nile-card build turn is due first (N5-03 builds before the ship in space 1,
    even when that ship is the card holder's own): that turn opens as an automatic step."""
    seat = builder(state)
    if seat == NOBODY:
        return set()
    if state.action is None and state.card_builder == NOBODY and card_build_turn(state):
        return set()
    return {seat} if builder_can_act(state, seat) else set()


def to_act(state: EgiziaState) -> set[Seat]:
    if state.phase == PLACEMENT:
        turn = state.turn
        if turn == NOBODY:  # placement is over, unless N34-18 may take a leftover card
            chooser = leftover_chooser(state)
            return {chooser} if chooser != NOBODY else set()
        return {turn} if can_act_in_placement(state, turn) else set()
    if state.phase == FEEDING:
        seat = feeder(state)
        return {seat} if seat is not None and awaits_feeding_choice(state, seat) else set()
    if state.phase == BUILDING:
        return _building_to_act(state)
    return set()


def legal_commands(state: EgiziaState, seat: Seat) -> list[Any]:
    """The commands of the phase, then the Nile cards the seat may play now."""
    phase_specific: list[Any]
    if state.phase == PLACEMENT:
        phase_specific = phase_commands(state, seat)
    elif state.phase == FEEDING:
        phase_specific = list(feeding_commands(state, seat))
    else:
        phase_specific = turn_commands(state, seat)
    return [*phase_specific, *nile_cards.card_commands(state, seat)]


def timeout_command(state: EgiziaState, seat: Seat) -> Any:
    """Pass in placement, feed without aids, keep nothing at the Sphinx, stop a step-by-step build,
    decline a build."""
    if state.phase == PLACEMENT:
        return cmd.Pass()
    if state.phase == FEEDING:
        return cmd.Feed()
    if state.drawn:
        return cmd.SphinxKeep(keep=[])
    if state.action is not None:
        return cmd.EndBuild()
    return cmd.Decline()
