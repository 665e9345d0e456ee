"""The web client: HTML pages (lobby, accounts, game, history, rules), their static files and the live view
stream.

Papyrus serves every file itself (no CDN); the pages are shells that ES modules under ``static/`` fill from
the JSON API. Game-specific code lives in ``static/games/<game name>/``: ``game.js`` draws the board and,
when the game has one, ``board.css`` styles it (the game's pages link it by themselves).
"""

from __future__ import annotations

from flask import Blueprint, Response, jsonify, render_template

from api.account_auth import caller_account
from api.context import game_service
from api.web.hosted import find_game_page, hosted_game
from api.web.live import blueprint as live_blueprint
from api.web.settings import install_settings
from domain import registry

blueprint = Blueprint(
    "web",
    __name__,
    static_folder="static",
    static_url_path="/static",
    template_folder="templates",
)
blueprint.register_blueprint(live_blueprint)
blueprint.record_once(lambda state: install_settings(state.app))

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
)


@blueprint.after_request
def _page_headers(response: Response) -> Response:
    response.headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("Referrer-Policy", "same-origin")
    return response


def _page(template: str, status: int = 200, **context: object) -> Response:
    response = Response(render_template(template, **context), status=status, mimetype="text/html")
    response.headers["Cache-Control"] = "no-store"
    return response


def _missing_game(game_id: str) -> Response:
    return _page("missing.html", status=404, title="No such game", game_id=game_id)


@blueprint.get("/")
def lobby_page() -> Response:
    return _page("lobby.html", title="Lobby")


@blueprint.get("/web/games.json")
def hosted_games() -> Response:
    """Each hosted game's title and player counts, from the game itself (its options are in
    /api/openapi.json)."""
    games = [
        {"name": name, "title": game.title, "players": {"min": game.min_players, "max": game.max_players}}
        for name, game in sorted(registry.games().items())
    ]
    return jsonify(games)


@blueprint.get("/web/session.json")
def signed_in() -> Response:
    """Who this browser's session cookie signs in, with the display name others see (``{"name": null}``
    when nobody): the pages ask here, so a signed-out visitor's pages make no request that fails."""
    name = caller_account()
    shown = game_service().accounts.display_name(name) if name else None
    response = jsonify({"name": name, "display_name": shown})
    response.headers["Cache-Control"] = "no-store"
    return response


@blueprint.get("/register")
def register_page() -> Response:
    return _page("account.html", title="Register", mode="register")


@blueprint.get("/login")
def login_page() -> Response:
    return _page("account.html", title="Sign in", mode="login")


def _game_page(template: str, game_id: str, heading: str) -> Response:
    found = find_game_page(game_id)
    if found is None:
        return _missing_game(game_id)
    return _page(template, title=f"{heading}{found.title}", game=found)


@blueprint.get("/games/<game_id>")
def game_page(game_id: str) -> Response:
    return _game_page("game.html", game_id, "")


@blueprint.get("/games/<game_id>/history")
def history_page(game_id: str) -> Response:
    return _game_page("history.html", game_id, "History · ")


@blueprint.get("/games/<game_id>/rules")
def game_rules_page(game_id: str) -> Response:
    return _game_page("rules.html", game_id, "Rules · ")


@blueprint.get("/rules/<name>")
def rules_page(name: str) -> Response:
    found = hosted_game(name)
    if found is None:
        return _page("missing.html", status=404, title="No such game", game_id="")
    return _page("rules.html", title=f"Rules · {found.title}", game=found)
