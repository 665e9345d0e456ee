"""A seat the game does not have is refused by name (random commands are the conformance suite's)."""

from __future__ import annotations

from domain.engine import RuleViolation, start
from domain.games.sobek import GAME, SobekOptions
from domain.games.sobek import commands as cmd


def test_a_seat_that_does_not_exist_is_refused_by_name() -> None:
    state, _ = start(GAME, 2, SobekOptions(), b"fuzz")
    try:
        GAME.decide(state, 5, cmd.Take(position=1))
    except RuleViolation as refusal:
        assert refusal.code == "seat.unknown" and refusal.details == {"field": "seat"}
    else:
        raise AssertionError("seat 5 of a 2-player game was accepted")
