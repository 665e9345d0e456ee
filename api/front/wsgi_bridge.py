"""The Flask app behind the asynchronous front: a request whose body has fully arrived (api/front/bodies.py)
runs on one of a bounded pool of threads, and its answer goes back to the event loop in one hop (a whole
answer) or chunk by chunk (a stream), sent through RSGI (api/front/rsgi.py). No thread ever waits on the
client's socket, in either direction."""

from __future__ import annotations

import asyncio
import io
import logging
import sys
from collections.abc import Awaitable, Callable, Iterable
from concurrent.futures import Executor
from typing import TYPE_CHECKING, Any

import msgspec

from api.errors import error_body
from api.front.app_threads import AppThreads
from api.front.bodies import (
    BodiesInFlight,
    BodyDeadlines,
    BodyLimits,
    BodyTooSlow,
    ClientGone,
    expects_body,
)
from api.front.rsgi import (
    AsgiRequest,
    AsgiScope,
    Message,
    Protocol,
    ProtocolClosed,
    Receive,
    Scope,
    Send,
    StrHeaders,
)
from api.front.sockets import AsgiChannel, Channel, RsgiChannel, serve_socket
from api.refusals import BODIES_AT_ONCE_ANSWER, BODY_TOO_SLOW_ANSWER

if TYPE_CHECKING:
    from _typeshed.wsgi import WSGIApplication, WSGIEnvironment

    from api.front.live_hub import CaughtUp, LiveHub, LivePage, WaitingAnswer
    from api.front.sockets import SocketSeat

log = logging.getLogger(__name__)
# A whole answer made on the app's threads after the app returned: status, headers, body.
WholeAnswer = tuple[int, StrHeaders, bytes]
# A ClientGone flag in each request's environ, set once the client has closed the connection: a stream
# checks it between its waits and ends instead of holding its thread until its next write.
CLIENT_GONE = "papyrus.client_gone"
# A Handoff in each request's environ when the front serves live pages on its event loop: the live route
# leaves its page there, and the stream goes on here once the app's own chunks (the opening) are sent; the
# submit route leaves its wait for a command's outcome, answered here in place of the app's own answer.
LIVE_HANDOFF = "papyrus.live_handoff"
_NEXT_CHUNK_ENDS = None


class Gone:
    """Set (on the loop) once a request's client has closed the connection; read from any thread."""

    __slots__ = ("_set",)

    def __init__(self) -> None:
        self._set = False

    def set(self) -> None:
        self._set = True

    def is_set(self) -> bool:
        return self._set


class _Answer:
    """What the app's thread hands to the event loop: the status and headers, and either the whole body or
    a queue its chunks arrive in (``None`` after the last)."""

    __slots__ = ("body", "chunks", "headers", "status")

    def __init__(
        self, status: int, headers: StrHeaders, body: bytes, chunks: asyncio.Queue[bytes | None] | None
    ):
        self.status, self.headers, self.body, self.chunks = status, headers, body, chunks


class Handoff:
    """Where the app leaves a live page (api/front/live_hub.py) for the event loop to continue, or an
    answer to wait for on the loop (the app's own answer is then sent only if that wait fails)."""

    __slots__ = ("_hub", "answer", "expecting", "page", "socket")

    def __init__(self, hub: LiveHub) -> None:
        self._hub = hub
        self.page: LivePage | None = None
        self.socket: SocketSeat | None = None  # a seat's WebSocket the app opened (api/front/sockets.py)
        self.answer: WaitingAnswer[WholeAnswer] | None = None
        self.expecting: tuple[str, asyncio.Event] | None = None

    def expect(self, game_id: str) -> None:
        """From the app's thread, before it queues a command whose outcome it leaves to the loop: the loop
        watches the game from its next notice on, without being woken for it (``LiveHub.arriving``)."""
        wake = asyncio.Event()
        self.expecting = (game_id, wake)
        self._hub.arriving(game_id, wake)


