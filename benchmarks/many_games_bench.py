"""Many concurrent games in one Redis: memory per running and per finished game, commands/s and the sweep's
cost with few games present and with --games running games present.

    python benchmarks/many_games_bench.py --games 100000 --finished 20000 --drive-seconds 20

Starts two redis-servers of its own on free loopback ports (no persistence; removed at the end): the game
store and RQ's own Redis (RQ_REDIS_URL, as beside a cluster), so the Redis calls per command of each are
counted apart (INFO commandstats, the scripts' inner calls included, the bots' two reads per move too);
then the API (`papyrus api`) and RQ workers (as benchmarks/load_bench.py does), and:

1. few games: --drive-games fresh games driven flat out by HTTP bots for --drive-seconds (commands/s, p99);
   the sweep timed with 0 and with --due-games games due;
2. two template games played by the bots: a running one --template-moves decisions into the game (a 4-player
   Egizia game takes about 76), and a finished one;
3. --games copies of the running template and --finished copies of the finished one, each under a new game
   id (DUMP/RESTORE of every key of the game with its time to live, the meta rewritten with the new id,
   entered in the game index and the running set like a real game): Redis's used_memory grows by the figure
   per game reported; ``kib_per_idle_running_game`` is that less the keys that expire when a game is idle
   (the waiters' wake-up stream, a minute after the last decision), what a slow game holds between moves;
4. the same drive and sweep timings with all of them present;
5. the copies removed, the same again (the machine's other load varies: the first and the last phase bracket
   the middle one).

The copies are real games' bytes, not playable games: the sweep and the workers never touch them, as they
are not due (a running game waiting for a player with no deadline is not in the due index), which is the
point: the sweep's cost follows the games due, not the games that exist. Prints one JSON report, with
redis-benchmark's XADD rate and a bare Flask endpoint's rate measured in the same run.
"""

from __future__ import annotations

import argparse
import json
import secrets
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import redis

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.load_bench import (
    bare_flask_rate,
    create_tables,
    drive,
    machine_busy_idle,
    redis_cpu_seconds,
    redis_xadd_rate,
    worker_command,
)
from benchmarks.load_support import (
    BotClient,
    RateLimiter,
    Stats,
    Table,
    api_server,
    free_port,
    percentile,
    spawn,
    stop,
    wait_http,
)
from services import keys
from services.game_service import GameService
from services.processing.sweep import SweepReport
from services.settings import Settings
from services.store.event_store import FINISHED_DECIDED_TTL_MS

CLONE_BATCH = 500


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=100_000, help="running games copied in")
    parser.add_argument("--finished", type=int, default=20_000, help="finished games copied in")
    parser.add_argument("--game", default="egizia")
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--template-moves", type=int, default=38, help="decisions into the running template")
    parser.add_argument("--drive-games", type=int, default=50, help="games driven for commands/s")
    parser.add_argument("--drive-seconds", type=float, default=20.0)
    parser.add_argument("--due-games", type=int, default=50, help="games made due for the timed sweep")
    parser.add_argument("--clients", type=int, default=16, help="bot client threads")
    parser.add_argument("--api-workers", type=int, default=2)
    parser.add_argument("--api-threads", type=int, default=16)
    parser.add_argument("--rq-workers", type=int, default=2)
    parser.add_argument("--worker-kind", default="in-process")
    parser.add_argument("--lag-every", type=int, default=10**9, help="projection lag every N commands (off)")
    parser.add_argument("--rate", type=float, default=0.0)
    parser.add_argument("--bot", choices=["answers", "view"], default="answers", help="as load_bench.py's")
    return parser.parse_args()


class PrivateRedis:
    """A redis-server on a free loopback port in a temporary directory, no persistence."""

    def __init__(self) -> None:
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.directory = Path(tempfile.mkdtemp(prefix="papyrus-many-redis-"))
        command = [
            "redis-server",
            "--port",
            str(self.port),
            "--bind",
            "127.0.0.1",
            "--dir",
            str(self.directory),
        ]
        command += ["--save", "", "--appendonly", "no", "--maxmemory-policy", "noeviction"]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
        self.client = redis.Redis.from_url(self.url)
        for _ in range(100):
            try:
                self.client.ping()
                return
            except redis.ConnectionError:
                time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def used_memory(self) -> int:
        return int(self.client.info("memory")["used_memory"])

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(30)
        shutil.rmtree(self.directory, ignore_errors=True)


def play(base: str, table: Table, decisions: int | None) -> Table:
    """Play ``table`` with one bot until ``decisions`` commands (None: to the end)."""
    client = BotClient(base, Stats(), RateLimiter(0), 10**9, seed=1, trust_answers=True)
    deadline = time.monotonic() + 600
    while not table.over and (decisions is None or table.commands < decisions):
        if time.monotonic() > deadline:
            raise RuntimeError(f"{table.game_id} did not reach {decisions} decisions")
        client.play_turn(table)
    return table


