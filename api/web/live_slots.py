"""How many live streams this process holds open: each holds a server thread (and a store connection) for up
to ``PAPYRUS_LIVE_SECONDS``, so past ``PAPYRUS_LIVE_MAX_STREAMS`` in all, or
``PAPYRUS_LIVE_MAX_STREAMS_PER_CLIENT`` from one client address, a new stream is refused with 503 and
``Retry-After`` (the page reconnects then) instead of taking the threads and connections ordinary requests
need. The count is per process: under ``papyrus api`` each server process keeps its own (the cap defaults
to its threads less a reserve, papyrus/commands/api.py)."""

from __future__ import annotations

import threading
from collections import Counter

from services.errors import ServiceError

RETRY_AFTER_SECONDS = 5


class StreamSlots:
    def __init__(self, most: int, most_per_client: int) -> None:
        self.most = most
        self.most_per_client = most_per_client
        self._lock = threading.Lock()
        self._by_client: Counter[str] = Counter()

    @property
    def open(self) -> int:
        with self._lock:
            return sum(self._by_client.values())

    def take(self, client: str) -> None:
        """Hold one slot for ``client``; 503 (with Retry-After) past either cap."""
        with self._lock:
            if sum(self._by_client.values()) >= self.most:
                raise _busy("live.busy", "This server holds as many live views as it may; retrying shortly.")
            if self._by_client[client] >= self.most_per_client:
                raise _busy(
                    "live.too_many_from_client",
                    f"Your address already holds {self.most_per_client} live views here; close a game page.",
                )
            self._by_client[client] += 1

    def give_back(self, client: str) -> None:
        with self._lock:
            self._by_client[client] -= 1
            if self._by_client[client] <= 0:
                del self._by_client[client]


def _busy(code: str, message: str) -> ServiceError:
    return ServiceError(503, code, message, retry_after=RETRY_AFTER_SECONDS)
