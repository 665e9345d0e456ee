"""Enqueueing and scheduling the RQ jobs of workers/jobs.py (by dotted path: services never import workers).

Every job takes ids only and has a deterministic id (``*_job_id``): the same work is never queued twice, a
late job finds the version moved on. A decision job is queued when none is queued or
running, or when more than ``PAPYRUS_DECISION_BACKLOG`` games wait for each (ready_games.py). Every
worker promotes due scheduled jobs each second: no scheduler process. A lost job leaves its game due. A job
goes to its game's RQ Redis (rq_instances.py), else to the first; ``home``: this worker's.
"""

from __future__ import annotations

import math
import uuid
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import Any, NamedTuple

import redis
from redis.commands.core import Script
from rq.exceptions import DuplicateJobError, NoSuchJobError
from rq.job import Job, JobStatus

from services import keys
from services.processing.ready_games import job_needed, was_noted
from services.processing.rq_instances import RqInstance, rq_index
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


def _stretch(started: float) -> int:
    """A running stretch of a turn, by when it began (ms): a resume or an undo starts a new one, whose
    deadline needs a job of its own even though the turn (``since``) is the same."""
    return round(started * 1000)


def timeout_job_id(game_id: str, seat: int, since: int, started: float, due: float) -> str:
    """One job per stretch and deadline: a player's days off changing moves the deadline (a new job; the
    old one finds the deadline not yet passed)."""
    return f"papyrus-timeout-{game_id}-{seat}-{since}-{_stretch(started)}-{_stretch(due)}"


def reminder_job_id(game_id: str, seat: int, since: int, started: float, due: float) -> str:
    return f"papyrus-reminder-{game_id}-{seat}-{since}-{_stretch(started)}-{_stretch(due)}"


class QueuedFlag(NamedTuple):
    """What :meth:`JobScheduler.queue_flag` queued: the id of the job the flag names, and the scripts it
    queued besides (the game's note as waiting, when RQ shares the store's Redis)."""

    job_id: str
    scripts: list[Script]


