"""A seat's WebSocket: its moves and its game's pushes over one connection, as boardgame.io's clients play.

The app opens it (api/web/seat_socket.py authenticates the seat as every request does and hands it over).
Each frame then goes to the submit route as a request with the connection's own headers, on the app's
threads: the same checks, quotas and answer. The seat's catch-ups are pushed from the live hub; an
accepted command's answer carries the seat's view from them, not from a read of its own."""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from typing import Protocol as Interface

import msgspec

from api.front.live_hub import HEARTBEAT, CaughtUp, LivePage
from api.front.rsgi import Message, ProtocolClosed, Receive, Send

if TYPE_CHECKING:
    from _typeshed.wsgi import WSGIEnvironment

log = logging.getLogger(__name__)
# Set in the environ of a socket's opening request: the route hands its seat over only then.
SOCKET_OPENING = "papyrus.socket_opening"
# A socket refused at its opening closes with this plus the HTTP status the app answered (4401, 4404...).
REFUSED_CLOSE = 4000
GOING_AWAY = 1001  # the socket's time is up (or its pushes failed): the client opens it again
HEARTBEAT_FRAME = '{"type":"heartbeat"}'
VIEW_PREFIX = b'{"type":"view"'  # a pushed view's frame starts so (its tag is encoded first)
VIEW_HEAD = VIEW_PREFIX + b',"view":'  # then the view itself, and the frame's closing brace
# How long an accepted command's answer waits for its game's notice to push the seat's view, before it
# reads that view itself (the notices' connection may be down, being opened again).
VIEW_WAIT_SECONDS = 0.5
# The whole answer to one request: status, headers, body.
Answered = tuple[int, list[tuple[str, str]], bytes]
Write = Callable[[bytes], Awaitable[None]]
# The hub's follow of a page (``LiveHub.serve``): what it writes, until its client left.
Follow = Callable[[LivePage, Write, asyncio.Event, asyncio.Event], Awaitable[None]]
# Runs a blocking function (a page's catch-up) on the app's threads.
OnThreads = Callable[[Callable[[], CaughtUp]], Awaitable[CaughtUp]]
# Runs the app on a request, the seat it handed over with the answer, if any.
AnswerOf = Callable[["WSGIEnvironment"], Awaitable[tuple[Answered, "SocketSeat | None"]]]


@dataclass
class SocketSeat:
    """What the app hands over for a socket it opened: its first frames (one JSON document a line), the
    ``page`` its pushes follow (catch-ups made of frames too) and where its commands are submitted."""

    opening: bytes
    page: LivePage
    submit_path: str


class Channel(Interface):
    """A WebSocket as the front uses it, under RSGI or ASGI."""

    async def accept(self) -> None: ...

    async def receive(self) -> str | bytes | None:
        """The next message; None once the client closed."""

    async def send(self, text: str) -> None: ...

    async def close(self, code: int, reason: str) -> None: ...


class RsgiChannel:
    """Granian's RSGI WebSocket protocol as a :class:`Channel`."""

    def __init__(self, protocol: Any) -> None:
        self._protocol = protocol
        self._transport: Any = None

    async def accept(self) -> None:
        self._transport = await self._protocol.accept()

    async def receive(self) -> str | bytes | None:
        try:
            message = await self._transport.receive()
        except ProtocolClosed:
            return None
        return None if int(message.kind) == 0 else message.data  # 0: a close

    async def send(self, text: str) -> None:
        await self._transport.send_str(text)

    async def close(self, code: int, reason: str) -> None:
        self._protocol.close(code)


class AsgiChannel:
    """An ASGI WebSocket (``receive``, ``send``) as a :class:`Channel`."""

    def __init__(self, receive: Receive, send: Send) -> None:
        self._receive, self._send = receive, send
        self._closed = False

    async def accept(self) -> None:
        connect = await self._receive()
        if connect["type"] != "websocket.connect":
            raise ProtocolClosed("the client left before the socket opened")
        await self._send({"type": "websocket.accept"})

    async def receive(self) -> str | bytes | None:
        message: Message = await self._receive()
        if message["type"] != "websocket.receive":
            self._closed = True
            return None
        text = message.get("text")
        return text if text is not None else message.get("bytes") or b""

    async def send(self, text: str) -> None:
        if self._closed:
            raise ProtocolClosed("the client left")
        await self._send({"type": "websocket.send", "text": text})

    async def close(self, code: int, reason: str) -> None:
        if not self._closed:
            self._closed = True
            await self._send({"type": "websocket.close", "code": code, "reason": reason})


