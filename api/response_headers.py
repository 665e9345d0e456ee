"""Headers every answer carries: ``nosniff`` and a CSP that lets an ``/api/*`` answer
load nothing and be framed by nobody, a ``Server`` header that names no software version (``papyrus
serve`` runs werkzeug's server with :class:`QuietRequestHandler`; Granian, under ``papyrus api``, says only
"granian"), and the ``Secure`` flag of the session cookie from ``PAPYRUS_SECURE_COOKIES`` (on by default,
off in embedded and test mode, which serve plain HTTP on loopback)."""

from __future__ import annotations

from flask import Flask, Response, request
from werkzeug.datastructures import Headers
from werkzeug.serving import WSGIRequestHandler

from api.context import api_context

API_CONTENT_SECURITY_POLICY = (
    "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
)
SERVER_NAME = "papyrus"
_PLAIN_HTTP_MODES = frozenset({"embedded", "test"})


def _api_headers(response: Response) -> Response:
    if request.path.startswith("/api/"):
        _add_api_headers(response.headers)
    else:
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
    return response


def _add_api_headers(headers: Headers) -> None:
    headers.setdefault("X-Content-Type-Options", "nosniff")
    headers["Content-Security-Policy"] = API_CONTENT_SECURITY_POLICY
    headers.setdefault("Referrer-Policy", "no-referrer")


def with_api_headers(response: Response) -> list[tuple[str, str]]:
    """An ``/api/*`` answer's headers with those every API answer carries, for an answer made outside a
    request context (a submit's outcome, api/blueprints/commands.py)."""
    _add_api_headers(response.headers)
    return [(name, value) for name, value in response.headers]


def secure_cookies() -> bool:
    """Whether the session cookie is sent over HTTPS only: ``PAPYRUS_SECURE_COOKIES`` when set, else on
    except in the embedded and test modes."""
    context = api_context()
    chosen = context.config.secure_cookies
    return chosen if chosen is not None else context.mode not in _PLAIN_HTTP_MODES


def install_response_headers(app: Flask) -> None:
    app.after_request(_api_headers)


class QuietRequestHandler(WSGIRequestHandler):
    """werkzeug's request handler, whose ``Server`` header says "papyrus" instead of werkzeug's and
    Python's versions."""

    def version_string(self) -> str:
        return SERVER_NAME
