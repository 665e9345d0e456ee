"""GAME satisfies the engine's Game protocol; timeouts, unknown seats and a finished game behave."""

from __future__ import annotations

import pytest
from egizia_games import recorded_game
from egizia_support import at_site, new_game, play

from domain.engine import Game, RuleViolation
from domain.games.egizia import GAME, EgiziaState
from domain.games.egizia.commands import Decline, Pass, SphinxDraw, SphinxKeep
from domain.games.egizia.state import NOBODY
from domain.registry import get_game


def test_registry_serves_the_egizia_game() -> None:
    assert get_game("egizia") is GAME
    assert isinstance(GAME, Game)
    assert (GAME.min_players, GAME.max_players) == (2, 4)


def test_timeout_command_is_always_accepted() -> None:
    _, _, snapshots = recorded_game(3, b"timeouts")
    for state in snapshots[::5]:
        for seat in GAME.to_act(state):
            assert GAME.decide(state, seat, GAME.timeout_command(state, seat))


def test_timeout_defaults_pass_decline_and_keep_nothing() -> None:
    state: EgiziaState = new_game()
    assert GAME.timeout_command(state, state.turn) == Pass()
    building: EgiziaState = at_site(new_game(), 0, [0, NOBODY, NOBODY])
    assert GAME.timeout_command(building, 0) == Decline()
    drawn, _ = play(building, 0, SphinxDraw(crews=[0], count=1))
    assert GAME.timeout_command(drawn, 0) == SphinxKeep(keep=[])


def test_unknown_seat_and_finished_game_are_refused() -> None:
    state: EgiziaState = new_game()
    with pytest.raises(RuleViolation, match="no such seat"):
        GAME.decide(state, 7, Pass())
    final, _, _ = recorded_game(2, b"over")
    with pytest.raises(RuleViolation, match="over"):
        GAME.decide(final, 0, Pass())
    assert GAME.legal_commands(final, 0) == [] and GAME.to_act(final) == set()


def test_commands_from_a_seat_that_is_not_to_act_list_nothing() -> None:
    state: EgiziaState = new_game()
    others = [seat for seat in range(4) if seat != state.turn]
    assert all(GAME.legal_commands(state, seat) == [] for seat in others)
