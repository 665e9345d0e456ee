"""The asynchronous front reads request bodies on its event loop (api/front/bodies.py): one client (an IPv4
address, an IPv6 /64, behind a trusted proxy the forwarded address) may be sending at most ``per_client``
bodies at once. Past that its next request is refused 429 ``body.too_many`` before anything of it is read,
while other clients, and the same client once a body has arrived, are served."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterable, MutableMapping
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from api.front import build_front
from api.front.bodies import BodyLimits
from api.front.wsgi_bridge import WsgiBridge
from api.proxies import parse_networks

PROXY = "10.0.0.1"
PER_CLIENT = 2


def echo(environ: dict[str, Any], start_response: Any) -> Iterable[bytes]:
    """A WSGI app answering with the size of the body it got."""
    body = json.dumps({"size": len(environ["wsgi.input"].read())}).encode()
    start_response("200 OK", [("Content-Type", "application/json"), ("Content-Length", str(len(body)))])
    return [body]


def front() -> WsgiBridge:
    limits = BodyLimits(seconds=5.0, per_client=PER_CLIENT, trusted=parse_networks(PROXY))
    return build_front(echo, 1, limits, pool=ThreadPoolExecutor(1))  # type: ignore[arg-type]


class Upload:
    """A POST from ``peer`` whose one-byte body arrives only once :meth:`finish` is called."""

    def __init__(self, asgi: WsgiBridge, peer: str, forwarded: str | None = None) -> None:
        headers = [(b"host", b"localhost"), (b"content-type", b"application/json"), (b"content-length", b"1")]
        headers += [(b"x-forwarded-for", forwarded.encode())] if forwarded else []
        self.scope = {"type": "http", "method": "POST", "path": "/api/games", "query_string": b""}
        self.scope |= {
            "headers": headers,
            "client": (peer, 40000),
            "server": ("localhost", 80),
            "root_path": "",
        }
        self.sent: list[MutableMapping[str, Any]] = []
        self.arrived = asyncio.Event()
        self.delivered = False
        self.task = asyncio.create_task(asgi(self.scope, self.receive, self.send))

    async def receive(self) -> dict[str, Any]:
        if self.delivered:
            await asyncio.Event().wait()  # the client stays connected
        await self.arrived.wait()
        self.delivered = True
        return {"type": "http.request", "body": b"1", "more_body": False}

    async def send(self, message: MutableMapping[str, Any]) -> None:
        self.sent.append(message)

    async def finish(self) -> tuple[int, dict[str, Any]]:
        self.arrived.set()
        await self.task
        return self.status, json.loads(self.sent[1]["body"])

    @property
    def status(self) -> int:
        return int(self.sent[0]["status"]) if self.sent else 0

    def header(self, name: bytes) -> bytes | None:
        return dict(self.sent[0]["headers"]).get(name) if self.sent else None


async def settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


def test_a_client_past_its_bodies_at_once_is_refused_before_anything_is_read() -> None:
    async def scenario() -> None:
        asgi = front()
        slow = [Upload(asgi, "192.0.2.7") for _ in range(PER_CLIENT)]
        await settle()
        refused = Upload(asgi, "192.0.2.7")
        await settle()
        assert refused.task.done() and refused.status == 429, "refused without its body"
        assert refused.header(b"retry-after") == b"1" and refused.header(b"connection") == b"close"
        assert json.loads(refused.sent[1]["body"])["error"]["code"] == "body.too_many"
        assert await Upload(asgi, "198.51.100.3").finish() == (200, {"size": 1}), "another client is served"
        assert await slow[0].finish() == (200, {"size": 1})
        assert await Upload(asgi, "192.0.2.7").finish() == (200, {"size": 1}), "a body arrived: room again"
        await slow[1].finish()

    asyncio.run(scenario())


def test_an_ipv6_client_counts_by_its_64_and_behind_the_proxy_by_the_forwarded_address() -> None:
    async def scenario() -> None:
        asgi = front()
        held = [Upload(asgi, f"2001:db8:1:2::{n}") for n in range(1, PER_CLIENT + 1)]
        held += [Upload(asgi, PROXY, forwarded=f"203.0.113.9, {PROXY}") for _ in range(PER_CLIENT)]
        await settle()
        same_64 = Upload(asgi, "2001:db8:1:2:ffff::1")
        same_forwarded = Upload(asgi, PROXY, forwarded="203.0.113.9")
        await settle()
        assert (same_64.status, same_forwarded.status) == (429, 429)
        assert await Upload(asgi, "2001:db8:1:3::1").finish() == (200, {"size": 1}), "another /64"
        other = Upload(asgi, PROXY, forwarded="203.0.113.10")
        assert await other.finish() == (200, {"size": 1}), "another client behind the same proxy"
        untrusted = Upload(asgi, "192.0.2.99", forwarded="203.0.113.9")
        assert await untrusted.finish() == (200, {"size": 1}), "only a trusted proxy's forwarding counts"
        for upload in held:
            await upload.finish()

    asyncio.run(scenario())


def test_bodies_past_their_deadline_are_answered_408_by_one_timer_and_the_others_read() -> None:
    """Each body has ``seconds`` from its start: the late ones are refused 408, a body arriving in time and
    one cancelled from outside are not taken for late, and the timer stops once the reads it watched ended."""

    async def scenario() -> None:
        asgi = build_front(echo, 1, BodyLimits(seconds=0.2), pool=ThreadPoolExecutor(1))  # type: ignore[arg-type]
        late = [Upload(asgi, f"192.0.2.{n}") for n in range(3)]
        await asyncio.sleep(0.1)
        in_time, cancelled = Upload(asgi, "198.51.100.3"), Upload(asgi, "198.51.100.4")
        await settle()
        cancelled.task.cancel()
        await asyncio.sleep(0.15)
        assert [upload.status for upload in late] == [408, 408, 408], "refused once their 0.2 s passed"
        assert late[0].header(b"connection") == b"close"
        assert json.loads(late[0].sent[1]["body"])["error"]["code"] == "body.too_slow"
        assert in_time.status == 0, "its own deadline is later"
        assert await in_time.finish() == (200, {"size": 1})
        assert cancelled.task.cancelled(), "a cancel from outside stays a cancel"
        await asyncio.sleep(0.2)  # the last deadline passed: the timer finds nothing left to watch
        assert asgi._deadlines._timer is None and not asgi._deadlines._reads, "no timer once nothing is read"

    asyncio.run(scenario())
