"""The Flask app behind the asynchronous front: a request whose body has fully arrived (api/front/bodies.py)
runs on one of a bounded pool of threads, and its answer goes back to the event loop in one hop (a whole
answer) or chunk by chunk (a stream). No thread ever waits on the client's socket, in either direction."""

from __future__ import annotations

import asyncio
import io
import logging
import sys
import threading
from collections.abc import Awaitable, Callable, Iterable
from concurrent.futures import Executor, ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

import msgspec

from api.errors import error_body
from api.front.bodies import (
    BodiesInFlight,
    BodyLimits,
    BodyTooSlow,
    ClientGone,
    Message,
    Receive,
    expects_body,
    read_body,
)
from api.refusals import BODIES_AT_ONCE_ANSWER, BODY_TOO_SLOW_ANSWER

if TYPE_CHECKING:
    from _typeshed.wsgi import WSGIApplication, WSGIEnvironment

    from api.front.live_hub import LiveHub, LivePage, WaitingAnswer

log = logging.getLogger(__name__)
Send = Callable[[Message], Awaitable[None]]
Headers = list[tuple[bytes, bytes]]
# A whole answer made on the app's threads after the app returned: status, headers, body.
WholeAnswer = tuple[int, Headers, bytes]
# A threading.Event in each request's environ, set once the client has closed the connection: a stream
# checks it between its waits and ends instead of holding its thread until its next write.
CLIENT_GONE = "papyrus.client_gone"
# A Handoff in each request's environ when the front serves live pages on its event loop: the live route
# leaves its page there, and the stream goes on here once the app's own chunks (the opening) are sent; the
# submit route leaves its wait for a command's outcome, answered here in place of the app's own answer.
LIVE_HANDOFF = "papyrus.live_handoff"
_NEXT_CHUNK_ENDS = None


class _Answer:
    """What the app's thread hands to the event loop: the status and headers, and either the whole body or
    a queue its chunks arrive in (``None`` after the last)."""

    __slots__ = ("body", "chunks", "headers", "status")

    def __init__(
        self, status: int, headers: Headers, body: bytes, chunks: asyncio.Queue[bytes | None] | None
    ):
        self.status, self.headers, self.body, self.chunks = status, headers, body, chunks


class Handoff:
    """Where the app leaves a live page (api/front/live_hub.py) for the event loop to continue, or an
    answer to wait for on the loop (the app's own answer is then sent only if that wait fails)."""

    __slots__ = ("_hub", "answer", "expecting", "page")

    def __init__(self, hub: LiveHub) -> None:
        self._hub = hub
        self.page: LivePage | None = None
        self.answer: WaitingAnswer[WholeAnswer] | None = None
        self.expecting: tuple[str, asyncio.Event] | None = None

    def expect(self, game_id: str) -> None:
        """From the app's thread, before it queues a command whose outcome it leaves to the loop: the loop
        watches the game from its next notice on, without being woken for it (``LiveHub.arriving``)."""
        wake = asyncio.Event()
        self.expecting = (game_id, wake)
        self._hub.arriving(game_id, wake)


