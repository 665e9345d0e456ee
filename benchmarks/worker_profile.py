"""Where a worker spends one command: Redis round trips and RQ jobs per command, and a cProfile.

    python benchmarks/worker_profile.py --url redis://127.0.0.1:6379/15 --games 4 --commands 200

Submits a random legal command for whoever must act in ``--games`` 4-player Egizia games, then runs the queued
jobs in an in-process RQ SimpleWorker, and counts on the worker side only: round trips, RQ jobs and time per
decided command. ``--profile FILE`` writes a cProfile of the job runs. Runs under a fresh key prefix and queue
name; deletes what it wrote.
"""

from __future__ import annotations

import argparse
import cProfile
import random
import sys
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import redis
from redis.client import Pipeline
from rq import SimpleWorker

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from services import keys
from services.game_service import GameService
from services.settings import Settings
from workers import context
from workers.embedded import start_embedded_worker


class RoundTrips:
    """Counts what one thread sends through redis-py: one per command outside a pipeline, one per
    pipeline."""

    def __init__(self) -> None:
        self.count = 0
        self.thread: int | None = None

    @contextmanager
    def patched(self) -> Iterator[RoundTrips]:
        real_command, real_pipeline = redis.Redis.execute_command, Pipeline.execute
        counter = self

        def command(client: redis.Redis, *args: Any, **options: Any) -> Any:
            counter.count += int(threading.get_ident() == counter.thread)
            return real_command(client, *args, **options)  # type: ignore[no-untyped-call]

        def pipeline(pipe: Pipeline, raise_on_error: bool = True) -> Any:
            counter.count += int(threading.get_ident() == counter.thread and bool(pipe.command_stack))
            return real_pipeline(pipe, raise_on_error)

        redis.Redis.execute_command = command  # type: ignore[method-assign,assignment]
        Pipeline.execute = pipeline  # type: ignore[method-assign,assignment]
        try:
            yield self
        finally:
            redis.Redis.execute_command = real_command  # type: ignore[method-assign]
            Pipeline.execute = real_pipeline  # type: ignore[method-assign]


class Jobs:
    """Counts the jobs the worker ran (wraps ``execute_job``) and profiles them if asked."""

    def __init__(self, profile: cProfile.Profile | None) -> None:
        self.count = 0
        self.profile = profile

    @contextmanager
    def patched(self) -> Iterator[Jobs]:
        real = SimpleWorker.execute_job
        counter = self

        def execute_job(worker: SimpleWorker, job: Any, queue: Any) -> Any:
            counter.count += 1
            if counter.profile is not None:
                counter.profile.enable()
            try:
                return real(worker, job, queue)
            finally:
                if counter.profile is not None:
                    counter.profile.disable()

        SimpleWorker.execute_job = execute_job  # type: ignore[method-assign,assignment]
        try:
            yield self
        finally:
            SimpleWorker.execute_job = real  # type: ignore[method-assign]


def settled(service: GameService, game_id: str, version: int) -> bool:
    """The projections show ``version`` or later and someone must act (or the game is over)."""
    view = service.view(game_id, None)
    return view.version >= version and (bool(view.to_act) or view.status == "over")


def new_games(service: GameService, games: int) -> list[str]:
    ids = []
    for _ in range(games):
        meta = service.create_game("egizia", 4, {})
        for seat in range(4):
            service.join(meta.id, f"P{seat}", seat=seat)
        service.start(meta.id)
        ids.append(meta.id)
    return ids


def play(service: GameService, games: int, commands: int, seed: int, jobs: Jobs) -> dict[str, float]:
    rng = random.Random(seed)
    worker = start_embedded_worker(service)
    thread = worker.threads[0]
    assert thread.ident is not None
    clock = time.pthread_getcpuclockid(thread.ident)
    ids = new_games(service, games)
    for game_id in ids:
        while not settled(service, game_id, 1):
            time.sleep(0.01)
    counter, submitted = RoundTrips(), 0
    jobs_before, cpu_before, started = jobs.count, time.clock_gettime(clock), time.perf_counter()
    counter.thread = thread.ident
    with counter.patched():
        while submitted < commands and ids:
            game_id = ids[submitted % len(ids)]
            view = service.view(game_id, None)
            if view.status == "over":
                ids.remove(game_id)
                continue
            seat = rng.choice(view.to_act)
            command = rng.choice(service.legal_commands(game_id, seat))
            service.submit(game_id, seat, command, f"p{submitted}", None)
            submitted += 1
            outcome = service.wait_outcome(game_id, f"p{submitted - 1}", 30.0)
            while not settled(service, game_id, outcome.version):
                time.sleep(0.002)
    cpu = time.clock_gettime(clock) - cpu_before
    wall = time.perf_counter() - started
    worker.stop()
    return {
        "commands": submitted,
        "jobs_per_command": (jobs.count - jobs_before) / submitted,
        "round_trips_per_command": counter.count / submitted,
        "worker_cpu_ms_per_command": cpu / submitted * 1000,
        "wall_ms_per_command": wall / submitted * 1000,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default="redis://127.0.0.1:6379/15")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--commands", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--advance-delay", type=float, default=0.0)
    parser.add_argument("--profile", default=None, help="write a cProfile of the job runs to this file")
    args = parser.parse_args()
    connection = redis.Redis.from_url(args.url)
    keys.PREFIX = queue_name = f"papyrus-profile-{uuid.uuid4().hex[:8]}"
    service = GameService(connection, Settings(queue_name=queue_name, advance_delay=args.advance_delay))
    context.register(service)
    profile = cProfile.Profile() if args.profile else None
    try:
        with Jobs(profile).patched() as jobs:
            report = play(service, args.games, args.commands, args.seed, jobs)
    finally:
        service.components.scheduler.queue.delete(delete_jobs=True)
        leftovers = list(connection.scan_iter(match=keys.everything_pattern(), count=500))
        if leftovers:
            connection.delete(*leftovers)
    if profile is not None:
        profile.dump_stats(args.profile)
    print(", ".join(f"{name} {value:.2f}" for name, value in report.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
