"""What each registered game declares as revealing (``Game.reveals``, the limit of taking a move back): the
setup reveals (its shuffles), and every automatic event that some seat sees redacted — a deal, a draw, a
card turned up — is declared revealing, so no undo can take back what a seat was shown."""

from __future__ import annotations

from typing import Any

import pytest

from domain.engine import Game, RandomBot, fold
from domain.registry import games, get_game

GAMES_PER_RULESET = 3
MAX_STEPS = 3000


def automatic_events(game: Game, seats: int, seed: int) -> list[Any]:
    """The setup's and every automatic step's events of one random-bot game."""
    events = game.setup(seats, game.Options(), bytes([seed]) * 32)
    state = fold(game, events)
    automatic = list(events)
    for step in range(MAX_STEPS):
        produced = game.advance(state)
        if produced:
            automatic += produced
            state = fold(game, produced, state)
            continue
        if game.result(state) is not None:
            return automatic
        seat = sorted(game.to_act(state))[0]
        state = fold(game, game.decide(state, seat, RandomBot(step + seed).choose(game, state, seat)), state)
    raise AssertionError(f"{game.name}: no end after {MAX_STEPS} steps")


@pytest.mark.parametrize("name", sorted(games()))
def test_every_automatic_event_that_hides_something_is_declared_revealing(name: str) -> None:
    game = get_game(name)
    for index in range(GAMES_PER_RULESET):
        seats = game.min_players + index % (game.max_players - game.min_players + 1)
        events = automatic_events(game, seats, index)
        assert any(game.reveals(event) for event in game.setup(seats, game.Options(), bytes([index]) * 32))
        for event in events:
            if any(game.redact(event, viewer) != event for viewer in [None, *range(seats)]):
                assert game.reveals(event), f"{type(event).__name__} hides something but is not revealing"
