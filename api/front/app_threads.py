"""The threads the front runs the app on: a fixed number taking work from one queue. A request is handed
over without a future (:meth:`AppThreads.run`; its answer goes back to the loop on its own), which costs
less than an executor's ``submit``; ``submit`` is there too, for the loop's ``run_in_executor``."""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any

log = logging.getLogger(__name__)
_STOP = None


class AppThreads(Executor):
    """``threads`` threads (started with the first work, named ``name``_N) running what they are handed."""

    def __init__(self, threads: int, name: str) -> None:
        self._count = threads
        self._name = name
        self._work: queue.SimpleQueue[tuple[Callable[..., Any], tuple[Any, ...]] | None] = queue.SimpleQueue()
        self._threads: list[threading.Thread] = []
        self._starting = threading.Lock()

    def run(self, fn: Callable[..., Any], *args: Any) -> None:
        """Run ``fn(*args)`` on one of the threads; what it raises is logged, never returned."""
        if not self._threads:
            self._start()
        self._work.put((fn, args))

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        self.run(_settle, future, fn, args, kwargs)
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        for _ in self._threads:
            self._work.put(_STOP)
        if wait:
            for thread in self._threads:
                thread.join()

    def _start(self) -> None:
        with self._starting:
            if self._threads:
                return
            threads = [
                threading.Thread(target=self._serve, name=f"{self._name}_{n}", daemon=True)
                for n in range(self._count)
            ]
            for thread in threads:
                thread.start()
            self._threads = threads

    def _serve(self) -> None:
        work = self._work
        while (item := work.get()) is not _STOP:
            fn, args = item
            try:
                fn(*args)
            except BaseException:
                log.exception("work handed to the app's threads failed")
            del item, fn, args


def _settle(
    future: Future[Any], fn: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]
) -> None:
    if not future.set_running_or_notify_cancel():
        return
    try:
        result = fn(*args, **kwargs)
    except BaseException as error:
        future.set_exception(error)
        del error
    else:
        future.set_result(result)
