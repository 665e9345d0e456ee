"""Refusals made before any view runs, against cross-site request forgery.

Every body must be ``Content-Type: application/json`` (else 415): a cross-site form cannot send one, nor a
cross-site script without a CORS preflight, never granted. An unsafe request carrying the session cookie, and
every login or registration, is refused (403 ``origin.forbidden``) when its ``Origin``, or without one its
``Sec-Fetch-Site``, says another site sent it ("same-site" included). Clients sending neither header (curl,
bots) pass. The service's origin is the request's as it arrived (api/proxies.py).
"""

from __future__ import annotations

from flask import Flask, request

from api.account_auth import SESSION_COOKIE
from api.endpoints import SAFE_METHODS
from api.errors import ApiError

JSON = "application/json"
SAME_ORIGIN_FETCHES = frozenset({"same-origin", "none"})
# Endpoints that take no cookie but must not be driven by another site (login CSRF).
CREDENTIAL_ENDPOINTS = frozenset({"accounts.login", "accounts.register"})
# Endpoints whose body is ignored and may come as a form: the one-click unsubscribe of RFC 8058, which a mail
# client POSTs as ``List-Unsubscribe=One-Click`` (form-encoded); its signed token in the path is its
# authority, so another site can do nothing with it that the token's holder could not.
FORM_ENDPOINTS = frozenset({"notifications.unsubscribe"})


def _require_json_body() -> None:
    if request.endpoint in FORM_ENDPOINTS:
        return
    if request.get_data(cache=True) and request.mimetype != JSON:
        sent = request.content_type or "none"
        raise ApiError(
            415,
            "content_type.unsupported",
            f"Send the request body as `Content-Type: {JSON}` (got {sent!r}).",
            "Content-Type",
        )


def own_origin() -> str:
    return f"{request.scheme}://{request.host}".lower()


def _sent_by_another_site() -> bool:
    origin = request.headers.get("Origin")
    if origin is not None:
        return origin.strip().lower().rstrip("/") != own_origin()
    fetch_site = request.headers.get("Sec-Fetch-Site")
    return fetch_site is not None and fetch_site.strip().lower() not in SAME_ORIGIN_FETCHES


def refuse_foreign_origin() -> None:
    cookie_authenticated = SESSION_COOKIE in request.cookies
    if not (cookie_authenticated or request.endpoint in CREDENTIAL_ENDPOINTS):
        return
    if _sent_by_another_site():
        raise ApiError(
            403,
            "origin.forbidden",
            "This request comes from another site (its `Origin` / `Sec-Fetch-Site` is not this service's "
            f"own, {own_origin()}): refused so no other site can act for you.",
            "Origin",
        )


def guard_request() -> None:
    if request.method in SAFE_METHODS:
        return
    _require_json_body()
    refuse_foreign_origin()


def install_request_guard(app: Flask) -> None:
    app.before_request(guard_request)
