"""The "what you must decide now" part of a view (``domain.engine.Prompt``)."""

from __future__ import annotations

from typing import Any

from domain.engine import Prompt, Text, waiting_prompt
from domain.games.egizia.commands import Build, Feed, PlaceShip, PlayCard, SphinxDraw
from domain.games.egizia.data import SPHINX_RETURN_VP
from domain.games.egizia.rules.cards.build_cards import sphinx_keep_limit
from domain.games.egizia.rules.notes import building_notes, card_notes, placement_notes
from domain.games.egizia.rules.placement import placement_commands
from domain.games.egizia.rules.queries import shortfall
from domain.games.egizia.state import BUILDING, FEEDING, NOBODY, OVER, PLACEMENT, EgiziaState
from domain.games.egizia.words import MARKET_WORDS, SITE_WORDS
from domain.messages import Msg, msg, msgn


def _placement_prompt(state: EgiziaState, viewer: int) -> tuple[str, Msg]:
    if state.turn == NOBODY:
        return (
            "leftover",
            msg("Placement is over: take one card left on the river with your Leftover card, or pass."),
        )
    if not placement_commands(state, viewer):
        return "place", msg(
            "No ship can go downstream of your last one: play a Nile card, or pass for the round."
        )
    return "place", msg("Place a ship downstream of your last one, or pass for the rest of the round.")


def _building_prompt(state: EgiziaState, viewer: int) -> tuple[str, Msg]:
    site = SITE_WORDS[state.sites[state.site].id]
    if state.drawn:
        keep = sphinx_keep_limit(state, viewer)
        return "sphinx_keep", msgn(
            "Keep at most {count} of the Sphinx cards you drew; each card you return scores {vp} VP.",
            "Keep at most {count} of the Sphinx cards you drew; each card you return scores {vp} VP.",
            keep,
            vp=SPHINX_RETURN_VP,
        )
    if state.action is not None:
        return "build_more", msg(
            "Your build at {site} goes on: build one more space with the {strength} strength left (the next "
            "grave tile or obelisk space), or stop; then your {market} marker moves down.",
            site=site,
            strength=state.action.strength,
            market=MARKET_WORDS.get(state.action.market, MARKET_WORDS["stone"]),
        )
    if state.card_builder == viewer:
        return "build", msg(
            "Your Nile card lets you build at {site} out of turn now: build, or decline.", site=site
        )
    return "build", msg(
        "Build at {site} with one regular crew (plus the Joker if you like), or decline.", site=site
    )


def _offered_cards(legal: list[Any]) -> set[str]:
    """The Nile cards some legal command plays or uses."""
    cards: set[str] = set()
    for command in legal:
        if isinstance(command, PlayCard):
            cards.add(command.card)
        elif isinstance(command, Build | SphinxDraw | PlaceShip):
            cards.update(command.cards)
        elif isinstance(command, Feed):
            cards.update(command.aids)
    return cards


def prompt_for(state: EgiziaState, viewer: int | None, to_act: set[int], legal: list[Any]) -> Prompt:
    """The viewer's decision in one sentence, with notes on the options it may miss and why."""
    if state.phase == OVER or viewer is None or viewer not in to_act:
        return waiting_prompt(to_act, state.phase == OVER)
    notes: list[Msg] = []
    if state.phase == PLACEMENT:
        decision, text = _placement_prompt(state, viewer)
        notes = placement_notes(state, viewer) if state.turn == viewer else []
    elif state.phase == FEEDING:
        decision, text = (
            "feed",
            msg(
                "Your crews are {count} grain short: choose which feeding aids to use.",
                count=shortfall(state, viewer),
            ),
        )
    elif state.phase == BUILDING:
        decision, text = _building_prompt(state, viewer)
        notes = building_notes(state, viewer) if not state.drawn else []
    else:
        return waiting_prompt(to_act, False)
    notes += card_notes(state, viewer, _offered_cards(legal))
    return Prompt(
        waiting_for=sorted(to_act), decision=f"egizia.{decision}", text=text, notes=list[Text](notes)
    )
