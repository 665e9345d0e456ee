"""Reading a request's body on the event loop (RSGI, api/front/rsgi.py): at most ``most_bytes`` (more is left
for the app to refuse from the length alone), within ``seconds`` of the request's start (else 408, and the
connection closed; one timer watches every body read), and at most ``per_client`` bodies at once from one
client (else 429 at once)."""

from __future__ import annotations

import asyncio
from collections import deque
from dataclasses import dataclass
from typing import Any

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


class _Read:
    __slots__ = ("deadline", "late", "reading", "task")

    def __init__(self, deadline: float, task: asyncio.Task[Any]) -> None:
        self.deadline, self.task, self.reading, self.late = deadline, task, True, False


class BodyDeadlines:
    """The bodies being read on the loop, each given ``seconds``: one timer, armed at the earliest deadline,
    cancels the reads past theirs (a timer of its own for each body cost most of a small body's read).
    Used on the event loop's thread only."""

    def __init__(self, seconds: float) -> None:
        self._seconds = seconds
        self._reads: deque[_Read] = deque()  # in the order they started, so by deadline
        self._timer: asyncio.TimerHandle | None = None

    async def read(self, proto: Protocol, length: int | None, most_bytes: int) -> tuple[bytes, int]:
        """:func:`read_body` within the deadline: :class:`BodyTooSlow` past it."""
        loop = asyncio.get_running_loop()
        task = asyncio.current_task()
        assert task is not None
        read = _Read(loop.time() + self._seconds, task)
        self._reads.append(read)
        if self._timer is None:
            self._timer = loop.call_at(read.deadline, self._expire)
        try:
            return await read_body(proto, length, most_bytes)
        except asyncio.CancelledError:
            if read.late and task.uncancel() == 0:
                raise BodyTooSlow from None
            raise
        finally:
            read.reading = False
            reads = self._reads
            while reads and not reads[0].reading:  # those that ended in order leave at once
                reads.popleft()

    def _expire(self) -> None:
        self._timer = None
        loop = asyncio.get_running_loop()
        reads, now = self._reads, loop.time()
        while reads and (not reads[0].reading or reads[0].deadline <= now):
            read = reads.popleft()
            if read.reading:
                read.late = True
                read.task.cancel()
        if reads:
            self._timer = loop.call_at(reads[0].deadline, self._expire)


async def read_body(proto: Protocol, length: int | None, most_bytes: int) -> tuple[bytes, int]:
    """The body of ``length`` bytes (None: chunked; at most ``most_bytes`` kept) and how many bytes arrived;
    :class:`ClientGone` when the client left (a chunked body cut short by its client's leaving arrives as it
    was cut: the server tells no difference). No deadline of its own: :meth:`BodyDeadlines.read` sets one."""
    try:
        if length is not None:  # declared, and no more than most_bytes: the server reads that much
            body = await proto()
            return body, len(body)
        chunks: list[bytes] = []
        size = 0
        async for chunk in proto:
            size += len(chunk)
            if size > most_bytes:  # the app refuses it from its length: nothing more is read
                return b"", size
            chunks.append(chunk)
    except ProtocolClosed:
        raise ClientGone from None
    return b"".join(chunks), size
