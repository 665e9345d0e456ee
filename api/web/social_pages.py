"""The pages of table talk and standing: a player's profile and profile settings, each game's leaderboard
and the archive of finished games. Each is a shell that its module under ``static/js/`` fills from the
JSON API (``/api/players/<name>``, ``/api/accounts/me/profile``, ``/api/ratings/<game>``,
``/api/archive``)."""

from __future__ import annotations

from flask import Blueprint, Response, redirect, render_template, url_for
from werkzeug.wrappers import Response as BaseResponse

from domain import registry

blueprint = Blueprint("social_pages", __name__)


def _page(template: str, status: int = 200, **context: object) -> Response:
    response = Response(render_template(template, game=None, **context), status=status, mimetype="text/html")
    response.headers["Cache-Control"] = "no-store"
    return response


def _hosted() -> list[dict[str, str]]:
    return [{"name": name, "title": game.title} for name, game in sorted(registry.games().items())]


@blueprint.get("/players/<path:name>")
def profile_page(name: str) -> Response:
    return _page("profile.html", title=f"Player {name}", name=name)


@blueprint.get("/settings/profile")
def profile_settings_page() -> Response:
    return _page("profile_settings.html", title="Profile settings")


@blueprint.get("/leaderboard")
def first_leaderboard() -> BaseResponse:
    return redirect(url_for("web.social_pages.leaderboard_page", game=_hosted()[0]["name"]))


@blueprint.get("/leaderboard/<game>")
def leaderboard_page(game: str) -> Response:
    hosted = _hosted()
    found = next((entry for entry in hosted if entry["name"] == game), None)
    if found is None:
        return _page("missing.html", status=404, title="No such game", game_id="")
    return _page("leaderboard.html", title=f"Leaderboard · {found['title']}", board=found, hosted=hosted)


@blueprint.get("/archive")
def archive_page() -> Response:
    return _page("archive.html", title="Finished games", hosted=_hosted())