class WsgiBridge:
    """ASGI app answering every HTTP request with ``app`` (WSGI) on at most ``threads`` threads; with
    ``live`` (made by ``live_hub`` from the pool), the live pages the app hands over wait on the loop."""

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
        self._pool = pool or ThreadPoolExecutor(max_workers=threads, thread_name_prefix="papyrus-api")
        self.live = live(self._pool) if live is not None else None

    async def __call__(self, scope: Message, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return
        wanted, length = expects_body(scope["headers"])
        body, size = b"", 0
        if wanted and length is not None and length > self._limits.most_bytes:
            size = length  # the app refuses it from its length alone: nothing is read
        elif wanted:
            client = self._in_flight.client(scope)
            if not self._in_flight.enter(client):
                await _refuse(send, 429, BODIES_AT_ONCE_ANSWER, self._limits.per_client)
                return
            try:
                body, size = await read_body(receive, self._limits)
            except BodyTooSlow:
                await _refuse(send, 408, BODY_TOO_SLOW_ANSWER, self._limits.seconds)
                return
            except ClientGone:
                return
            finally:
                self._in_flight.leave(client)
        environ = wsgi_environ(scope, body, size)
        gone = threading.Event()
        environ[CLIENT_GONE] = gone
        live = self.live
        handoff = environ[LIVE_HANDOFF] = Handoff(live) if live is not None else None
        try:
            await self._answer(environ, receive, send, handoff)
        finally:
            if handoff is not None and handoff.page is not None:
                handoff.page.release()

    async def _answer(
        self, environ: WSGIEnvironment, receive: Receive, send: Send, handoff: Handoff | None
    ) -> None:
        loop = asyncio.get_running_loop()
        started: asyncio.Future[_Answer] = loop.create_future()
        self._pool.submit(_run, self._app, environ, loop, started)
        answer = await started
        if handoff is not None and handoff.answer is not None and answer.chunks is None:
            answer = await self._waited(handoff.answer, answer, handoff.expecting)
        elif handoff is not None and handoff.expecting is not None and self.live is not None:
            self.live.forget(*handoff.expecting)  # answered at once after all
        await send({"type": "http.response.start", "status": answer.status, "headers": answer.headers})
        if answer.chunks is None:
            await send({"type": "http.response.body", "body": answer.body})
            return
        page = handoff.page if handoff is not None else None
        then = None
        if page is not None and self.live is not None:
            hub = self.live
            then = lambda left, wake: hub.serve(page, send, left, wake)  # noqa: E731
        await _stream(answer.chunks, receive, send, environ[CLIENT_GONE], then)

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


def wsgi_environ(scope: Message, body: bytes, size: int) -> WSGIEnvironment:
    """The WSGI environ of an ASGI request whose body is ``body`` (``size`` bytes arrived)."""
    server = scope.get("server") or ("localhost", 80)
    client = scope.get("client") or ("", 0)
    root = scope.get("root_path", "")
    path = scope["path"]
    if root and path.startswith(root):
        path = path[len(root) :]
    environ: dict[str, Any] = {
        "REQUEST_METHOD": scope["method"],
        "SCRIPT_NAME": root.encode("utf-8").decode("latin-1"),
        "PATH_INFO": path.encode("utf-8").decode("latin-1"),
        "QUERY_STRING": scope["query_string"].decode("latin-1"),
        "SERVER_NAME": str(server[0]),
        "SERVER_PORT": str(server[1]),
        "SERVER_PROTOCOL": f"HTTP/{scope.get('http_version', '1.1')}",
        "REMOTE_ADDR": str(client[0]),
        "REMOTE_PORT": str(client[1]),
        "CONTENT_LENGTH": str(size) if size else "",
        "wsgi.version": (1, 0),
        "wsgi.url_scheme": scope.get("scheme", "http"),
        "wsgi.input": io.BytesIO(body),
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": True,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
    }
    for raw_name, raw_value in scope["headers"]:
        name = raw_name.decode("latin-1")
        if "_" in name or name == "content-length":
            continue  # X_Forwarded_For would pass for X-Forwarded-For; the length is the body's own
        value = raw_value.decode("latin-1")
        if name == "content-type":
            environ["CONTENT_TYPE"] = value
            continue
        key = "HTTP_" + name.upper().replace("-", "_")
        if key in environ:
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
        head[:] = [
            int(status[:3]),
            [(name.encode("latin-1"), value.encode("latin-1")) for name, value in headers],
        ]
        return _no_write

    iterable: Iterable[bytes] = ()
    try:
        iterable = app(environ, start_response)
        status, headers = head
        if any(name.lower() == b"content-length" for name, _ in headers):
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
    gone: threading.Event,
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
    started.set_result(_Answer(500, [(b"content-type", b"application/json")], body + b"\n", None))
    del error


def _no_write(data: bytes) -> None:
    raise NotImplementedError("the app must return its body, not write it")


async def _stream(
    chunks: asyncio.Queue[bytes | None],
    receive: Receive,
    send: Send,
    gone: threading.Event,
    then: Callable[[asyncio.Event, asyncio.Event], Awaitable[None]] | None = None,
) -> None:
    """Send the chunks as they come, until the last, then whatever ``then`` sends (a live page, given the
    events its client's leaving sets); a client that leaves sets ``gone`` and ends it."""
    left, wake = asyncio.Event(), asyncio.Event()
    watcher = asyncio.ensure_future(_until_gone(receive, gone, chunks, (left, wake)))
    try:
        while (chunk := await chunks.get()) is not None:
            await send({"type": "http.response.body", "body": chunk, "more_body": True})
        if then is not None and not gone.is_set():
            await then(left, wake)
        if not gone.is_set():
            await send({"type": "http.response.body", "body": b"", "more_body": False})
    except OSError:
        gone.set()
    finally:
        watcher.cancel()


async def _until_gone(
    receive: Receive,
    gone: threading.Event,
    chunks: asyncio.Queue[bytes | None],
    events: tuple[asyncio.Event, ...],
) -> None:
    while (await receive())["type"] != "http.disconnect":
        pass
    gone.set()
    chunks.put_nowait(_NEXT_CHUNK_ENDS)
    for event in events:
        event.set()


async def _refuse(send: Send, status: int, answer: tuple[str, str], limit: float) -> None:
    """Refuse a request for its body before any of it reaches the app (``limit`` fills in the message),
    closing the connection."""
    code, message = answer
    body = msgspec.json.encode(error_body(code, message.format(limit=limit), "body")) + b"\n"
    headers = [(b"content-type", b"application/json"), (b"connection", b"close")]
    if status == 429:
        headers.append((b"retry-after", b"1"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
