"""Many games in one Redis: memory per running, finished and archived game, commands/s and the sweep's cost
with few and with --games copies present.

    python benchmarks/many_games_bench.py --games 100000 --finished 20000 --drive-seconds 20

Starts its own redis-servers, the API and workers; drives games, copies a running and a finished game
(DUMP/RESTORE), archives the finished one (to a directory) and copies what Redis keeps of it, drives and
sweeps with the copies and after their removal (``--skip-drive``: memory only). Prints one JSON report,
with same-run XADD and Flask references.
"""

from __future__ import annotations

import argparse
import json
import secrets
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import msgspec
import redis

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.load_bench import (
    Pace,
    add_reference_sizes,
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
    PrivateRedis,
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
    parser.add_argument("--archived", type=int, default=10_000, help="archived games copied in")
    parser.add_argument(
        "--games-per-account", type=int, default=200, help="finished games each account of the copies played"
    )
    parser.add_argument("--skip-drive", action="store_true", help="memory figures only: drive no games")
    add_reference_sizes(parser)
    return parser.parse_args()


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
            service.components.due.mark(table.game_id, now - 10)
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
    stats, elapsed = drive(base, tables, args, Pace(args.rate, args.drive_seconds))
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


def wait_archivable(service: GameService, game_id: str) -> None:
    """Until the finished game is recorded and its notifications are out (what archiving waits for)."""
    archiver = service.archive.archiver
    assert archiver is not None
    deadline = time.monotonic() + 120
    while archiver.waiting_for(game_id):
        if time.monotonic() > deadline:
            raise RuntimeError(f"{game_id} still waits for {archiver.waiting_for(game_id)}")
        time.sleep(0.2)


def archived_copies(service: GameService, template: str, count: int, per_account: int, accounts: bool) -> int:
    """``count`` copies of what Redis keeps of the archived game ``template`` (its catalog entry and its
    finished games' index entries), written by the service's own code; with ``accounts`` each seat is held
    by an account (the copies share accounts, ``per_account`` games each; an archived game leaves their
    lists of games in play) and the game is rated. Returns the growth of ``used_memory``."""
    parts, finished = service.components, service.social.finished
    entry, summary = parts.archive_catalog.get(template), finished.get(template)
    assert entry is not None and summary is not None
    pool = max(1, count * len(summary.players) // per_account)
    before = int(parts.redis.info("memory")["used_memory"])
    for index in range(count):
        game_id = secrets.token_hex(6)
        names = [
            f"member{(index * len(summary.players) + seat) % pool}" for seat in range(len(summary.players))
        ]
        held = names if accounts else [None] * len(names)
        players = [msgspec.structs.replace(p, account=held[p.seat], bot=False) for p in summary.players]
        copy = msgspec.structs.replace(summary, id=game_id, players=players, rated=accounts)
        parts.archive_catalog.put(game_id, msgspec.structs.replace(entry, accounts=held))
        finished.record(copy)
        if accounts:
            parts.redis.zadd(keys.rated_games(copy.game), {game_id: copy.ended_at})
    return int(parts.redis.info("memory")["used_memory"]) - before


def archived_figures(service: GameService, template: str, args: argparse.Namespace) -> dict[str, Any]:
    """Archive the finished template, then measure the Redis bytes per archived game, seats held by guests
    and by accounts (see :func:`archived_copies`)."""
    wait_archivable(service, template)
    archiver = service.archive.archiver
    assert archiver is not None and archiver.archive(template).value == "archived"
    entry = service.components.archive_catalog.get(template)
    assert entry is not None
    guests = archived_copies(service, template, args.archived, args.games_per_account, accounts=False)
    members = archived_copies(service, template, args.archived, args.games_per_account, accounts=True)
    return {
        "archived_copies": args.archived,
        "object_bytes": entry.size,
        "redis_bytes_per_archived_game_guest_seats": round(guests / max(1, args.archived)),
        "redis_bytes_per_archived_game_account_seats": round(members / max(1, args.archived)),
        "finished_games_per_account": args.games_per_account,
    }


def phase(base: str, args: argparse.Namespace, service: GameService, rq: redis.Redis) -> dict[str, Any]:
    store = service.components.redis
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
    archive = Path(tempfile.mkdtemp(prefix="papyrus-many-archive-"))
    settings = Settings(
        redis_url=server.url, rq_redis_url=rq_server.url, queue_name="papyrus", archive_url=str(archive)
    )
    service = GameService(store, settings, rq_server.client)
    report: dict[str, Any] = {
        "command": " ".join(sys.argv),
        "running_copies": args.games,
        "finished_copies": args.finished,
    }
    try:
        wait_http(base + "/api/health", timeout=180.0)  # a loaded machine starts the processes slowly
        if not args.skip_drive:
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
        if not args.skip_drive:
            report["many_games"] = phase(base, args, service, rq_server.client)
        drop(store, running.game_id, running_copies)
        drop(store, finished.game_id, finished_copies)
        report["archived"] = archived_figures(service, finished.game_id, args)
        if not args.skip_drive:
            report["few_games_again"] = phase(base, args, service, rq_server.client)
            report["reference_redis_benchmark_xadd_per_s"] = redis_xadd_rate(server.url, args.xadd_requests)
            report.update(bare_flask_rate(args, logs))
    finally:
        stop(processes)
        server.stop()
        rq_server.stop()
        shutil.rmtree(archive, ignore_errors=True)
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
