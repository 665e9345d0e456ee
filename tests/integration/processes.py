"""Real processes for the recovery tests: ``papyrus worker`` subprocesses (optionally one that dies at a
chosen point, see dying_worker.py), Redis servers of a test's own (the shared Redis is never restarted),
polling with deadlines, and playing a game to its end with a player's seat driven through the service.

Workers sweep every :data:`SWEEP_INTERVAL` seconds; a failure counts as recovered when the game moved on
within :data:`RECOVERY_BOUND`: the interval, plus :data:`SLACK` for process scheduling on a loaded machine
(the stall it replaces lasted about ten minutes)."""

from __future__ import annotations

import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import redis

from services.game_service import GameService

ROOT = Path(__file__).resolve().parents[2]
SWEEP_INTERVAL = 5.0
SLACK = 5.0
RECOVERY_BOUND = SWEEP_INTERVAL + SLACK
STARTUP_SECONDS = 60.0
GAME_SECONDS = 180.0


PROCESS_GAME = "workers.jobs.process_game"  # the function name RQ stores for a decision job


def wait_until(condition: Callable[[], object], timeout: float, what: str, step: float = 0.05) -> float:
    """Poll ``condition`` until it holds; the seconds that took (AssertionError after ``timeout``)."""
    started = time.monotonic()
    while time.monotonic() - started < timeout:
        if condition():
            return time.monotonic() - started
        time.sleep(step)
    raise AssertionError(f"{what}: not within {timeout:.0f} s")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@dataclass
