"""Who is logged in: an account's login token, sent as ``Authorization: Bearer <token>`` (API clients) or
as the ``papyrus_session`` cookie (the web; HttpOnly, SameSite=Lax, Secure unless ``PAPYRUS_SECURE_COOKIES``
is off or the API runs embedded)."""

from __future__ import annotations

from flask import Response, g, request

from api.context import game_service
from api.errors import ApiError
from api.response_headers import secure_cookies
from domain.messages import msg
from services.players.login_tokens import Login
from services.store.meta_store import token_digest

SESSION_COOKIE = "papyrus_session"
# Set at a successful login and sent back only to the login endpoints: this browser's logins are not
# throttled by other clients' failures on the same name (services/players/login_trust.py).
DEVICE_COOKIE = "papyrus_device"
DEVICE_COOKIE_PATH = "/api/"
DEVICE_COOKIE_SECONDS = 90 * 24 * 3600
_BEARER = "bearer "
_CACHE = "papyrus_account"
_LOGIN_CACHE = "papyrus_login"
_SEAT_TOKEN = "papyrus_seat_token"


def _bearer() -> str | None:
    header = request.headers.get("Authorization", "")
    if not header.lower().startswith(_BEARER):
        return None
    return header[len(_BEARER) :].strip() or None


def presented_tokens() -> list[str]:
    """Every token the caller sent: the bearer token and the session cookie."""
    return [token for token in (_bearer(), request.cookies.get(SESSION_COOKIE)) if token]


def note_seat_token(token: str) -> None:
    """``token`` proved a seat in this request: it is no login token, so it is not looked up as one."""
    setattr(g, _SEAT_TOKEN, token)


def caller_account() -> str | None:
    """The account of a live bearer token or session cookie, else None (computed once per request; a token
    that already proved a seat is not looked up)."""
    if _CACHE not in g:
        accounts = game_service().accounts
        name, login = None, None
        seat_token = g.get(_SEAT_TOKEN)
        for token in presented_tokens():
            if name is None and token != seat_token:
                name = accounts.authenticate(token)
                login = token_digest(token) if name is not None else None
        setattr(g, _CACHE, name)
        setattr(g, _LOGIN_CACHE, login)
    cached: str | None = getattr(g, _CACHE)
    return cached


def caller_login() -> str | None:
    """The digest of the live login token the caller is logged in with (a seat it takes is bound to it)."""
    caller_account()
    login: str | None = getattr(g, _LOGIN_CACHE)
    return login


def require_account() -> str:
    """The logged-in account; 401 naming why otherwise (no token, or an unknown/expired/revoked one)."""
    name = caller_account()
    if name is not None:
        return name
    if presented_tokens():
        raise ApiError(
            401,
            "bad_credentials",
            msg("This login token is unknown, revoked or expired: log in again."),
            "Authorization",
        )
    raise ApiError(
        401,
        "unauthenticated",
        msg("Log in first: the session cookie, or `Authorization: Bearer <login token>`."),
        "Authorization",
    )


def set_session_cookie(response: Response, login: Login, max_age: float) -> None:
    response.set_cookie(
        SESSION_COOKIE,
        login.token,
        max_age=int(max_age),
        path="/",
        httponly=True,
        samesite="Lax",
        secure=secure_cookies(),
    )


def device_cookie() -> str | None:
    """The device cookie the browser sent, if any (a bounded length: anything longer is none)."""
    value = request.cookies.get(DEVICE_COOKIE)
    return value if value and len(value) <= 64 else None


def set_device_cookie(response: Response, value: str) -> None:
    response.set_cookie(
        DEVICE_COOKIE,
        value,
        max_age=DEVICE_COOKIE_SECONDS,
        path=DEVICE_COOKIE_PATH,
        httponly=True,
        samesite="Strict",
        secure=secure_cookies(),
    )


def clear_session_cookie(response: Response) -> None:
    response.delete_cookie(SESSION_COOKIE, path="/", httponly=True, samesite="Lax", secure=secure_cookies())
