"""The "what you must decide now" part of a view (``domain.engine.Prompt``), with notes on what is missing."""

from __future__ import annotations

from domain.engine import Prompt, waiting_prompt
from domain.games.giza.data import (
    DEMOLISH,
    HAND_SIZE,
    SITE_NAMES,
    SPHINX_BASE,
    SPHINX_BODY,
    SPHINX_HEAD,
    STONE,
    TILE_BY_ID,
    TREASURE,
    Tile,
)
from domain.games.giza.rules.legal import playable, remove_commands
from domain.games.giza.state import GizaState


def _why_nowhere(tile: Tile) -> str:
    if tile.kind == STONE:
        return (
            f"it needs an empty pyramid site, or a stone or treasure larger than {tile.number} on top "
            "with no scarab over it"
        )
    if tile.kind == TREASURE:
        return f"it needs a +{tile.number} or -{tile.number} stone on top of a pyramid"
    return {
        SPHINX_BASE: "it needs an empty Sphinx site",
        SPHINX_BODY: "it needs a Sphinx base on top of a Sphinx site",
        SPHINX_HEAD: "it needs a Sphinx body on top of a Sphinx site (never straight on a base)",
        DEMOLISH: "every site is empty",
    }.get(tile.kind, "")


def _notes(state: GizaState, viewer: int) -> list[str]:
    stuck = [TILE_BY_ID[tile] for tile in state.hands[viewer] if not playable(state, tile)]
    notes = []
    seen: set[str] = set()
    for tile in stuck:
        if tile.label not in seen:
            seen.add(tile.label)
            notes.append(f"Your {tile.label} fits nowhere now: {_why_nowhere(tile)}.")
    if len(stuck) == len(state.hands[viewer]):
        notes.append("None of your tiles can be played now: discard 1 to 4 of them.")
    return notes


def prompt_for(state: GizaState, viewer: int | None, to_act: set[int]) -> Prompt:
    if state.over or viewer is None or viewer not in to_act:
        return waiting_prompt(to_act, state.over)
    text = (
        "Your turn: play one tile onto any board (yours or another player's) or discard 1 to 4 tiles, "
        f"then draw back to {HAND_SIZE}."
    )
    removable = [SITE_NAMES[remove.site] for remove in remove_commands(state, viewer)]
    if removable:
        text += (
            f" You may instead take the scarab off your {' or '.join(removable)}: "
            "your turn then ends without drawing."
        )
    return Prompt(waiting_for=sorted(to_act), decision="giza.turn", text=text, notes=_notes(state, viewer))
