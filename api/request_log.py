"""One log line and one count per API request: method, route template, status, duration, and the game id
when the route names one (plus the seat and command id the service annotated, for a submitted command).

The route template (``/api/games/<game_id>/commands``), never the path or its query string, is logged and
counted: it keeps the metric's labels bounded and keeps invitation codes out of the logs; headers and
bodies are never logged.
"""

from __future__ import annotations

import logging
import time
from contextlib import ExitStack
from typing import Any

from flask import Flask, Response, g, request

from services.observability import metrics
from services.observability.structured_logs import bound, fields

log = logging.getLogger("papyrus.api")
UNMATCHED = "unmatched"


def _route() -> str:
    rule = request.url_rule
    return rule.rule if rule is not None else UNMATCHED


def _start() -> None:
    stack = ExitStack()
    game_id = (request.view_args or {}).get("game_id")
    g.papyrus_request = (time.perf_counter(), stack, stack.enter_context(bound(game_id=game_id)))


def _answered(response: Response) -> Response:
    started, _, scope = g.get("papyrus_request", (time.perf_counter(), None, {}))
    seconds = time.perf_counter() - started
    route = _route()
    metrics.request_answered(request.method, route, response.status_code, seconds)
    level = logging.ERROR if response.status_code >= 500 else logging.INFO
    line: dict[str, Any] = {
        "method": request.method,
        "route": route,
        "status": response.status_code,
        "duration_ms": round(seconds * 1000, 2),
    }
    log.log(level, "request", extra=fields(**scope, **line))
    return response


def _finish(error: BaseException | None) -> None:
    state = g.pop("papyrus_request", None)
    if state is not None:
        state[1].close()


def install_request_log(app: Flask) -> None:
    app.before_request(_start)
    app.after_request(_answered)
    app.teardown_request(_finish)
