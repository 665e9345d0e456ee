"""Random commands for any game, as the API would let them through: legal commands with one field changed,
and commands of every type of the game's union filled with random values, each decoded from JSON against
the game's ``Command`` union (one that does not decode is answered 400 and never reaches the rules).

Values come mostly from what the game itself uses (every string and number of the legal commands seen in a
recorded game, the ids the game keeps secret), now and then from values no game knows (``""``, -2).
"""

from __future__ import annotations

import random
from typing import Any

import msgspec
from msgspec import inspect

from domain.engine import command_types
from tests.support.conformance import Trace, sampled

DECISIONS_SEEN = 30
UNKNOWN_STRINGS = ("", "bogus", "X")
UNKNOWN_NUMBERS = (-2, -1, 99)


def _scalars(value: Any) -> list[Any]:
    if isinstance(value, list):
        return [item for element in value for item in _scalars(element)]
    if isinstance(value, dict):
        return [item for element in value.values() for item in _scalars(element)]
    return [value]


class RandomCommands:
    """Draws commands for one game from the values its recorded game used."""

    def __init__(self, trace: Trace, rng: random.Random) -> None:
        game = trace.game
        self._game = game
        self._rng = rng
        self.legal: list[dict[str, Any]] = []
        strings: set[str] = set()
        numbers: set[int] = set()
        for decision in sampled(trace.decisions, DECISIONS_SEEN):
            strings |= game.secrets(decision.state, None)
            for seat in range(trace.players):
                for command in game.legal_commands(decision.state, seat):
                    raw = msgspec.to_builtins(command)
                    self.legal.append(raw)
                    for value in _scalars({key: item for key, item in raw.items() if key != "type"}):
                        if isinstance(value, str):
                            strings.add(value)
                        elif isinstance(value, int) and not isinstance(value, bool):
                            numbers.add(value)
        self._strings = sorted(strings)
        self._numbers = sorted(numbers)
        self._types = [inspect.type_info(kind) for kind in command_types(game.Command)]

    def _value(self, kind: Any) -> Any:
        while isinstance(kind, inspect.Metadata):
            kind = kind.type
        if isinstance(kind, inspect.BoolType):
            return self._rng.random() < 0.5
        if isinstance(kind, inspect.IntType):
            return self._rng.choice(self._numbers if self._rng.random() < 0.8 else UNKNOWN_NUMBERS)
        if isinstance(kind, inspect.StrType):
            return self._rng.choice(self._strings if self._rng.random() < 0.8 else UNKNOWN_STRINGS)
        if isinstance(kind, inspect.ListType):
            return [self._value(kind.item_type) for _ in range(self._rng.randint(0, 4))]
        return self._rng.choice([*self._strings, *self._numbers, *UNKNOWN_STRINGS])

    def _changed(self, command: dict[str, Any]) -> dict[str, Any]:
        """The command with one of its fields (if it has any) set to a random value."""
        raw = dict(command)
        kind = next(kind for kind in self._types if kind.tag == raw["type"])
        if kind.fields:
            field = self._rng.choice(kind.fields)
            raw[field.encode_name] = self._value(field.type)
        return raw

    def _raw(self, legal_now: list[Any]) -> dict[str, Any]:
        roll = self._rng.random()
        if legal_now and roll < 0.4:
            return self._changed(msgspec.to_builtins(self._rng.choice(legal_now)))
        if self.legal and roll < 0.7:
            return self._changed(self._rng.choice(self.legal))
        kind = self._rng.choice(self._types)
        raw = {kind.tag_field: kind.tag}
        for field in kind.fields:
            if field.required or self._rng.random() < 0.7:
                raw[field.encode_name] = self._value(field.type)
        return raw

    def draw(self, legal_now: list[Any]) -> Any | None:
        """A random command, often one of ``legal_now`` changed, or None when the one drawn does not decode
        (the API would answer 400)."""
        try:
            return msgspec.convert(self._raw(legal_now), self._game.Command)
        except msgspec.ValidationError:
            return None
