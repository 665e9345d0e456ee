"""Enqueueing and scheduling the RQ jobs of workers/jobs.py (by dotted path: services never import workers).

Every job takes ids only and has a deterministic id, so the same work is never queued twice and a late or
duplicated job finds the version moved on and does nothing:

* ``papyrus-advance-<game>-<version>``: the automatic phase after ``version``;
* ``papyrus-bot-<game>-<seat>-<version>-<attempt>``: a bot's move (a new attempt only after a refusal);
* ``papyrus-timeout-<game>-<seat>-<since>``: the deadline of a seat that must act since ``since``;
* ``papyrus-finished-<game>``: a game that ended, indexed for the archive and profiles and rated;
* ``papyrus-reminder-<game>-<seat>-<since>``: when a quarter of that seat's time is left;
* ``papyrus-process-<game>-<n>``: draining the command inbox. At most one is queued per game: a flag key
  (SET NX) holds the queued job's id and the job clears it when it starts. Under load one such job decides
  many games (services/processing/ready_games.py): a game is noted as waiting, and a job queued only while
  fewer than two are queued or running.

A job's result is kept ``Settings.result_ttl`` seconds (``PAPYRUS_RESULT_TTL``, ten minutes by default: RQ
deletes a job with ``result_ttl=0`` through about nine more round trips than it takes to record the result,
21 -> 30 per command in benchmarks/worker_profile.py), a failed job ``Settings.failed_job_ttl`` seconds
(``PAPYRUS_FAILED_JOB_TTL``, a week). A job id that exists in RQ is never enqueued again, so a job whose work
changed nothing cannot loop. RQ is trusted with nothing else: a job lost anywhere (a worker killed after
dequeuing it, RQ's Redis emptied) leaves its game in the due index, and the sweep does its work
(services/processing/sweep.py).

Scheduled jobs (a delayed automatic phase, a deadline) are moved onto the queue by :meth:`promote_due_jobs`,
which every worker calls about once a second and one of them runs (a short lock on RQ's Redis): no separate
scheduler process exists to die or to outlive its worker.
"""

from __future__ import annotations

import math
import uuid
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, NamedTuple

import redis
from redis.cluster import RedisCluster
from redis.commands.core import Script
from rq import Queue
from rq.exceptions import DuplicateJobError, NoSuchJobError
from rq.job import Job, JobStatus
from rq.scheduler import RQScheduler

from services import keys
from services.processing.ready_games import ReadyGames, job_needed, was_noted
from services.settings import Settings
from services.store.lua_scripts import execute_with_scripts
from services.store.replies import as_str

JOBS = "workers.jobs"
ALIVE = {JobStatus.QUEUED, JobStatus.SCHEDULED, JobStatus.STARTED, JobStatus.DEFERRED, JobStatus.CREATED}
PROCESS_FLAG_TTL = 600
PROMOTION_LOCK_MS = 900
FINISHED_RETRY_SECONDS = 300


def advance_job_id(game_id: str, version: int) -> str:
    return f"papyrus-advance-{game_id}-{version}"


def bot_job_id(game_id: str, seat: int, version: int, attempt: int) -> str:
    return f"papyrus-bot-{game_id}-{seat}-{version}-{attempt}"


def finished_job_id(game_id: str) -> str:
    return f"papyrus-finished-{game_id}"


def timeout_job_id(game_id: str, seat: int, since: int) -> str:
    return f"papyrus-timeout-{game_id}-{seat}-{since}"


def reminder_job_id(game_id: str, seat: int, since: int) -> str:
    return f"papyrus-reminder-{game_id}-{seat}-{since}"


class QueuedFlag(NamedTuple):
    """What :meth:`JobScheduler.queue_flag` queued: the id of the job the flag names, and the scripts it
    queued besides (the game's note as waiting, when RQ shares the store's Redis)."""

    job_id: str
    scripts: list[Script]


