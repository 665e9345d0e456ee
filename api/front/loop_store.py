"""The store's client on the front's event loop (``redis.asyncio``): a waiting submit reads its outcome
there, in one round trip, without a hop to the app's threads and back. One per API process, on one Redis;
beside a Redis Cluster (and in the embedded mode) there is none and the outcome is read on a thread."""

from __future__ import annotations

from typing import TYPE_CHECKING

import redis.asyncio

if TYPE_CHECKING:
    from flask import Flask

EXTENSION = "papyrus.loop_store"
REPLY_SECONDS = 5.0  # its reads never block: a reply later than this is an outage, answered as one


def open_loop_store(app: Flask, url: str) -> None:
    """Give ``app`` a client of the store at ``url`` for its front's loop (connected on first use there)."""
    app.extensions[EXTENSION] = redis.asyncio.Redis.from_url(url, socket_timeout=REPLY_SECONDS)


def loop_store(app: Flask) -> redis.asyncio.Redis | None:
    """``app``'s client for reads on its front's loop, if it has one."""
    found: redis.asyncio.Redis | None = app.extensions.get(EXTENSION)
    return found
