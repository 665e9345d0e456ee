"""The live view: a server-sent-events stream of the caller's view, one message per new version.

The stream blocks on the game's event log and chat (no polling), sends the view as the caller may see it (a
seat's own view with its token, else the spectator's), the chat as the caller sees it (at connection, then
each new message), a comment line as heartbeat, and ends after
``stream_seconds`` so the browser reconnects with ``Last-Event-ID`` and misses nothing.
"""

from __future__ import annotations

import functools
import os
import re
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Executor
from typing import NamedTuple

import msgspec
from flask import Flask, Response, request, stream_with_context

from api import refusals
from api.auth import caller_seat
from api.context import EXTENSION as CONTEXT
from api.context import ApiContext, game_service
from api.decoding import is_whole_number
from api.endpoints import Freeform, QueryParam, api_blueprint, endpoint
from api.errors import ApiError
from api.front.live_hub import LiveHub, LivePage, LocalSource, NoticeSource
from api.front.live_redis import PAUSE_SETTING, RedisSource, cluster_shards
from api.front.loop_store import open_loop_store
from api.front.wsgi_bridge import CLIENT_GONE, LIVE_HANDOFF, Gone, Handoff
from api.quota_guard import client_address
from api.web.settings import LiveSettings, live_settings, stream_slots
from services.game_service import GameService
from services.observability import metrics
from services.results import GameView
from services.social.chat import ChatMessage
from services.store.connect import is_cluster
from services.store.live_notices import LOCAL_NOTICES

blueprint = api_blueprint("live", __name__)
CHAT_ID = re.compile(r"^[0-9]{1,20}-[0-9]{1,20}$")


