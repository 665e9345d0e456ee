"""Event appends per second through append.lua next to raw XADD, and Redis memory per finished game.

    python benchmarks/store_bench.py [--url redis://127.0.0.1:6379/15] [--appends 20000] [--games 3]

Appends: one client, single-event then 10-event appends, against ``redis-benchmark -c 1 -P 1`` running raw
``XADD`` of the same size in the same run. Memory: ``--games`` bot games of every registered game played to
the end, MEMORY USAGE summed over each game's keys, printed per key kind for the median game. Everything is
written under a fresh key prefix and queue, and deleted afterwards.
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import time
import uuid
from pathlib import Path
from urllib.parse import urlparse

import redis

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.job_runs import run_jobs
from domain import registry
from services import keys
from services.game_service import GameService
from services.settings import Settings
from services.store import layout
from services.store.event_store import EventStore, Head, NewEvent
from workers import context

PAYLOAD = {"seat": 2, "card": "nile-7", "position": 4, "resources": {"stone": 3, "grain": 1}}


def bench_appends(connection: redis.Redis, appends: int, per_append: int) -> float:
    store = EventStore(connection, time.time)
    game_id = f"bench-{uuid.uuid4().hex[:8]}"
    events = [NewEvent("bench.noted", PAYLOAD)] * per_append
    try:
        started = time.perf_counter()
        for _ in range(appends // per_append):
            head = store.head(game_id)
            store.append(game_id, head, store.build(head, events, 0, None))
        elapsed = time.perf_counter() - started
        assert store.head(game_id).version == appends // per_append * per_append
        return appends / elapsed
    finally:
        connection.delete(*keys.game_keys(game_id))


def raw_xadd_rate(url: str, appends: int, payload_size: int) -> float:
    parsed = urlparse(url)
    key = f"papyrus:bench:{uuid.uuid4().hex[:8]}"
    command = [
        "redis-benchmark", "-h", parsed.hostname or "127.0.0.1", "-p", str(parsed.port or 6379),
        "--dbnum", (parsed.path or "/0").lstrip("/") or "0", "-c", "1", "-P", "1", "-n", str(appends),
        "-q", "XADD", key, "*", "r", "x" * payload_size,
    ]  # fmt: skip
    try:
        output = subprocess.run(command, capture_output=True, text=True, check=True, timeout=600).stdout
    finally:
        redis.Redis.from_url(url).delete(key)
    match = re.search(r"([\d.]+|inf) requests per second", output)  # inf: done within its timer tick
    if match is None:
        raise RuntimeError(f"unexpected redis-benchmark output: {output!r}")
    return float(match.group(1))


def record_size() -> int:
    """Bytes of the stream entry one single-event append writes."""
    store = EventStore(redis.Redis(), time.time)
    (record,) = store.build(Head(), [NewEvent("bench.noted", PAYLOAD)], 0, None)
    return len(layout.encode_events([record])[0][1])


def key_kind(game_id: str, key: str) -> str:
    """``events``, ``view:seat:*``... : a game key without its prefix (seat views counted together)."""
    kind = key.split(f"{{game:{game_id}}}:", 1)[1]
    return "view:seat:*" if kind.startswith("view:seat:") else kind


def game_memory(connection: redis.Redis, service: GameService, name: str) -> tuple[dict[str, int], int]:
    """Bytes held by one finished bot game, by key kind (plus ``games index`` for its share of the game
    index), and its number of events."""
    game = registry.get_game(name)
    meta = service.create_game(name, min(4, game.max_players), {})
    service.start(meta.id, fill_with_bots=True)
    queue = service.components.scheduler.queue
    run_jobs(queue)
    game_id = meta.id
    if service.meta(game_id).status != "over":
        raise RuntimeError(f"{name} bot game {game_id} did not finish")
    game_keys = [k for k in keys.game_keys(game_id) if connection.exists(k)]
    game_keys += [k.decode() for k in connection.scan_iter(match=keys.projection_pattern(game_id))]
    usage: dict[str, int] = {}
    for key in game_keys:
        kind = key_kind(game_id, key)
        usage[kind] = usage.get(kind, 0) + int(connection.memory_usage(key, samples=0) or 0)
    usage["games index"] = int(connection.memory_usage(keys.games(), samples=0) or 0) // max(
        1, connection.zcard(keys.games())
    )
    events = service.components.store.head(game_id).version
    connection.delete(*game_keys)
    connection.zrem(keys.games(), game_id)
    connection.srem(keys.running_games(), game_id)
    return usage, events


def print_breakdown(usage: dict[str, int]) -> None:
    """MEMORY USAGE by key kind of one game (the median one), largest first."""
    for kind, used in sorted(usage.items(), key=lambda item: -item[1]):
        print(f"    {kind:<14} {used:>8,} bytes")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default="redis://127.0.0.1:6379/15")
    parser.add_argument("--appends", type=int, default=20_000)
    parser.add_argument("--games", type=int, default=3)
    args = parser.parse_args()
    connection = redis.Redis.from_url(args.url)
    print(f"redis {connection.info('server')['redis_version']} at {args.url}")
    size = record_size()
    raw = raw_xadd_rate(args.url, args.appends, size)
    single = bench_appends(connection, args.appends, 1)
    batched = bench_appends(connection, args.appends, 10)
    print(f"record size (msgpack): {size} bytes")
    print(f"reference raw XADD (redis-benchmark -c 1 -P 1): {raw:,.0f} entries/s")
    print(f"append.lua, 1 event per append:   {single:,.0f} events/s ({single / raw:.0%} of raw XADD)")
    print(f"append.lua, 10 events per append: {batched:,.0f} events/s ({batched / raw:.0%} of raw XADD)")

    keys.PREFIX = queue_name = f"papyrus-bench-{uuid.uuid4().hex[:8]}"
    service = GameService(connection, Settings(queue_name=queue_name))
    context.register(service)
    try:
        for name in sorted(registry.games()):
            sizes, counts, usages = [], [], []
            for _ in range(args.games):
                usage, events = game_memory(connection, service, name)
                sizes.append(sum(usage.values()))
                counts.append(events)
                usages.append(usage)
            print(
                f"memory per finished {name} game ({min(4, registry.get_game(name).max_players)} players, "
                f"{args.games} games): median {statistics.median(sizes) / 1024:.1f} KiB "
                f"(min {min(sizes) / 1024:.1f}, max {max(sizes) / 1024:.1f}), "
                f"median {statistics.median(counts):.0f} events"
            )
            print_breakdown(usages[sizes.index(sorted(sizes)[len(sizes) // 2])])
    finally:
        service.components.scheduler.queue.delete(delete_jobs=True)
        leftovers = list(connection.scan_iter(match=keys.everything_pattern(), count=500))
        if leftovers:
            connection.delete(*leftovers)
    return 0


if __name__ == "__main__":
    sys.exit(main())