class JobScheduler:
    def __init__(self, store: redis.Redis, rq_connection: redis.Redis, settings: Settings) -> None:
        self._store = store
        self._rq = rq_connection
        self._settings = settings
        self.queue = Queue(settings.queue_name, connection=rq_connection)
        self.ready = ReadyGames(rq_connection, settings.decision_jobs, settings.decision_backlog)
        # RQ on the store's Redis (the default, not a Cluster): a game is noted as waiting in the round trip
        # that sets its flag, one round trip less per submitted command
        self.rq_shares_store = rq_connection is store and not isinstance(store, RedisCluster)
        self._promoter: RQScheduler | None = None

    def status(self, job_id: str) -> JobStatus | None:
        try:
            return Job.fetch(job_id, connection=self._rq).get_status(refresh=False)
        except NoSuchJobError:
            return None

    def is_alive(self, job_id: str) -> bool:
        """True if RQ says the job is waiting, scheduled or running."""
        return self.status(job_id) in ALIVE

    def _create(self, function: str, args: tuple[object, ...], job_id: str) -> Job:
        return self.queue.create_job(
            f"{JOBS}.{function}",
            args=args,
            job_id=job_id,
            result_ttl=self._settings.result_ttl,
            failure_ttl=self._settings.failed_job_ttl,
        )

    def ensure(self, job_id: str, function: str, args: tuple[object, ...], delay: float = 0.0) -> bool:
        """Enqueue (or schedule after ``delay`` seconds) unless RQ knows this job id; True if enqueued.
        RQ keeps a scheduled job's time in whole seconds, cutting the fraction off, so the job could run up
        to a second early and find its deadline not yet passed (then only the sweep would act on it): it
        is scheduled at the first whole second at or after its time."""
        if self.status(job_id) is not None:
            return False
        job = self._create(function, args, job_id)
        try:
            if delay > 0:
                when = datetime.fromtimestamp(math.ceil(self._settings.clock() + delay), UTC)
                self.queue.schedule_job(job, when, unique=True)
            else:
                self.queue.enqueue_job(job, unique=True)
        except DuplicateJobError:
            return False
        return True

    def process_game(
        self, game_id: str, first: Callable[[redis.client.Pipeline], object] | None = None
    ) -> bool:
        """See that a process_game job decides this game unless one is already queued for it: note it as
        waiting, and queue a job unless enough are queued (they take the waiting games). ``first`` queues
        the caller's writes (on the store) that must go in the same round trip, before the flag."""
        queued: list[QueuedFlag] = []

        def fill(pipe: redis.client.Pipeline) -> list[Script]:
            if first is not None:
                first(pipe)
            queued[:] = [self.queue_flag(pipe, game_id)]
            return queued[0].scripts

        replies = execute_with_scripts(self._store, fill)
        return self.after_flag(game_id, queued[0], replies)

    def queue_flag(self, pipe: redis.client.Pipeline, game_id: str) -> QueuedFlag:
        """Queue in ``pipe`` the SET NX of the game's "process job queued" flag and, when RQ shares the
        store's Redis, the game's note as waiting for a decision if that SET NX set it (a job decides a noted
        game only while its flag is set). The pipeline's replies go to :meth:`after_flag`."""
        job_id = f"papyrus-process-{game_id}-{uuid.uuid4().hex[:12]}"
        flag = keys.process_queued(game_id)
        pipe.set(flag, job_id, nx=True, ex=PROCESS_FLAG_TTL)
        if not self.rq_shares_store:
            return QueuedFlag(job_id, [])
        return QueuedFlag(job_id, [self.ready.queue_flagged_note(pipe, game_id, flag, job_id)])

    def after_flag(self, game_id: str, flag: QueuedFlag, replies: list[Any]) -> bool:
        """The rest of :meth:`process_game` once the pipeline :meth:`queue_flag` filled answered
        ``replies`` (the flag's last). False when the flag was set already and names a job still to run;
        a flag left by a lost job is taken over."""
        noted_with_flag = bool(flag.scripts)
        newly_set = bool(replies[-2] if noted_with_flag else replies[-1])
        if noted_with_flag:
            if was_noted(replies[-1]):
                if job_needed(replies[-1]):
                    self._enqueue_process_job(game_id, flag.job_id)
                return True
            if newly_set:
                return True  # a job cleared the flag since it was set: it reads the command queued before it
        if not newly_set:
            queued = self._store.get(keys.process_queued(game_id))
            if queued is not None and self.is_alive(as_str(queued)):
                return False
            self._store.set(keys.process_queued(game_id), flag.job_id, ex=PROCESS_FLAG_TTL)
        if self.ready.note(game_id):
            self._enqueue_process_job(game_id, flag.job_id)
        return True

    def queue_follow_up(self, game_id: str) -> None:
        """Queue one more process_game job (labelled with ``game_id``) for the games still waiting."""
        self._enqueue_process_job(game_id, f"papyrus-process-{game_id}-{uuid.uuid4().hex[:12]}")

    def _enqueue_process_job(self, game_id: str, job_id: str) -> None:
        job = self._create("process_game", (game_id,), job_id)
        rq_pipe = self._rq.pipeline()
        self.queue.enqueue_job(job, pipeline=rq_pipe)  # RQ's writes, sent in one round trip instead of two
        rq_pipe.execute()

    def advance(self, game_id: str, version: int) -> bool:
        job_id, delay = advance_job_id(game_id, version), self._settings.advance_delay
        return self.ensure(job_id, "advance_game", (game_id, version), delay)

    def bot_move(self, game_id: str, seat: int, version: int, attempt: int) -> bool:
        job_id = bot_job_id(game_id, seat, version, attempt)
        return self.ensure(job_id, "bot_move", (game_id, seat, version, attempt))

    def timeout(self, game_id: str, seat: int, since: int, deadline: float) -> bool:
        delay = max(0.0, deadline - self._settings.clock())
        job_id = timeout_job_id(game_id, seat, since)
        return self.ensure(job_id, "timeout_seat", (game_id, seat), delay)

    def finished(self, game_id: str, retry: int = 0) -> bool:
        """Index a game that just ended and fold it into its game's ratings (services/social/); it stays
        in ``keys.finished_pending`` until that is done, and :meth:`retry_finished` queues it again."""
        self._store.zadd(keys.finished_pending(), {game_id: self._settings.clock() + FINISHED_RETRY_SECONDS})
        job_id = finished_job_id(game_id) + (f"-{retry}" if retry else "")
        return self.ensure(job_id, "record_finished_game", (game_id,))

    def retry_finished(self) -> list[str]:
        """Queue again the finished games whose job should have done its work by now (a job lost with its
        worker, or failed); the games queued."""
        now = self._settings.clock()
        due = [as_str(game_id) for game_id in self._store.zrangebyscore(keys.finished_pending(), "-inf", now)]
        for game_id in due:
            self.finished(game_id, retry=int(now))
        return due

    def reminder(self, game_id: str, seat: int, since: int, at: float) -> bool:
        delay = max(0.0, at - self._settings.clock())
        job_id = reminder_job_id(game_id, seat, since)
        return self.ensure(job_id, "remind_seat", (game_id, seat, since), delay)

    def promote_due_jobs(self, holder: str) -> bool:
        """Move the scheduled jobs that are due onto the queue, if no other worker did in the last moment
        (a lock of ``PROMOTION_LOCK_MS`` on RQ's Redis, left to expire); True if this call did it."""
        if not self._rq.set(keys.scheduler_lock(), holder, nx=True, px=PROMOTION_LOCK_MS):
            return False
        if self._promoter is None:
            self._promoter = RQScheduler([self.queue], connection=self._rq)
            self._promoter.prepare_registries([self.queue.name])
        self._promoter.enqueue_scheduled_jobs()  # type: ignore[no-untyped-call]
        return True
