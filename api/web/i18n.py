"""The pages in the reader's language: templates translate with gettext (Jinja's i18n extension), every page
says its language (``<html lang>``) and names the catalog its scripts translate with, served here as JSON."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, abort, request, url_for
from flask.sansio.app import App

from api.language import rendered, request_language
from domain.engine import Game
from domain.messages import Msg
from services.i18n import language, languages
from services.i18n.page_catalog import page_catalog

blueprint = Blueprint("i18n", __name__)
CATALOG_MAX_AGE = 365 * 86_400  # the URL carries the catalog's hash, so a new catalog is a new URL


@blueprint.get("/web/i18n/<code>.json")
def catalog(code: str) -> Response:
    if code not in languages():
        abort(404)
    found = page_catalog(code)
    response = Response(found.body, mimetype="application/json")
    response.set_etag(found.etag)
    response.headers["Cache-Control"] = f"public, max-age={CATALOG_MAX_AGE}, immutable"
    response.make_conditional(request)
    return response


def game_title(game: Game) -> str:
    """A game's name as the reader's community calls it, where that differs from its English title."""
    words = game.title_words
    return words if isinstance(words, str) else rendered(words)


def page_title(message: Msg) -> str:
    """A page's title as its reader reads it."""
    return rendered(message)


def _translations() -> Any:
    return language(request_language()).translations


def _page_context() -> dict[str, Any]:
    code = request_language()
    return {
        "page_lang": code,
        "catalog_url": url_for("web.i18n.catalog", code=code, v=page_catalog(code).etag),
        "page_languages": list(languages().values()),
    }


def install_translations(app: App) -> None:
    """Templates call ``_``, ``ngettext`` and ``pgettext`` in the language of the request being served."""
    app.jinja_env.add_extension("jinja2.ext.i18n")
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=lambda text: _translations().gettext(text),
        ngettext=lambda one, many, count: _translations().ngettext(one, many, count),
        pgettext=lambda context, text: _translations().pgettext(context, text),
        npgettext=lambda context, one, many, count: _translations().npgettext(context, one, many, count),
        newstyle=True,
    )
    app.jinja_env.filters["tr"] = rendered
    app.context_processor(_page_context)
