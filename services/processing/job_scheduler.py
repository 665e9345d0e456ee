"""Enqueueing and scheduling the RQ jobs of workers/jobs.py (by dotted path: services never import workers).

Every job takes ids only and has a deterministic id, so the same work is never queued twice and a late or
duplicated job finds the version moved on and does nothing:

* ``papyrus-advance-<game>-<version>``: the automatic phase after ``version``;
* ``papyrus-bot-<game>-<seat>-<version>-<attempt>``: a bot's move (a new attempt only after a refusal);
* ``papyrus-timeout-<game>-<seat>-<since>``: the deadline of a seat that must act since ``since``;
* ``papyrus-process-<game>-<n>``: draining the command inbox, at most one queued per game (a flag key
  holds its id until it starts); its result is kept ten minutes, as deleting it at once costs RQ more
  round trips than keeping it.

A known job id is never enqueued again (RQ keeps finished jobs for ``RESULT_TTL``), so work that changed
nothing cannot loop; only the sweep (``repair=True``) re-creates jobs that went missing or failed.
"""

from __future__ import annotations

import contextlib
import uuid
from datetime import UTC, datetime, timedelta

import redis
from rq import Queue
from rq.exceptions import DuplicateJobError, NoSuchJobError
from rq.job import Job, JobStatus

from services import keys
from services.settings import Settings
from services.store.replies import as_str

JOBS = "workers.jobs"
ALIVE = {JobStatus.QUEUED, JobStatus.SCHEDULED, JobStatus.STARTED, JobStatus.DEFERRED, JobStatus.CREATED}
BROKEN = {JobStatus.FAILED, JobStatus.STOPPED, JobStatus.CANCELED}
PROCESS_FLAG_TTL = 600
RESULT_TTL = 3600


def advance_job_id(game_id: str, version: int) -> str:
    return f"papyrus-advance-{game_id}-{version}"


def bot_job_id(game_id: str, seat: int, version: int, attempt: int) -> str:
    return f"papyrus-bot-{game_id}-{seat}-{version}-{attempt}"


def timeout_job_id(game_id: str, seat: int, since: int) -> str:
    return f"papyrus-timeout-{game_id}-{seat}-{since}"


class JobScheduler:
    def __init__(self, store: redis.Redis, rq_connection: redis.Redis, settings: Settings) -> None:
        self._store = store
        self._rq = rq_connection
        self._settings = settings
        self.queue = Queue(settings.queue_name, connection=rq_connection)

    def status(self, job_id: str) -> JobStatus | None:
        try:
            return Job.fetch(job_id, connection=self._rq).get_status(refresh=False)
        except NoSuchJobError:
            return None

    def is_alive(self, job_id: str) -> bool:
        """True if the job is waiting, scheduled or running."""
        return self.status(job_id) in ALIVE

    def ensure(
        self, job_id: str, function: str, args: tuple[object, ...], delay: float = 0.0, repair: bool = False
    ) -> bool:
        """Enqueue (or schedule after ``delay`` seconds) unless RQ knows this job id; with ``repair`` also
        replace a job that failed or was stopped. True if enqueued."""
        status = self.status(job_id)
        if status is not None and not (repair and status in BROKEN):
            return False
        if status is not None:
            with contextlib.suppress(NoSuchJobError):
                Job.fetch(job_id, connection=self._rq).delete()
        job = self.queue.create_job(f"{JOBS}.{function}", args=args, job_id=job_id, result_ttl=RESULT_TTL)
        try:
            if delay > 0:
                when = datetime.fromtimestamp(self._settings.clock(), UTC) + timedelta(seconds=delay)
                self.queue.schedule_job(job, when, unique=True)
            else:
                self.queue.enqueue_job(job, unique=True)
        except DuplicateJobError:
            return False
        return True

    def process_game(self, game_id: str) -> bool:
        """Queue a process_game job unless one is already queued for this game."""
        job_id = f"papyrus-process-{game_id}-{uuid.uuid4().hex[:12]}"
        if not self._store.set(keys.process_queued(game_id), job_id, nx=True, ex=PROCESS_FLAG_TTL):
            queued = self._store.get(keys.process_queued(game_id))
            if queued is not None and self.is_alive(as_str(queued)):
                return False
            self._store.set(keys.process_queued(game_id), job_id, ex=PROCESS_FLAG_TTL)
        job = self.queue.create_job(f"{JOBS}.process_game", args=(game_id,), job_id=job_id, result_ttl=600)
        pipe = self._rq.pipeline()
        self.queue.enqueue_job(job, pipeline=pipe)  # RQ's writes, sent in one round trip instead of two
        pipe.execute()
        return True

    def advance(self, game_id: str, version: int, repair: bool = False) -> bool:
        job_id, delay = advance_job_id(game_id, version), self._settings.advance_delay
        return self.ensure(job_id, "advance_game", (game_id, version), delay, repair)

    def bot_move(self, game_id: str, seat: int, version: int, attempt: int, repair: bool = False) -> bool:
        job_id = bot_job_id(game_id, seat, version, attempt)
        return self.ensure(job_id, "bot_move", (game_id, seat, version, attempt), 0.0, repair)

    def timeout(self, game_id: str, seat: int, since: int, deadline: float, repair: bool = False) -> bool:
        delay = max(0.0, deadline - self._settings.clock())
        job_id = timeout_job_id(game_id, seat, since)
        return self.ensure(job_id, "timeout_seat", (game_id, seat), delay, repair)

    def sweep(self, delay: float) -> bool:
        """Schedule the next periodic sweep (one per time slot, whichever worker asks first)."""
        slot = int((self._settings.clock() + delay) // max(delay, 1.0))
        return self.ensure(f"papyrus-sweep-{slot}", "sweep", (), delay)
