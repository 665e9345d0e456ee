"""What compacting a running game's events costs and saves (services/store/archive.py, compact.lua).

    python benchmarks/compact_bench.py --games 5 --decisions 38

Its own redis-server on a free loopback port (removed at the end). Plays --games random 4-player Egizia games
in this process (GameService + an RQ SimpleWorker, every seat a random legal move) to --decisions decisions,
and reports each one's events stream in bytes (MEMORY USAGE) as stored, i.e. compacted at each snapshot,
beside the same entries written as plain stream entries; then the time to compact a whole finished game's
events (153 entries or so; XRANGE, zlib level 6, the script), median of --trials, and as reference in the
same run the time of one plain XRANGE of the same stream.
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
from rq import SimpleWorker

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.many_games_bench import PrivateRedis
from services import keys
from services.game_service import GameService
from services.settings import Settings
from services.store.archive import Archive
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


def play(service: GameService, worker: SimpleWorker, rng: random.Random, decisions: int | None) -> str:
    meta = service.create_game("egizia", 4, {})
    for seat in range(4):
        service.join(meta.id, f"bot {seat}")
    service.start(meta.id)
    made = 0
    while decisions is None or made < decisions:
        worker.work(burst=True, logging_level="WARNING")
        view = service.view(meta.id, None)
        if view.status == "over":
            break
        if not view.to_act:
            continue
        seat = rng.choice(sorted(view.to_act))
        service.submit(meta.id, seat, rng.choice(service.legal_commands(meta.id, seat)), f"c{made}", None)
        made += 1
    worker.work(burst=True, logging_level="WARNING")
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
    archive, spent, reads = Archive(store), [], []
    for trial in range(trials):
        name = keys.events(f"bench-{trial}")
        for entry_id, raw in entries:
            store.xadd(name, {"r": raw}, id=entry_id)
        started = time.perf_counter()
        store.xrange(name)
        reads.append(time.perf_counter() - started)
        started = time.perf_counter()
        assert archive.running_events(f"bench-{trial}")
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
        queue = service.parts.scheduler.queue
        worker = SimpleWorker([queue], connection=queue.connection)
        rng = random.Random(1)
        running = []
        for _ in range(args.games):
            game_id = play(service, worker, rng, args.decisions)
            stored = int(store.memory_usage(keys.events(game_id), samples=0) or 0)
            entries = stream_entries(store.xrange(keys.events(game_id)))
            running.append({"stored": stored, "plain": plain_copy(store, entries, "plain-copy")})
        finished = play(service, worker, rng, None)
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
