"""``papyrus serve`` in embedded mode as a real process, and a seat that plays it over HTTP and remembers
every answer it got (tests/service/test_journal_serve.py)."""

from __future__ import annotations

import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import requests

WAIT_SECONDS = 30.0
ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Server:
    """One ``papyrus serve --data-file`` process; ``kill`` is SIGKILL, with no chance to save anything."""

    def __init__(self, data_file: Path, env: dict[str, str], logs: Path) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}/api"
        self.log_path = logs / f"serve-{self.port}.log"
        environment = {name: value for name, value in os.environ.items() if name != "REDIS_URL"}
        command = [sys.executable, "-m", "papyrus", "serve", "--port", str(self.port)]
        with self.log_path.open("wb") as log:
            self.process = subprocess.Popen(
                [*command, "--data-file", str(data_file)],
                cwd=ROOT,
                env={**environment, **env},
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        self._wait_until_up()

    def _wait_until_up(self) -> None:
        deadline = time.monotonic() + WAIT_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"serve exited: {self.log_path.read_text()}")
            try:
                if requests.get(f"{self.base}/health", timeout=1).status_code == 200:
                    return
            except requests.ConnectionError:
                time.sleep(0.05)
        raise AssertionError("serve did not answer")

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(WAIT_SECONDS)


@dataclass
class Acknowledged:
    """A command the server answered for: 200 (accepted), 422 (refused by the rules) or 202 (stored)."""

    command_id: str
    status_code: int
    version: int
    events: list[tuple[int, str, str | None]]


@dataclass
class Seat:
    """Plays one seat with random legal commands; stops when the connection breaks (the server died) and
    keeps any other error in ``errors``."""

    base: str
    game_id: str
    seat: int
    token: str
    rng: random.Random
    acknowledged: dict[str, Acknowledged] = field(default_factory=dict)
    sent: int = 0
    last_command: dict[str, Any] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)

    def http(self) -> requests.Session:
        session = requests.Session()
        session.headers["Authorization"] = f"Bearer {self.token}"
        return session

    def view(self) -> dict[str, Any]:
        answer = self.http().get(f"{self.base}/games/{self.game_id}/seats/{self.seat}/view", timeout=30)
        answer.raise_for_status()
        body: dict[str, Any] = answer.json()
        return body

    def play(self, until_over: bool, moves: int | None = None) -> None:
        """Submit commands back to back until the game is over, ``moves`` were answered or the server dies."""
        answered = 0
        try:
            while moves is None or answered < moves:
                view = self.view()
                if view["status"] == "over":
                    return
                if self.seat not in view["to_act"]:
                    time.sleep(0.01)
                    continue
                self.submit(view)
                answered += 1
        except (requests.ConnectionError, requests.exceptions.ChunkedEncodingError):
            if until_over:
                raise
        except Exception as error:  # anything but the server dying is a failure the test reports
            self.errors.append(repr(error))

    def submit(self, view: dict[str, Any]) -> None:
        session = self.http()
        legal = session.get(f"{self.base}/games/{self.game_id}/seats/{self.seat}/legal-commands", timeout=30)
        legal.raise_for_status()
        if not legal.json():
            return
        self.sent += 1
        command_id = f"m{self.sent}-{self.rng.randrange(10**9)}"
        self.last_command = self.rng.choice(legal.json())
        body = {"command_id": command_id, "command": self.last_command, "expected_version": view["version"]}
        answer = session.post(f"{self.base}/games/{self.game_id}/commands", json=body, timeout=30)
        if answer.status_code == 202:
            self._remember(command_id, answer)
            while answer.status_code == 202:
                time.sleep(0.02)
                answer = session.get(f"{self.base}/games/{self.game_id}/commands/{command_id}", timeout=30)
        if answer.status_code in (200, 422):
            self._remember(command_id, answer)
        elif answer.status_code != 409:  # 409: the game moved on before the command was stored
            answer.raise_for_status()

    def _remember(self, command_id: str, answer: requests.Response) -> None:
        body = answer.json()
        version = body["version"] if answer.status_code != 422 else body["error"]["version"]
        events = [(event["seq"], event["type"], event["command_id"]) for event in body.get("events", [])]
        self.acknowledged[command_id] = Acknowledged(command_id, answer.status_code, version, events)


def in_background(target: Any) -> threading.Thread:
    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    return thread


def poll(session: requests.Session, base: str, game_id: str, command_id: str) -> requests.Response:
    """The outcome of a command, once it is decided (a 202 means stored but not decided yet)."""
    deadline = time.monotonic() + WAIT_SECONDS
    while True:
        answer = session.get(f"{base}/games/{game_id}/commands/{command_id}", timeout=30)
        if answer.status_code != 202 or time.monotonic() > deadline:
            return answer
        time.sleep(0.05)
