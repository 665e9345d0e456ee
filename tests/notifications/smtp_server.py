"""A real SMTP server on loopback (aiosmtpd) that keeps every mail it receives."""

from __future__ import annotations

import asyncio
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from email import message_from_bytes, policy
from email.message import EmailMessage
from typing import Any

from aiosmtpd.controller import Controller


class Inbox:
    """What the server received; ``hold`` makes it wait before answering a mail (a worker dies meanwhile)."""

    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []
        self.lock = threading.Lock()
        self.hold = threading.Event()
        self.hold.set()
        self.arrived = threading.Event()

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        message = message_from_bytes(envelope.original_content or envelope.content, policy=policy.default)
        with self.lock:
            self.messages.append(message)  # type: ignore[arg-type]
        self.arrived.set()
        while not self.hold.is_set():
            await asyncio.sleep(0.05)
        return "250 Message accepted for delivery"

    def to(self, address: str) -> list[EmailMessage]:
        with self.lock:
            return [m for m in self.messages if m["To"] == address]

    def wait_for(self, count: int, timeout: float = 10.0) -> list[EmailMessage]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self.lock:
                if len(self.messages) >= count:
                    return list(self.messages)
            time.sleep(0.05)
        with self.lock:
            raise AssertionError(f"{len(self.messages)} mails arrived, {count} expected")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def smtp_server() -> Iterator[tuple[Inbox, int]]:
    inbox = Inbox()
    port = free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield inbox, port
    finally:
        inbox.hold.set()
        controller.stop()
