"""Every game the service can host, by name. Adding a game = one folder under domain/games + one line here."""

from __future__ import annotations

from functools import cache

from domain.engine import Game


@cache
def games() -> dict[str, Game]:
    from domain.games.egizia import GAME as EGIZIA
    from domain.games.sobek import GAME as SOBEK

    return {EGIZIA.name: EGIZIA, SOBEK.name: SOBEK}


def get_game(name: str) -> Game:
    """The game called ``name``; ``KeyError`` with the known names otherwise."""
    known = games()
    try:
        return known[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known games: {sorted(known)}") from None
