"""The sweep: whatever work is due in a game and has not happened, done by whichever worker sweeps.

A job can be lost at any point: a worker killed before, during or after dequeuing it (RQ then still calls a
job "queued" that sits in its intermediate list), between the append and the projection, RQ's Redis
restarted empty. None of that is asked of RQ here. Every write that makes work due also records its game in
the due index (services/store/due_index.py); the sweep reads the games that have been due for longer than
:func:`grace` (work in flight normally finishes well within it) and does each one's next step itself, in
the sweeping worker: set-up, deciding its queued commands with the automatic steps that follow, the
projections, the bot's move, the automatic step after a delay, a seat's timeout and its reminder. Every
step is version-checked and idempotent, so a job that turns up later changes nothing. The cost of a sweep
follows the number of games due (at most :data:`SWEEP_BATCH`, oldest first), not the number of games.

When: every worker checks about once a second whether the sweep is due (services/processing/upkeep.py) by
taking a lock held for :func:`period` seconds and never released, so one worker sweeps per period, and a
worker killed mid-sweep delays nothing. With a period of ``interval - grace`` a game whose work is due is
taken up within ``PAPYRUS_SWEEP_INTERVAL`` seconds (plus the one-second check) of the failure that stalled
it. Each sweep is recorded (:func:`last_sweep`) for the health check and metrics.
"""

from __future__ import annotations

import logging
import time
from dataclasses import asdict, dataclass
from typing import Any

import redis

from domain.registry import get_game
from services import keys
from services.limits.open_games import OpenGames
from services.parts import Parts
from services.processing.game_processor import GameProcessor
from services.processing.stand_ins import MAX_BOT_ATTEMPTS, StandIns
from services.read_side.projections import TO_ACT
from services.results import GameMeta
from services.store.meta_store import OPEN, RUNNING
from services.store.replies import as_int, as_str
from services.store.unavailable import STORE_UNAVAILABLE
from services.table.ranking import finished

log = logging.getLogger(__name__)
SWEEP_BATCH = 200
GRACE_SECONDS = 2.0


def grace(interval: float) -> float:
    """How long a game may be due before the sweep takes it up (its job is presumably in flight)."""
    return min(GRACE_SECONDS, interval / 4)


def period(interval: float) -> float:
    """Seconds between two sweeps, so that due work waits at most ``interval`` in all."""
    return interval - grace(interval)


@dataclass(frozen=True)
class SweepReport:
    """One sweep: when it started (epoch seconds), by which worker, how many games were due, how many it
    moved on (an event appended, a command decided, projections caught up) and how long it took."""

    at: float
    worker: str = ""
    due: int = 0
    repaired: int = 0
    seconds: float = 0.0


@dataclass(frozen=True)
class SweepTotals:
    """The last sweep and the running totals since the store was created (counters for metrics)."""

    last: SweepReport
    runs: int
    repaired: int


def last_sweep(connection: redis.Redis) -> SweepTotals | None:
    """The last recorded sweep and the totals, None if no sweep ever ran on this store."""
    raw = {as_str(k): as_str(v) for k, v in connection.hgetall(keys.last_sweep()).items()}
    if "at" not in raw:
        return None
    report = SweepReport(
        at=float(raw["at"]),
        worker=raw.get("worker", ""),
        due=int(raw.get("due", 0)),
        repaired=int(raw.get("repaired", 0)),
        seconds=float(raw.get("seconds", 0.0)),
    )
    return SweepTotals(report, as_int(raw.get("runs", 0)), as_int(raw.get("repaired_total", 0)))


