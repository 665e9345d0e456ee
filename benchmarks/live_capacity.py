"""Open game pages on one API process: how many it serves, how fast a decision reaches them, and the
submits of a paced load running meanwhile.

    REDIS_URL=redis://127.0.0.1:6379/13 PYTHONPATH=. python benchmarks/live_capacity.py --pages 10000 --json

``papyrus api`` (one process) and ``--rq-workers`` workers on a real Redis; a client process of its own
opens the live streams, ``--pages-per-game`` a game (one per seat, then spectators), while bots drive those
games at ``--rate``. ``push_p99_ms``: from a submit's start until every page of its game shows its version.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import sys
import tempfile
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import redis

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.load_bench import Pace, create_tables, drive, machine_busy_idle
from benchmarks.load_support import (
    BotClient,
    Table,
    api_server,
    cpu_seconds,
    free_port,
    percentile,
    python_module,
    spawn,
    stop,
    wait_http,
)
from domain.registry import games

VERSION = re.compile(rb"\nid: (\d+)\n")
Decision = tuple[str, int, float, float]  # game id, version answered, the submit's start and answer


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--pages", type=int, default=1000, help="live pages to open")
    parser.add_argument("--pages-per-game", type=int, default=20, help="pages on each game (seats first)")
    parser.add_argument("--game", default=sorted(games())[0])
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument(
        "--rate", type=float, default=100.0, help="commands/s driven while the pages are open"
    )
    parser.add_argument("--duration", type=float, default=20.0, help="seconds measured")
    parser.add_argument("--warm-up", type=float, default=3.0)
    parser.add_argument("--clients", type=int, default=16, help="bot threads")
    parser.add_argument("--api-threads", type=int, default=16)
    parser.add_argument("--rq-workers", type=int, default=2)
    parser.add_argument("--open-at-once", type=int, default=64, help="pages opening at the same time")
    parser.add_argument(
        "--reference", action="store_true", help="drive the same load first with no page open (same run)"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object only")
    parser.add_argument("--page-client", help=argparse.SUPPRESS)  # internal: run the pages' client
    return parser.parse_args()


# --- the pages' client (a process of its own) -------------------------------------------------------------


class OpenPage:
    """One page's stream: when it first showed each version (monotonic seconds)."""

    __slots__ = ("arrivals", "game_id", "ok", "top")

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self.arrivals: list[tuple[int, float]] = []
        self.top = -1
        self.ok: bool | None = None


async def follow(port: int, game_id: str, token: str | None, page: OpenPage, gate: asyncio.Semaphore) -> None:
    auth = f"Authorization: Bearer {token}\r\n" if token else ""
    request = f"GET /api/games/{game_id}/live HTTP/1.1\r\nHost: 127.0.0.1\r\n{auth}\r\n".encode()
    async with gate:
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port, limit=1 << 20)
            writer.write(request)
            head = await reader.readuntil(b"\r\n\r\n")
        except (OSError, asyncio.IncompleteReadError):
            page.ok = False
            return
        page.ok = head.startswith(b"HTTP/1.1 200")
        if not page.ok:
            writer.close()
            return
        tail = b""
    while True:
        try:
            chunk = await reader.read(65536)
        except OSError:
            chunk = b""
        if not chunk:
            page.ok = False  # the stream ended before the run did
            return
        now = time.monotonic()
        data = tail + chunk
        for found in VERSION.finditer(data):
            version = int(found.group(1))
            if version > page.top:
                page.top = version
                page.arrivals.append((version, now))
        tail = data[-24:]


async def page_client(spec_path: str) -> None:
    """Open every page of the spec, report how many opened on stdout, write the arrivals when told to."""
    spec = json.loads(Path(spec_path).read_text())
    gate = asyncio.Semaphore(spec["open_at_once"])
    pages: list[OpenPage] = []
    tasks = []
    for game_id, tokens in spec["pages"]:
        for token in tokens:
            page = OpenPage(game_id)
            pages.append(page)
            tasks.append(asyncio.ensure_future(follow(spec["port"], game_id, token, page, gate)))
    started = time.monotonic()
    while any(page.ok is None for page in pages):
        await asyncio.sleep(0.2)
    opened = sum(1 for page in pages if page.ok)
    print(json.dumps({"opened": opened, "seconds": round(time.monotonic() - started, 1)}), flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)  # until told to stop
    report = [[page.game_id, bool(page.ok), page.arrivals] for page in pages]
    Path(spec["out"]).write_text(json.dumps(report))
    for task in tasks:
        task.cancel()


