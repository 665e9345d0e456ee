"""What a plain request (a 404, GET and a POST with a small body) costs one API process, front or not.

    python benchmarks/front_request_cost.py [--requests-only] [--valgrind]

``papyrus api --workers 1 --threads 16``, 8 keep-alive clients: the server process's CPU µs and context
switches (all its threads) per request; ``--valgrind``: the process's instructions per request instead
(callgrind on every thread, its counters zeroed before each measured run), which neighbours do not move.
"""

from __future__ import annotations

import argparse
import contextlib
import glob
import http.client
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BODY = json.dumps({"command_id": "c1", "command": {"type": "pass"}}).encode()
CLIENTS = 8


def free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def context_switches(pid: int) -> int:
    total = 0
    for status in glob.glob(f"/proc/{pid}/task/*/status"):
        with contextlib.suppress(OSError):  # a thread that ended meanwhile
            total += sum(int(n) for n in re.findall(r"ctxt_switches:\s+(\d+)", Path(status).read_text()))
    return total


def hammer(port: int, method: str, requests: int) -> int:
    """``requests`` 404s sent by :data:`CLIENTS` keep-alive connections; how many were answered."""
    each = requests // CLIENTS

    def client() -> None:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        for _ in range(each):
            if method == "GET":
                connection.request("GET", "/api/nothing-here")
            else:
                connection.request("POST", "/api/nothing-here", BODY, {"Content-Type": "application/json"})
            answer = connection.getresponse()
            answer.read()
            if answer.status != 404:
                raise RuntimeError(f"{method} answered {answer.status}")
        connection.close()

    threads = [threading.Thread(target=client) for _ in range(CLIENTS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return each * CLIENTS


def wait_listening(port: int, timeout: float = 300.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            connection.request("GET", "/api/health")
            connection.getresponse().read()
            return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"the API did not answer on port {port} within {timeout} s")


def instructions(pid: int, out: str) -> int:
    """The instructions the process ran since its counters were zeroed (callgrind_control dumps them)."""
    for old in glob.glob(f"{out}.*"):
        os.remove(old)
    subprocess.run(["callgrind_control", "-d", str(pid)], capture_output=True, check=True)
    time.sleep(1)
    dumps = glob.glob(f"{out}.*")
    found = [re.search(r"^summary:\s+(\d+)", Path(dump).read_text(), re.M) for dump in dumps]
    return sum(int(match.group(1)) for match in found if match)


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--redis-url", default="redis://127.0.0.1:6379/8")
    parser.add_argument("--requests-only", action="store_true", help="papyrus api --requests-only (no front)")
    parser.add_argument("--valgrind", action="store_true", help="count instructions instead of CPU time")
    parser.add_argument("--requests", type=int, default=3000, help="requests of each kind a round")
    parser.add_argument("--rounds", type=int, default=1)
    args = parser.parse_args()
    if args.requests < CLIENTS:
        parser.error(f"--requests must be at least {CLIENTS}: one request for each client connection")
    port = free_port()
    env = {**os.environ, "REDIS_URL": args.redis_url, "PAPYRUS_QUOTAS": "off", "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "papyrus", "api", "--host", "127.0.0.1", "--port", str(port)]
    command += ["--workers", "1", "--threads", "16"] + (["--requests-only"] if args.requests_only else [])
    out = os.path.join(tempfile.mkdtemp(prefix="papyrus-front-cost-"), "callgrind")
    if args.valgrind:
        valgrind = ["valgrind", "--tool=callgrind", "--trace-children=yes", "--dump-instr=no"]
        command = [*valgrind, f"--callgrind-out-file={out}.%p", *command]
    server = subprocess.Popen(
        command,
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    figures: dict[str, Any] = {"server": "requests-only" if args.requests_only else "front"}
    try:
        wait_listening(port)
        children = subprocess.run(
            ["pgrep", "-P", str(server.pid)], capture_output=True, text=True, check=True
        )
        pid = int(children.stdout.split()[-1])  # Granian's one worker process
        hammer(port, "GET", 400), hammer(port, "POST", 400)  # warmed up
        for _ in range(args.rounds):
            for method in ("GET", "POST"):
                if args.valgrind:
                    subprocess.run(["callgrind_control", "-z", str(pid)], capture_output=True, check=True)
                cpu, switches = cpu_seconds(pid), context_switches(pid)
                count = hammer(port, method, args.requests)
                cpu, switches = cpu_seconds(pid) - cpu, context_switches(pid) - switches
                kind = figures.setdefault(method, {"cpu_us": [], "context_switches": []})
                kind["cpu_us"].append(round(1e6 * cpu / count, 1))
                kind["context_switches"].append(round(switches / count, 2))
                if args.valgrind:
                    kind.setdefault("instructions", []).append(round(instructions(pid, out) / count))
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