class RedisServer:
    """A redis-server of the test's own on a free port, its data in ``directory`` (AOF on by default)."""

    directory: Path
    appendonly: bool = True
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.directory.mkdir(parents=True, exist_ok=True)
        command = [
            "redis-server",
            "--port",
            str(self.port),
            "--bind",
            "127.0.0.1",
            "--dir",
            str(self.directory),
        ]
        command += ["--save", "", "--appendonly", "yes" if self.appendonly else "no"]
        log = (self.directory / "redis.log").open("ab")
        self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
        client = redis.Redis(port=self.port, socket_connect_timeout=1)
        wait_until(lambda: self._answers(client), STARTUP_SECONDS, f"redis-server on port {self.port}")
        client.close()

    @staticmethod
    def _answers(client: redis.Redis) -> bool:
        try:
            return bool(client.ping())
        except redis.RedisError:
            return False

    def stop(self) -> None:
        """A clean shutdown (SIGTERM: Redis writes out its AOF first)."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(30)
        self.process = None

    def wipe(self) -> None:
        for path in self.directory.rglob("*"):
            if path.is_file() and path.name != "redis.log":
                path.unlink()


def worker_env(redis_url: str, prefix: str, **extra: str) -> dict[str, str]:
    return {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "REDIS_URL": redis_url,
        "PAPYRUS_KEY_PREFIX": prefix,
        "PAPYRUS_QUEUE": prefix,
        "PAPYRUS_SWEEP_INTERVAL": str(SWEEP_INTERVAL),
        **extra,
    }


@dataclass
class Workers:
    """``papyrus worker`` processes, each in a session of its own (so what it leaves behind can be found)."""

    env: dict[str, str]
    logs: Path
    running: list[subprocess.Popen[bytes]] = field(default_factory=list)

    def start(
        self, count: int = 1, die_at: str | None = None, args: tuple[str, ...] = ()
    ) -> list[subprocess.Popen[bytes]]:
        """Start ``count`` workers (``args``: ``papyrus worker``'s); with ``die_at`` they SIGKILL themselves
        there once (dying_worker.py)."""
        module = ["-m", "tests.integration.dying_worker"] if die_at else ["-m", "papyrus", "worker", *args]
        env = {**self.env, "PAPYRUS_DIE_AT": die_at or "", "PAPYRUS_DIE_MARKER": str(self.logs / "died")}
        started = []
        for _ in range(count):
            log = (self.logs / f"worker-{len(self.running)}.log").open("ab")
            process = subprocess.Popen(
                [sys.executable, *module],
                cwd=ROOT,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
            self.running.append(process)
            started.append(process)
        return started

    def kill(self, process: subprocess.Popen[bytes]) -> None:
        """SIGKILL the worker process only (not its session), as the OOM killer would."""
        process.send_signal(signal.SIGKILL)
        process.wait(30)

    def stop_all(self) -> None:
        for process in self.running:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
        for process in self.running:
            try:
                process.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
        self.running.clear()

    def log_text(self) -> str:
        return "\n".join(path.read_text(errors="replace") for path in sorted(self.logs.glob("worker-*.log")))


def session_members(session_id: int) -> list[int]:
    """Every live process of a session (Linux /proc)."""
    members = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[3]) == session_id and fields[0] != "Z":
            members.append(int(entry.name))
    return members


def start_live_workers(service: GameService, workers: Workers, count: int = 1) -> float:
    """Start ``count`` workers and wait for their first heartbeats; the moment they beat (monotonic), from
    which a recovery is timed (a Python process may take seconds to start on a loaded machine)."""
    before = set(service.components.heartbeats.last_beats())
    workers.start(count)
    wait_until(
        lambda: len(set(service.components.heartbeats.last_beats()) - before) >= count,
        STARTUP_SECONDS,
        f"{count} new worker heartbeat(s)",
    )
    return time.monotonic()


def strand_the_process_job(service: GameService) -> str:
    """Move the queued process_game job to RQ's intermediate list, as a worker killed right after
    dequeuing it would leave it, and return its id. The queue may also hold other jobs a stopped worker
    left (a turn notice), so the job is picked by its function, not by its place."""
    queue = service.components.scheduler.queue
    (job_id,) = [job.id for job in queue.get_jobs() if job.func_name == PROCESS_GAME]
    with queue.connection.pipeline() as pipe:
        pipe.lrem(queue.key, 1, job_id)
        pipe.rpush(f"{queue.key}:intermediate", job_id)
        assert pipe.execute()[0] == 1, "the job was still queued"
    return job_id


def view_reaches(service: GameService, game_id: str, seat: int, version: int) -> Callable[[], bool]:
    return lambda: service.view(game_id, seat).version >= version


def play_seat_to_the_end(service: GameService, game_id: str, seat: int, seed: int = 0) -> list[str]:
    """Play ``seat`` with random legal commands (the workers play the bots) until the game is over;
    the ids of the commands the service acknowledged."""
    rng = random.Random(seed)
    acknowledged: list[str] = []
    deadline = time.monotonic() + GAME_SECONDS
    while time.monotonic() < deadline:
        view = service.view(game_id, seat)
        if view.status == "over":
            return acknowledged
        if seat not in view.to_act:
            time.sleep(0.02)
            continue
        legal = service.legal_commands(game_id, seat)
        if not legal:  # the view lags the game: the seat's turn has already passed
            time.sleep(0.02)
            continue
        command_id = f"h{len(acknowledged)}"
        command = rng.choice(legal)
        service.submit(game_id, seat, command, command_id, None)
        acknowledged.append(command_id)
        outcome = service.wait_outcome(game_id, command_id, 30.0)
        assert outcome.status != "pending", f"{command_id} undecided after 30 s"
        wait_until(view_reaches(service, game_id, seat, outcome.version), 30.0, "the view")
    raise AssertionError(f"game {game_id} did not end within {GAME_SECONDS:.0f} s")


def verify_export(service: GameService, game_id: str, directory: Path, acknowledged: list[str]) -> None:
    """Every acknowledged command is in the finished game's export, decided, and ``papyrus verify`` passes."""
    lines = list(service.export(game_id))
    exported = directory / f"{game_id}.jsonl"
    exported.write_text("\n".join(lines) + "\n")
    commands = [json.loads(line) for line in lines if '"kind":"command"' in line]
    decided = {line["command_id"] for line in commands if line["outcome"] is not None}
    assert set(acknowledged) <= decided, set(acknowledged) - decided
    verified = subprocess.run(
        [sys.executable, "-m", "papyrus", "verify", str(exported)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert verified.returncode == 0, verified.stdout + verified.stderr
