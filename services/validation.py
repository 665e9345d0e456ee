"""Checks on everything a caller passes in; each failure names the field and the reason (HTTP 400)."""

from __future__ import annotations

import re
from typing import Any

import msgspec

from domain import registry
from domain.engine import Game
from services import tagged_union
from services.errors import ServiceError
from services.names import normal_name
from services.results import GameMeta

_AT_PATH = re.compile(r" - at `\$(?P<path>[^`]*)`$")
_NAMED_FIELD = re.compile(r"^Object (?P<problem>missing required|contains unknown) field `(?P<name>[^`]+)`")
MAX_NAME = 40
MAX_COMMAND_ID = 100


def bad(field: str, message: str, code: str = "invalid") -> ServiceError:
    return ServiceError(400, f"{field.split('.')[0]}.{code}", message, field=field)


def known_game(name: str) -> Game:
    if not isinstance(name, str) or name not in registry.games():
        raise bad("game", f"Unknown game {name!r}; known games: {sorted(registry.games())}.", "unknown")
    return registry.get_game(name)


def seat_count(game: Game, seats: Any) -> int:
    if isinstance(seats, bool) or not isinstance(seats, int):
        raise bad("seats", "seats must be an integer.")
    if not game.min_players <= seats <= game.max_players:
        raise bad("seats", f"{game.name} is played by {game.min_players} to {game.max_players} players.")
    return seats


def decode(data: Any, type_: Any, field: str) -> Any:
    """``data`` converted to ``type_``; a 400 naming the exact JSON path otherwise: the offending value
    (``command.ship``), or the missing or unknown field itself (``options.jokers``), with the reason."""
    try:
        return tagged_union.convert(data, type_)
    except msgspec.ValidationError as error:
        text = str(error)
        match = _AT_PATH.search(text)
        path = f"{field}{match.group('path')}" if match else field
        reason = _AT_PATH.sub("", text)
        named = _NAMED_FIELD.match(reason)
        if named is not None:
            path = f"{path}.{named.group('name')}"
            missing = named.group("problem") == "missing required"
            reason = "is required here" if missing else "is not a known field here"
        raise bad(path, f"{path}: {reason}.") from None


def options(game: Game, data: Any) -> Any:
    """A game's options decoded; an option the game does not have is refused by name (even where the
    game's Options struct would ignore it), as is a value of the wrong type."""
    if isinstance(data, dict):
        known = [info.encode_name for info in msgspec.structs.fields(game.Options)]
        for name in data:
            if name not in known:
                path = f"options.{name}"
                raise bad(path, f"{path}: {game.name} has no option {name!r}; its options are {known}.")
    return decode(data, game.Options, "options")


def player_name(name: Any) -> str:
    """NFKC-normalised and trimmed; no control or format characters, something visible (see names.py)."""
    return normal_name(name, "player_name", MAX_NAME)


def seat(meta: GameMeta, value: Any, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < meta.seats:
        raise bad(field, f"{field} must be a seat number from 0 to {meta.seats - 1}.")
    return value


COMMAND_ID = re.compile(r"[A-Za-z0-9_.-]+")


def command_id(value: Any) -> str:
    """1 to ``MAX_COMMAND_ID`` of ``A-Z a-z 0-9 _ . -``, matched in full (a trailing newline is refused)."""
    if not isinstance(value, str) or len(value) > MAX_COMMAND_ID or not COMMAND_ID.fullmatch(value):
        raise bad(
            "command_id",
            f"command_id must be 1 to {MAX_COMMAND_ID} of A-Z a-z 0-9 _ . - (nothing else, no newline).",
        )
    return value


def expected_version(value: Any) -> int | None:
    if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 0):
        raise bad("expected_version", "expected_version must be a non-negative integer or null.")
    result: int | None = value
    return result


def version_in_range(at: Any, version: int) -> int:
    if isinstance(at, bool) or not isinstance(at, int) or not 1 <= at <= version:
        raise bad("at", f"at must be a version from 1 to {version}.")
    return at
