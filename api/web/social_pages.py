"""The pages of table talk and standing: a player's profile and profile settings, each game's leaderboard
and the archive of finished games. Each is a shell that its module under ``static/js/`` fills from the
JSON API (``/api/profiles/<id>``, ``/api/accounts/me/profile``, ``/api/ratings/<game>``,
``/api/archive``)."""

from __future__ import annotations

from flask import Blueprint, Response, redirect, render_template, url_for
from werkzeug.wrappers import Response as BaseResponse

from api.account_auth import caller_account
from api.context import game_service
from api.web.i18n import game_title, page_title
from domain import registry
from domain.messages import msg

blueprint = Blueprint("social_pages", __name__)


def _page(template: str, status: int = 200, **context: object) -> Response:
    response = Response(render_template(template, game=None, **context), status=status, mimetype="text/html")
    response.headers["Cache-Control"] = "no-store"
    return response


def _hosted() -> list[dict[str, str]]:
    return [{"name": name, "title": game_title(game)} for name, game in sorted(registry.games().items())]


@blueprint.get("/profiles/<public_id>")
def profile_page(public_id: str) -> Response:
    """A player's profile at its lasting address: the account's public id, which no rename changes. The
    page shows the current display name, never the id."""
    profiles = game_service().social.profiles
    key = profiles.account_by_id(public_id)
    shown = profiles.display_name(key) if key is not None else None
    if shown is None:
        return _page(
            "profile.html", status=404, title=page_title(msg("No such player")), name="", public_id=""
        )
    title = page_title(msg("Player {name}", name=shown))
    return _page("profile.html", title=title, name=shown, public_id=public_id)


@blueprint.get("/profile")
def own_profile() -> BaseResponse:
    """The signed-in player's own profile (the header's link), at its lasting address; the sign-in page for
    a visitor."""
    account = caller_account()
    if account is None or game_service().accounts.display_name(account) is None:
        return redirect(url_for("web.login_page"))
    public_id = game_service().social.profiles.public_id(account)
    return redirect(url_for("web.social_pages.profile_page", public_id=public_id))


@blueprint.get("/players/<path:name>")
def profile_by_name(name: str) -> BaseResponse:
    """A link by display name (an old one, or typed): to the profile of whoever uses the name now, else of
    whoever used it before a rename; a page saying nobody has it otherwise."""
    profiles = game_service().social.profiles
    key = profiles.account_named(name)
    if key is None or profiles.display_name(key) is None:
        return _page(
            "profile.html", status=404, title=page_title(msg("No such player")), name=name, public_id=""
        )
    return redirect(url_for("web.social_pages.profile_page", public_id=profiles.public_id(key)))


@blueprint.get("/settings/profile")
def profile_settings_page() -> Response:
    return _page("profile_settings.html", title=page_title(msg("Profile settings")))


@blueprint.get("/leaderboard")
def first_leaderboard() -> BaseResponse:
    return redirect(url_for("web.social_pages.leaderboard_page", game=_hosted()[0]["name"]))


@blueprint.get("/leaderboard/<game>")
def leaderboard_page(game: str) -> Response:
    hosted = _hosted()
    found = next((entry for entry in hosted if entry["name"] == game), None)
    if found is None:
        return _page("missing.html", status=404, title=page_title(msg("No such game")), game_id="")
    title = page_title(msg("Leaderboard · {game}", game=found["title"]))
    return _page("leaderboard.html", title=title, board=found, hosted=hosted)


@blueprint.get("/archive")
def archive_page() -> Response:
    return _page("archive.html", title=page_title(msg("Finished games")), hosted=_hosted())


@blueprint.get("/ratings")
def ratings_help_page() -> Response:
    return _page("ratings_help.html", title=page_title(msg("How ratings work")))