def game_key_names(store: redis.Redis, game_id: str) -> list[bytes]:
    names = [*keys.game_keys(game_id), *store.scan_iter(match=keys.projection_pattern(game_id))]
    return [name.encode() if isinstance(name, str) else name for name in names if store.exists(name)]


def key_breakdown(store: redis.Redis, game_id: str) -> dict[str, int]:
    """Bytes per key of one game (MEMORY USAGE), by the key's suffix."""
    found = {}
    for name in game_key_names(store, game_id):
        found[name.decode().split("}:", 1)[1]] = int(store.memory_usage(name, samples=0) or 0)
    return dict(sorted(found.items(), key=lambda item: -item[1]))


def wait_expired(store: redis.Redis, name: str) -> None:
    """Wait until key ``name`` has expired (a finished game's wake-up stream: seconds after its end)."""
    deadline = time.monotonic() + FINISHED_DECIDED_TTL_MS / 1000 + 5
    while store.exists(name) and time.monotonic() < deadline:
        time.sleep(0.2)


def expiring_bytes(store: redis.Redis, game_id: str) -> int:
    """Bytes of the game's keys that carry a time to live (the waiters' wake-up stream, gone a minute
    after the last decision): what a game idle for longer than that no longer holds."""
    names = [name for name in game_key_names(store, game_id) if int(store.pttl(name)) > 0]
    return sum(int(store.memory_usage(name, samples=0) or 0) for name in names)


def clone(store: redis.Redis, template: str, count: int, running: bool) -> list[str]:
    """``count`` byte-for-byte copies of game ``template`` under new ids, indexed like real games; their
    ids."""
    names = game_key_names(store, template)
    meta_name = keys.meta(template).encode()
    dumps = {name: store.dump(name) for name in names if name != meta_name}
    ttls = {name: max(0, int(store.pttl(name))) for name in dumps}  # a copy expires as its original would
    meta = store.hgetall(meta_name)
    due = store.zscore(keys.due_games(), template)
    old, made = template.encode(), []
    for start in range(0, count, CLONE_BATCH):
        pipe = store.pipeline(transaction=False)
        for _ in range(min(CLONE_BATCH, count - start)):
            game_id = secrets.token_hex(6)
            made.append(game_id)
            new = game_id.encode()
            for name, payload in dumps.items():
                pipe.restore(name.replace(old, new), ttls[name], payload)
            pipe.hset(keys.meta(game_id), mapping={k: v.replace(old, new) for k, v in meta.items()})
            pipe.zadd(keys.games(), {game_id: time.time()})
            if running:
                pipe.sadd(keys.running_games(), game_id)
            if due is not None:
                pipe.zadd(keys.due_games(), {game_id: due})
        pipe.execute()
    return made


def drop(store: redis.Redis, template: str, game_ids: list[str]) -> None:
    """Remove the copies :func:`clone` made."""
    names = [name.replace(template.encode(), b"%s") for name in game_key_names(store, template)]
    for start in range(0, len(game_ids), CLONE_BATCH):
        batch = game_ids[start : start + CLONE_BATCH]
        pipe = store.pipeline(transaction=False)
        pipe.unlink(*(name % game_id.encode() for game_id in batch for name in names))
        pipe.zrem(keys.games(), *batch)
        pipe.srem(keys.running_games(), *batch)
        pipe.zrem(keys.due_games(), *batch)
        pipe.execute()


def timed_sweeps(
    service: GameService, tables: list[Table], due_games: int, repeats: int = 5
) -> dict[str, Any]:
    """Milliseconds of one sweep pass (median of ``repeats``) with no game due, then with ``due_games`` of
    ``tables`` due (after one untimed pass with a game due, which loads the game's rules in this process)."""

    def sweep(due: list[Table]) -> SweepReport:
        now = service.settings.clock()
        for table in due:
            service.parts.due.mark(table.game_id, now - 10)
        return service.sweep.run(worker="bench", nothing_in_flight=True)

    sweep(tables[:1])
    idle = [sweep([]).seconds for _ in range(repeats)]
    busy = [sweep(tables[:due_games]) for _ in range(repeats)]
    busy_ms = statistics.median(report.seconds for report in busy) * 1000
    return {
        "sweep_ms_nothing_due": round(statistics.median(idle) * 1000, 2),
        "sweep_due_games": busy[0].due,
        "sweep_ms_with_games_due": round(busy_ms, 1),
        "sweep_ms_per_due_game": round(busy_ms / max(1, busy[0].due), 2),
    }


def command_calls(store: redis.Redis) -> dict[str, int]:
    """Calls so far of each Redis command (INFO commandstats), scripts' inner calls included."""
    stats = store.info("commandstats")
    return {name.removeprefix("cmdstat_"): int(value["calls"]) for name, value in stats.items()}


def calls_per_command(before: dict[str, int], after: dict[str, int], commands: int) -> dict[str, Any]:
    per_command = {name: (count - before.get(name, 0)) / commands for name, count in after.items()}
    top = sorted(per_command.items(), key=lambda item: -item[1])[:10]
    return {"total": round(sum(per_command.values()), 1), "top": {name: round(n, 2) for name, n in top}}