class ChatEvent(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """The `data` of an `event: chat`: ``replace`` true for the whole chat as the reader sees it (at
    connection), false for messages after those already sent."""

    replace: bool
    messages: list[ChatMessage]


LIVE = Freeform(
    "LiveStream",
    "text/event-stream: `event: view`, `id: <version>`, `data: <the view as GET .../view returns it>`; "
    "a message whenever the version changes; `event: chat`, `data: {replace, messages}` (messages as GET "
    ".../chat answers them): the chat as the reader sees it at connection (`replace` true; with `chat_after` "
    "only the newer messages), then each new message; comment lines as heartbeat.",
    media_type="text/event-stream",
    event_data=GameView,
    other_event_data=(ChatEvent,),
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
    """The view at ``version`` or later: at the head of the log, from the projected state folded on by the
    events it lacks (a notice is published as the facts are appended, before the worker projects them)."""
    body = service.view_at_head(game_id, seat)
    if body.version < version:  # an archived game, read from its archive
        body = service.view(game_id, seat, at=version)
    return body


def sse_message(body: GameView) -> str:
    data = msgspec.json.encode(body).decode("utf-8")
    return f"event: view\nid: {body.version}\ndata: {data}\n\n"


def chat_message(messages: list[ChatMessage], replace: bool) -> str:
    """An ``event: chat`` message (no ``id``, so the browser's Last-Event-ID stays the view's version):
    ``replace`` true for the messages the reader sees at (re)connection, false for new ones."""
    data = msgspec.json.encode(ChatEvent(replace=replace, messages=messages)).decode("utf-8")
    return f"event: chat\ndata: {data}\n\n"


def _chat_cursor() -> str | None:
    """The last chat message the page already shows (``?chat_after=<message id>``), if it says."""
    raw = request.args.get("chat_after")
    if raw is None:
        return None
    if not CHAT_ID.fullmatch(raw):
        raise ApiError(400, "invalid_query", "`chat_after` must be a chat message id.", "chat_after")
    return raw


class Resume(NamedTuple):
    """Where a page's stream starts: the version it shows (-1: none) and its last chat message's id."""

    seen: int
    chat_after: str | None


GONE_CHECK_SECONDS = 2.0  # how soon a stream whose client left gives back its thread and slot


def view_stream(
    service: GameService,
    game_id: str,
    seat: int | None,
    resume: Resume,
    settings: LiveSettings,
    gone: Gone | None = None,
) -> Iterator[str]:
    """The stream's messages; it ends after ``settings.stream_seconds``, or within ``GONE_CHECK_SECONDS``
    once ``gone`` is set (the server saw the client leave)."""
    yield f"retry: {settings.retry_ms}\n\n"
    deadline = time.monotonic() + settings.stream_seconds
    seen = resume.seen
    version = max(seen, 0)
    if resume.chat_after is None:
        cursor, backlog = service.social.chat_backlog(game_id, seat)
        yield chat_message(backlog, replace=True)
    else:
        cursor, backlog = service.social.chat_since(game_id, seat, resume.chat_after)
        if backlog:
            yield chat_message(backlog, replace=False)
    slice_seconds = GONE_CHECK_SECONDS if gone is not None else settings.heartbeat_seconds
    silent = 0.0  # seconds waited since the last message
    while True:
        body = current_view(service, game_id, seat, version)
        if body.version != seen:
            seen, silent = body.version, 0.0
            yield sse_message(body)
        remaining = deadline - time.monotonic()
        if remaining <= 0 or (gone is not None and gone.is_set()):
            return
        waiting = min(settings.heartbeat_seconds, remaining, slice_seconds)
        waited = service.social.wait_live(game_id, seat, seen, cursor, waiting)
        cursor, version = waited.cursor, waited.version
        silent += waiting
        if waited.messages:
            silent = 0.0
            yield chat_message(waited.messages, replace=False)
        elif version <= seen and silent >= settings.heartbeat_seconds:
            silent = 0.0
            yield ": still here\n\n"


@endpoint(
    blueprint,
    "GET",
    "/games/<game_id>/live",
    summary="Server-sent events: your view (or the spectator's without a token) whenever it changes.",
    auth="optional",
    query=(
        QueryParam("after", "The version the page already shows (as the `Last-Event-ID` header does)."),
        QueryParam(
            "chat_after",
            "The last chat message the page shows (its `id`): only newer ones are sent, not the whole chat.",
            pattern=r"[0-9]{1,20}-[0-9]{1,20}",
        ),
    ),
    responses={200: ("An event stream", LIVE)},
    refusals=(
        refusals.BAD_LIVE_CURSOR,
        refusals.BAD_CHAT_CURSOR,
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
    chat_after = _chat_cursor()
    slots, client = stream_slots(), client_address()
    slots.take(client)
    gone = request.environ.get(CLIENT_GONE)
    resume = Resume(seen, chat_after)
    handoff: Handoff | None = request.environ.get(LIVE_HANDOFF)
    if handoff is not None:
        target = LiveTarget(service, game_id, seat)
        return _handed_over(handoff, target, resume, lambda: slots.give_back(client))
    stream = metrics.counted_stream(view_stream(service, game_id, seat, resume, live_settings(), gone))
    response = Response(stream_with_context(stream), mimetype="text/event-stream")
    # the server closes the response when the stream ends or the client goes away, read or not
    response.call_on_close(lambda: slots.give_back(client))
    return _stream_headers(response)


# How long a game's channel stays subscribed after its last page or waiting submit left: a game played on
# subscribes once, not at each command.
LINGER_SECONDS = 30.0


def live_hub_for(app: Flask) -> Callable[[Executor], LiveHub] | None:
    """How the front of ``app`` waits for its live pages' notices: Redis's sharded pub/sub in production,
    this process's own notices in embedded mode; None elsewhere (a test's app: its pages block a thread)."""
    context: ApiContext = app.extensions[CONTEXT]
    source: NoticeSource
    if context.mode == "embedded":
        source = LocalSource(LOCAL_NOTICES)
    elif context.mode == "production" and context.service.components.settings.redis_url:
        store = context.redis
        pause = float(os.environ.get(PAUSE_SETTING, "") or 0.05)
        shards = cluster_shards(store) if is_cluster(store) else None
        source = RedisSource(context.service.components.settings.redis_url, shards, pause)
        if shards is None:
            open_loop_store(app, context.service.components.settings.redis_url)
    else:
        return None
    return lambda pool: LiveHub(source, pool, LINGER_SECONDS)


def _stream_headers(response: Response) -> Response:
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Accel-Buffering"] = "no"
    return response


class LiveTarget(NamedTuple):
    """Whose view a page follows: the game and the caller's seat (None: a spectator)."""

    service: GameService
    game_id: str
    seat: int | None


def opening(target: LiveTarget, resume: Resume, settings: LiveSettings) -> tuple[list[str], int, str]:
    """A page's first messages (as :func:`view_stream` starts), the version they show and the chat cursor."""
    service, game_id, seat = target
    messages = [f"retry: {settings.retry_ms}\n\n"]
    if resume.chat_after is None:
        cursor, backlog = service.social.chat_backlog(game_id, seat)
        messages.append(chat_message(backlog, replace=True))
    else:
        cursor, backlog = service.social.chat_since(game_id, seat, resume.chat_after)
        if backlog:
            messages.append(chat_message(backlog, replace=False))
    body = current_view(service, game_id, seat, max(resume.seen, 0))
    if body.version != resume.seen:
        messages.append(sse_message(body))
    return messages, body.version, cursor


def catch_up(target: LiveTarget, seen: int, cursor: str, notice: int | None = None) -> tuple[bytes, int, str]:
    """What a page at version ``seen`` and chat ``cursor`` has not shown yet (the view when the version moved,
    the new messages), encoded, with its new version and cursor; the pages woken by one ``notice`` share
    one round trip."""
    service, game_id, seat = target
    chat, body = service.live_step(game_id, seat, seen, cursor, notice)
    messages = []
    if body is not None and body.version != seen:
        seen = body.version
        messages.append(sse_message(body))
    if chat.messages:
        messages.append(chat_message(chat.messages, replace=False))
    return "".join(messages).encode("utf-8"), seen, chat.cursor


def _handed_over(
    handoff: Handoff, target: LiveTarget, resume: Resume, release: Callable[[], None]
) -> Response:
    """The opening messages now; the rest of the stream is the front's (api/front/live_hub.py), which
    gives the slot back when the page ends."""
    settings = live_settings()
    try:
        messages, seen, cursor = opening(target, resume, settings)
    except BaseException:
        release()
        raise
    metrics.live_streams_changed(1)  # counted from its first message to its release, as a blocking stream

    def released() -> None:
        metrics.live_streams_changed(-1)
        release()

    handoff.page = LivePage(
        game_id=target.game_id,
        seat=target.seat,
        seen=seen,
        cursor=cursor,
        step=functools.partial(catch_up, target),
        stream_seconds=settings.stream_seconds,
        heartbeat_seconds=settings.heartbeat_seconds,
        release=released,
    )
    return _stream_headers(Response(iter(messages), mimetype="text/event-stream"))