# --- the run ---------------------------------------------------------------------------------------------


class TimedBot(BotClient):
    """A bot that also notes each accepted command once the measured window began: its game, the version
    its answer carried and when its submit started."""

    decisions: list[Decision] = []
    measuring = threading.Event()
    lock = threading.Lock()

    def submit(self, table: Table, seat: int, command: dict[str, Any]) -> None:
        started = time.monotonic()
        super().submit(table, seat, command)
        if self.last_answer.get("status") == "accepted" and self.measuring.is_set():
            with self.lock:
                version, answered = int(self.last_answer["version"]), time.monotonic()
                self.decisions.append((table.game_id, version, started, answered))


def run(args: argparse.Namespace, redis_url: str, logs: Path) -> dict[str, Any]:
    prefix = f"bench-live-{uuid.uuid4().hex[:8]}"
    env = {
        "REDIS_URL": redis_url,
        "PAPYRUS_KEY_PREFIX": prefix,
        "PAPYRUS_QUEUE": prefix,
        "PAPYRUS_LIVE_SECONDS": "3600",  # no page reconnects during the run
        "PAPYRUS_LIVE_MAX_STREAMS": str(args.pages + 100),
        "PAPYRUS_LIVE_MAX_STREAMS_PER_CLIENT": str(args.pages + 100),  # every page comes from loopback
        "PAPYRUS_QUOTAS": "off",
        "PAPYRUS_METRICS": "0",
    }
    os.environ["PAPYRUS_KEY_PREFIX"] = prefix
    port = free_port()
    api = api_server(port, 1, args.api_threads, env, logs / "api.log")
    workers = [
        spawn(python_module("papyrus", "worker"), env, logs / f"worker{n}.log")
        for n in range(args.rq_workers)
    ]
    client = None
    try:
        base = f"http://127.0.0.1:{port}"
        wait_http(f"{base}/api/health", 60)
        games_needed = -(-args.pages // args.pages_per_game)
        tables = _tables(base, args, games_needed)
        spec = {
            "port": port,
            "open_at_once": args.open_at_once,
            "out": str(logs / "arrivals.json"),
            "pages": [[t.game_id, _page_tokens(t, args)] for t in tables],
        }
        (logs / "spec.json").write_text(json.dumps(spec))
        reference = _measured_load(base, tables, args, api.pid) if args.reference else {}
        TimedBot.decisions.clear()
        TimedBot.measuring.clear()
        client = _start_client(logs)
        opening = json.loads(client.stdout.readline()) if client.stdout else {}
        figures = _measured_load(base, tables, args, api.pid)
        time.sleep(2.0)  # the last pushes arrive
        pages = _arrivals(client, logs)
        stats, seconds = figures.pop("stats"), figures.pop("seconds")
        report = _report(args, opening, pages, TimedBot.decisions, stats, seconds) | figures
        if reference:
            ref_stats = reference.pop("stats")
            report["reference_without_pages"] = reference | {
                "commands_per_s": round(len(ref_stats.latencies) / reference.pop("seconds"), 1),
                "submit_p50_ms": round(percentile(ref_stats.latencies, 0.5) * 1000, 1),
                "submit_p99_ms": round(percentile(ref_stats.latencies, 0.99) * 1000, 1),
            }
        return report
    finally:
        if client is not None and client.poll() is None:
            client.kill()
        stop([api, *workers])
        _forget(redis_url, prefix)


def _measured_load(base: str, tables: list[Table], args: argparse.Namespace, api_pid: int) -> dict[str, Any]:
    """The paced load over ``tables``, with the API's and the machine's CPU share and load meanwhile."""
    api_cpu_before, busy_before = cpu_seconds(api_pid), machine_busy_idle()
    stats, seconds = _drive(base, tables, args)
    api_cpu = cpu_seconds(api_pid) - api_cpu_before
    busy, idle = (now - then for now, then in zip(machine_busy_idle(), busy_before, strict=True))
    return {
        "stats": stats,
        "seconds": seconds,
        "api_cpu_share": round(api_cpu / seconds, 2),
        "machine_busy_share": round(busy / (busy + idle), 2),
        "load_average": round(os.getloadavg()[0], 1),
    }


def _tables(base: str, args: argparse.Namespace, count: int) -> list[Table]:
    """``count`` started games, created by 8 threads at once."""
    batch = argparse.Namespace(game=args.game, seats=args.seats, games=1)
    with ThreadPoolExecutor(8) as pool:
        made = list(pool.map(lambda _: create_tables(base, batch)[0], range(count)))
    return made


def _page_tokens(table: Table, args: argparse.Namespace) -> list[str | None]:
    seats: list[str | None] = list(table.tokens[: args.pages_per_game])
    return seats + [None] * (args.pages_per_game - len(seats))


def _start_client(logs: Path) -> Any:
    import subprocess

    return subprocess.Popen(
        [sys.executable, __file__, "--page-client", str(logs / "spec.json")],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )


def _drive(base: str, tables: list[Table], args: argparse.Namespace) -> tuple[Any, float]:
    load = argparse.Namespace(clients=args.clients, lag_every=10**9, bot="answers", bot_class=TimedBot)
    return drive(base, tables, load, Pace(args.rate, args.duration, args.warm_up), TimedBot.measuring.set)


def _arrivals(client: Any, logs: Path) -> list[tuple[str, bool, list[tuple[int, float]]]]:
    client.stdin.write("stop\n")
    client.stdin.flush()
    client.wait(timeout=60)
    return [
        (g, ok, [(v, t) for v, t in arrivals])
        for g, ok, arrivals in json.loads((logs / "arrivals.json").read_text())
    ]


def _report(
    args: argparse.Namespace,
    opening: dict[str, Any],
    pages: list[tuple[str, bool, list[tuple[int, float]]]],
    decisions: list[Decision],
    stats: Any,
    seconds: float,
) -> dict[str, Any]:
    by_game: dict[str, list[list[tuple[int, float]]]] = {}
    for game_id, ok, arrivals in pages:
        if ok:
            by_game.setdefault(game_id, []).append(arrivals)
    pushes, after_answers, missed = [], [], 0
    for game_id, version, started, answered in decisions:
        reached = [
            next((t for v, t in arrivals if v >= version), None) for arrivals in by_game.get(game_id, [])
        ]
        if not reached:
            continue
        if any(t is None for t in reached):
            missed += 1
            continue
        last = max(t for t in reached if t is not None)
        pushes.append(last - started)
        after_answers.append(last - answered)
    latencies = stats.latencies
    return {
        "pages": args.pages,
        "pages_served": sum(1 for _, ok, _ in pages if ok),
        "pages_opened_in_s": opening.get("seconds"),
        "games": len(by_game),
        "decisions_pushed": len(pushes),
        "pushes_missed": missed,
        "push_p50_ms": round(percentile(pushes, 0.5) * 1000, 1),
        "push_p99_ms": round(percentile(pushes, 0.99) * 1000, 1),
        "push_after_answer_p99_ms": round(percentile(after_answers, 0.99) * 1000, 1),
        "commands_per_s": round(len(latencies) / seconds, 1),
        "submit_p50_ms": round(percentile(latencies, 0.5) * 1000, 1),
        "submit_p99_ms": round(percentile(latencies, 0.99) * 1000, 1),
        "submit_statuses": stats.statuses,
    }


def _forget(redis_url: str, prefix: str) -> None:
    """Delete this run's keys (and only them) and its queue's RQ keys."""
    connection = redis.Redis.from_url(redis_url)
    for pattern in (f"{prefix}:*", f"rq:*{prefix}*"):
        names = list(connection.scan_iter(match=pattern, count=1000))
        for start in range(0, len(names), 500):
            connection.delete(*names[start : start + 500])


def main() -> None:
    args = parse_args()
    if args.page_client:
        asyncio.run(page_client(args.page_client))
        return
    redis_url = os.environ.get("REDIS_URL")
    if not redis_url:
        sys.exit("REDIS_URL must name the Redis to measure on (this run's keys are deleted after it)")
    logs = Path(tempfile.mkdtemp(prefix="papyrus-live-capacity-"))
    report = run(args, redis_url, logs)
    if args.json:
        print(json.dumps(report))
        return
    for name, value in report.items():
        print(f"{name}: {value}")
    print(f"logs: {logs}")


if __name__ == "__main__":
    main()
