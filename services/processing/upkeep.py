"""What every worker does between jobs, about once a second: no process of its own to die or be orphaned.

:meth:`Upkeep.tick` is called by the worker loop (``papyrus worker`` and the embedded worker) each time it
wakes: after every job, and every second while it waits for one. At most once per :data:`TICK_SECONDS` it

1. records the worker's heartbeat (services/store/heartbeats.py: the health check needs one alive);
2. moves the scheduled jobs that are due (a delayed automatic phase, a deadline) onto the queue, if no
   other worker did in the last moment (``JobScheduler.promote_due_jobs``);
3. delivers the notification outboxes and digest mails that are due, if no other worker does this moment
   (services/notifications/delivery.py: ``Delivery.sweep``);
4. runs the sweep if it is due: the first worker to take the sweep lock (SET NX, held for
   ``sweep.period`` seconds, never released) sweeps, the others find it taken until it expires; it also
   queues again the finished games not yet indexed and rated (``JobScheduler.retry_finished``).

Whichever workers are alive do all of it; killing any of them (mid-sweep included) delays nothing beyond
the lock it held, which expires on its own.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from services import keys
from services.observability import metrics
from services.parts import Parts
from services.processing.sweep import Sweep, SweepReport, period

TICK_SECONDS = 1.0


class Upkeep:
    def __init__(
        self,
        parts: Parts,
        sweep: Sweep,
        worker: str,
        monotonic: Callable[[], float] = time.monotonic,
        notifications: Callable[[str], int] | None = None,
    ) -> None:
        self._parts = parts
        self._sweep = sweep
        self._notifications = notifications
        self.worker = worker
        self._monotonic = monotonic
        self._next_tick = monotonic()

    def tick(self) -> SweepReport | None:
        """:meth:`run`, unless it ran less than :data:`TICK_SECONDS` ago (then None)."""
        now = self._monotonic()
        if now < self._next_tick:
            return None
        self._next_tick = now + TICK_SECONDS
        return self.run()

    def run(self, alone: bool = False) -> SweepReport | None:
        """Heartbeat, due scheduled jobs, and the sweep if it is due (its report, else None). ``alone``:
        the only worker of a store just started (the embedded one): it sweeps now, every game due by now
        included (no job of theirs survived)."""
        parts = self._parts
        now = parts.settings.clock()
        parts.heartbeats.beat(self.worker, now)
        parts.scheduler.promote_due_jobs(self.worker)
        if self._notifications is not None:
            self._notifications(self.worker)
        if not self.take_sweep(force=alone):
            return None
        report = self._sweep.run(self.worker, nothing_in_flight=alone)
        parts.scheduler.retry_finished()
        metrics.sweep_finished(report.repaired, report.at)
        parts.heartbeats.forget_silent(now)
        return report

    def retire(self) -> None:
        """The worker stops: its heartbeat goes (it is not a dead worker, just a stopped one)."""
        self._parts.heartbeats.forget([self.worker])

    def take_sweep(self, force: bool = False) -> bool:
        """True if the sweep is due (or ``force``) and this worker is the one to run it."""
        hold_ms = max(1, int(period(self._parts.settings.sweep_interval) * 1000))
        return bool(self._parts.redis.set(keys.sweep_lock(), self.worker, nx=not force, px=hold_ms))
