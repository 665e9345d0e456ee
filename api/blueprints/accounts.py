"""Accounts: register, log in (a login token, also set as the session cookie), log out, change the password,
who am I, my games."""

from __future__ import annotations

from typing import Annotated

import msgspec
from flask import Response, jsonify

from api import refusals
from api.account_auth import (
    clear_session_cookie,
    device_cookie,
    presented_tokens,
    require_account,
    set_device_cookie,
    set_session_cookie,
)
from api.context import game_service
from api.decoding import decode_body
from api.endpoints import Freeform, api_blueprint, endpoint
from api.errors import ApiError
from api.paging import PAGED, page_params, page_request, page_response
from api.quota_guard import charge, client_address
from api.schemas import NewPassword, PlayerName
from domain.messages import msg
from services.errors import ServiceError
from services.limits.paging import POSITION_CURSOR, position_page
from services.players.login_tokens import Login
from services.results import Account, AccountGame

blueprint = api_blueprint("accounts", __name__)


LoginName = Annotated[str, msgspec.Meta(max_length=64)]
Password = Annotated[str, msgspec.Meta(max_length=200)]


class Credentials(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """A login name (3-32 of letters, digits, ``_ . -``) and a password (8-200 characters)."""

    name: LoginName
    password: Password


class NewAccount(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """A login name (3-32 of letters, digits, ``_ . -``; private: others never see it), a password (8-200
    characters) and the display name other players see (NFKC-normalised, no control or invisible
    formatting characters, unique whatever its letter case; a random ``player-...`` when left out)."""

    name: LoginName
    password: NewPassword
    display_name: PlayerName | None = None


class PasswordChange(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """The current password and the new one (8-200 characters)."""

    password: Password
    new_password: Password


class LoginGranted(msgspec.Struct, kw_only=True):
    """A login token (shown once, also set as the HttpOnly session cookie), its expiry (epoch s), and the
    account's display name."""

    name: str
    display_name: str
    token: str
    expires_at: float


def _granted(granted: Login) -> Response:
    service = game_service()
    shown = LoginGranted(
        name=granted.name,
        display_name=service.accounts.display_name(granted.name) or "",
        token=granted.token,
        expires_at=granted.expires_at,
    )
    response = jsonify(shown)
    set_session_cookie(response, granted, service.settings.token_ttl)
    if granted.device:
        set_device_cookie(response, granted.device)
    return response


@endpoint(
    blueprint,
    "POST",
    "/accounts",
    summary="Register an account with a name and a password.",
    request=NewAccount,
    responses={201: ("The new account", Account)},
    refusals=(refusals.BAD_CREDENTIALS, refusals.NAME_TAKEN, refusals.QUOTA_EXCEEDED),
)
def register() -> tuple[Response, int]:
    charge("register")
    body = decode_body(NewAccount)
    return jsonify(game_service().accounts.register(body.name, body.password, body.display_name)), 201


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
    accounts = game_service().accounts
    return _granted(accounts.login(body.name, body.password, client_address(), device_cookie()))


@endpoint(
    blueprint,
    "POST",
    "/accounts/me/password",
    summary="Change your password (the current one must be right): every login token of the account and "
    "every seat token bound to one stop working; the answer is a fresh login (and session cookie).",
    request=PasswordChange,
    auth="account",
    responses={200: ("A fresh login token and its expiry", LoginGranted)},
    refusals=(refusals.BAD_INPUT, refusals.NOT_LOGGED_IN, refusals.WRONG_PASSWORD, refusals.THROTTLED),
)
def change_password() -> Response:
    name = require_account()
    body = decode_body(PasswordChange)
    changed = game_service().accounts.change_password(
        name, body.password, body.new_password, client_address(), device_cookie()
    )
    return _granted(changed)


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
        accounts.logout(name, token)
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


class AccountErasure(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """The account's password, confirming that it is to be erased."""

    password: Password


class Erased(msgspec.Struct, kw_only=True):
    """The pseudonym that now stands for the erased account in its games, chats and exports."""

    pseudonym: str


@endpoint(
    blueprint,
    "GET",
    "/accounts/me/data",
    summary="Everything the service holds about your account, as one JSON document: profile, games and "
    "seats, the chat messages you wrote, notification settings, ratings, the addresses you logged in from.",
    auth="account",
    responses={200: ("Your data", Freeform("OwnData", "Your account's data (see the summary)."))},
    refusals=(refusals.NOT_LOGGED_IN,),
)
def my_data() -> Response:
    response = jsonify(game_service().own_data.export(require_account()))
    response.headers["Content-Disposition"] = 'attachment; filename="papyrus-account.json"'
    response.headers["Cache-Control"] = "no-store"
    return response


@endpoint(
    blueprint,
    "DELETE",
    "/accounts/me",
    summary="Erase your account (its password confirms): the login, e-mail, webhook, sessions and tokens are "
    "removed; your name in every game, chat and export becomes one pseudonym, so finished games stay whole.",
    request=AccountErasure,
    auth="account",
    responses={200: ("Erased", Erased)},
    refusals=(refusals.BAD_INPUT, refusals.NOT_LOGGED_IN, refusals.WRONG_PASSWORD, refusals.THROTTLED),
)
def erase_me() -> Response:
    name = require_account()
    body = decode_body(AccountErasure)
    service = game_service()
    try:
        service.accounts.check_password(name, body.password, client_address(), device_cookie())
    except ServiceError as refused:
        if refused.http_status != 401:
            raise
        raise ApiError(403, "password.wrong", msg("The password is wrong."), "password") from None
    response = jsonify(Erased(pseudonym=service.own_data.erase(name)))
    clear_session_cookie(response)
    return response
