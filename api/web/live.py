"""The live view: a server-sent-events stream of the caller's view, one message per new version.

The stream blocks on the game's event log (no polling), sends the view as the caller may see it (a seat's
own view with its token, else the spectator's), a comment line as heartbeat, and ends after
``stream_seconds`` so the browser reconnects with ``Last-Event-ID`` and misses nothing.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import msgspec
from flask import Response, request, stream_with_context

from api import refusals
from api.auth import caller_seat
from api.context import game_service
from api.decoding import is_whole_number
from api.endpoints import Freeform, QueryParam, api_blueprint, endpoint
from api.errors import ApiError
from api.web.settings import LiveSettings, live_settings, stream_slots
from services.game_service import GameService
from services.observability import metrics
from services.results import GameView

blueprint = api_blueprint("live", __name__)

LIVE = Freeform(
    "LiveStream",
    "text/event-stream: `event: view`, `id: <version>`, `data: <the view as GET .../view returns it>`; "
    "a message whenever the version changes, comment lines as heartbeat.",
    media_type="text/event-stream",
    event_data=GameView,
)


def _last_seen_version(current: int) -> int:
    """The version the browser already shows: ``Last-Event-ID`` on reconnection, or ``?after=``; refused
    (400) beyond the game's ``current`` version, before the stream starts rather than inside it."""
    raw = request.headers.get("Last-Event-ID") or request.args.get("after")
    if raw is None or (raw == "" and "after" not in request.args):
        return -1
    if not is_whole_number(raw) or int(raw) > current:
        raise ApiError(
            400,
            "invalid_query",
            f"`Last-Event-ID` / `after` must be an integer from 0 to the game's version ({current}).",
            "after",
        )
    return int(raw)


def current_view(service: GameService, game_id: str, seat: int | None, version: int) -> GameView:
    """The view at ``version`` or later: replayed when the projections lag behind the log for a moment."""
    body = service.view(game_id, seat)
    if body.version < version:
        body = service.view(game_id, seat, at=version)
    return body


def sse_message(body: GameView) -> str:
    data = msgspec.json.encode(body).decode("utf-8")
    return f"event: view\nid: {body.version}\ndata: {data}\n\n"


def view_stream(
    service: GameService, game_id: str, seat: int | None, seen: int, settings: LiveSettings
) -> Iterator[str]:
    yield f"retry: {settings.retry_ms}\n\n"
    deadline = time.monotonic() + settings.stream_seconds
    version = max(seen, 0)
    while True:
        body = current_view(service, game_id, seat, version)
        if body.version != seen:
            seen = body.version
            yield sse_message(body)
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return
        version = service.wait_version(game_id, seen, min(settings.heartbeat_seconds, remaining))
        if version <= seen:
            yield ": still here\n\n"


@endpoint(
    blueprint,
    "GET",
    "/games/<game_id>/live",
    summary="Server-sent events: your view (or the spectator's without a token) whenever it changes.",
    auth="optional",
    query=(QueryParam("after", "The version the page already shows (as the `Last-Event-ID` header does)."),),
    responses={200: ("An event stream", LIVE)},
    refusals=(
        refusals.BAD_LIVE_CURSOR,
        refusals.TOKEN_HOLDS_NO_SEAT,
        refusals.UNKNOWN_GAME,
        refusals.LIVE_BUSY,
    ),
)
def live_view(game_id: str) -> Response:
    service = game_service()
    current = service.version(game_id)
    seat = caller_seat(game_id)
    seen = _last_seen_version(current)
    slots, client = stream_slots(), request.remote_addr or "unknown"
    slots.take(client)
    stream = metrics.counted_stream(view_stream(service, game_id, seat, seen, live_settings()))
    response = Response(stream_with_context(stream), mimetype="text/event-stream")
    # the server closes the response when the stream ends or the client goes away, read or not
    response.call_on_close(lambda: slots.give_back(client))
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Accel-Buffering"] = "no"
    return response
