"""What compacting a running game's events costs and saves (services/store/compaction.py, compact.lua).

    python benchmarks/compact_bench.py --games 5 --decisions 38

On its own redis-server, plays --games random 4-player Egizia games to --decisions decisions and reports each
events stream's bytes as stored (compacted at each snapshot) beside the same entries written plain; then the
time to compact a whole finished game's events (median of --trials), against one plain XRANGE of the same
stream in the same run.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import redis
from rq import Queue

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.job_runs import run_jobs
from benchmarks.many_games_bench import PrivateRedis
from services import keys
from services.game_service import GameService
from services.settings import Settings
from services.store.compaction import Compaction
from services.store.layout import stream_entries
from workers import context


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--decisions", type=int, default=38)
    parser.add_argument("--trials", type=int, default=20)
    return parser.parse_args()


def play(service: GameService, queue: Queue, rng: random.Random, decisions: int | None) -> str:
    meta = service.create_game("egizia", 4, {})
    for seat in range(4):
        service.join(meta.id, f"bot {seat}")
    service.start(meta.id)
    made = 0
    while decisions is None or made < decisions:
        run_jobs(queue)
        view = service.view(meta.id, None)
        if view.status == "over":
            break
        if not view.to_act:
            continue
        seat = rng.choice(sorted(view.to_act))
        service.submit(meta.id, seat, rng.choice(service.legal_commands(meta.id, seat)), f"c{made}", None)
        made += 1
    run_jobs(queue)
    return meta.id


def plain_copy(store: redis.Redis, entries: list[tuple[str, bytes]], name: str) -> int:
    """Bytes of the same entries written as plain stream entries."""
    store.delete(name)
    for entry_id, raw in entries:
        store.xadd(name, {"r": raw}, id=entry_id)
    size = int(store.memory_usage(name, samples=0) or 0)
    store.delete(name)
    return size


def compaction_ms(store: redis.Redis, entries: list[tuple[str, bytes]], trials: int) -> dict[str, Any]:
    compaction, spent, reads = Compaction(store), [], []
    for trial in range(trials):
        name = keys.events(f"bench-{trial}")
        for entry_id, raw in entries:
            store.xadd(name, {"r": raw}, id=entry_id)
        started = time.perf_counter()
        store.xrange(name)
        reads.append(time.perf_counter() - started)
        started = time.perf_counter()
        assert compaction.running_events(f"bench-{trial}")
        spent.append(time.perf_counter() - started)
        store.delete(name)
    return {
        "entries": len(entries),
        "record_bytes": sum(len(raw) for _, raw in entries),
        "compact_ms_median": round(statistics.median(spent) * 1000, 2),
        "reference_plain_xrange_ms_median": round(statistics.median(reads) * 1000, 2),
    }


def main() -> int:
    args = parse_args()
    server = PrivateRedis()
    try:
        store = server.client
        service = GameService(store, Settings(redis_url=server.url, queue_name="compact-bench"))
        context.register(service)
        queue = service.components.scheduler.queue
        rng = random.Random(1)
        running = []
        for _ in range(args.games):
            game_id = play(service, queue, rng, args.decisions)
            stored = int(store.memory_usage(keys.events(game_id), samples=0) or 0)
            entries = stream_entries(store.xrange(keys.events(game_id)))
            running.append({"stored": stored, "plain": plain_copy(store, entries, "plain-copy")})
        finished = play(service, queue, rng, None)
        whole = stream_entries(store.xrange(keys.events(finished)))
        report = {
            "command": " ".join(sys.argv),
            "running_events_bytes_stored_median": statistics.median(r["stored"] for r in running),
            "running_events_bytes_plain_median": statistics.median(r["plain"] for r in running),
            "running_games": running,
            "compacting_a_whole_game": compaction_ms(store, whole, args.trials),
        }
    finally:
        server.stop()
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