class Sweep:
    def __init__(self, parts: Parts, processor: GameProcessor, stand_ins: StandIns) -> None:
        self._parts = parts
        self._processor = processor
        self._stand_ins = stand_ins

    def run(self, worker: str = "", nothing_in_flight: bool = False) -> SweepReport:
        """Repair every game due since :func:`grace` ago (at most :data:`SWEEP_BATCH`) and record it.
        ``nothing_in_flight``: every game due by now, with no grace (a process starting on a store no
        other process works on, whose jobs were not kept: the embedded store restored from its file)."""
        parts = self._parts
        started = time.monotonic()
        now = parts.settings.clock()
        parts.due.fill_once(parts.meta.running_ids, now)
        if nothing_in_flight:
            parts.scheduler.ready.forget_jobs()  # or no job would be queued until the count expired
        by = now if nothing_in_flight else now - grace(parts.settings.sweep_interval)
        due = parts.due.due(by, SWEEP_BATCH)
        repaired = sum(int(self._repair_or_postpone(game_id)) for game_id, _ in due)
        OpenGames(parts.redis).expire(now, parts.settings.open_game_ttl)
        report = SweepReport(now, worker, len(due), repaired, time.monotonic() - started)
        self._record(report)
        if repaired:
            log.info("sweep: %s of %s due games repaired", repaired, len(due))
        return report

    def _repair_or_postpone(self, game_id: str) -> bool:
        try:
            return self.repair(game_id)
        except STORE_UNAVAILABLE:
            raise
        except Exception:
            log.exception("sweep: game %s could not be repaired; trying again at the next sweep", game_id)
            settings = self._parts.settings
            self._parts.due.postpone(game_id, settings.clock() + settings.sweep_interval)
            return False

    def repair(self, game_id: str) -> bool:
        """Do the step the game is due for, here and now; True if the game moved on."""
        parts = self._parts
        before = self._progress(game_id)
        meta = parts.meta.get(game_id)
        if meta is None or meta.status == OPEN:
            parts.due.drop(game_id)
            return False
        if parts.store.head(game_id).version == 0:
            self._processor.set_up(game_id)
        else:
            self._processor.process_game(game_id)
            if meta.status == RUNNING:
                self._stand_in_step(game_id, meta)
        if parts.notify.pending(game_id):  # an append whose worker died before queueing its delivery
            parts.notify.schedule(game_id, parts.store.head(game_id).version)
        return self._progress(game_id) != before

    def _stand_in_step(self, game_id: str, meta: GameMeta) -> None:
        """What no player does, if the game is still due now that its commands are decided: the automatic
        step, the bots' moves, the timeouts of seats past their deadline."""
        parts = self._parts
        now = parts.settings.clock()
        score = parts.due.score(game_id)
        if score is None or score > now:
            return
        game = get_game(meta.game)
        head, state = parts.states.load(game, game_id)
        if finished(game, state, meta.table):
            return
        reminded = self._processor.next_steps.clocks.remind_due(game_id, meta)
        to_act = game.to_act(state)
        if not to_act:
            self._processor.advance_game(game_id, head.version)
            return
        queued = reminded  # then settled again, which records the deadline as next due
        for seat in sorted(set() if meta.table.paused else to_act & meta.bot_seats()):
            attempt = self._processor.next_steps.bot_attempt(game_id, seat, head.version)
            if attempt <= MAX_BOT_ATTEMPTS:
                queued |= self._stand_ins.bot_move(game_id, seat, head.version, attempt)
        config = self._processor.next_steps.clocks.config(meta)
        for seat, entry in parts.deadlines.of_game(game_id, config).items():
            if entry.deadline <= now:
                queued |= self._stand_ins.timeout_seat(game_id, seat)
        if queued:
            self._processor.process_game(game_id)

    def _progress(self, game_id: str) -> tuple[Any, ...]:
        """What moves when a game moves on: its head (version, checkpoint) and its projections' version."""
        pipe = self._parts.redis.pipeline(transaction=False)
        pipe.hmget(keys.head(game_id), "version", "checkpoint")
        pipe.hget(keys.projection(game_id, TO_ACT), "version")
        return tuple(pipe.execute())

    def _record(self, report: SweepReport) -> None:
        pipe = self._parts.redis.pipeline(transaction=False)
        pipe.hset(keys.last_sweep(), mapping={name: str(value) for name, value in asdict(report).items()})
        pipe.hincrby(keys.last_sweep(), "runs", 1)
        pipe.hincrby(keys.last_sweep(), "repaired_total", report.repaired)
        pipe.execute()