class JobScheduler:
    def __init__(
        self, store: redis.Redis, rq_connections: Sequence[redis.Redis], settings: Settings, home: int = 0
    ) -> None:
        self._store = store
        self._settings = settings
        self.instances = [RqInstance(index, store, rq, settings) for index, rq in enumerate(rq_connections)]
        self.home = self.instances[home]
        self.queue = self.home.queue
        self.ready = self.home.ready
        # RQ on the store's Redis (the default, not a Cluster): a game is noted as waiting in the round trip
        # that sets its flag, one round trip less per submitted command
        self.rq_shares_store = self.home.shares_store

    def instance_of(self, game_id: str) -> RqInstance:
        """The RQ Redis instance of the game's jobs."""
        return self.instances[rq_index(game_id, len(self.instances))]

    def _instance_for(self, args: tuple[object, ...]) -> RqInstance:
        """A job's instance: its game's (every game job's first argument is its game id), else the first."""
        return self.instance_of(args[0]) if args and isinstance(args[0], str) else self.instances[0]

    def status(self, job_id: str, instance: RqInstance | None = None) -> JobStatus | None:
        connection = (instance or self.home).connection
        try:
            return Job.fetch(job_id, connection=connection).get_status(refresh=False)
        except NoSuchJobError:
            return None

    def is_alive(self, job_id: str, instance: RqInstance | None = None) -> bool:
        """True if RQ (on ``instance``, else the home one) says the job is waiting, scheduled or running."""
        return self.status(job_id, instance) in ALIVE

    def _create(self, instance: RqInstance, function: str, args: tuple[object, ...], job_id: str) -> Job:
        return instance.queue.create_job(
            f"{JOBS}.{function}",
            args=args,
            job_id=job_id,
            result_ttl=self._settings.result_ttl,
            failure_ttl=self._settings.failed_job_ttl,
        )

    def ensure(
        self,
        job_id: str,
        function: str,
        args: tuple[object, ...],
        delay: float = 0.0,
        whole_second: Callable[[float], int] = math.ceil,
    ) -> bool:
        """Enqueue (or schedule after ``delay`` seconds) unless RQ knows this job id; True if enqueued.
        RQ keeps a scheduled job's time in whole seconds: the job is scheduled at the first whole second at
        or after its time, so it never runs early (``whole_second=math.floor``: the one before, for a job
        that waits out the fraction itself). The job goes to its game's RQ Redis."""
        instance = self._instance_for(args)
        if self.status(job_id, instance) is not None:
            return False
        job = self._create(instance, function, args, job_id)
        try:
            if delay > 0:
                when = datetime.fromtimestamp(whole_second(self._settings.clock() + delay), UTC)
                instance.queue.schedule_job(job, when, unique=True)
            else:
                instance.queue.enqueue_job(job, unique=True)
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
        instance = self.instance_of(game_id)
        if not instance.shares_store:
            return QueuedFlag(job_id, [])
        return QueuedFlag(job_id, [instance.ready.queue_flagged_note(pipe, game_id, flag, job_id)])

    def after_flag(self, game_id: str, flag: QueuedFlag, replies: list[Any]) -> bool:
        """The rest of :meth:`process_game` once the pipeline :meth:`queue_flag` filled answered
        ``replies`` (the flag's last). False when the flag was set already and names a job still to run;
        a flag left by a lost job is taken over."""
        instance = self.instance_of(game_id)
        noted_with_flag = bool(flag.scripts)
        newly_set = bool(replies[-2] if noted_with_flag else replies[-1])
        if noted_with_flag:
            if was_noted(replies[-1]):
                if job_needed(replies[-1]):
                    self._enqueue_process_job(instance, game_id, flag.job_id)
                return True
            if newly_set:
                return True  # a job cleared the flag since it was set: it reads the command queued before it
        if not newly_set:
            queued = self._store.get(keys.process_queued(game_id))
            if queued is not None and self.is_alive(as_str(queued), instance):
                return False
            self._store.set(keys.process_queued(game_id), flag.job_id, ex=PROCESS_FLAG_TTL)
        if instance.ready.note(game_id, flag.job_id):
            self._enqueue_process_job(instance, game_id, flag.job_id)
        return True

    def queue_for_waiting(self, instance: RqInstance | None = None) -> bool:
        """Queue a decision job on ``instance`` (else the home one) for the games noted there as waiting,
        if they need one (no job counts for them any more: the last one used up its budget, or died and
        its lease ran out); True if queued."""
        instance = instance or self.home
        job_id = f"papyrus-decide-{uuid.uuid4().hex[:12]}"
        if not instance.ready.job_needed(job_id):
            return False
        self._enqueue(instance, self._create(instance, "decide_waiting_games", (), job_id))
        return True

    def _enqueue_process_job(self, instance: RqInstance, game_id: str, job_id: str) -> None:
        self._enqueue(instance, self._create(instance, "process_game", (game_id,), job_id))

    def _enqueue(self, instance: RqInstance, job: Job) -> None:
        rq_pipe = instance.connection.pipeline()
        instance.queue.enqueue_job(job, pipeline=rq_pipe)  # RQ's writes, in one round trip instead of two
        rq_pipe.execute()

    def advance(self, game_id: str, version: int) -> bool:
        job_id, delay = advance_job_id(game_id, version), self._settings.advance_delay
        return self.ensure(job_id, "advance_game", (game_id, version), delay)

    def bot_move(self, game_id: str, seat: int, version: int, attempt: int, delay: float = 0.0) -> bool:
        job_id = bot_job_id(game_id, seat, version, attempt)
        return self.ensure(job_id, "bot_move", (game_id, seat, version, attempt), delay)

    def timeout(self, game_id: str, seat: int, since: int, started: float, deadline: float) -> bool:
        """The job acting on the deadline of ``seat``'s turn since ``since``, running since ``started``:
        due at the whole second before the deadline, it waits out the fraction (StandIns.timeout_seat), so
        the timeout comes within the promotion of due jobs (about a second) of the deadline."""
        delay = max(0.0, deadline - self._settings.clock())
        job_id = timeout_job_id(game_id, seat, since, started, deadline)
        return self.ensure(job_id, "timeout_seat", (game_id, seat), delay, math.floor)

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

    def archive_games(self, now: float) -> bool:
        """Queue the job archiving the finished games due (services/archive/); one job id per sweep period,
        and a second job finds the first one's lease held and does nothing."""
        period = max(1, int(self._settings.sweep_interval))
        return self.ensure(f"papyrus-archive-{int(now // period)}", "archive_games", ())

    def reminder(self, game_id: str, seat: int, since: int, started: float, at: float) -> bool:
        delay = max(0.0, at - self._settings.clock())
        job_id = reminder_job_id(game_id, seat, since, started, at)
        return self.ensure(job_id, "remind_seat", (game_id, seat, since), delay)

    def promote_due_jobs(self, holder: str, instance: RqInstance | None = None) -> bool:
        """Move the scheduled jobs of ``instance`` (else the home one) that are due onto its queue, if no
        other worker did in the last moment (a lock of ``PROMOTION_LOCK_MS`` on its Redis, left to
        expire); True if this call did it."""
        return (instance or self.home).promote_due_jobs(holder, PROMOTION_LOCK_MS)

    def keep_every_instance(self, holder: str) -> None:
        """What the sweep does for the instances this process does not serve, as their own workers do every
        second: their due scheduled jobs promoted, and a decision job queued for games a dead one left
        waiting."""
        for instance in self.instances:
            if instance is not self.home and self.promote_due_jobs(holder, instance):
                self.queue_for_waiting(instance)
