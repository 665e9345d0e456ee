"""Every game the service can host, by name. Adding a game = one folder under domain/games exporting ``GAME``
and its name in :data:`HOSTED`."""

from __future__ import annotations

from functools import cache
from importlib import import_module

from domain.engine import Game

HOSTED = ("egizia", "giza", "sobek")


@cache
def games() -> dict[str, Game]:
    loaded: dict[str, Game] = {}
    for name in HOSTED:
        game: Game = import_module(f"domain.games.{name}").GAME
        if game.name != name:
            raise ValueError(f"domain.games.{name} exports a game called {game.name!r}")
        loaded[name] = game
    return loaded


def get_game(name: str) -> Game:
    """The game called ``name``; ``KeyError`` with the known names otherwise."""
    known = games()
    try:
        return known[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known games: {sorted(known)}") from None
