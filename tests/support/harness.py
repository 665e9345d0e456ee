"""Helpers shared by the service and integration tests: the toy game, a fake clock, running queued jobs."""

from __future__ import annotations

import time
from typing import Any

import pytest
import redis
from rq import SimpleWorker
from rq.registry import FailedJobRegistry, ScheduledJobRegistry

from domain import registry
from services.game_service import GameService
from services.processing.sweep import SweepReport
from services.settings import Settings
from tests.support.toygame import GAME
from workers import context

TEST_BOT_THINK_MS = 50
TEST_BOT_ITERATIONS = 30


class FakeClock:
    """Seconds since the epoch that only move when a test says so."""

    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def register_toy(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the toy game known to the registry for one test (the registry may not load yet)."""
    try:
        known = registry.games()
    except (ImportError, AttributeError):
        known = {}
        monkeypatch.setattr(registry, "games", lambda: known)
    monkeypatch.setitem(known, GAME.name, GAME)


def make_service(connection: redis.Redis, clock: FakeClock, **overrides: Any) -> GameService:
    notify_settings = overrides.pop("notify_settings", None)
    rq_connection = overrides.pop("rq_connection", None)
    queue_name = overrides.pop("queue_name", "papyrus-test")
    sleep = clock.advance if isinstance(clock, FakeClock) else time.sleep  # a test may run on the real clock
    overrides.setdefault("bot_think_ms", TEST_BOT_THINK_MS)  # a strong stand-in thinks briefly in tests
    overrides.setdefault("bot_iterations", TEST_BOT_ITERATIONS)
    settings = Settings(clock=clock, sleep=sleep, queue_name=queue_name, **overrides)
    service = GameService(connection, settings, notify_settings=notify_settings, rq_connection=rq_connection)
    context.register(service)
    return service


def failures(service: GameService) -> list[str]:
    queue = service.components.scheduler.queue
    failed = FailedJobRegistry(queue=queue)
    jobs = (queue.fetch_job(job_id) for job_id in failed.get_job_ids())
    results = ((job.id, job.latest_result()) for job in jobs if job is not None)
    return [f"{job_id}: {result.exc_string if result else '?'}" for job_id, result in results]


def clear_failures(service: GameService) -> list[str]:
    """Forget failed jobs (after a test made them fail on purpose); returns what they were."""
    found = failures(service)
    failed = FailedJobRegistry(queue=service.components.scheduler.queue)
    for job_id in failed.get_job_ids():
        failed.remove(job_id, delete_job=True)
    return found


class _DrainWorker(SimpleWorker):
    """A burst worker that moves the scheduled jobs onto the queue after each job it runs (when asked), so
    one work loop runs them in the order a loop of one-job workers would, without RQ's worker start-up and
    tear-down (its registration, its keys) around every job: most of a drained job's cost in the tests."""

    service: GameService | None = None  # set: move the scheduled jobs after each job
    jobs_done: int = 0

    def execute_job(self, job: Any, queue: Any) -> None:
        super().execute_job(job, queue)
        self.jobs_done += 1
        if self.service is not None:
            enqueue_scheduled(self.service)


def drain(service: GameService, due_scheduled: bool = True, max_jobs: int = 5_000) -> None:
    """Run queued jobs (and every scheduled one, if asked) until none is left; fail on a failed job, or if
    jobs keep coming after ``max_jobs`` (a livelock)."""
    queue = service.components.scheduler.queue
    worker = _DrainWorker([queue], connection=queue.connection)
    worker.service = service if due_scheduled else None
    while True:
        if due_scheduled:
            enqueue_scheduled(service)
        left = max_jobs - worker.jobs_done
        if left <= 0 and queue.count:
            raise AssertionError(f"jobs still coming after {max_jobs}: {queue.job_ids[:5]}")
        if left <= 0 or not worker.work(burst=True, max_jobs=left, logging_level="WARNING"):
            break
    problems = failures(service)
    assert not problems, problems


def enqueue_scheduled(service: GameService) -> list[str]:
    """Move every scheduled job onto the queue now (the test decides when time has passed)."""
    queue = service.components.scheduler.queue
    scheduled = ScheduledJobRegistry(queue=queue)  # type: ignore[no-untyped-call]
    ids = scheduled.get_job_ids()
    for job_id in ids:
        job = queue.fetch_job(job_id)
        scheduled.remove(job_id)
        if job is not None:
            queue._enqueue_job(job)
    return ids


def new_game(
    service: GameService, seats: int = 2, hand: int = 2, bots: bool = False
) -> tuple[str, list[str]]:
    """A started toy game and the seats' tokens (no tokens for bot seats)."""
    meta = service.create_game("toy", seats, {"hand": hand})
    tokens = [] if bots else [service.join(meta.id, f"P{seat}").token for seat in range(seats)]
    service.start(meta.id, fill_with_bots=bots)
    return meta.id, tokens


def play_out(service: GameService, game_id: str, limit: int = 500) -> None:
    """Drain jobs and play the lowest legal card for whoever must act, until the game is over."""
    for turn in range(limit):
        drain(service)
        if service.meta(game_id).status == "over":
            return
        for seat in service.view(game_id, None).to_act:
            card = service.legal_commands(game_id, seat)[0]
            service.submit(game_id, seat, card, f"play-{turn}-{seat}", None)
    raise AssertionError("the game did not end")


def sweep_later(service: GameService, clock: FakeClock) -> SweepReport:
    """Let a sweep interval pass on the fake clock (whatever is due by now is overdue then), and sweep."""
    clock.advance(service.settings.sweep_interval)
    return service.sweep.run()


class FakeRedisClock:
    """Moves the clock fakeredis expires keys by (every fake server of this process), for one test: a
    window of seconds passes at once instead of being slept through."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        from fakeredis._socket import _base

        self.offset = 0.0
        monkeypatch.setattr(_base, "time", self)

    def time(self) -> float:
        return time.time() + self.offset

    def advance(self, seconds: float) -> None:
        self.offset += seconds
