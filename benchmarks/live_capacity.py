"""How many open game pages one API process serves, and what is left for everything else.

One ``papyrus api`` process (32 threads, its default) on a real Redis: opens ``--pages`` live
streams (``GET /api/games/<id>/live``, as that many open game pages would), counts how many the worker
accepted (``PAPYRUS_LIVE_MAX_STREAMS``, default threads - 8) and how many it refused with 503, then measures
ordinary requests (``GET /api/games/<id>/view``, 4 client threads, ``--seconds``) while the streams stay
open. The reference is the bare Flask endpoint of benchmarks/flask_ref.py under the same server and the
same client, measured in the same run.

    REDIS_URL=redis://127.0.0.1:6379/2 PYTHONPATH=. python benchmarks/live_capacity.py \
        --pages 0 --pages 24 --pages 40
"""

from __future__ import annotations

import argparse
import os
import tempfile
import threading
import time
from pathlib import Path

import redis
import requests

from benchmarks.load_support import api_server, bare_flask_server, free_port, percentile, stop, wait_http

CLIENT_THREADS = 4
THREADS = 32  # papyrus api's default
COLUMNS = [
    "open pages",
    "streams served",
    "refused (503)",
    "no answer in 5 s",
    "view req/s",
    "p50 ms",
    "p95 ms",
]
HEADER = "| " + " | ".join([*COLUMNS, "failed"]) + " |"
SETTLE_SECONDS = 5.0  # how long a page may wait for its stream to start before the view requests begin


def hold(url: str, statuses: list[int], stop_event: threading.Event) -> None:
    try:
        with requests.get(url, stream=True, timeout=120) as response:
            statuses.append(response.status_code)
            if response.status_code != 200:
                return
            for _ in response.iter_content(64):
                if stop_event.is_set():
                    return
    except requests.RequestException:
        statuses.append(0)


def throughput(url: str, seconds: float) -> tuple[float, float, float, int]:
    """Requests/s, p50 and p95 latency (ms) and failed requests (not 200, or no answer within 10 s) of
    CLIENT_THREADS clients for ``seconds`` (the last requests may end up to 10 s later)."""
    latencies: list[float] = []
    failures = [0]
    deadline = time.monotonic() + seconds

    def client() -> None:
        with requests.Session() as session:
            while time.monotonic() < deadline:
                started = time.monotonic()
                try:
                    status = session.get(url, timeout=10).status_code
                except requests.RequestException:
                    status = 0
                latencies.append(time.monotonic() - started)
                failures[0] += status != 200

    threads = [threading.Thread(target=client) for _ in range(CLIENT_THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return (
        len(latencies) / seconds,
        percentile(latencies, 0.5) * 1000,
        percentile(latencies, 0.95) * 1000,
        failures[0],
    )


def measure(base: str, game_id: str, pages: int, seconds: float) -> str:
    statuses: list[int] = []
    stop_event = threading.Event()
    url = f"{base}/api/games/{game_id}/live"
    holders = [
        threading.Thread(target=hold, args=(url, statuses, stop_event), daemon=True) for _ in range(pages)
    ]
    for holder in holders:
        holder.start()
    settle = time.monotonic() + SETTLE_SECONDS
    while len(statuses) < pages and time.monotonic() < settle:
        time.sleep(0.05)
    accepted, refused, waiting = statuses.count(200), statuses.count(503), pages - len(statuses)
    rate, p50, p95, failed = throughput(f"{base}/api/games/{game_id}/view", seconds)
    stop_event.set()
    row = [pages, accepted, refused, waiting, f"{rate:,.0f}", f"{p50:.1f}", f"{p95:.1f}", failed]
    return "| " + " | ".join(str(cell) for cell in row) + " |"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--pages", type=int, action="append", help="open live streams (repeatable)")
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--max-streams", default="", help="PAPYRUS_LIVE_MAX_STREAMS (default: the API's)")
    args = parser.parse_args()
    redis_url = os.environ.get("REDIS_URL")
    if not redis_url:
        parser.error("REDIS_URL must name the Redis to measure on (keys are prefixed, then left to expire)")
    logs = Path(tempfile.mkdtemp(prefix="papyrus-live-capacity-"))
    api_port, ref_port = free_port(), free_port()
    env = {
        "REDIS_URL": redis_url,
        "PAPYRUS_KEY_PREFIX": f"bench-live-{os.getpid()}",
        "PAPYRUS_LIVE_SECONDS": "120",
        "PAPYRUS_LIVE_HEARTBEAT_SECONDS": "1",  # a closed page's stream ends (frees its slot) within 1 s
        "PAPYRUS_LIVE_MAX_STREAMS_PER_CLIENT": "1000",  # every page of this benchmark comes from loopback
        "PAPYRUS_QUOTAS": "off",
        "PAPYRUS_METRICS": "0",
        **({"PAPYRUS_LIVE_MAX_STREAMS": args.max_streams} if args.max_streams else {}),
    }
    api = api_server(api_port, 1, THREADS, env, logs / "api.log")
    ref = bare_flask_server(ref_port, 1, THREADS, logs / "ref.log")
    try:
        base = f"http://127.0.0.1:{api_port}"
        wait_http(f"{base}/api/live")
        wait_http(f"http://127.0.0.1:{ref_port}/ping")
        game_id = requests.post(f"{base}/api/games", json={"game": "egizia", "seats": 2}, timeout=10).json()[
            "id"
        ]
        print(HEADER)
        print("|---|---|---|---|---|---|---|---|")
        for pages in args.pages or [0, 24, 40]:
            print(measure(base, game_id, pages, args.seconds), flush=True)
            time.sleep(3.0)  # the closed streams end at their next heartbeat write
        rate, p50, p95, _ = throughput(f"http://127.0.0.1:{ref_port}/ping", args.seconds)
        print(f"reference: bare Flask /ping, same server: {rate:,.0f} req/s, p50 {p50:.1f}, p95 {p95:.1f} ms")
    finally:
        stop([api, ref])  # type: ignore[list-item]
        _forget(redis_url, env["PAPYRUS_KEY_PREFIX"])


def _forget(redis_url: str, prefix: str) -> None:
    """Delete this run's keys (and only them)."""
    connection = redis.Redis.from_url(redis_url)
    for key in connection.scan_iter(match=f"{prefix}:*", count=1000):
        connection.delete(key)


if __name__ == "__main__":
    main()
