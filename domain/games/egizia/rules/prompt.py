"""The "what you must decide now" line of a view."""

from __future__ import annotations

from domain.games.egizia.data import SITE_NAMES, SPHINX_RETURN_VP
from domain.games.egizia.rules.feeding import shortfall
from domain.games.egizia.rules.nile_cards import sphinx_keep_limit
from domain.games.egizia.rules.placement import placement_commands
from domain.games.egizia.state import BUILDING, FEEDING, NOBODY, OVER, PLACEMENT, EgiziaState


def _waiting(to_act: set[int]) -> str:
    if not to_act:
        return "Nothing to decide: the game moves on by itself."
    return "Waiting for " + ", ".join(f"seat {seat + 1}" for seat in sorted(to_act)) + "."


def prompt_text(state: EgiziaState, viewer: int | None, to_act: set[int]) -> str:
    if state.phase == OVER:
        return "The game is over."
    if viewer is None or viewer not in to_act:
        return _waiting(to_act)
    if state.phase == PLACEMENT:
        if state.turn == NOBODY:
            return "Placement is over: take one card left on the river with your Nile card N34-18, or pass."
        if not placement_commands(state, viewer):
            return "No ship can go downstream of your last one: play a Nile card, or pass for the round."
        return "Place a ship downstream of your last one, or pass for the rest of the round."
    if state.phase == FEEDING:
        return f"Your crews are {shortfall(state, viewer)} grain short: choose which feeding aids to use."
    if state.phase == BUILDING:
        site = SITE_NAMES[state.sites[state.site].id]
        if state.drawn:
            keep = sphinx_keep_limit(state, viewer)
            return (
                f"Keep at most {keep} of the Sphinx cards you drew; each card you return scores "
                f"{SPHINX_RETURN_VP} VP."
            )
        if state.card_builder == viewer:
            return f"Your Nile card lets you build at {site} out of turn now: build, or decline."
        return f"Build at {site} with one regular crew (plus the Joker if you like), or decline."
    return _waiting(to_act)
