"""Papyrus under load: a real Redis, the API under ``papyrus api``, RQ workers, games driven by HTTP bots.

    python benchmarks/load_bench.py --games 200 --rate 100 --duration 60 [--compare-metrics|--compare-clocks]

Measures after a --warm-up of the same load; refuses a database that holds keys. Prints one JSON report:
commands/s, submit latency, projection lag, CPU per command, and same-run references (redis-benchmark
XADD; benchmarks/flask_ref.py under the same server). The --compare options drive the load twice.
``--rq-redis N``: RQ on N redis-servers of its own, calls per command on each.
"""

from __future__ import annotations

import argparse
import gc
import json
import queue
import re
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import redis
import requests

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.load_support import (
    BotClient,
    PrivateRedis,
    RateLimiter,
    Stats,
    Table,
    api_server,
    bare_flask_server,
    cpu_seconds,
    free_port,
    percentile,
    python_module,
    served_submit_ms,
    spawn,
    stop,
    wait_http,
)
from domain.registry import games
from services import keys


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--redis-url", default="redis://127.0.0.1:6379/13")
    parser.add_argument("--game", default=sorted(games())[0], help="a registered game (default: the first)")
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--games", type=int, default=200, help="concurrent games")
    parser.add_argument("--rate", type=float, default=100.0, help="target commands per second (0 = flat out)")
    parser.add_argument("--duration", type=float, default=60.0, help="seconds of driving, measured")
    parser.add_argument(
        "--warm-up",
        type=float,
        default=5.0,
        help="seconds driven at the same rate before the measured window, left out of every figure (0: none)",
    )
    parser.add_argument("--clients", type=int, default=32, help="bot client threads")
    parser.add_argument("--api-workers", type=int, default=2, help="API server processes")
    parser.add_argument("--api-threads", type=int, default=16, help="threads per API server process")
    parser.add_argument(
        "--requests-only", action="store_true", help="the API without its asynchronous front (WSGI threads)"
    )
    parser.add_argument("--rq-workers", type=int, default=2, help="workers in all, at least one per RQ Redis")
    parser.add_argument(
        "--rq-redis", type=int, default=0, help="RQ Redis servers of the run's own (0: RQ on the store's)"
    )
    parser.add_argument(
        "--worker-kind",
        choices=["in-process", "fork"],
        default="in-process",
        help="`papyrus worker` (jobs in the worker process) or `papyrus worker --fork` (RQ's fork per job)",
    )
    parser.add_argument(
        "--bot",
        choices=["answers", "view", "answer-view"],
        default="answers",
        help="learn who acts from the last answer's to_act (`answers`) or from the public view every turn; "
        "`answer-view`: as `answers`, each answer carrying the submitter's view (?view=1), whose legal "
        "commands it plays from when that seat acts next",
    )
    parser.add_argument("--lag-every", type=int, default=10, help="measure projection lag every N commands")
    parser.add_argument("--finish-games", type=int, default=4, help="games then played to the end, unpaced")
    parser.add_argument("--finish-timeout", type=float, default=180.0, help="seconds allowed for that")
    parser.add_argument(
        "--compare-metrics",
        action="store_true",
        help="drive the load twice, metrics on then off (PAPYRUS_METRICS=0), and compare the latencies",
    )
    parser.add_argument(
        "--compare-clocks",
        action="store_true",
        help="drive the load twice, games without a clock then on --clock, and compare the costs",
    )
    parser.add_argument("--clock", default="fast", help="the clock preset of --compare-clocks (policy pass)")
    add_reference_sizes(parser)
    return parser.parse_args()


def add_reference_sizes(parser: argparse.ArgumentParser) -> None:
    """The sizes of the same-run references (tiny ones make the suite's smoke run of the script quick)."""
    parser.add_argument(
        "--reference-seconds", type=float, default=10.0, help="seconds the bare Flask reference is driven"
    )
    parser.add_argument(
        "--xadd-requests", type=int, default=100_000, help="XADDs of the redis-benchmark reference"
    )


def worker_command(args: argparse.Namespace, metrics_on: bool, rq: int = 0) -> list[str]:
    fork = ["--fork"] if args.worker_kind == "fork" else []
    metrics = ["--metrics-port", str(free_port())] if metrics_on and not fork else []
    return python_module("papyrus", "worker", *fork, *metrics, "--rq", str(rq))


def rq_calls(servers: list[PrivateRedis]) -> list[int]:
    """Commands each RQ Redis server processed so far."""
    return [int(server.client.info("stats")["total_commands_processed"]) for server in servers]