class _Outcome(msgspec.Struct):
    status: str = ""
    version: int = 0


class _Refused(msgspec.Struct):
    error: dict[str, Any]


class _Named(msgspec.Struct):
    command_id: Any = None


def _id(frame: str | bytes) -> str | None:
    """The command id a frame names, if it is a JSON object naming one."""
    try:
        named = msgspec.json.decode(frame, type=_Named)
    except msgspec.DecodeError:
        return None
    return named.command_id if isinstance(named.command_id, str) else None


def answer_frame(command_id: str | None, status: int, body: bytes, view: bytes | None = None) -> str:
    """A command's answer: ``ok`` with the HTTP answer as ``result`` (``view``, encoded, added to it), else
    its ``error``, and its status."""
    head = f'{{"type":"answer","id":{msgspec.json.encode(command_id).decode()},"status":{status},'
    if status < 300:
        result = body.strip()
        if view is not None:
            result = result[:-1] + b',"view":' + view + b"}"
        return f'{head}"ok":true,"result":{result.decode("utf-8")}}}'
    try:
        error = msgspec.json.decode(body, type=_Refused).error
    except msgspec.DecodeError:
        error = {"code": "internal_error", "message": "The server failed on this command.", "field": None}
    return f'{head}"ok":false,"error":{msgspec.json.encode(error).decode()}}}'


async def serve_socket(
    opened: WSGIEnvironment,
    answer: AnswerOf,
    follow: Follow,
    on_threads: OnThreads,
    channel: Channel,
    most_bytes: int,
) -> None:
    """Open the socket of the request ``opened`` (``answer`` runs the app on it), or refuse it with the app's
    own reason; then answer each of its command frames and push what ``follow`` writes until either side
    closes (``on_threads`` runs a catch-up of the socket's own when its pushes are late). A frame over
    ``most_bytes`` reaches the app as an oversized body, unread."""
    (status, _, body), seat = await answer({**opened, SOCKET_OPENING: True})
    try:
        await channel.accept()
    except ProtocolClosed:
        if seat is not None:
            seat.page.release()
        return
    if seat is None:
        await channel.send(answer_frame(None, status, body).replace('"answer"', '"refused"', 1))
        await channel.close(REFUSED_CLOSE + status, "refused")
        return
    try:
        pushes = _Pushes(seat, channel, follow, on_threads)
        await _serve(opened, answer, pushes, channel, most_bytes)
    finally:
        seat.page.release()


