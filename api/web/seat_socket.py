"""A seat's WebSocket, opened: ``GET /api/games/<id>/socket`` authenticates the seat as every request does
(seat token or account; a session cookie only from this site), takes a live slot and hands the seat to
the front (api/front/sockets.py), which then carries its commands to the submit route and pushes its view
and chat as they change, each a JSON frame."""

from __future__ import annotations

import functools

import msgspec
from flask import Response, jsonify, request

from api import refusals
from api.auth import require_seat
from api.context import game_service
from api.endpoints import Freeform, api_blueprint, endpoint
from api.errors import ApiError
from api.front.live_hub import CaughtUp, LivePage
from api.front.sockets import SOCKET_OPENING, SocketSeat
from api.front.wsgi_bridge import LIVE_HANDOFF, Handoff
from api.language import request_language
from api.quota_guard import client_address
from api.request_guard import refuse_foreign_origin
from api.web.live import LiveTarget, current_view
from api.web.settings import live_settings, stream_slots
from services.observability import metrics
from services.results import GameView
from services.social.chat import ChatMessage

blueprint = api_blueprint("seat_socket", __name__)
SHAPE = "socket"  # its catch-ups are frames, shared only with other sockets' (api/front/live_hub.py)
SOCKET_SECONDS = 3600.0  # a socket costs a coroutine, not a thread: it lasts, then the client reopens it


class Welcome(msgspec.Struct, tag_field="type", tag="welcome", kw_only=True):
    """The socket's first frame: whose it is, and the language its answers and pushes speak."""

    game_id: str
    seat: int
    language: str


class ViewPush(msgspec.Struct, tag_field="type", tag="view", kw_only=True):
    """The seat's view, whenever its version changes (as ``GET .../seats/<seat>/view`` answers it)."""

    view: GameView


class ChatPush(msgspec.Struct, tag_field="type", tag="chat", kw_only=True):
    """The chat as the seat sees it at opening (``replace`` true), then each new message."""

    replace: bool
    messages: list[ChatMessage]


SOCKET = Freeform(
    "SeatSocket",
    "A WebSocket (docs/api.md): frames sent are command bodies as `POST .../commands` takes them, each "
    "answered by `{type: answer, id, status, ok, result | error}` (`result`: the submit's answer with "
    "`?view=1`); pushed: `welcome`, `view` and `chat` frames, and `heartbeat`.",
)


@endpoint(
    blueprint,
    "GET",
    "/games/<game_id>/socket",
    summary="A WebSocket for your seat: your commands and their answers, your view and chat as they change.",
    auth="seat",
    responses={200: ("The socket, opened (a WebSocket upgrade)", SOCKET)},
    refusals=(
        refusals.NOT_A_SOCKET,
        refusals.NO_SEAT_TOKEN,
        refusals.TOKEN_HOLDS_NO_SEAT,
        refusals.NOT_SEATED,
        refusals.FOREIGN_ORIGIN,
        refusals.UNKNOWN_GAME,
        refusals.LIVE_BUSY,
    ),
)
def open_socket(game_id: str) -> Response:
    service = game_service()
    service.version(game_id)  # an unknown game is a 404
    seat = require_seat(game_id)
    refuse_foreign_origin()
    handoff: Handoff | None = request.environ.get(LIVE_HANDOFF)
    if handoff is None or not request.environ.get(SOCKET_OPENING):
        raise ApiError(
            426, "socket.upgrade_required", "Open this address as a WebSocket (`Upgrade: websocket`).", None
        )
    slots, client = stream_slots(), client_address()
    slots.take(client)
    target = LiveTarget(service, game_id, seat)
    try:
        opening, seen, cursor = _opening(target, request_language())
    except BaseException:
        slots.give_back(client)
        raise
    metrics.live_streams_changed(1)

    def released() -> None:
        metrics.live_streams_changed(-1)
        slots.give_back(client)

    page = LivePage(
        game_id=game_id,
        seat=seat,
        seen=seen,
        cursor=cursor,
        step=functools.partial(socket_catch_up, target),
        stream_seconds=SOCKET_SECONDS,
        heartbeat_seconds=live_settings().heartbeat_seconds,
        release=released,
        shape=SHAPE,
    )
    handoff.socket = SocketSeat(opening, page, f"/api/games/{game_id}/commands")
    return jsonify({"seat": seat})


def _opening(target: LiveTarget, language: str) -> tuple[bytes, int, str]:
    """The socket's first frames (welcome, the chat, the view), the version they show and the chat cursor."""
    service, game_id, seat = target
    assert seat is not None
    cursor, backlog = service.social.chat_backlog(game_id, seat)
    body = current_view(service, game_id, seat, 0)
    frames = [
        Welcome(game_id=game_id, seat=seat, language=language),
        ChatPush(replace=True, messages=backlog),
        ViewPush(view=body),
    ]
    return b"\n".join(msgspec.json.encode(frame) for frame in frames), body.version, cursor


def socket_catch_up(target: LiveTarget, seen: int, cursor: str, notice: int | None = None) -> CaughtUp:
    """What a socket at version ``seen`` and chat ``cursor`` has not been sent yet, as frames (one a line),
    with its new version and cursor; the pages woken by one ``notice`` share one round trip."""
    service, game_id, seat = target
    chat, body = service.live_step(game_id, seat, seen, cursor, notice)
    frames: list[bytes] = []
    if body is not None and body.version != seen:
        seen = body.version
        frames.append(msgspec.json.encode(ViewPush(view=body)))
    if chat.messages:
        frames.append(msgspec.json.encode(ChatPush(replace=False, messages=chat.messages)))
    return b"\n".join(frames), seen, chat.cursor
