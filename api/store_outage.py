"""While Redis is down every endpoint answers 503 ``store_unavailable`` with ``Retry-After``, never a 500
with a traceback: one handler for the errors that mean a Redis cannot be reached
(services/store/unavailable.py), whichever view met them."""

from __future__ import annotations

import time

from flask import Flask, Response, current_app

from api.errors import error_response
from services.store.unavailable import STORE_UNAVAILABLE, pool_exhausted

RETRY_AFTER_SECONDS = 5
BUSY_RETRY_AFTER_SECONDS = 2
LOG_EVERY_SECONDS = 60.0
_last_logged = [-LOG_EVERY_SECONDS]


def _store_unavailable(error: Exception) -> Response:
    if pool_exhausted(error):
        return _busy()
    now = time.monotonic()
    if now - _last_logged[0] >= LOG_EVERY_SECONDS:  # one line a minute at most, not one per request
        _last_logged[0] = now
        current_app.logger.warning("Redis unavailable, answering 503: %s: %s", type(error).__name__, error)
    response = error_response(
        503, "store_unavailable", "The game store is not answering right now; try again shortly.", None
    )
    response.headers["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


def _busy() -> Response:
    """Every store connection of this process is in use (live streams, a burst of requests): a 503 the
    client retries shortly, not a store outage to log."""
    response = error_response(
        503,
        "server_busy",
        "The server is busy right now (every store connection is in use); try again.",
        None,
    )
    response.headers["Retry-After"] = str(BUSY_RETRY_AFTER_SECONDS)
    return response


def register_store_outage_handler(app: Flask) -> None:
    for error_class in STORE_UNAVAILABLE:
        app.register_error_handler(error_class, _store_unavailable)
