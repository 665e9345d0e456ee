"""The fold: one event into the state, in place, without validating (``evolve``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.games.giza import events as ev
from domain.games.giza.state import GizaState, empty_boards


def _set_up(state: GizaState | None, e: ev.GameSetUp) -> GizaState:
    return GizaState(
        options=e.options,
        seed_commitment=e.seed_commitment,
        players=e.players,
        start_seat=e.start_seat,
        turn=e.start_seat,
        pool=list(e.pool),
        hands=[[] for _ in range(e.players)],
        boards=empty_boards(e.players),
    )


def _drawn(state: GizaState, e: ev.TilesDrawn) -> GizaState:
    del state.pool[: e.count]
    state.hands[e.seat].extend(e.tiles)
    return state


def _placed(state: GizaState, e: ev.TilePlaced) -> GizaState:
    state.hands[e.seat].remove(e.tile)
    state.boards[e.board][e.site].append(e.tile)
    return state


def _demolished(state: GizaState, e: ev.TileDemolished) -> GizaState:
    state.hands[e.seat].remove(e.tile)
    state.boards[e.board][e.site].pop()
    state.discards += [e.target, e.tile]
    return state


def _discarded(state: GizaState, e: ev.TilesDiscarded) -> GizaState:
    hand = state.hands[e.seat]
    for tile in e.tiles:
        hand.remove(tile)
    state.discards.extend(e.tiles)
    return state


def _scarab_removed(state: GizaState, e: ev.ScarabRemoved) -> GizaState:
    state.boards[e.seat][e.site].pop()
    state.discards.append(e.tile)
    return state


def _turn_passed(state: GizaState, e: ev.TurnPassed) -> GizaState:
    state.turn = e.seat
    state.turns_taken += 1
    return state


def _ended(state: GizaState, e: ev.GameEnded) -> GizaState:
    state.over = True
    state.end_reason = e.reason
    state.completed_board = e.board
    state.scores = list(e.scores)
    state.ranking = list(e.ranking)
    return state


_FOLDS: dict[type, Callable[[Any, Any], GizaState]] = {
    ev.TilesDrawn: _drawn,
    ev.TilePlaced: _placed,
    ev.TileDemolished: _demolished,
    ev.TilesDiscarded: _discarded,
    ev.ScarabRemoved: _scarab_removed,
    ev.TurnPassed: _turn_passed,
    ev.GameEnded: _ended,
    ev.GameSetUp: _set_up,
}


def evolve(state: GizaState | None, event: Any) -> GizaState:
    """Apply one event to ``state`` (``None`` before the setup) and return it."""
    return _FOLDS[type(event)](state, event)
