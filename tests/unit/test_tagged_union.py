"""services/tagged_union.convert answers exactly what msgspec.convert answers for the games' Event and
Command unions, errors included (the API names the offending field from them), only faster."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from domain.engine import Game, RandomBot, apply_command, start
from domain.registry import games, get_game
from services import tagged_union
from services.table import commands as table_commands


def _played(game: Game, players: int) -> tuple[list[Any], list[Any]]:
    """The events and the commands of one random game, played to its end."""
    state, events = start(game, players, game.Options(), b"tagged-union-test".ljust(32, b"."))
    bots = [RandomBot(seat) for seat in range(players)]
    commands: list[Any] = []
    while game.result(state) is None:
        seat = min(game.to_act(state))
        command = bots[seat].choose(game, state, seat)
        commands.append(command)
        state, new_events = apply_command(game, state, seat, command)
        events += new_events
    return events, commands


@pytest.mark.parametrize("name", sorted(games()))
def test_every_event_and_command_of_a_game_converts_as_msgspec_does(name: str) -> None:
    game = get_game(name)
    events, commands = _played(game, game.min_players)
    for union, values in ((game.Event, events), (game.Command, commands)):
        for value in values:
            data = msgspec.to_builtins(value)
            assert tagged_union.convert(data, union) == msgspec.convert(data, union) == value


def _error(data: Any, type_: Any) -> str:
    with pytest.raises(msgspec.ValidationError) as refused:
        tagged_union.convert(data, type_)
    with pytest.raises(msgspec.ValidationError) as expected:
        msgspec.convert(data, type_)
    assert str(refused.value) == str(expected.value)
    return str(refused.value)


def test_a_bad_command_is_refused_with_the_same_words() -> None:
    game = get_game("egizia")
    _, commands = _played(game, 2)
    good = msgspec.to_builtins(commands[0])
    field = next(key for key, value in good.items() if type(value) is int)
    assert "`$." + field + "`" in _error({**good, field: "not this"}, game.Command)
    assert "type" in _error({**good, "type": "egizia.no_such_command"}, game.Command)
    _error({key: value for key, value in good.items() if key != "type"}, game.Command)
    _error({**good, "type": ["unhashable"]}, game.Command)
    _error("not an object", game.Command)


def test_other_types_go_through_msgspec_unchanged() -> None:
    assert tagged_union.convert({"seat": 1}, dict[str, int]) == {"seat": 1}
    assert tagged_union.convert(3, int | str) == 3
    assert isinstance(
        tagged_union.convert({"type": "papyrus.resign"}, table_commands.AnyTableCommand),
        table_commands.Resign,
    )
