"""Accounts: register, log in (a login token, also set as the session cookie), log out, who am I, my games."""

from __future__ import annotations

from typing import Annotated, Any

import msgspec
from flask import Response, jsonify, request

from api.account_auth import clear_session_cookie, presented_tokens, require_account, set_session_cookie
from api.context import game_service
from api.decoding import decode_body
from api.endpoints import Freeform, api_blueprint, endpoint
from api.errors import error_response
from api.schemas import ErrorBody
from services.players.accounts import LoginThrottled

blueprint = api_blueprint("accounts", __name__)

ACCOUNT = Freeform("Account", 'An account: {"name", "created_at"}.')
MY_GAMES = Freeform(
    "MyGame",
    'A game you hold a seat in: its public facts plus {"seat", "your_turn"}; your turn first.',
    array=True,
)


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
    request=Credentials,
    responses={
        201: ("The new account", ACCOUNT),
        400: ("A bad name or password (the field says which)", ErrorBody),
        409: ("The name is taken (letter case does not matter)", ErrorBody),
    },
)
def register() -> tuple[dict[str, Any], int]:
    body = decode_body(Credentials)
    return game_service().accounts.register(body.name, body.password), 201


@endpoint(
    blueprint,
    "POST",
    "/sessions",
    summary="Log in: a login token for API clients, also set as the session cookie for the web.",
    request=Credentials,
    responses={
        200: ("The login token and its expiry", LoginGranted),
        400: ("Malformed body", ErrorBody),
        401: ("Wrong name or password (the same answer for both)", ErrorBody),
        429: ("Too many failed logins for this name or address; see Retry-After", ErrorBody),
    },
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
    response = jsonify(msgspec.to_builtins(shown))
    set_session_cookie(response, granted, service.settings.token_ttl)
    return response


@endpoint(
    blueprint,
    "DELETE",
    "/sessions/current",
    summary="Log out: the login token (bearer or cookie) stops working and the cookie is cleared.",
    auth="account",
    responses={200: ("Logged out", ACCOUNT), 401: ("Not logged in", ErrorBody)},
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
    responses={200: ("Your account", ACCOUNT), 401: ("Not logged in, or the token expired", ErrorBody)},
)
def me() -> dict[str, Any] | None:
    return game_service().accounts.profile(require_account())


@endpoint(
    blueprint,
    "GET",
    "/accounts/me/games",
    summary="Your games: the ones where it is your turn first, then running, open and finished ones.",
    auth="account",
    responses={200: ("Your games", MY_GAMES), 401: ("Not logged in, or the token expired", ErrorBody)},
)
def my_games() -> list[dict[str, Any]]:
    return game_service().seating.games_of(require_account())
