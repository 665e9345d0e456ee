"""Reading a request's body on the event loop: at most ``most_bytes`` (more is left for the app to refuse
from the length alone), within ``seconds`` of the request's start (else 408, and the connection closed),
and at most ``per_client`` bodies at once from one client (else 429 at once)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass
from typing import Any

from api.proxies import Network, client_group, forwarded_client

Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]


@dataclass(frozen=True)
class BodyLimits:
    """``most_bytes``: the largest body read (``PAPYRUS_MAX_BODY_BYTES``); ``seconds``: how long a body
    may take to arrive (``PAPYRUS_BODY_SECONDS``); ``per_client``: how many bodies one client (an IPv4
    address, an IPv6 /64; behind ``trusted`` proxies the forwarded one) may be sending at once
    (``PAPYRUS_BODIES_PER_CLIENT``)."""

    most_bytes: int = 64 * 1024
    seconds: float = 10.0
    per_client: int = 32
    trusted: tuple[Network, ...] = ()


class BodiesInFlight:
    """The bodies each client is sending now, so that one address cannot hold every connection a process
    takes with bodies sent slowly: past ``limits.per_client`` its next one is refused before it is read.
    Used on the event loop's thread only."""

    def __init__(self, limits: BodyLimits) -> None:
        self._limits = limits
        self._sending: dict[str, int] = {}

    def client(self, scope: Message) -> str:
        peer = str((scope.get("client") or ("unknown", 0))[0])
        forwarded = b",".join(value for name, value in scope["headers"] if name == b"x-forwarded-for")
        return client_group(forwarded_client(peer, forwarded.decode("latin-1"), self._limits.trusted))

    def enter(self, client: str) -> bool:
        """Count one more body from ``client``; False (nothing counted) once it sends as many as allowed."""
        sending = self._sending.get(client, 0)
        if sending >= self._limits.per_client:
            return False
        self._sending[client] = sending + 1
        return True

    def leave(self, client: str) -> None:
        left = self._sending.pop(client, 1) - 1
        if left:
            self._sending[client] = left


class BodyTooSlow(Exception):
    """The body did not arrive within the deadline."""


class ClientGone(Exception):
    """The client closed the connection before its body was complete."""


def expects_body(headers: list[tuple[bytes, bytes]]) -> tuple[bool, int | None]:
    """Whether the request says a body follows, and its declared length (None: chunked or unknown)."""
    for name, value in headers:
        if name == b"content-length":
            try:
                length = int(value)
            except ValueError:
                return True, None
            return length > 0, length
        if name == b"transfer-encoding":
            return True, None
    return False, 0


async def read_body(receive: Receive, limits: BodyLimits) -> tuple[bytes, int]:
    """The body (at most ``limits.most_bytes`` kept) and how many bytes arrived; :class:`BodyTooSlow` past
    the deadline, :class:`ClientGone` when the client left."""
    chunks: list[bytes] = []
    size = 0
    try:
        async with asyncio.timeout(limits.seconds):
            while True:
                message = await receive()
                if message["type"] == "http.disconnect":
                    raise ClientGone
                chunk = message.get("body", b"")
                size += len(chunk)
                if size <= limits.most_bytes:
                    chunks.append(chunk)
                else:  # the app refuses it from its length: nothing more is read
                    return b"", size
                if not message.get("more_body", False):
                    break
    except TimeoutError:
        raise BodyTooSlow from None
    return b"".join(chunks), size
