"""The languages the site is written in, and the one a signed-in player chose to read it in."""

from __future__ import annotations

import msgspec
from flask import Response, jsonify

from api import refusals
from api.account_auth import require_account
from api.context import game_service
from api.decoding import decode_body
from api.endpoints import api_blueprint, endpoint
from api.language import request_language
from services.i18n import languages

blueprint = api_blueprint("languages", __name__)


class LanguageName(msgspec.Struct, kw_only=True):
    """A shipped language: its code and its name written in itself."""

    code: str
    name: str


class Languages(msgspec.Struct, kw_only=True):
    """Every shipped language, and the one this request is answered in."""

    languages: list[LanguageName]
    current: str


class LanguageSetting(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """The language an account reads the site, its mails and notifications in (a code of ``GET
    /api/languages``); ``null`` follows the browser's ``Accept-Language``."""

    language: str | None


def _languages() -> Languages:
    shipped = [LanguageName(code=found.code, name=found.name) for found in languages().values()]
    return Languages(languages=shipped, current=request_language())


@endpoint(
    blueprint,
    "GET",
    "/languages",
    summary="The languages the site is written in, and the one this request is answered in.",
    responses={200: ("The languages", Languages)},
)
def list_languages() -> Response:
    return jsonify(_languages())


@endpoint(
    blueprint,
    "GET",
    "/accounts/me/language",
    summary="The language you chose (null: your browser's).",
    auth="account",
    responses={200: ("Your language setting", LanguageSetting)},
    refusals=(refusals.NOT_LOGGED_IN,),
)
def my_language() -> Response:
    return jsonify(LanguageSetting(language=game_service().accounts.language(require_account())))


@endpoint(
    blueprint,
    "PUT",
    "/accounts/me/language",
    summary="Choose the language you read the site, mails and notifications in (null: your browser's).",
    auth="account",
    request=LanguageSetting,
    responses={200: ("Your language setting now", LanguageSetting)},
    refusals=(refusals.BAD_LANGUAGE, refusals.NOT_LOGGED_IN),
)
def change_language() -> Response:
    name = require_account()
    body = decode_body(LanguageSetting)
    return jsonify(LanguageSetting(language=game_service().accounts.set_language(name, body.language)))
