"""The concrete commands a seat may send now, and the move made for a seat whose clock ran out."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from domain.engine import Seat
from domain.games.giza import commands as cmd
from domain.games.giza.data import DISCARD_MAX, DISCARD_MIN, SCARAB, SITES, TILE_BY_ID
from domain.games.giza.rules.placement import fits, fitting
from domain.games.giza.state import GizaState


def play_commands(state: GizaState, seat: Seat) -> list[cmd.Play]:
    """Every tile of the hand on every site of every board where the placement rules allow it."""
    sites = [
        (board, site, fitting(site, stacks[site]))
        for board, stacks in enumerate(state.boards)
        for site in SITES
    ]
    return [
        cmd.Play(tile=tile_id, board=board, site=site)
        for tile_id in state.hands[seat]
        for board, site, fits_here in sites
        if tile_id in fits_here
    ]


def remove_commands(state: GizaState, seat: Seat) -> list[cmd.RemoveScarab]:
    stacks = state.boards[seat]
    return [
        cmd.RemoveScarab(site=site)
        for site in SITES
        if stacks[site] and TILE_BY_ID[stacks[site][-1]].kind == SCARAB
    ]


def discard_commands(hand: list[str]) -> list[cmd.Discard]:
    """Every non-empty set of 1 to 4 tiles of the hand, in hand order."""
    return [
        cmd.Discard(tiles=list(chosen))
        for size in range(DISCARD_MIN, min(DISCARD_MAX, len(hand)) + 1)
        for chosen in combinations(hand, size)
    ]


def to_act(state: GizaState) -> set[Seat]:
    """The player whose turn it is, until the game is over."""
    return set() if state.over else {state.turn}


def turn_commands(state: GizaState, seat: Seat) -> list[Any]:
    if state.over or seat != state.turn:
        return []
    return [*play_commands(state, seat), *remove_commands(state, seat), *discard_commands(state.hands[seat])]


def playable(state: GizaState, tile_id: str) -> bool:
    """Whether a tile fits on top of some site of some board now."""
    tile = TILE_BY_ID[tile_id]
    return any(fits(tile, site, stacks[site]) for stacks in state.boards for site in SITES)


def timeout_discard(state: GizaState, seat: Seat) -> cmd.Discard:
    """Discard the least useful tile: the first that fits nowhere, else the one worth least."""
    hand = state.hands[seat]
    stuck = [tile for tile in hand if not playable(state, tile)]
    least = stuck[0] if stuck else min(hand, key=lambda tile: TILE_BY_ID[tile].points)
    return cmd.Discard(tiles=[least])
