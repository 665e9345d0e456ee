"""Pieces of the load benchmark: HTTP bot clients, a rate limiter, percentiles, child processes."""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

import redis
import requests

ROOT = Path(__file__).resolve().parent.parent
IDLE_PAUSE = 0.05  # seconds a bot waits before looking again at a game where nobody can act yet


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def spawn(args: Sequence[str], env: dict[str, str], log: Path, cwd: Path = ROOT) -> subprocess.Popen[bytes]:
    """A child process in its own process group, its output in ``log``."""
    handle = log.open("wb")
    return subprocess.Popen(
        list(args),
        cwd=cwd,
        env={**os.environ, **env},
        stdout=handle,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )


def stop(processes: Sequence[subprocess.Popen[bytes]]) -> None:
    for process in processes:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
    for process in processes:
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def wait_http(url: str, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if requests.get(url, timeout=1).ok:
                return
        except requests.RequestException:
            pass
        time.sleep(0.1)
    raise RuntimeError(f"{url} did not answer within {timeout} s")


def cpu_seconds(pid: int) -> float:
    """CPU time of a process and its whole tree: live descendants, plus the children it already reaped
    (RQ's forked work-horses land there)."""
    ticks = os.sysconf("SC_CLK_TCK")
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except FileNotFoundError:
        return 0.0
    own = sum(int(value) for value in fields[11:15]) / ticks  # utime, stime, cutime, cstime
    return own + sum(cpu_seconds(int(child)) for child in children)


def percentile(values: Sequence[float], fraction: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def served_submit_ms(api_log: Path, started: datetime, ended: datetime) -> list[float]:
    """How long the API took to answer each command submitted between ``started`` and ``ended``, read from its
    request log lines (their duration runs from the request's first hook to its answer, so it leaves out what
    the bot clients' own process adds: their HTTP library and their threads waiting for the GIL)."""
    durations = []
    for line in api_log.read_text().splitlines():
        if '"route":"/api/games/<game_id>/commands"' not in line or '"method":"POST"' not in line:
            continue
        record = json.loads(line)
        if started <= datetime.fromisoformat(record["timestamp"].replace("Z", "+00:00")) <= ended:
            durations.append(float(record["duration_ms"]))
    return durations


class RateLimiter:
    """Spaces calls ``1/rate`` seconds apart across all threads (0 = unlimited)."""

    def __init__(self, rate: float) -> None:
        self._interval = 1.0 / rate if rate > 0 else 0.0
        self._next = time.monotonic()
        self._lock = threading.Lock()

    def wait(self) -> None:
        if not self._interval:
            return
        with self._lock:
            now = time.monotonic()
            slot = max(self._next, now)
            self._next = slot + self._interval
        if slot > now:
            time.sleep(slot - now)


@dataclass
class Table:
    """One game driven by the benchmark: its id and each seat's token."""

    game_id: str
    tokens: list[str]
    commands: int = 0
    over: bool = False
    to_act: list[int] = field(default_factory=list)  # from the last accepted answer (empty: read the view)
    # the submitter's seat and legal commands from the last answer's view (asked with ?view=1), if it acts
    legal_from_answer: tuple[int, list[dict[str, Any]]] | None = None


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    lags: list[float] = field(default_factory=list)
    statuses: dict[int, int] = field(default_factory=dict)
    reads: int = 0
    polls: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def record(self, status: int, latency: float) -> None:
        with self.lock:
            self.statuses[status] = self.statuses.get(status, 0) + 1
            self.latencies.append(latency)

    def restart(self) -> None:
        """Forget every figure so far (the warm-up ends)."""
        with self.lock:
            self.latencies, self.lags, self.statuses = [], [], {}
            self.reads = self.polls = 0


class BotClient:
    """Plays one turn of a table over HTTP: learn who acts, read that seat's legal commands, submit one.

    Who acts comes from the public view, or (``trust_answers``) from the ``to_act`` of the previous
    accepted command's answer, the view being read only when that list is empty (automatic steps running,
    the start). With ``answer_view`` each submit asks for the seat's view in its answer (``?view=1``), and
    a seat that acts again plays from the legal commands it carries, with no read between its moves."""

    answer_view = False

    def __init__(
        self, base: str, stats: Stats, limiter: RateLimiter, lag_every: int, seed: int, trust_answers: bool
    ) -> None:
        self.base = base
        self.trust_answers = trust_answers
        self.http = requests.Session()
        self.stats = stats
        self.limiter = limiter
        self.lag_every = lag_every
        self.random = random.Random(seed)
        self.submitted = 0
        self.last_answer: dict[str, Any] = {}

    def get(self, path: str, token: str | None = None) -> Any:
        with self.stats.lock:
            self.stats.reads += 1
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        response = self.http.get(self.base + path, headers=headers, timeout=30)
        response.raise_for_status()
        return response.json()

    def play_turn(self, table: Table) -> None:
        to_act = table.to_act if self.trust_answers else []
        if not to_act:
            view = self.get(f"/api/games/{table.game_id}/view")
            if view["status"] == "over":
                table.over = True
                return
            to_act = view["to_act"]
        if not to_act:
            time.sleep(IDLE_PAUSE)  # an automatic phase is running in the workers
            return
        seat = self.random.choice(sorted(to_act))
        carried = table.legal_from_answer
        table.legal_from_answer = None
        if carried is not None and carried[0] in to_act:
            seat, legal = carried
        else:
            legal = self.get(f"/api/games/{table.game_id}/seats/{seat}/legal-commands", table.tokens[seat])
        if not legal:
            time.sleep(IDLE_PAUSE)
            return
        self.submit(table, seat, self.random.choice(legal))

    def submit(self, table: Table, seat: int, command: dict[str, Any]) -> None:
        self.limiter.wait()
        table.commands += 1
        body: dict[str, Any] = {"command_id": f"c{table.commands}", "command": command}
        headers = {"Authorization": f"Bearer {table.tokens[seat]}"}
        started = time.perf_counter()
        query = "?view=1" if self.answer_view else ""
        response = self.http.post(
            f"{self.base}/api/games/{table.game_id}/commands{query}", json=body, headers=headers
        )
        while response.status_code == 202:
            time.sleep(0.02)
            with self.stats.lock:
                self.stats.polls += 1
            response = self.http.get(self.base + response.json()["poll"], headers=headers)
        self.stats.record(response.status_code, time.perf_counter() - started)
        answer = response.json() if response.status_code == 200 else {}
        self.last_answer = answer
        table.to_act = list(answer.get("to_act") or []) if answer.get("status") == "accepted" else []
        view = answer.get("view") or {}
        if seat in view.get("to_act", []) and view.get("view", {}).get("legal_commands"):
            table.legal_from_answer = (seat, view["view"]["legal_commands"])
        self.submitted += 1
        if response.status_code == 200 and self.submitted % self.lag_every == 0:
            self.measure_lag(table, int(answer["version"]))

    def measure_lag(self, table: Table, version: int) -> None:
        """Time from the accepted answer until the public projection shows that version."""
        started = time.perf_counter()
        while self.get(f"/api/games/{table.game_id}/view")["version"] < version:
            time.sleep(0.001)
        with self.stats.lock:
            self.stats.lags.append(time.perf_counter() - started)


def python_module(*args: str) -> list[str]:
    return [sys.executable, "-m", *args]


def api_server(
    port: int, workers: int, threads: int, env: dict[str, str], log: Path, requests_only: bool = False
) -> subprocess.Popen[bytes]:
    """The API as production runs it: ``papyrus api`` (Granian), listening on loopback; ``requests_only``:
    on Granian's WSGI threads, without the asynchronous front (``papyrus api --requests-only``)."""
    command = python_module(
        "papyrus", "api", "--host", "127.0.0.1", "--port", str(port),
        "--workers", str(workers), "--threads", str(threads),
        *(["--requests-only"] if requests_only else []),
    )  # fmt: skip
    return spawn(command, env, log)


def bare_flask_server(port: int, workers: int, threads: int, log: Path) -> subprocess.Popen[bytes]:
    """benchmarks/flask_ref.py under the same server, processes and threads as :func:`api_server`."""
    command = python_module(
        "granian", "--interface", "wsgi", "--factory", "--http", "1", "--no-ws", "--log-level", "warning",
        "--host", "127.0.0.1", "--port", str(port), "--workers", str(workers),
        "--blocking-threads", str(threads), "flask_ref:create_app",
    )  # fmt: skip
    return spawn(command, {}, log, ROOT / "benchmarks")


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
