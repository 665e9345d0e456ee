"""What reveals (``domain.engine.revealing``, the limit of taking a move back), derived from each game's
``secrets``: the setup (it draws every shuffle), an event after which some viewer's secrets are not all
secret any more, and what a game adds (``Game.reveals``). The games' own cases are in their folders; the
conformance suite checks the undo rule against it on whole games."""

from __future__ import annotations

from dataclasses import replace

import pytest

from domain.engine import Game, revealing, start
from domain.registry import games, get_game
from tests.support.conformance import copy_state
from tests.support.toygame import GAME as TOY
from tests.support.toygame import CardPlayed, RoundScored


@pytest.mark.parametrize("name", sorted(games()))
def test_the_setup_reveals(name: str) -> None:
    game = get_game(name)
    assert revealing(game, None, game.setup(game.min_players, game.Options(), bytes(32)), [None])


def test_what_a_game_adds_reveals_even_when_no_secret_is_shown() -> None:
    state, _ = start(TOY, 2, TOY.Options(), bytes(32))
    assert TOY.secrets(state, None) == set(), "the toy names no secret: its own declaration decides"
    card = state.hands[0][0]
    viewers = [None, 0, 1]
    assert not revealing(TOY, copy_state(TOY, state), [CardPlayed(seat=0, card=card)], viewers)
    assert revealing(TOY, copy_state(TOY, state), [RoundScored(cards=[card], winner=0, points=card)], viewers)
    undeclared = Game(replace(TOY.rules, reveals=()))
    assert undeclared.reveals(CardPlayed(seat=0, card=card)) is False, "by default, secrets alone decide"
