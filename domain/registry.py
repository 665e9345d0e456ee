"""Every game the service can host, by name. Adding a game = one folder under domain/games + one line here."""

from __future__ import annotations

from functools import cache

from domain.engine import Game


@cache
def games() -> dict[str, Game]:
    from domain.games.egizia import GAME as EGIZIA
    from domain.games.giza import GAME as GIZA

    return {EGIZIA.name: EGIZIA, GIZA.name: GIZA}


def get_game(name: str) -> Game:
    """The game called ``name``; ``KeyError`` with the known names otherwise."""
    known = games()
    try:
        return known[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known games: {sorted(known)}") from None