def driven(base: str, args: argparse.Namespace, store: redis.Redis, rq: redis.Redis) -> dict[str, Any]:
    tables = create_tables(base, argparse.Namespace(**{**vars(args), "games": args.drive_games}))
    store_calls, rq_calls = command_calls(store), command_calls(rq)
    store_cpu, rq_cpu, machine = redis_cpu_seconds(store), redis_cpu_seconds(rq), machine_busy_idle()
    stats, elapsed = drive(base, tables, args, args.rate, args.drive_seconds)
    busy, idle = (after - before for after, before in zip(machine_busy_idle(), machine, strict=True))
    commands = max(1, len(stats.latencies))
    return {
        "tables": tables,
        "machine_cpu_busy_pct": round(100 * busy / max(1, busy + idle), 1),
        "store_redis_cpu_ms_per_command": round(1000 * (redis_cpu_seconds(store) - store_cpu) / commands, 2),
        "rq_redis_cpu_ms_per_command": round(1000 * (redis_cpu_seconds(rq) - rq_cpu) / commands, 2),
        "store_redis_calls_per_command": calls_per_command(store_calls, command_calls(store), commands),
        "rq_redis_calls_per_command": calls_per_command(rq_calls, command_calls(rq), commands),
        "commands_per_s": round(len(stats.latencies) / elapsed, 1),
        "submit_p50_ms": round(percentile(stats.latencies, 0.50) * 1000, 1),
        "submit_p99_ms": round(percentile(stats.latencies, 0.99) * 1000, 1),
    }


def phase(base: str, args: argparse.Namespace, service: GameService, rq: redis.Redis) -> dict[str, Any]:
    store = service.parts.redis
    figures = driven(base, args, store, rq)
    tables = figures.pop("tables")
    figures.update(timed_sweeps(service, tables, args.due_games))
    figures["games_in_index"] = int(store.zcard(keys.games()))
    figures["games_due_in_index"] = int(store.zcard(keys.due_games()))
    return figures


def main() -> int:
    args = parse_args()
    server, rq_server = PrivateRedis(), PrivateRedis()
    store = server.client
    logs = Path(tempfile.mkdtemp(prefix="papyrus-many-"))
    env = {"REDIS_URL": server.url, "RQ_REDIS_URL": rq_server.url, "PAPYRUS_QUEUE": "papyrus"}
    env["PAPYRUS_QUOTAS"] = "off"  # the benchmark opens many games from one address
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    processes = [api_server(port, args.api_workers, args.api_threads, env, logs / "api.log")]
    processes += [
        spawn(worker_command(args, False), env, logs / f"worker{i}.log") for i in range(args.rq_workers)
    ]
    settings = Settings(redis_url=server.url, rq_redis_url=rq_server.url, queue_name="papyrus")
    service = GameService(store, settings, rq_server.client)
    report: dict[str, Any] = {
        "command": " ".join(sys.argv),
        "running_copies": args.games,
        "finished_copies": args.finished,
    }
    try:
        wait_http(base + "/api/health")
        report["few_games"] = phase(base, args, service, rq_server.client)
        running, finished = create_tables(base, argparse.Namespace(**{**vars(args), "games": 2}))
        play(base, running, args.template_moves)
        play(base, finished, None)
        time.sleep(1.0)  # the last projections and the archive of the finished game
        wait_expired(store, keys.decided(finished.game_id))  # what a finished game keeps, after its end
        report["running_template"] = {
            "decisions": running.commands,
            "bytes_by_key": key_breakdown(store, running.game_id),
        }
        expiring = expiring_bytes(store, running.game_id)
        report["finished_template"] = {
            "decisions": finished.commands,
            "bytes_by_key": key_breakdown(store, finished.game_id),
        }
        before = server.used_memory()
        started = time.monotonic()
        running_copies = clone(store, running.game_id, args.games, running=True)
        between = server.used_memory()
        finished_copies = clone(store, finished.game_id, args.finished, running=False)
        after = server.used_memory()
        report["clone_seconds"] = round(time.monotonic() - started, 1)
        report["kib_per_running_game"] = round((between - before) / max(1, args.games) / 1024, 2)
        report["kib_per_idle_running_game"] = round(
            (between - before) / max(1, args.games) / 1024 - expiring / 1024, 2
        )
        report["kib_per_finished_game"] = round((after - between) / max(1, args.finished) / 1024, 2)
        report["used_memory_mib"] = round(after / 2**20, 1)
        report["many_games"] = phase(base, args, service, rq_server.client)
        drop(store, running.game_id, running_copies)
        drop(store, finished.game_id, finished_copies)
        report["few_games_again"] = phase(base, args, service, rq_server.client)
        report["reference_redis_benchmark_xadd_per_s"] = redis_xadd_rate(server.url)
        report.update(bare_flask_rate(args, logs))
    finally:
        stop(processes)
        server.stop()
        rq_server.stop()
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
