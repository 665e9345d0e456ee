"""The web client: HTML pages (lobby, accounts, game, history), their static files and the live view stream.

Papyrus serves every file itself (no CDN); the pages are shells that ES modules under ``static/`` fill from
the JSON API. Game-specific drawing code lives in ``static/games/<game name>/`` and is picked by name.
"""

from __future__ import annotations

from flask import Blueprint, Response, jsonify, render_template

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


def _page(template: str, **context: str) -> Response:
    response = Response(render_template(template, **context), mimetype="text/html")
    response.headers["Cache-Control"] = "no-store"
    return response


@blueprint.get("/")
def lobby_page() -> Response:
    return _page("lobby.html", title="Lobby")


@blueprint.get("/web/games.json")
def hosted_games() -> Response:
    """Each hosted game's player counts, from the game itself (its options are in /api/openapi.json)."""
    games = [
        {"name": name, "players": {"min": game.min_players, "max": game.max_players}}
        for name, game in sorted(registry.games().items())
    ]
    return jsonify(games)


@blueprint.get("/register")
def register_page() -> Response:
    return _page("account.html", title="Register", mode="register")


@blueprint.get("/login")
def login_page() -> Response:
    return _page("account.html", title="Sign in", mode="login")


@blueprint.get("/games/<game_id>")
def game_page(game_id: str) -> Response:
    return _page("game.html", title="Game", game_id=game_id)


@blueprint.get("/games/<game_id>/history")
def history_page(game_id: str) -> Response:
    return _page("history.html", title="History", game_id=game_id)
