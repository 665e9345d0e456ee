"""The "what you must decide now" part of a view (``domain.engine.Prompt``), with notes on what is missing."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.engine import Prompt, waiting_prompt
from domain.games.giza.commands import Play, RemoveScarab
from domain.games.giza.data import (
    DEMOLISH,
    DISCARD_MAX,
    DISCARD_MIN,
    HAND_SIZE,
    SPHINX_BASE,
    SPHINX_BODY,
    SPHINX_HEAD,
    STONE,
    TILE_BY_ID,
    TREASURE,
    Tile,
)
from domain.games.giza.state import GizaState
from domain.games.giza.words import SITE_NAMES, signed, tile_name
from domain.messages import Msg, msg


def _why_nowhere(tile: Tile) -> Msg:
    if tile.kind == STONE:
        return msg(
            "Your {tile} fits nowhere now: it needs an empty pyramid site, or a stone or treasure larger "
            "than {number} on top with no scarab over it.",
            tile=tile_name(tile),
            number=tile.number,
        )
    if tile.kind == TREASURE:
        return msg(
            "Your {tile} fits nowhere now: it needs a {plus} or {minus} stone on top of a pyramid.",
            tile=tile_name(tile),
            plus=signed(tile.number),
            minus=signed(-tile.number),
        )
    return _NOWHERE[tile.kind]


# Built once: a note names no tile of its own, so one message serves every view.
_NOWHERE = {
    SPHINX_BASE: msg("Your Sphinx base fits nowhere now: it needs an empty Sphinx site."),
    SPHINX_BODY: msg("Your Sphinx body fits nowhere now: it needs a Sphinx base on top of a Sphinx site."),
    SPHINX_HEAD: msg(
        "Your Sphinx head fits nowhere now: it needs a Sphinx body on top of a Sphinx site (never "
        "straight on a base)."
    ),
    DEMOLISH: msg("Your demolish fits nowhere now: every site is empty."),
}


def _notes(state: GizaState, viewer: int, legal: Sequence[Any]) -> list[Msg]:
    """Why tiles fit nowhere: read from the legal plays already listed (a tile no play names is stuck)."""
    played = {command.tile for command in legal if isinstance(command, Play)}
    stuck = [TILE_BY_ID[tile] for tile in state.hands[viewer] if tile not in played]
    notes = []
    seen: set[tuple[str, int]] = set()
    for tile in stuck:
        if (tile.kind, tile.points) not in seen:
            seen.add((tile.kind, tile.points))
            notes.append(_why_nowhere(tile))
    if len(stuck) == len(state.hands[viewer]):
        notes.append(
            msg(
                "None of your tiles can be played now: discard {least} to {most} of them.",
                least=DISCARD_MIN,
                most=DISCARD_MAX,
            )
        )
    return notes


def _turn_text(legal: Sequence[Any]) -> Msg:
    removable = [SITE_NAMES[command.site] for command in legal if isinstance(command, RemoveScarab)]
    if removable:
        return msg(
            "Your turn: play one tile onto any board (yours or another player's) or discard {least} to "
            "{most} tiles, then draw back to {hand}. You may instead take the scarab off your {sites}: your "
            "turn then ends without drawing.",
            least=DISCARD_MIN,
            most=DISCARD_MAX,
            hand=HAND_SIZE,
            sites=removable,
        )
    return msg(
        "Your turn: play one tile onto any board (yours or another player's) or discard {least} to {most} "
        "tiles, then draw back to {hand}.",
        least=DISCARD_MIN,
        most=DISCARD_MAX,
        hand=HAND_SIZE,
    )


def prompt_for(state: GizaState, viewer: int | None, to_act: set[int], legal: Sequence[Any]) -> Prompt:
    """The viewer's turn in words; ``legal`` are the viewer's legal commands (listed for the view anyway)."""
    if state.over or viewer is None or viewer not in to_act:
        return waiting_prompt(to_act, state.over)
    return Prompt(
        waiting_for=sorted(to_act),
        decision="giza.turn",
        text=_turn_text(legal),
        notes=list[Msg | str](_notes(state, viewer, legal)),
    )
