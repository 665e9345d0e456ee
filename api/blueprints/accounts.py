"""Accounts: register, log in (a login token, also set as the session cookie), log out, who am I, my games."""

from __future__ import annotations

from typing import Annotated

import msgspec
from flask import Response, jsonify, request

from api import refusals
from api.account_auth import clear_session_cookie, presented_tokens, require_account, set_session_cookie
from api.context import game_service
from api.decoding import decode_body
from api.endpoints import api_blueprint, endpoint
from api.errors import error_response
from api.paging import PAGED, page_params, page_request, page_response
from api.quota_guard import charge
from api.schemas import Registration
from services.limits.paging import POSITION_CURSOR, position_page
from services.players.accounts import LoginThrottled
from services.results import Account, AccountGame

blueprint = api_blueprint("accounts", __name__)


class Credentials(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """A name (3-32 of letters, digits, ``_ . -``) and a password (8-200 characters)."""

    name: Annotated[str, msgspec.Meta(max_length=64)]
    password: Annotated[str, msgspec.Meta(max_length=200)]


class LoginGranted(msgspec.Struct, kw_only=True):
    """A login token (shown once, also set as the HttpOnly session cookie) and its expiry (epoch s)."""

    name: str
    token: str
    expires_at: float


@endpoint(
    blueprint,
    "POST",
    "/accounts",
    summary="Register an account with a name and a password.",
    request=Registration,
    responses={201: ("The new account", Account)},
    refusals=(refusals.BAD_CREDENTIALS, refusals.NAME_TAKEN, refusals.QUOTA_EXCEEDED),
)
def register() -> tuple[Response, int]:
    charge("register")
    body = decode_body(Registration)
    return jsonify(game_service().accounts.register(body.name, body.password)), 201


@endpoint(
    blueprint,
    "POST",
    "/sessions",
    summary="Log in: a login token for API clients, also set as the session cookie for the web.",
    request=Credentials,
    responses={200: ("The login token and its expiry", LoginGranted)},
    refusals=(refusals.BAD_INPUT, refusals.LOGIN_FAILED, refusals.THROTTLED),
)
def login() -> Response:
    body = decode_body(Credentials)
    service = game_service()
    try:
        granted = service.accounts.login(body.name, body.password, request.remote_addr or "unknown")
    except LoginThrottled as throttled:
        refused = error_response(429, throttled.code, throttled.message, None)
        refused.headers["Retry-After"] = str(throttled.retry_after)
        return refused
    shown = LoginGranted(name=granted.name, token=granted.token, expires_at=granted.expires_at)
    response = jsonify(shown)
    set_session_cookie(response, granted, service.settings.token_ttl)
    return response


@endpoint(
    blueprint,
    "DELETE",
    "/sessions/current",
    summary="Log out: the login token (bearer or cookie) stops working and the cookie is cleared.",
    auth="account",
    responses={200: ("Logged out", Account)},
    refusals=(refusals.NOT_LOGGED_IN,),
)
def logout() -> Response:
    name = require_account()
    accounts = game_service().accounts
    for token in presented_tokens():
        accounts.logout(token)
    response = jsonify(accounts.profile(name))
    clear_session_cookie(response)
    return response


@endpoint(
    blueprint,
    "GET",
    "/accounts/me",
    summary="The logged-in account.",
    auth="account",
    responses={200: ("Your account", Account)},
    refusals=(refusals.NOT_LOGGED_IN,),
)
def me() -> Response:
    return jsonify(game_service().accounts.profile(require_account()))


@endpoint(
    blueprint,
    "GET",
    "/accounts/me/games",
    summary="Your games: the ones where it is your turn first, then running, open and finished ones.",
    auth="account",
    query=page_params(POSITION_CURSOR),
    responses={200: ("Your games" + PAGED, list[AccountGame])},
    refusals=(refusals.NOT_LOGGED_IN, refusals.BAD_PAGE),
)
def my_games() -> Response:
    limit, cursor = page_request()
    games = game_service().seating.games_of(require_account())
    return page_response(position_page(games, limit, cursor), "accounts.my_games", limit)
