"""A seat's WebSocket driven through the front's ASGI interface, in a test's own event loop."""

from __future__ import annotations

import asyncio
import json
from collections.abc import MutableMapping
from typing import Any

from api.front.wsgi_bridge import WsgiBridge


class SocketClient:
    """One WebSocket on ``front``: frames sent with :meth:`send`, those received read with :meth:`next`."""

    def __init__(self, front: WsgiBridge, path: str, headers: dict[str, str]) -> None:
        raw = [(b"host", b"localhost"), (b"upgrade", b"websocket"), (b"connection", b"Upgrade")]
        raw += [(name.lower().encode(), value.encode()) for name, value in headers.items()]
        self.scope = {
            "type": "websocket",
            "path": path,
            "query_string": b"",
            "headers": raw,
            "scheme": "ws",
            "server": ("localhost", 80),
            "client": ("127.0.0.1", 40000),
            "root_path": "",
        }
        self._front = front
        self._to_server: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.frames: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.skipped: list[dict[str, Any]] = []  # frames :meth:`next` passed over for another type
        self.closed: dict[str, Any] | None = None
        self.accepted = False
        self._task: asyncio.Task[None] | None = None

    async def open(self) -> SocketClient:
        self._to_server.put_nowait({"type": "websocket.connect"})
        self._task = asyncio.ensure_future(self._front(self.scope, self._to_server.get, self._sent))
        return self

    async def _sent(self, message: MutableMapping[str, Any]) -> None:
        if message["type"] == "websocket.accept":
            self.accepted = True
        elif message["type"] == "websocket.send":
            self.frames.put_nowait(json.loads(message["text"]))
        elif message["type"] == "websocket.close":
            self.closed = dict(message)
            self.frames.put_nowait({**message, "type": "closed"})

    def send(self, frame: Any) -> None:
        text = frame if isinstance(frame, str) else json.dumps(frame)
        self._to_server.put_nowait({"type": "websocket.receive", "text": text})

    async def next(self, kind: str | None = None, seconds: float = 5.0) -> dict[str, Any]:
        """The next frame (of type ``kind``: others before it are skipped)."""
        async with asyncio.timeout(seconds):
            while True:
                frame = await self.frames.get()
                if kind is None or frame["type"] == kind:
                    return frame
                self.skipped.append(frame)

    async def answer(self, frame: Any) -> dict[str, Any]:
        self.send(frame)
        return await self.next("answer")

    async def close(self) -> None:
        self._to_server.put_nowait({"type": "websocket.disconnect", "code": 1000})
        if self._task is not None:
            await asyncio.wait_for(self._task, 5)
