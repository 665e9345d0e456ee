"""One log line and one count per API request: method, route template, status, duration, and the game id
when the route names one (plus the seat and command id the service annotated, for a submitted command).

The route template (``/api/games/<game_id>/commands``), never the path or its query string, is logged and
counted: it keeps the metric's labels bounded and keeps invitation codes out of the logs; headers and
bodies are never logged.
"""

from __future__ import annotations

import logging
import time
from typing import Any, NamedTuple

from flask import Flask, Response, g, request

from services.observability import metrics
from services.observability.structured_logs import Binding, bind, bound, current_fields, fields, unbind

log = logging.getLogger("papyrus.api")
UNMATCHED = "unmatched"


def _route() -> str:
    rule = request.url_rule
    return rule.rule if rule is not None else UNMATCHED


class _Answering(NamedTuple):
    started: float  # time.perf_counter() when the request came in
    binding: Binding  # the game id bound to every line logged while it is answered


def _start() -> None:
    game_id = (request.view_args or {}).get("game_id")
    g.papyrus_request = _Answering(time.perf_counter(), bind(game_id=game_id))


_LATER = "papyrus_answered_later"


class LateAnswer(NamedTuple):
    """A request answered after it returned: when it came in, its method and route, and the fields its
    lines carry (the game id, and the seat and command id the service annotated)."""

    started: float
    method: str
    route: str
    fields: dict[str, Any]


def answered_later() -> LateAnswer:
    """This request's answer is made after it returns (a submit waiting for its outcome on the front's
    event loop, api/front/live_hub.py): its line and count wait for that answer, given by
    :func:`answered_late` (or in a context of the same request, which :func:`resume_answering` opens)."""
    setattr(g, _LATER, True)
    answering: _Answering | None = g.get("papyrus_request")
    started = answering.started if answering is not None else time.perf_counter()
    return LateAnswer(started, request.method, _route(), current_fields())


def resume_answering(started: float) -> None:
    """In the request context a late answer is made in: its line and count measure from ``started``."""
    game_id = (request.view_args or {}).get("game_id")
    g.papyrus_request = _Answering(started, bind(game_id=game_id))


def answered_late(late: LateAnswer, status: int) -> None:
    """The line and count of a request answered after it returned, given outside any request context."""
    with bound(**late.fields):
        _count_and_log(late.method, late.route, status, time.perf_counter() - late.started)


def _answered(response: Response) -> Response:
    if g.get(_LATER):
        return response
    answering: _Answering | None = g.get("papyrus_request")
    started = answering.started if answering is not None else time.perf_counter()
    _count_and_log(request.method, _route(), response.status_code, time.perf_counter() - started)
    return response


def _count_and_log(method: str, route: str, status: int, seconds: float) -> None:
    metrics.request_answered(method, route, status, seconds)
    level = logging.ERROR if status >= 500 else logging.INFO
    if log.isEnabledFor(level):
        line = fields(method=method, route=route, status=status, duration_ms=round(seconds * 1000, 2))
        log.log(level, "request", extra=line)


def _finish(error: BaseException | None) -> None:
    answering: _Answering | None = g.pop("papyrus_request", None)
    if answering is not None:
        unbind(answering.binding)


def install_request_log(app: Flask) -> None:
    app.before_request(_start)
    app.after_request(_answered)
    app.teardown_request(_finish)