class _Pushes:
    """A socket's pushes: its opening frames, then what the hub's follow of its page writes. While a command
    is answered they are held, then sent after its answer, less the views it made old: an accepted
    command's answer carries the seat's view its game's notice pushed (read here only if that push is
    late), and a client gets each version once, in order."""

    def __init__(self, seat: SocketSeat, channel: Channel, follow: Follow, on_threads: OnThreads) -> None:
        self.seat, self._channel, self._follow, self._on_threads = seat, channel, follow, on_threads
        self.left, self.wake = asyncio.Event(), asyncio.Event()
        self._held: list[tuple[bytes, int]] | None = None
        self._given = -1  # the latest version of the seat's view the client was given
        self._viewed = asyncio.Event()  # set when a view is held (or the pushes ended)
        self._ended = False

    async def write(self, chunk: bytes) -> None:
        """Send a catch-up's frames; its view (if any) is at the page's version, set just before."""
        if chunk == HEARTBEAT:
            await self._channel.send(HEARTBEAT_FRAME)
            return
        version = self.seat.page.seen
        for frame in chunk.split(b"\n"):
            if not frame:
                continue
            if self._held is not None:
                self._held.append((frame, version))
                if frame.startswith(VIEW_PREFIX):
                    self._viewed.set()
            else:
                await self._send(frame, version)

    async def _send(self, frame: bytes, version: int) -> None:
        if frame.startswith(VIEW_PREFIX):
            if version <= self._given:
                return
            self._given = version
        await self._channel.send(frame.decode("utf-8"))

    async def run(self) -> None:
        try:
            await self.write(self.seat.opening)
            await self._follow(self.seat.page, self.write, self.left, self.wake)
        finally:
            self._ended = True
            self._viewed.set()

    def stop(self) -> None:
        self.left.set()
        self.wake.set()

    def hold(self) -> None:
        self._held = []

    async def answered(self, command_id: str | None, status: int, body: bytes) -> None:
        """Send a command's answer (an accepted one's with the seat's view at its version or later), then
        the pushes held meanwhile that it did not make old."""
        view = None
        if status == 200:
            try:
                outcome = msgspec.json.decode(body, type=_Outcome)
            except msgspec.DecodeError:
                outcome = _Outcome()
            if outcome.status == "accepted":
                view = await self._view_at(outcome.version)
        held, self._held = self._held or [], None
        await self._channel.send(answer_frame(command_id, status, body, view))
        for frame, version in held:
            await self._send(frame, version)

    async def _view_at(self, version: int) -> bytes | None:
        """The seat's view at ``version`` or later (encoded), as pushed: held already, else awaited for a
        while, else read by a catch-up of the socket's own; None if that read fails."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + VIEW_WAIT_SECONDS
        page = self.seat.page
        # a page past ``version`` already (a command decided before, submitted again) pushes no view for it
        while (found := self._held_view(version)) is None and page.seen < version and not self._ended:
            self._viewed.clear()
            try:
                async with asyncio.timeout_at(deadline):
                    await self._viewed.wait()
            except TimeoutError:
                break
        if found is None:
            found = await self._read_view(version)
        if found is None:
            return None
        frame, seen = found
        self._given = max(self._given, seen)
        page.seen = max(page.seen, seen)  # the next catch-up need not read it again
        return frame[len(VIEW_HEAD) : -1] if frame.startswith(VIEW_HEAD) else None

    def _held_view(self, version: int) -> tuple[bytes, int] | None:
        """The latest view held, if it is at ``version`` or later."""
        for frame, seen in reversed(self._held or []):
            if frame.startswith(VIEW_PREFIX):
                return (frame, seen) if seen >= version else None
        return None

    async def _read_view(self, version: int) -> tuple[bytes, int] | None:
        """The seat's view at ``version`` or later, read as its page's catch-up reads it (on the threads)."""
        page = self.seat.page
        try:
            frames, seen, _ = await self._on_threads(lambda: page.step(version - 1, page.cursor, None))
        except Exception:
            log.warning("a socket's view could not be read for its answer", exc_info=True)
            return None
        views = [frame for frame in frames.split(b"\n") if frame.startswith(VIEW_PREFIX)]
        return (views[-1], seen) if views else None


async def _serve(
    opened: WSGIEnvironment,
    answer: AnswerOf,
    pushes: _Pushes,
    channel: Channel,
    most_bytes: int,
) -> None:
    """The socket's life: frames answered one after another while the pushes go on beside them."""
    pushing = asyncio.ensure_future(pushes.run())
    receiving: asyncio.Future[str | bytes | None] | None = None
    try:
        while True:
            receiving = receiving or asyncio.ensure_future(channel.receive())
            await asyncio.wait((receiving, pushing), return_when=asyncio.FIRST_COMPLETED)
            if not receiving.done():  # the page's time is up, or its pushes failed
                await channel.close(GOING_AWAY, "open it again")
                return
            frame, receiving = receiving.result(), None
            if frame is None:
                return
            environ = _command_environ(opened, pushes.seat, frame, most_bytes)
            pushes.hold()
            (status, _, body), _ = await answer(environ)
            await pushes.answered(_id(frame), status, body)
    except (OSError, ProtocolClosed):
        return
    finally:
        pushes.stop()
        if receiving is not None:
            receiving.cancel()
        await asyncio.gather(pushing, return_exceptions=True)


def _command_environ(
    opened: WSGIEnvironment, seat: SocketSeat, frame: str | bytes, most_bytes: int
) -> WSGIEnvironment:
    """The submit request a frame makes: the socket's opening request (its headers, its client) posting it."""
    body = frame.encode("utf-8") if isinstance(frame, str) else frame
    size = len(body)
    return {
        **opened,
        "REQUEST_METHOD": "POST",
        "PATH_INFO": seat.submit_path,
        "QUERY_STRING": "",
        "CONTENT_TYPE": "application/json",
        "CONTENT_LENGTH": str(size),
        "wsgi.input": io.BytesIO(body if size <= most_bytes else b""),
    }