def rq_split(calls: list[int], commands: int) -> dict[str, Any]:
    """The RQ Redis calls of a run per command decided, per server, and each server's share."""
    if not calls:
        return {}
    total = max(1, sum(calls))
    return {
        "rq_calls_per_command": [round(count / commands, 2) for count in calls],
        "rq_calls_share": [round(count / total, 3) for count in calls],
    }


def create_tables(base: str, args: argparse.Namespace, clock: str | None = None) -> list[Table]:
    http = requests.Session()
    tables = []
    timed = {"clock": {"preset": clock, "policy": "pass"}} if clock else {}
    for _ in range(args.games):
        game = http.post(f"{base}/api/games", json={"game": args.game, "seats": args.seats, **timed}).json()
        tokens = [
            http.post(f"{base}/api/games/{game['id']}/seats", json={"name": f"bot{seat}"}).json()["token"]
            for seat in range(args.seats)
        ]
        started = http.post(
            f"{base}/api/games/{game['id']}/start", json={}, headers={"Authorization": f"Bearer {tokens[0]}"}
        )
        started.raise_for_status()
        tables.append(Table(game_id=game["id"], tokens=tokens))
    return tables


@dataclass(frozen=True)
class Pace:
    """How a drive runs: at most ``rate`` commands a second (0: flat out) for ``duration`` seconds, after
    ``warm_up`` seconds driven the same way but left out of the figures."""

    rate: float
    duration: float
    warm_up: float = 0.0


def drive(
    base: str,
    tables: list[Table],
    args: argparse.Namespace,
    pace: Pace,
    measuring: Callable[[], None] = lambda: None,
) -> tuple[Stats, float]:
    """Bot threads take a table, play one turn, put it back, until the time is up or every game is over.
    After the warm-up the figures start afresh and ``measuring`` is called (to read the CPU counters);
    returns the figures and the seconds measured."""
    stats, limiter = Stats(), RateLimiter(pace.rate)
    warm_up = pace.warm_up
    ready: queue.Queue[Table] = queue.Queue()
    for table in tables:
        ready.put(table)
    deadline = time.monotonic() + warm_up + pace.duration

    def run(seed: int) -> None:
        bot = getattr(args, "bot_class", BotClient)  # benchmarks/live_capacity.py's notes its decisions
        client = bot(base, stats, limiter, args.lag_every, seed, args.bot != "view")
        client.answer_view = args.bot == "answer-view"
        while time.monotonic() < deadline:
            try:
                table = ready.get(timeout=0.5)
            except queue.Empty:
                if all(t.over for t in tables):
                    return
                continue
            client.play_turn(table)
            if not table.over:
                ready.put(table)

    clients = min(args.clients, len(tables))
    threads = [threading.Thread(target=run, args=(seed,), daemon=True) for seed in range(clients)]
    for thread in threads:
        thread.start()
    if warm_up > 0:
        time.sleep(warm_up)
        stats.restart()
    measuring()
    measured_from = time.monotonic()
    for thread in threads:
        thread.join()
    return stats, time.monotonic() - measured_from


def memory_per_game(store: redis.Redis, tables: list[Table]) -> tuple[int, float | None]:
    finished = [table for table in tables if table.over]
    totals = []
    for table in finished:
        # the wake-up stream outlives the game's end by seconds only (services/store/event_store.py)
        lasting = [name for name in keys.game_keys(table.game_id) if name != keys.decided(table.game_id)]
        names = [*lasting, *store.scan_iter(match=keys.projection_pattern(table.game_id))]
        totals.append(sum(store.memory_usage(name, samples=0) or 0 for name in names))
    return len(finished), (sum(totals) / len(totals) if totals else None)


def redis_xadd_rate(url: str, requests: int = 100_000) -> float:
    parsed = urlparse(url)
    db = (parsed.path or "/0").lstrip("/") or "0"
    key = "papyrus-bench:xadd"
    host, port = parsed.hostname or "127.0.0.1", str(parsed.port or 6379)
    command = ["redis-benchmark", "-h", host, "-p", port, "--dbnum", db, "-n", str(requests), "-c", "50"]
    command += ["-q"]
    command += ["XADD", key, "*", "type", "bench", "data", "x" * 200]
    output = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    redis.Redis.from_url(url).delete(key)
    match = re.search(r"([\d.]+|inf) requests per second", output)  # inf: done within its timer tick
    return float(match.group(1)) if match else float("nan")


