"""A command of the wrong shape never decodes at all, and the error names the field (random commands of the
right shape are the conformance suite's)."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from domain.games.giza import GAME

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
