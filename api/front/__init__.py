"""The asynchronous front of the API (RSGI, Granian's own interface, in ``papyrus api`` and ``papyrus serve``;
ASGI elsewhere).

Each request's body is read on the event loop, with a size cap and a deadline, before any thread is taken:
a client sending its body slowly holds a coroutine, not a thread. The complete request then goes to the
Flask app on a bounded pool of threads (api/front/wsgi_bridge.py). A live page takes a thread only to
open: the app hands it over and it waits on the loop for its game's notices (api/front/live_hub.py); a
seat's WebSocket too (api/front/sockets.py).
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor
from typing import TYPE_CHECKING

from api.front.bodies import BodyLimits
from api.front.live_hub import LiveHub
from api.front.wsgi_bridge import WsgiBridge

if TYPE_CHECKING:
    from _typeshed.wsgi import WSGIApplication


def build_front(
    app: WSGIApplication,
    threads: int,
    limits: BodyLimits,
    pool: Executor | None = None,
    live: Callable[[Executor], LiveHub] | None = None,
) -> WsgiBridge:
    """The front (an RSGI app, an ASGI one too): every request answered by ``app`` on ``threads``
    (``pool``: another executor, e.g. one running the app inline where instructions are counted); with
    ``live`` (api/web/live.py's ``live_hub_for``), live pages wait on the loop."""
    return WsgiBridge(app, threads, limits, pool, live)