def bare_flask_rate(args: argparse.Namespace, logs: Path) -> dict[str, float]:
    """Requests per second of a bare Flask endpoint under the same server and clients for
    ``--reference-seconds``, with the CPU time one request costs the server and the clients (what an API
    request cannot cost less than)."""
    seconds = args.reference_seconds
    port = free_port()
    server = bare_flask_server(port, args.api_workers, args.api_threads, logs / "flask_ref.log")
    try:
        url = f"http://127.0.0.1:{port}/ping"
        wait_http(url)
        counts = [0] * args.clients
        deadline = time.monotonic() + seconds
        server_cpu, client_cpu = cpu_seconds(server.pid), time.process_time()

        def hammer(index: int) -> None:
            http = requests.Session()
            while time.monotonic() < deadline:
                http.get(url).raise_for_status()
                counts[index] += 1

        threads = [threading.Thread(target=hammer, args=(i,)) for i in range(args.clients)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        served = max(1, sum(counts))
        return {
            "reference_bare_flask_req_per_s": round(sum(counts) / seconds, 1),
            "reference_bare_flask_server_cpu_ms_per_req": round(
                1000 * (cpu_seconds(server.pid) - server_cpu) / served, 2
            ),
            "reference_bare_flask_client_cpu_ms_per_req": round(
                1000 * (time.process_time() - client_cpu) / served, 2
            ),
        }
    finally:
        stop([server])


def bare_reference(before: dict[str, float], after: dict[str, float]) -> dict[str, float]:
    """The bare Flask figures measured before and after the load, averaged (a shared machine's speed drifts
    over minutes), with the two request rates themselves."""
    figures = {name: round((before[name] + after[name]) / 2, 2) for name in before}
    rate = "reference_bare_flask_req_per_s"
    return {**figures, f"{rate}_before": before[rate], f"{rate}_after": after[rate]}


def redis_cpu_seconds(store: redis.Redis) -> float:
    """CPU time of the Redis server so far (it may serve other clients too)."""
    info = store.info("cpu")
    return float(info["used_cpu_sys"]) + float(info["used_cpu_user"])


def machine_busy_idle() -> tuple[int, int]:
    """Busy and idle clock ticks of the whole machine so far (/proc/stat), to see who else was running."""
    ticks = [int(value) for value in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = ticks[3] + ticks[4]
    return sum(ticks) - idle, idle


def delete_created_keys(store: redis.Redis) -> None:
    for pattern in (f"{keys.PREFIX}:*", "rq:*"):
        batch = list(store.scan_iter(match=pattern, count=1000))
        for start in range(0, len(batch), 500):
            store.delete(*batch[start : start + 500])


def run_load(
    args: argparse.Namespace, store: redis.Redis, logs: Path, metrics_on: bool, clock: str | None = None
) -> dict[str, Any]:
    """Start the API and the workers, drive the load, play a few games out; the figures of this run."""
    metrics = "1" if metrics_on else "0"
    env = {"REDIS_URL": args.redis_url, "PAPYRUS_QUOTAS": "off", "PAPYRUS_METRICS": metrics}
    servers: list[PrivateRedis] = args.rq_servers
    if servers:
        env["RQ_REDIS_URLS"] = ",".join(server.url for server in servers)
    instances = max(1, len(servers))
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    tag = ("metrics-on" if metrics_on else "metrics-off") + (f"-clock-{clock}" if clock else "")
    api_log = logs / f"api-{tag}.log"
    processes = [api_server(port, args.api_workers, args.api_threads, env, api_log, args.requests_only)]
    processes += [
        spawn(worker_command(args, metrics_on, i % instances), env, logs / f"worker{i}-{tag}.log")
        for i in range(max(args.rq_workers, instances))
    ]
    try:
        wait_http(base + "/api/health")
        tables = create_tables(base, args, clock)
        gc.collect()
        gc.freeze()  # the bots' set-up, walked by every full collection, paused them for 30-100 ms at a time
        before: dict[str, Any] = {}

        def measuring() -> None:
            before["api"], before["client"] = cpu_seconds(processes[0].pid), time.process_time()
            before["worker"] = sum(cpu_seconds(p.pid) for p in processes[1:])
            before["redis"], before["machine"] = redis_cpu_seconds(store), machine_busy_idle()
            before["rq_calls"] = rq_calls(servers)
            before["at"] = datetime.now(UTC)

        stats, elapsed = drive(base, tables, args, Pace(args.rate, args.duration, args.warm_up), measuring)
        drive_started, drive_ended = before["at"], datetime.now(UTC)
        api_cpu = cpu_seconds(processes[0].pid) - before["api"]
        worker_cpu = sum(cpu_seconds(p.pid) for p in processes[1:]) - before["worker"]
        client_cpu = time.process_time() - before["client"]
        redis_cpu = redis_cpu_seconds(store) - before["redis"]
        calls = [after - was for after, was in zip(rq_calls(servers), before["rq_calls"], strict=True)]
        busy, idle = (after - now for after, now in zip(machine_busy_idle(), before["machine"], strict=True))
        drive(base, tables[: args.finish_games], args, Pace(0.0, args.finish_timeout))
        finished, memory = memory_per_game(store, tables)
    finally:
        stop(processes)
    delete_created_keys(store)
    commands = max(1, len(stats.latencies))
    served = served_submit_ms(logs / f"api-{tag}.log", drive_started, drive_ended)
    return {
        "metrics": "on" if metrics_on else "off",
        "clock": clock or "none",
        "bot": args.bot,
        "elapsed_s": round(elapsed, 1),
        "commands": len(stats.latencies),
        "commands_per_s": round(len(stats.latencies) / elapsed, 1),
        "statuses": stats.statuses,
        "reads_per_s": round(stats.reads / elapsed, 1),
        "api_requests_per_command": round((stats.reads + stats.polls + len(stats.latencies)) / commands, 2),
        "api_cpu_ms_per_command": round(1000 * api_cpu / commands, 2),
        "worker_cpu_ms_per_command": round(1000 * worker_cpu / commands, 2),
        "bot_clients_cpu_ms_per_command": round(1000 * client_cpu / commands, 2),
        "redis_cpu_ms_per_command": round(1000 * redis_cpu / commands, 2),
        "machine_cpu_busy_pct": round(100 * busy / max(1, busy + idle), 1),
        "submit_p50_ms": round(percentile(stats.latencies, 0.50) * 1000, 1),
        "submit_p99_ms": round(percentile(stats.latencies, 0.99) * 1000, 1),
        "served_submit_p50_ms": round(percentile(served, 0.50), 1),
        "served_submit_p99_ms": round(percentile(served, 0.99), 1),
        "projection_lag_p50_ms": round(percentile(stats.lags, 0.50) * 1000, 2),
        "projection_lag_p99_ms": round(percentile(stats.lags, 0.99) * 1000, 2),
        "finished_games": finished,
        "redis_kib_per_finished_game": round(memory / 1024, 1) if memory else None,
        **rq_split(calls, commands),
    }


def metrics_cost(on: dict[str, Any], off: dict[str, Any]) -> dict[str, Any]:
    """What metrics add: the difference of each latency and CPU figure, on minus off."""
    figures = ("submit_p50_ms", "submit_p99_ms", "api_cpu_ms_per_command", "worker_cpu_ms_per_command")
    return {name: round(on[name] - off[name], 2) for name in figures}


def clocks_cost(without: dict[str, Any], timed: dict[str, Any]) -> dict[str, Any]:
    """What clocks add: the difference of each latency and CPU figure, with a clock minus without."""
    figures = (
        "submit_p50_ms",
        "submit_p99_ms",
        "api_cpu_ms_per_command",
        "worker_cpu_ms_per_command",
        "redis_cpu_ms_per_command",
        "projection_lag_p50_ms",
    )
    return {name: round(timed[name] - without[name], 2) for name in figures}


def main() -> int:
    args = parse_args()
    store = redis.Redis.from_url(args.redis_url)
    if store.dbsize():
        sys.exit(f"{args.redis_url} already holds keys: give the benchmark an empty database")
    logs = Path(tempfile.mkdtemp(prefix="papyrus-bench-"))
    args.rq_servers = [PrivateRedis() for _ in range(args.rq_redis)]
    try:
        return report_runs(args, store, logs)
    finally:
        for server in args.rq_servers:
            server.stop()


def report_runs(args: argparse.Namespace, store: redis.Redis, logs: Path) -> int:
    """Drive the runs asked for and print the report."""
    bare_before = bare_flask_rate(args, logs)
    runs = [run_load(args, store, logs, metrics_on=True)]
    if args.compare_metrics:
        runs.append(run_load(args, store, logs, metrics_on=False))
    if args.compare_clocks:
        runs.append(run_load(args, store, logs, metrics_on=True, clock=args.clock))
    report: dict[str, Any] = {"command": " ".join(sys.argv), "games": args.games, "target_rate": args.rate}
    if len(runs) == 1:
        report.update(runs[0])
    elif args.compare_clocks:
        report.update({"runs": runs, "clocks_cost": clocks_cost(runs[0], runs[-1])})
    else:
        report.update({"runs": runs, "metrics_cost": metrics_cost(*runs)})
    report["reference_redis_benchmark_xadd_per_s"] = redis_xadd_rate(args.redis_url, args.xadd_requests)
    report.update(bare_reference(bare_before, bare_flask_rate(args, logs)))
    bare = report["reference_bare_flask_req_per_s"]
    if report.get("commands_per_s") and bare:
        report["commands_per_s_over_bare_flask_req_per_s"] = round(report["commands_per_s"] / bare, 3)
    report["logs"] = str(logs)
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
