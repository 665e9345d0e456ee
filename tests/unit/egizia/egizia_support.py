"""Helpers for the Egizia rules tests: set a game up, put it in a given situation, run commands."""

from __future__ import annotations

from typing import Any

from domain.engine import fold, run_automatic, start
from domain.games.egizia import GAME, EgiziaOptions, EgiziaState, copy_state
from domain.games.egizia.state import BUILDING, NOBODY, PLACEMENT


def new_game(
    players: int = 4, seed: bytes = b"test-seed", options: EgiziaOptions | None = None
) -> EgiziaState:
    """A fresh game in round 1, waiting for the first ship placement."""
    state, _ = start(GAME, players, options or EgiziaOptions(), seed)
    assert isinstance(state, EgiziaState) and state.phase == PLACEMENT
    return state


def play(state: EgiziaState, seat: int, command: Any) -> tuple[EgiziaState, list[Any]]:
    """Decide and fold a command on a copy (no automatic steps); the given state is left untouched."""
    events = GAME.decide(state, seat, command)
    return fold(GAME, events, copy_state(state)), events


def play_on(state: EgiziaState, seat: int, command: Any) -> tuple[EgiziaState, list[Any]]:
    """Like :func:`play`, then run the automatic steps that follow."""
    after, events = play(state, seat, command)
    after, automatic = run_automatic(GAME, after)
    return after, [*events, *automatic]


def at_placement(state: EgiziaState, seat: int) -> EgiziaState:
    """Make it ``seat``'s turn to place a ship."""
    state.turn = seat
    return state


def at_site(
    state: EgiziaState, site: int, slots: list[int], speculators: list[int] | None = None
) -> EgiziaState:
    """Put the game in phase 5 at ``site`` (0 Sphinx, 1 Obelisk/Graves, 2 Temple/Pyramid) with these ships."""
    state.phase = BUILDING
    state.turn = NOBODY
    for index, other in enumerate(state.sites):
        count = len(other.slots)
        other.slots = list(slots) if index == site else [NOBODY] * count
        other.speculators = list(speculators or [NOBODY] * count) if index == site else [NOBODY] * count
        other.built = [False] * count
    state.site = site
    state.slot = 0
    while state.slot < len(slots) and slots[state.slot] == NOBODY:
        state.slot += 1
    return state


def scores(state: EgiziaState) -> list[int]:
    return [player.score for player in state.players]


def of_type(events: list[Any], kind: type) -> list[Any]:
    return [event for event in events if isinstance(event, kind)]
