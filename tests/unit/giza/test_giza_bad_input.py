"""Arbitrary commands at arbitrary moments: a clear refusal or valid events, never a crash or a change; and a
command of the wrong shape never decodes at all, with the field named."""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest
from giza_support import played

from domain.engine import RuleViolation
from domain.games.giza import GAME
from domain.games.giza.commands import Discard, Play, RemoveScarab
from domain.games.giza.data import TILE_IDS

TILES = [*TILE_IDS[::7], "", "S+9.1", "X", "s+1.1"]


def _random_command(rng: random.Random) -> Any:
    return rng.choice(
        [
            Play(tile=rng.choice(TILES), board=rng.randint(-1, 7), site=rng.randint(-1, 5)),
            Discard(tiles=rng.sample(TILES, rng.randint(0, 6))),
            Discard(tiles=[rng.choice(TILES)] * 2),
            RemoveScarab(site=rng.randint(-1, 5)),
        ]
    )


def test_random_commands_are_refused_clearly_or_accepted_and_never_mutate_the_state() -> None:
    rng = random.Random(2025)
    for turns in (0, 10, 25, 40):
        state, _ = played(players=4, turns=turns, seed=b"fuzz")
        before = msgspec.msgpack.encode(state)
        for _ in range(300):
            seat = rng.randint(0, 3)
            try:
                events = GAME.decide(state, seat, _random_command(rng))
            except RuleViolation as refusal:
                assert refusal.code and refusal.message.strip()
            else:
                assert events
        assert msgspec.msgpack.encode(state) == before


WRONG_SHAPES = [
    ({"type": "giza.play", "tile": 5, "board": 1, "site": 0}, "$.tile"),
    ({"type": "giza.play", "tile": "S+1.1", "board": "1", "site": 0}, "$.board"),
    ({"type": "giza.play", "tile": "S+1.1", "board": 1, "site": 1.5}, "$.site"),
    ({"type": "giza.play", "tile": "S+1.1", "board": 1}, "site"),
    ({"type": "giza.play", "board": 1, "site": 0}, "tile"),
    ({"type": "giza.play", "tile": "S+1.1", "board": 6, "site": 0}, "$.board"),
    ({"type": "giza.play", "tile": "S+1.1", "board": -1, "site": 0}, "$.board"),
    ({"type": "giza.play", "tile": "S+1.1", "board": 0, "site": 4}, "$.site"),
    ({"type": "giza.discard", "tiles": []}, "$.tiles"),
    ({"type": "giza.discard", "tiles": ["a", "b", "c", "d", "e"]}, "$.tiles"),
    ({"type": "giza.discard", "tiles": "S+1.1"}, "$.tiles"),
    ({"type": "giza.discard", "tiles": [1]}, "$.tiles[0]"),
    ({"type": "giza.discard"}, "tiles"),
    ({"type": "giza.remove_scarab", "site": "khufu"}, "$.site"),
    ({"type": "giza.remove_scarab"}, "site"),
    ({"type": "giza.fly"}, "type"),
]


@pytest.mark.parametrize(("raw", "field"), WRONG_SHAPES)
def test_a_command_of_the_wrong_shape_does_not_decode_and_the_error_names_the_field(
    raw: Any, field: str
) -> None:
    with pytest.raises(msgspec.ValidationError) as invalid:
        msgspec.convert(raw, GAME.Command)
    assert field in str(invalid.value)
