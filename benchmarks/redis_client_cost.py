"""What redis-py costs the calling process, in CPU time, for one round trip and for one more command in it.

    python benchmarks/redis_client_cost.py [--redis-url redis://127.0.0.1:6379/8] [--rounds 3000]

Times (thread CPU time, leaving Redis's work and the wait out) pipelines of 1, 6 and 11 ``HGETALL`` of a small
hash and a lone ``HGETALL``: the difference between pipelines is one more command, the 1-command pipeline a
round trip. Prints one JSON object with the redis-py version.
"""

from __future__ import annotations

import argparse
import json
import time
import uuid
from collections.abc import Callable

import redis

PIPELINE_SIZES = (1, 6, 11)
WARM_UP_ROUNDS = 200


def client_cpu_us(work: Callable[[], None], rounds: int) -> float:
    """Microseconds of this thread's CPU time per call of ``work`` (after a warm-up)."""
    for _ in range(WARM_UP_ROUNDS):
        work()
    started = time.thread_time()
    for _ in range(rounds):
        work()
    return round(1e6 * (time.thread_time() - started) / rounds, 1)


def pipeline_of(connection: redis.Redis, key: str, size: int) -> Callable[[], None]:
    def run() -> None:
        pipe = connection.pipeline(transaction=False)
        for _ in range(size):
            pipe.hgetall(key)
        pipe.execute()

    return run


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--redis-url", default="redis://127.0.0.1:6379/8")
    parser.add_argument("--rounds", type=int, default=3000)
    args = parser.parse_args()
    connection = redis.Redis.from_url(args.redis_url)
    key = f"redis-client-cost:{uuid.uuid4().hex}"
    connection.hset(key, mapping={"version": 12, "checkpoint": "1-0", "hash": "ab" * 16})
    try:
        per_pipeline = {
            size: client_cpu_us(pipeline_of(connection, key, size), args.rounds) for size in PIPELINE_SIZES
        }
        smallest, largest = PIPELINE_SIZES[0], PIPELINE_SIZES[-1]
        per_command = (per_pipeline[largest] - per_pipeline[smallest]) / (largest - smallest)
        figures = {
            "redis_py": redis.__version__,
            **{f"cpu_us_per_pipeline_of_{size}": cpu for size, cpu in per_pipeline.items()},
            "cpu_us_per_command_in_a_pipeline": round(per_command, 1),
            "cpu_us_per_lone_command": client_cpu_us(lambda: connection.hgetall(key), args.rounds),
        }
    finally:
        connection.delete(key)
    print(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
