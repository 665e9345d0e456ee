"""What the front uses of RSGI (Granian's own interface: a request's scope and protocol objects, answers
made without message dicts), and an ASGI request seen through the same interface (:class:`AsgiRequest`), so
the front serves under any ASGI server too (tests drive it that way)."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from typing import Any
from typing import Protocol as Interface

from granian._granian import RSGIProtocolClosed

# What the server raises once the client has left: reading its body, writing to it.
ProtocolClosed = RSGIProtocolClosed
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
StrHeaders = list[tuple[str, str]]


class Headers(Interface):
    """A request's headers, names in lower case."""

    def __contains__(self, name: str, /) -> bool: ...

    def get(self, name: str, default: Any = None, /) -> Any: ...

    def get_all(self, name: str, /) -> list[str]: ...

    def items(self) -> list[tuple[str, str]]: ...


class Scope(Interface):
    """A request's scope: ``client`` and ``server`` are ``address:port`` (``[address]:port`` for IPv6)."""

    proto: str
    http_version: str
    server: str
    client: str
    scheme: str
    method: str
    path: str
    query_string: str

    @property
    def headers(self) -> Headers: ...


class Transport(Interface):
    async def send_bytes(self, data: bytes, /) -> None: ...


class Protocol(Interface):
    """A request's protocol: its body (whole, or chunk by chunk), its client's leaving, and one answer."""

    def __call__(self) -> Awaitable[bytes]: ...

    def __aiter__(self) -> AsyncIterator[bytes]: ...

    def client_disconnect(self) -> Awaitable[None]: ...

    def response_bytes(self, status: int, headers: StrHeaders, body: bytes, /) -> None: ...

    def response_stream(self, status: int, headers: StrHeaders, /) -> Transport: ...


def peer_host(address: str) -> str:
    """The host of an ``address:port`` (``[address]:port``), without the brackets."""
    host = address.rpartition(":")[0]
    return host[1:-1] if host.startswith("[") else host


def peer_port(address: str) -> str:
    return address.rpartition(":")[2]


class AsgiHeaders:
    """An ASGI request's headers as RSGI's."""

    __slots__ = ("_pairs",)

    def __init__(self, raw: list[tuple[bytes, bytes]]) -> None:
        self._pairs = [(name.decode("latin-1").lower(), value.decode("latin-1")) for name, value in raw]

    def __contains__(self, name: str) -> bool:
        return any(key == name for key, _ in self._pairs)

    def get(self, name: str, default: Any = None) -> Any:
        return next((value for key, value in self._pairs if key == name), default)

    def get_all(self, name: str) -> list[str]:
        return [value for key, value in self._pairs if key == name]

    def items(self) -> list[tuple[str, str]]:
        return self._pairs


class AsgiScope:
    """An ASGI HTTP (or WebSocket) scope as RSGI's (a ``root_path`` is left out of the path)."""

    def __init__(self, scope: Message) -> None:
        self.proto = "ws" if scope["type"] == "websocket" else "http"
        self.http_version = str(scope.get("http_version", "1.1"))
        self.server = _address(scope.get("server") or ("localhost", 80))
        self.client = _address(scope.get("client") or ("", 0))
        self.scheme = str(scope.get("scheme", "http"))
        self.method = str(scope.get("method", "GET"))  # a WebSocket's scope has none
        root, path = scope.get("root_path", ""), str(scope["path"])
        self.path = path[len(root) :] if root and path.startswith(root) else path
        self.query_string = bytes(scope["query_string"]).decode("latin-1")
        self.headers = AsgiHeaders(scope["headers"])


class _AsgiTransport:
    def __init__(self, request: AsgiRequest) -> None:
        self._request = request

    async def send_bytes(self, data: bytes) -> None:
        await self._request.begin()
        await self._request.send({"type": "http.response.body", "body": data, "more_body": True})


class AsgiRequest:
    """An ASGI request (``receive``, ``send``) as RSGI's protocol; :meth:`finish` sends what the answer left
    to send, once it is made."""

    def __init__(self, receive: Receive, send: Send) -> None:
        self._receive = receive
        self.send = send
        self._start: Message | None = None
        self._whole: bytes | None = None
        self._streaming = False
        self._gone = False

    async def _next(self) -> Message:
        message = await self._receive()
        if message["type"] == "http.disconnect":
            self._gone = True
            raise ProtocolClosed("the client left")
        return message

    async def __call__(self) -> bytes:
        return b"".join([chunk async for chunk in self])

    async def __aiter__(self) -> AsyncIterator[bytes]:
        while True:
            message = await self._next()
            yield message.get("body", b"")
            if not message.get("more_body", False):
                return

    async def client_disconnect(self) -> None:
        while not self._gone:
            try:
                await self._next()
            except ProtocolClosed:
                return

    def response_bytes(self, status: int, headers: StrHeaders, body: bytes) -> None:
        self._start, self._whole = _start(status, headers), body

    def response_stream(self, status: int, headers: StrHeaders) -> _AsgiTransport:
        self._start, self._streaming = _start(status, headers), True
        return _AsgiTransport(self)

    async def begin(self) -> None:
        """Send the answer's start, once."""
        start, self._start = self._start, None
        if start is not None:
            await self.send(start)

    async def finish(self) -> None:
        await self.begin()
        if self._whole is not None:
            await self.send({"type": "http.response.body", "body": self._whole})
        elif self._streaming and not self._gone:
            with contextlib.suppress(OSError):  # the client left meanwhile
                await self.send({"type": "http.response.body", "body": b"", "more_body": False})


def _start(status: int, headers: StrHeaders) -> Message:
    encoded = [(name.encode("latin-1"), value.encode("latin-1")) for name, value in headers]
    return {"type": "http.response.start", "status": status, "headers": encoded}


def _address(pair: Any) -> str:
    host, port = str(pair[0]), pair[1]
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
