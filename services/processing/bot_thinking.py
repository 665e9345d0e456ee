"""Bots thinking beside the worker that asked them.

In embedded mode one worker thread runs every job of every game; a strong bot searches about a second a
move, and every other game's commands would wait meanwhile. So the embedded worker hands a search bot's
move to a thinking thread: the job returns at once, and the thread queues the chosen command like any
(services/processing/stand_ins.py). A move already being thought of is not handed over twice (the sweep may
ask again meanwhile); one that fails is logged, and the sweep asks again, as after a failed job.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

log = logging.getLogger(__name__)
THREADS = 1  # the embedded store runs on one core's worth of Python: one search at a time


class BotThinking:
    """A few threads that choose bots' moves, each move under a key thought of once at a time."""

    def __init__(self, threads: int = THREADS) -> None:
        self._pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="papyrus-bot")
        self._lock = threading.Lock()
        self._thinking: set[str] = set()
        self._idle = threading.Condition(self._lock)

    def think(self, key: str, move: Callable[[], object]) -> bool:
        """Run ``move`` in a thinking thread unless one runs or waits under ``key``; True if handed over."""
        with self._lock:
            if key in self._thinking:
                return False
            self._thinking.add(key)
        self._pool.submit(self._run, key, move)
        return True

    def _run(self, key: str, move: Callable[[], object]) -> None:
        try:
            move()
        except Exception:  # the sweep asks for the move again, as after a failed job
            log.exception("bot move %s failed", key)
        finally:
            with self._lock:
                self._thinking.discard(key)
                self._idle.notify_all()

    def wait_idle(self, timeout: float) -> bool:
        """Wait until no move is being thought of (at most ``timeout`` seconds); True once none is."""
        with self._lock:
            return self._idle.wait_for(lambda: not self._thinking, timeout)

    def stop(self) -> None:
        """Forget the moves not yet begun and wait for the ones being thought of."""
        self._pool.shutdown(wait=True, cancel_futures=True)
