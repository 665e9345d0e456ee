"""What a game's pages need to know about the game: its title, its own stylesheet if it has one, and its
rules reference, all from the game in the registry (nothing here names a game)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from api.context import game_service
from api.web.i18n import game_title
from domain import registry
from domain.engine import Game, RulesSection
from services.game_service import ServiceError

GAMES_STATIC = Path(__file__).resolve().parent / "static" / "games"
STYLESHEET = "board.css"


@dataclass(frozen=True)
class GamePage:
    """``stylesheet``: the path under ``static/`` of the game's ``board.css``, or None when it has none;
    ``game_id``: the game played (None on the rules page of a game name)."""

    name: str
    title: str
    stylesheet: str | None
    rules: list[RulesSection] = field(default_factory=list)
    game_id: str | None = None


def game_stylesheet(name: str) -> str | None:
    """``games/<name>/board.css`` when the game ships one: every page of the game links it."""
    found = GAMES_STATIC / name / STYLESHEET
    return f"games/{name}/{STYLESHEET}" if found.is_file() else None


def _page_of(game: Game, game_id: str | None) -> GamePage:
    return GamePage(
        name=game.name,
        title=game_title(game),
        stylesheet=game_stylesheet(game.name),
        rules=list(game.rules_reference()),
        game_id=game_id,
    )


def hosted_game(name: str) -> GamePage | None:
    """The pages' facts of the hosted game called ``name``; None for a name the server does not host."""
    game = registry.games().get(name)
    return None if game is None else _page_of(game, None)


def find_game_page(game_id: str) -> GamePage | None:
    """The pages' facts of the game being played as ``game_id``; None for an unknown game."""
    try:
        meta = game_service().meta(game_id)
    except ServiceError:
        return None
    return _page_of(registry.get_game(meta.game), game_id)
