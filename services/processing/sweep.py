"""The sweep: whatever work is due in a game and has not happened, done by whichever worker sweeps.

It takes the games due for longer than :func:`grace` (at most :data:`SWEEP_BATCH`, oldest first) and does each
one's next step itself: set-up, queued commands, projections, a bot's move, an automatic step, a timeout or
reminder. Every step is version-checked, so a lost job turning up later changes nothing. One worker per
:func:`period` sweeps (a lock never released), so stalled work is taken up within ``PAPYRUS_SWEEP_INTERVAL``;
:func:`last_sweep` feeds health and metrics.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any, Protocol

import redis

from domain.registry import get_game
from services import keys
from services.processing.clock_steps import TurnReminders
from services.processing.game_processor import Deliveries, GameProcessor
from services.processing.job_scheduler import JobScheduler
from services.processing.stand_ins import MAX_BOT_ATTEMPTS, StandIns
from services.read_side.projections import TO_ACT
from services.results import GameMeta
from services.settings import Settings
from services.store.due_index import DueIndex
from services.store.event_store import EventStore
from services.store.meta_store import OPEN, RUNNING, MetaStore
from services.store.replies import as_int, as_str
from services.store.unavailable import STORE_UNAVAILABLE
from services.table.ranking import finished
from services.table.state_cache import StateCache

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


class SweepStores(Protocol):
    """What the sweep reads and writes besides the game-moving components: the composition root's objects
    satisfy it."""

    @property
    def redis(self) -> redis.Redis: ...
    @property
    def settings(self) -> Settings: ...
    @property
    def store(self) -> EventStore: ...
    @property
    def meta(self) -> MetaStore[GameMeta]: ...
    @property
    def due(self) -> DueIndex: ...
    @property
    def states(self) -> StateCache: ...
    @property
    def notify(self) -> Deliveries: ...
    @property
    def scheduler(self) -> JobScheduler: ...
    @property
    def reminders(self) -> TurnReminders: ...


class Sweep:
    def __init__(
        self,
        stores: SweepStores,
        processor: GameProcessor,
        stand_ins: StandIns,
        expire_open_games: Callable[[float], object],
    ) -> None:
        """``expire_open_games(now)``: drop the open games nobody started in time (each sweep calls it)."""
        self._stores = stores
        self._processor = processor
        self._stand_ins = stand_ins
        self._expire_open_games = expire_open_games

    def run(self, worker: str = "", nothing_in_flight: bool = False) -> SweepReport:
        """Repair every game due since :func:`grace` ago (at most :data:`SWEEP_BATCH`) and record it.
        ``nothing_in_flight``: every game due by now, with no grace (a process starting on a store no
        other process works on, whose jobs were not kept: the embedded store restored from its file)."""
        stores = self._stores
        started = time.monotonic()
        now = stores.settings.clock()
        stores.due.fill_once(stores.meta.running_ids, now)
        if nothing_in_flight:  # or no job would be queued until the count expired
            for instance in stores.scheduler.instances:
                instance.ready.forget_jobs()
        by = now if nothing_in_flight else now - grace(stores.settings.sweep_interval)
        due = stores.due.due(by, SWEEP_BATCH)
        repaired = sum(int(self._repair_or_postpone(game_id)) for game_id, _ in due)
        self._expire_open_games(now)
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
            settings = self._stores.settings
            self._stores.due.postpone(game_id, settings.clock() + settings.sweep_interval)
            return False

    def repair(self, game_id: str) -> bool:
        """Do the step the game is due for, here and now; True if the game moved on."""
        stores = self._stores
        before = self._progress(game_id)
        meta = stores.meta.get(game_id)
        if meta is None or meta.status == OPEN:
            stores.due.drop(game_id)
            return False
        if stores.store.head(game_id).version == 0:
            self._processor.set_up(game_id)
        else:
            self._processor.process_game(game_id)
            if meta.status == RUNNING:
                self._stand_in_step(game_id, meta)
        if stores.notify.pending(game_id):  # an append whose worker died before queueing its delivery
            stores.notify.schedule(game_id, stores.store.head(game_id).version)
        return self._progress(game_id) != before

    def _stand_in_step(self, game_id: str, meta: GameMeta) -> None:
        """What no player does, if the game is still due now that its commands are decided: the automatic
        step, the bots' moves, the timeouts of seats past their deadline."""
        stores = self._stores
        now = stores.settings.clock()
        score = stores.due.score(game_id)
        if score is None or score > now:
            return
        game = get_game(meta.game)
        head, state = stores.states.load(game, game_id)
        if finished(game, state, meta.table):
            return
        reminded = stores.reminders.remind_due(game_id, meta)
        to_act = game.to_act(state)
        if not to_act:
            self._processor.advance_game(game_id, head.version)
            return
        queued = reminded  # then settled again, which records the deadline as next due
        for seat in sorted(set() if meta.table.paused else to_act & meta.bot_seats()):
            attempt = self._processor.next_steps.turns.bot_attempt(game_id, seat, head.version)
            if attempt <= MAX_BOT_ATTEMPTS:
                queued |= self._stand_ins.bot_move(game_id, seat, head.version, attempt)
        for seat, entry in self._processor.next_steps.clocks.running(meta).deadlines.items():
            if entry.deadline <= now:
                queued |= self._stand_ins.timeout_seat(game_id, seat)
        if queued:
            self._processor.process_game(game_id)

    def _progress(self, game_id: str) -> tuple[Any, ...]:
        """What moves when a game moves on: its head (version, checkpoint) and its projections' version."""
        pipe = self._stores.redis.pipeline(transaction=False)
        pipe.hmget(keys.head(game_id), "version", "checkpoint")
        pipe.hget(keys.projection(game_id, TO_ACT), "version")
        return tuple(pipe.execute())

    def _record(self, report: SweepReport) -> None:
        pipe = self._stores.redis.pipeline(transaction=False)
        pipe.hset(keys.last_sweep(), mapping={name: str(value) for name, value in asdict(report).items()})
        pipe.hincrby(keys.last_sweep(), "runs", 1)
        pipe.hincrby(keys.last_sweep(), "repaired_total", report.repaired)
        pipe.execute()
