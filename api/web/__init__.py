"""The web client: HTML pages (lobby, accounts, game, history, rules), their static files and the live view
stream.

Papyrus serves every file itself (no CDN); the pages are shells that ES modules under ``static/`` fill from
the JSON API. Game-specific code lives in ``static/games/<game name>/``: ``game.js`` draws the board and,
when the game has one, ``board.css`` styles it (the game's pages link it by themselves).
"""

from __future__ import annotations

from collections.abc import Callable

import msgspec
from flask import Blueprint, Response, jsonify, render_template

from api.account_auth import caller_account
from api.context import game_service
from api.web.hosted import find_game_page, hosted_game
from api.web.i18n import blueprint as i18n_blueprint
from api.web.i18n import game_title, install_translations, page_title
from api.web.live import blueprint as live_blueprint
from api.web.seat_socket import blueprint as seat_socket_blueprint
from api.web.settings import install_settings
from api.web.social_pages import blueprint as social_pages_blueprint
from domain import registry
from domain.messages import Msg, msg
from services.errors import ServiceError

blueprint = Blueprint(
    "web",
    __name__,
    static_folder="static",
    static_url_path="/static",
    template_folder="templates",
)
blueprint.register_blueprint(live_blueprint)
blueprint.register_blueprint(seat_socket_blueprint)
blueprint.register_blueprint(social_pages_blueprint)
blueprint.register_blueprint(i18n_blueprint)
blueprint.record_once(lambda state: install_translations(state.app))
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
    if response.mimetype == "text/html":
        response.vary.update(("Accept-Language", "Cookie"))
    return response


def _page(template: str, status: int = 200, **context: object) -> Response:
    response = Response(render_template(template, **context), status=status, mimetype="text/html")
    response.headers["Cache-Control"] = "no-store"
    return response


def _missing_game(game_id: str) -> Response:
    return _page("missing.html", status=404, title=page_title(msg("No such game")), game_id=game_id)


@blueprint.get("/")
def lobby_page() -> Response:
    return _page("lobby.html", title=page_title(msg("Lobby")))


@blueprint.get("/web/games.json")
def hosted_games() -> Response:
    """Each hosted game's title, player counts and the words for its options, from the game itself (the
    options' types and defaults are in /api/openapi.json)."""
    games = [
        {
            "name": name,
            "title": game_title(game),
            "players": {"min": game.min_players, "max": game.max_players},
            "options": msgspec.to_builtins(dict(game.option_labels())),
        }
        for name, game in sorted(registry.games().items())
    ]
    response = jsonify(games)
    response.headers["Vary"] = "Accept-Language, Cookie"  # the titles are in the reader's language
    return response


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
    return _page("account.html", title=page_title(msg("Register")), mode="register")


@blueprint.get("/login")
def login_page() -> Response:
    return _page("account.html", title=page_title(msg("Sign in")), mode="login")


@blueprint.get("/account/settings")
def settings_page() -> Response:
    return _page("account.html", title=page_title(msg("Notification settings")), mode="settings")


@blueprint.get("/unsubscribe/<token>")
def unsubscribe_page(token: str) -> Response:
    return _page("account.html", title=page_title(msg("Unsubscribe")), mode="unsubscribe", token=token)


@blueprint.get("/verify-email/<token>")
def verify_email_page(token: str) -> Response:
    """The link of a verification mail: it confirms the address and says so on a page (a link that no
    longer works says what to do instead)."""
    try:
        verified = game_service().notifications.verify_email(token)
    except ServiceError:
        return _page("account.html", status=400, title=page_title(msg("E-mail address")), mode="verified")
    return _page(
        "account.html", title=page_title(msg("E-mail address")), mode="verified", email=verified.email
    )


def _game_page(template: str, game_id: str, heading: Callable[[str], Msg] | None) -> Response:
    found = find_game_page(game_id)
    if found is None:
        return _missing_game(game_id)
    title = page_title(heading(found.title)) if heading is not None else found.title
    return _page(template, title=title, game=found)


@blueprint.get("/games/<game_id>")
def game_page(game_id: str) -> Response:
    return _game_page("game.html", game_id, None)


@blueprint.get("/games/<game_id>/history")
def history_page(game_id: str) -> Response:
    return _game_page("history.html", game_id, lambda title: msg("History · {game}", game=title))


@blueprint.get("/games/<game_id>/rules")
def game_rules_page(game_id: str) -> Response:
    return _game_page("rules.html", game_id, lambda title: msg("Rules · {game}", game=title))


@blueprint.get("/rules/<name>")
def rules_page(name: str) -> Response:
    found = hosted_game(name)
    if found is None:
        return _page("missing.html", status=404, title=page_title(msg("No such game")), game_id="")
    return _page("rules.html", title=page_title(msg("Rules · {game}", game=found.title)), game=found)
