"""Reading a request's body on the event loop (RSGI, api/front/rsgi.py): at most ``most_bytes`` (more is left
for the app to refuse from the length alone), within ``seconds`` of the request's start (else 408, and the
connection closed), and at most ``per_client`` bodies at once from one client (else 429 at once)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from api.front.rsgi import Headers, Protocol, ProtocolClosed, peer_host
from api.proxies import Network, client_group, forwarded_client


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

    def client(self, peer: str, headers: Headers) -> str:
        """The client sending from ``peer`` (RSGI's ``address:port``) with these headers."""
        trusted = self._limits.trusted
        forwarded = ",".join(headers.get_all("x-forwarded-for")) if trusted else ""
        return client_group(forwarded_client(peer_host(peer) or "unknown", forwarded, trusted))

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


def expects_body(headers: Headers) -> tuple[bool, int | None]:
    """Whether the request says a body follows, and its declared length (None: chunked or unknown)."""
    declared = headers.get("content-length")
    if declared is not None:
        try:
            length = int(declared)
        except ValueError:
            return True, None
        return length > 0, length
    return "transfer-encoding" in headers, None


async def read_body(proto: Protocol, length: int | None, limits: BodyLimits) -> tuple[bytes, int]:
    """The body of ``length`` bytes (None: chunked; at most ``limits.most_bytes`` kept) and how many bytes
    arrived; :class:`BodyTooSlow` past the deadline, :class:`ClientGone` when the client left (a chunked
    body cut short by its client's leaving arrives as it was cut: the server tells no difference)."""
    try:
        async with asyncio.timeout(limits.seconds):
            if length is not None:  # declared, and no more than most_bytes: the server reads that much
                body = await proto()
                return body, len(body)
            chunks: list[bytes] = []
            size = 0
            async for chunk in proto:
                size += len(chunk)
                if size > limits.most_bytes:  # the app refuses it from its length: nothing more is read
                    return b"", size
                chunks.append(chunk)
    except TimeoutError:
        raise BodyTooSlow from None
    except ProtocolClosed:
        raise ClientGone from None
    return b"".join(chunks), size
