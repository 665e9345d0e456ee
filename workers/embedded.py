"""An in-process RQ worker for embedded mode (``papyrus serve`` without REDIS_URL, on fakeredis).

One daemon thread runs an RQ ``SimpleWorker`` on the service's connections (jobs execute in the thread, no
fork), with the same upkeep as ``papyrus worker`` (services/processing/upkeep.py): its heartbeat, the due
scheduled jobs and the sweep, so the health check counts it as the worker. A search
bot thinks in a thread of its own (services/processing/bot_thinking.py), so its second a move does not hold
up every other game's jobs.
"""

from __future__ import annotations

import logging
import os
import threading
from dataclasses import dataclass, field

from rq.timeouts import TimerDeathPenalty

from services.game_service import GameService
from services.processing.bot_thinking import BotThinking
from services.processing.upkeep import Upkeep
from workers import context
from workers.worker import InProcessWorker

log = logging.getLogger(__name__)
IDLE_SECONDS = 1


class ThreadWorker(InProcessWorker):
    """A worker that can live outside the main thread (signals belong to the main thread, so job timeouts
    use a timer thread instead of SIGALRM)."""

    death_penalty_class = TimerDeathPenalty

    def _install_signal_handlers(self) -> None:
        return None


@dataclass
class EmbeddedWorker:
    service: GameService
    upkeep: Upkeep
    thinking: BotThinking = field(default_factory=BotThinking)
    stop_event: threading.Event = field(default_factory=threading.Event)
    threads: list[threading.Thread] = field(default_factory=list)

    def stop(self, timeout: float = 5.0) -> None:
        self.stop_event.set()
        for thread in self.threads:
            thread.join(timeout)
        self.service.stand_ins.thinking = None
        self.thinking.stop()

    def _work(self) -> None:
        queue = self.service.components.scheduler.queue
        worker = ThreadWorker([queue], connection=queue.connection, name=self.upkeep.worker)
        worker.upkeep = self.upkeep
        while not self.stop_event.is_set():
            try:
                worker.work(burst=False, max_idle_time=IDLE_SECONDS, logging_level="WARNING")
            except Exception:
                log.exception("embedded worker loop failed; restarting it")
                self.stop_event.wait(IDLE_SECONDS)


def start_embedded_worker(service: GameService) -> EmbeddedWorker:
    """Register ``service`` for this process's jobs, run the upkeep once with a sweep of every game due
    (the jobs of a store restored from its data file were not kept: their games get their work at once),
    and start the worker thread."""
    context.register(service)
    upkeep = Upkeep(
        service.components,
        service.sweep,
        f"embedded-{os.getpid()}-{id(service):x}",
        notifications=service.notifications.sweep,
    )
    upkeep.run(alone=True)
    embedded = EmbeddedWorker(service, upkeep)
    service.stand_ins.thinking = embedded.thinking
    thread = threading.Thread(target=embedded._work, name="papyrus-worker", daemon=True)
    thread.start()
    embedded.threads.append(thread)
    return embedded
