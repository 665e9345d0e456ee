"""Redis round trips one decision job spends per waiting game: each next game taken in the settle of the one
before it (RQ on the store's Redis), or in a round trip of its own.

    python benchmarks/decision_job_round_trips.py --url redis://127.0.0.1:6379/15 --games 10 30

Two-player Egizia games, one legal command submitted to each, then one ``process_game`` job run in an
in-process RQ SimpleWorker with its round trips counted; per game is the difference between the two sizes
over the difference in games, so RQ's own work for the job falls out. Deletes what it wrote.
"""

from __future__ import annotations

import argparse
import random
import sys
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

GAME = "egizia"


@contextmanager
def counted() -> Iterator[list[int]]:
    """Counts every round trip redis-py makes meanwhile: one per lone command, one per pipeline."""
    count = [0]
    real_command, real_pipeline = redis.Redis.execute_command, Pipeline.execute

    def command(client: redis.Redis, *args: Any, **options: Any) -> Any:
        count[0] += 1
        return real_command(client, *args, **options)  # type: ignore[no-untyped-call]

    def pipeline(pipe: Pipeline, raise_on_error: bool = True) -> Any:
        count[0] += int(bool(pipe.command_stack))
        return real_pipeline(pipe, raise_on_error)

    redis.Redis.execute_command = command  # type: ignore[method-assign,assignment]
    Pipeline.execute = pipeline  # type: ignore[method-assign,assignment]
    try:
        yield count
    finally:
        redis.Redis.execute_command = real_command  # type: ignore[method-assign]
        Pipeline.execute = real_pipeline  # type: ignore[method-assign]


def run_jobs(service: GameService, max_jobs: int | None = None) -> None:
    queue = service.components.scheduler.queue
    worker = SimpleWorker([queue], connection=queue.connection)
    worker.work(burst=True, max_jobs=max_jobs, logging_level="ERROR")


def job_round_trips(connection: redis.Redis, games: int, take_ahead: bool, seed: int) -> int:
    """The round trips of the one job that decides a command in each of ``games`` waiting games."""
    keys.PREFIX = queue_name = f"papyrus-decide-{uuid.uuid4().hex[:8]}"
    service = GameService(connection, Settings(queue_name=queue_name))
    context.register(service)
    rng = random.Random(seed)
    try:
        ids = []
        for _ in range(games):
            meta = service.create_game(GAME, 2, {})
            for seat in range(2):
                service.join(meta.id, f"P{seat}", seat=seat)
            service.start(meta.id)
            ids.append(meta.id)
        run_jobs(service)
        for game_id in ids:
            seat = service.view(game_id, None).to_act[0]
            service.submit(game_id, seat, rng.choice(service.legal_commands(game_id, seat)), "c1", None)
        service.components.scheduler.rq_shares_store = take_ahead
        with counted() as count:
            run_jobs(service, max_jobs=1)
        undecided = [game_id for game_id in ids if service.outcome(game_id, "c1") is None]
        if undecided:
            raise RuntimeError(f"the job left {len(undecided)} games undecided")
        return count[0]
    finally:
        service.components.scheduler.queue.delete(delete_jobs=True)
        leftovers = list(connection.scan_iter(match=keys.everything_pattern(), count=500))
        if leftovers:
            connection.delete(*leftovers)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default="redis://127.0.0.1:6379/15")
    parser.add_argument("--games", type=int, nargs=2, default=[10, 30], metavar=("FEW", "MANY"))
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    few, many = sorted(args.games)
    connection = redis.Redis.from_url(args.url)
    for take_ahead in (True, False):
        small = job_round_trips(connection, few, take_ahead, args.seed)
        large = job_round_trips(connection, many, take_ahead, args.seed)
        way = "in the settle before" if take_ahead else "in a round trip of its own"
        print(
            f"next game taken {way}: one job, {few} games {small} round trips, {many} games {large}; "
            f"per game {(large - small) / (many - few):.2f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