class WsgiBridge:
    """RSGI app (``__rsgi__``, Granian's interface) answering every HTTP request with ``app`` (WSGI) on at
    most ``threads`` threads; with ``live`` (made by ``live_hub`` from the pool), the live pages the app
    hands over wait on the loop. Called as an ASGI app, it serves the same through :class:`AsgiRequest`."""

    def __init__(
        self,
        app: WSGIApplication,
        threads: int,
        limits: BodyLimits,
        pool: Executor | None = None,
        live: Callable[[Executor], LiveHub] | None = None,
    ) -> None:
        self._app = app
        self._limits = limits
        self._in_flight = BodiesInFlight(limits)
        self._deadlines = BodyDeadlines(limits.seconds)
        self._pool = pool or AppThreads(threads, "papyrus-api")
        # a request handed to the threads: without a future on AppThreads (its answer comes back by itself)
        self._hand_over = self._pool.run if isinstance(self._pool, AppThreads) else self._pool.submit
        self.live = live(self._pool) if live is not None else None

    async def __call__(self, scope: Message, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            await self._socket(AsgiScope(scope), AsgiChannel(receive, send))
            return
        if scope["type"] != "http":
            return
        request = AsgiRequest(receive, send)
        await self.__rsgi__(AsgiScope(scope), request)
        await request.finish()

    async def __rsgi__(self, scope: Scope, proto: Protocol) -> None:
        if scope.proto == "ws":
            await self._socket(scope, RsgiChannel(proto))
            return
        if scope.proto != "http":
            return
        headers = scope.headers
        wanted, length = expects_body(headers)
        body, size = b"", 0
        if wanted and length is not None and length > self._limits.most_bytes:
            size = length  # the app refuses it from its length alone: nothing is read
        elif wanted:
            client = self._in_flight.client(scope.client, headers)
            if not self._in_flight.enter(client):
                _refuse(proto, 429, BODIES_AT_ONCE_ANSWER, self._limits.per_client)
                return
            try:
                body, size = await self._deadlines.read(proto, length, self._limits.most_bytes)
            except BodyTooSlow:
                _refuse(proto, 408, BODY_TOO_SLOW_ANSWER, self._limits.seconds)
                return
            except ClientGone:
                return
            finally:
                self._in_flight.leave(client)
        environ = wsgi_environ(scope, body, size)
        gone, handoff = self._prepared(environ)
        live = self.live
        try:
            answer = await self._answered(environ, handoff)
            if answer.chunks is None:
                proto.response_bytes(answer.status, answer.headers, answer.body)
                return
            write = proto.response_stream(answer.status, answer.headers).send_bytes
            page = handoff.page if handoff is not None else None
            then = None
            if page is not None and live is not None:
                then = lambda left, wake: live.serve(page, write, left, wake)  # noqa: E731
            await _stream(answer.chunks, proto, write, gone, then)
        finally:
            if handoff is not None and handoff.page is not None:
                handoff.page.release()

    async def _socket(self, scope: Scope, channel: Channel) -> None:
        """A seat's WebSocket (api/front/sockets.py): opened by the app, its frames answered by the app."""
        environ = wsgi_environ(scope, b"", 0)
        environ["wsgi.url_scheme"] = "https" if scope.scheme in ("wss", "https") else "http"
        for upgrade in ("HTTP_UPGRADE", "HTTP_CONNECTION"):  # upgraded here: the app's routes are plain HTTP
            environ.pop(upgrade, None)
        live = self.live
        follow = live.serve if live is not None else _no_pushes
        await serve_socket(
            environ, self._whole_answer, follow, self._on_threads, channel, self._limits.most_bytes
        )

    async def _on_threads(self, step: Callable[[], CaughtUp]) -> CaughtUp:
        """``step`` (a socket's catch-up of its own) run on the app's threads."""
        return await asyncio.get_running_loop().run_in_executor(self._pool, step)

    async def _whole_answer(self, environ: WSGIEnvironment) -> tuple[WholeAnswer, SocketSeat | None]:
        """The app's whole answer to ``environ`` (a wait it left to the loop awaited here), and the socket
        it opened, if any."""
        gone, handoff = self._prepared(environ)
        answer = await self._answered(environ, handoff)
        if answer.chunks is not None:  # a stream: none of a socket's requests answers one
            gone.set()
            return (500, answer.headers, b""), None
        return (answer.status, answer.headers, answer.body), handoff.socket if handoff is not None else None

    def _prepared(self, environ: WSGIEnvironment) -> tuple[Gone, Handoff | None]:
        """What the app is given beside the request: the client's leaving and, with live pages, a hand-off."""
        gone = environ[CLIENT_GONE] = Gone()
        live = self.live
        handoff = environ[LIVE_HANDOFF] = Handoff(live) if live is not None else None
        return gone, handoff

    async def _answered(self, environ: WSGIEnvironment, handoff: Handoff | None) -> _Answer:
        """The app's answer to ``environ``, run on its threads (a wait it left to the loop awaited here)."""
        loop = asyncio.get_running_loop()
        started: asyncio.Future[_Answer] = loop.create_future()
        self._hand_over(_run, self._app, environ, loop, started)
        answer = await started
        if handoff is not None and (handoff.answer is not None or handoff.expecting is not None):
            answer = await self._handed_over(handoff, answer)
        return answer

    async def _handed_over(self, handoff: Handoff, answer: _Answer) -> _Answer:
        """The answer to send: the one the app left to wait for, if any, else its own."""
        if handoff.answer is not None and answer.chunks is None:
            return await self._waited(handoff.answer, answer, handoff.expecting)
        if handoff.expecting is not None and self.live is not None:
            self.live.forget(*handoff.expecting)  # answered at once after all
        return answer

    async def _waited(
        self,
        waiting: WaitingAnswer[WholeAnswer],
        instead: _Answer,
        expecting: tuple[str, asyncio.Event] | None,
    ) -> _Answer:
        """The answer the app left to wait for, or its own (``instead``) when that wait failed."""
        assert self.live is not None
        wake = expecting[1] if expecting is not None and expecting[0] == waiting.game_id else None
        try:
            status, headers, body = await self.live.answer(waiting, wake)
        except Exception:
            log.warning("a waiting answer failed; the app's own is sent", exc_info=True)
            return instead
        return _Answer(status, headers, body, None)


# The environ's entries the same for every request; a header's key by its name (None: left out), kept for
# the names seen first.
_CONSTANT: dict[str, Any] = {
    "SCRIPT_NAME": "",
    "wsgi.version": (1, 0),
    "wsgi.errors": sys.stderr,
    "wsgi.multithread": True,
    "wsgi.multiprocess": True,
    "wsgi.run_once": False,
}
_HEADER_KEYS: dict[str, str | None] = {"content-length": None, "content-type": "CONTENT_TYPE"}
_HEADER_KEYS_KEPT = 512


def _header_key(name: str) -> str | None:
    key = _HEADER_KEYS.get(name, "")
    if key == "":
        # X_Forwarded_For would pass for X-Forwarded-For; the length is the body's own
        key = None if "_" in name else "HTTP_" + name.upper().replace("-", "_")
        if len(_HEADER_KEYS) < _HEADER_KEYS_KEPT:
            _HEADER_KEYS[name] = key
    return key


def wsgi_environ(scope: Scope, body: bytes, size: int) -> WSGIEnvironment:
    """The WSGI environ of a request whose body is ``body`` (``size`` bytes arrived)."""
    server_host, _, server_port = scope.server.rpartition(":")
    client_host, _, client_port = scope.client.rpartition(":")
    environ: dict[str, Any] = {
        **_CONSTANT,
        "REQUEST_METHOD": scope.method,
        "PATH_INFO": scope.path.encode("utf-8").decode("latin-1"),
        "QUERY_STRING": scope.query_string,
        "SERVER_NAME": (server_host[1:-1] if server_host[:1] == "[" else server_host) or "localhost",
        "SERVER_PORT": server_port,
        "SERVER_PROTOCOL": "HTTP/" + scope.http_version,
        "REMOTE_ADDR": client_host[1:-1] if client_host[:1] == "[" else client_host,
        "REMOTE_PORT": client_port,
        "CONTENT_LENGTH": str(size) if size else "",
        "wsgi.url_scheme": scope.scheme,
        "wsgi.input": io.BytesIO(body),
    }
    keys = _HEADER_KEYS
    for name, value in scope.headers.items():
        key = keys.get(name, "")
        if key == "":
            key = _header_key(name)
        if key is None:
            continue
        if key in environ and key != "CONTENT_TYPE":
            value = environ[key] + ("; " if key == "HTTP_COOKIE" else ",") + value
        environ[key] = value
    return environ


def _run(
    app: WSGIApplication,
    environ: WSGIEnvironment,
    loop: asyncio.AbstractEventLoop,
    started: asyncio.Future[_Answer],
) -> None:
    """In a pool thread: run the app, hand its answer to the loop (whole, or its chunks as they come)."""
    head: list[Any] = []

    def start_response(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
        head[:] = [int(status[:3]), headers]
        return _no_write

    iterable: Iterable[bytes] = ()
    try:
        iterable = app(environ, start_response)
        status, headers = head
        for name, _ in headers:
            if name.lower() == "content-length":
                _hand(loop, started, _Answer(status, headers, b"".join(iterable), None))
                return
        chunks: asyncio.Queue[bytes | None] = asyncio.Queue()
        _hand(loop, started, _Answer(status, headers, b"", chunks))
        _pass_chunks(iterable, loop, chunks, environ[CLIENT_GONE])
    except BaseException as error:  # the app's own handlers answer its errors: this is a bug, a 500
        loop.call_soon_threadsafe(_fail, started, error)
    finally:
        close = getattr(iterable, "close", None)
        if close is not None:
            close()


def _pass_chunks(
    iterable: Iterable[bytes],
    loop: asyncio.AbstractEventLoop,
    chunks: asyncio.Queue[bytes | None],
    gone: Gone,
) -> None:
    for chunk in iterable:
        if gone.is_set():
            return
        if chunk:
            loop.call_soon_threadsafe(chunks.put_nowait, chunk)
    loop.call_soon_threadsafe(chunks.put_nowait, _NEXT_CHUNK_ENDS)


def _hand(loop: asyncio.AbstractEventLoop, started: asyncio.Future[_Answer], answer: _Answer) -> None:
    loop.call_soon_threadsafe(_settle, started, answer)


def _settle(started: asyncio.Future[_Answer], answer: _Answer) -> None:
    if not started.done():
        started.set_result(answer)


def _fail(started: asyncio.Future[_Answer], error: BaseException) -> None:
    if started.done():
        return
    body = msgspec.json.encode(
        error_body("internal_error", "The server failed to handle this request.", None)
    )
    started.set_result(_Answer(500, [("content-type", "application/json")], body + b"\n", None))
    del error


def _no_write(data: bytes) -> None:
    raise NotImplementedError("the app must return its body, not write it")


async def _stream(
    chunks: asyncio.Queue[bytes | None],
    proto: Protocol,
    write: Callable[[bytes], Awaitable[None]],
    gone: Gone,
    then: Callable[[asyncio.Event, asyncio.Event], Awaitable[None]] | None = None,
) -> None:
    """Write the chunks as they come, until the last, then whatever ``then`` writes (a live page, given the
    events its client's leaving sets); a client that leaves sets ``gone`` and ends it."""
    left, wake = asyncio.Event(), asyncio.Event()
    watcher = asyncio.ensure_future(_until_gone(proto, gone, chunks, (left, wake)))
    try:
        while (chunk := await chunks.get()) is not None:
            await write(chunk)
        if then is not None and not gone.is_set():
            await then(left, wake)
    except (OSError, ProtocolClosed):
        gone.set()
    finally:
        watcher.cancel()


async def _until_gone(
    proto: Protocol,
    gone: Gone,
    chunks: asyncio.Queue[bytes | None],
    events: tuple[asyncio.Event, ...],
) -> None:
    await proto.client_disconnect()
    gone.set()
    chunks.put_nowait(_NEXT_CHUNK_ENDS)
    for event in events:
        event.set()


async def _no_pushes(page: LivePage, write: Any, left: asyncio.Event, wake: asyncio.Event) -> None:
    await left.wait()


def _refuse(proto: Protocol, status: int, answer: tuple[str, str], limit: float) -> None:
    """Refuse a request for its body before any of it reaches the app (``limit`` fills in the message),
    closing the connection."""
    code, message = answer
    body = msgspec.json.encode(error_body(code, message.format(limit=limit), "body")) + b"\n"
    headers = [("content-type", "application/json"), ("connection", "close")]
    if status == 429:
        headers.append(("retry-after", "1"))
    proto.response_bytes(status, headers, body)
