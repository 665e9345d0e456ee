"""A webhook receiver on loopback: records every POST and answers the statuses a test scripts."""

from __future__ import annotations

import ssl
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


@dataclass
class Received:
    headers: dict[str, str]
    body: bytes
    answered: int


@dataclass
class Receiver:
    scheme: str = "http"
    host: str = "127.0.0.1"
    port: int = 0
    statuses: list[int] = field(default_factory=list)  # answered in turn; 200 once used up
    always: int = 200
    received: list[Received] = field(default_factory=list)

    @property
    def url(self) -> str:
        return f"{self.scheme}://{self.host}:{self.port}/hook"

    def next_status(self) -> int:
        return self.statuses.pop(0) if self.statuses else self.always


@contextmanager
def webhook_receiver(tls: ssl.SSLContext | None = None, host: str = "127.0.0.1") -> Iterator[Receiver]:
    """A receiver on loopback; with ``tls`` it answers HTTPS (and its ``url`` names ``host``)."""
    receiver = Receiver(scheme="https" if tls else "http", host=host)

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
            status = receiver.next_status()
            receiver.received.append(Received(dict(self.headers.items()), body, status))
            self.send_response(status)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, format: str, *args: object) -> None:
            return None

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    if tls is not None:
        server.socket = tls.wrap_socket(server.socket, server_side=True)
    receiver.port = server.server_address[1]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield receiver
    finally:
        server.shutdown()
        server.server_close()
