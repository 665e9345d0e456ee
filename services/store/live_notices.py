"""Notices that a game's log or chat grew, for the pages waiting on it.

On Redis the script that appends a game's facts publishes the notice itself on the game's sharded channel
(``keys.live``), and chat appends publish beside their entry. In embedded mode (no Redis server, nothing to
subscribe to) the API's pages and the worker share one process: :data:`LOCAL_NOTICES` hands each notice to
the listeners of this process. Publishing with no listener (a worker process) costs a lock and nothing else.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

Listener = Callable[[str], None]


class LocalNotices:
    """In-process notices by game id; listeners are called on the publishing thread and must not block."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._listeners: tuple[Listener, ...] = ()

    def listen(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener`` with the game id of every notice from now on; the returned function stops it."""
        with self._lock:
            self._listeners = (*self._listeners, listener)

        def stop() -> None:
            with self._lock:
                self._listeners = tuple(each for each in self._listeners if each is not listener)

        return stop

    def publish(self, game_id: str) -> None:
        for listener in self._listeners:
            listener(game_id)


LOCAL_NOTICES = LocalNotices()
