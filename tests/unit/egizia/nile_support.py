"""Helpers for the Nile-card tests: hand a card to a seat, lay one on the river, refusal codes."""

from __future__ import annotations

from typing import Any

import pytest
from egizia_support import play

from domain.engine import RuleViolation
from domain.games.egizia import GAME, EgiziaState
from domain.games.egizia.data import NILE_BY_ID, PERM


def give(state: EgiziaState, seat: int, *cards: str) -> EgiziaState:
    """Put anytime cards in the seat's hand and permanent cards in its tableau."""
    player = state.players[seat]
    for card in cards:
        (player.permanents if NILE_BY_ID[card].type == PERM else player.hand).append(card)
    return state


def on_river(state: EgiziaState, seat: int, card: str, space: str = "C1") -> EgiziaState:
    """Lay ``card`` on ``space`` and make it ``seat``'s turn, with no ship placed yet."""
    state.river_cards[int(space[1:]) - 1] = card
    state.players[seat].last_position = 0
    state.turn = seat
    return state


def refusal(state: EgiziaState, seat: int, command: Any) -> RuleViolation:
    """The refusal ``decide`` gives (the test fails if the command is accepted)."""
    with pytest.raises(RuleViolation) as caught:
        play(state, seat, command)
    return caught.value


def legal(state: EgiziaState, seat: int) -> list[Any]:
    return GAME.legal_commands(state, seat)
