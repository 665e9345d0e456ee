"""Replaying stored events gives the step-by-step state, also after a msgspec encode/decode round trip."""

from __future__ import annotations

import msgspec
import pytest
from egizia_games import recorded_game

from domain.engine import fold, replay
from domain.games.egizia import GAME, copy_state
from domain.games.egizia.commands import EgiziaCommand
from domain.games.egizia.events import EgiziaEvent

ENCODE = msgspec.msgpack.encode


@pytest.mark.parametrize("players", [2, 3, 4])
def test_replay_from_scratch_equals_the_step_by_step_state(players: int) -> None:
    state, events, _ = recorded_game(players, f"replay-{players}".encode())
    assert ENCODE(replay(GAME, events)) == ENCODE(state)


@pytest.mark.parametrize("codec", ["msgpack", "json"])
def test_events_survive_an_encode_decode_round_trip(codec: str) -> None:
    state, events, _ = recorded_game(4, b"codec")
    module = msgspec.msgpack if codec == "msgpack" else msgspec.json
    decoded = module.decode(module.encode(events), type=list[EgiziaEvent])
    assert decoded == events
    assert ENCODE(fold(GAME, decoded)) == ENCODE(state)


def test_replay_to_any_point_matches_and_does_not_touch_the_source() -> None:
    state, events, _ = recorded_game(3, b"midway")
    halfway = replay(GAME, events, upto=len(events) // 2)
    resumed = fold(GAME, events[len(events) // 2 :], copy_state(halfway))
    assert ENCODE(resumed) == ENCODE(state)
    assert ENCODE(halfway) == ENCODE(replay(GAME, events, upto=len(events) // 2))


def test_commands_survive_a_json_round_trip() -> None:
    _, _, snapshots = recorded_game(2, b"commands")
    for snapshot in snapshots[::7]:
        seat = min(GAME.to_act(snapshot))
        commands = GAME.legal_commands(snapshot, seat)
        decoded = msgspec.json.decode(msgspec.json.encode(commands), type=list[EgiziaCommand])
        assert decoded == commands
