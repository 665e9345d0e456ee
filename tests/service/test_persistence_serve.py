"""``papyrus serve --data-file``: a game created over HTTP survives a SIGTERM and a restart."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests

WAIT_SECONDS = 20.0
ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Server:
    def __init__(self, data_file: Path) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}/api"
        env = {name: value for name, value in os.environ.items() if name != "REDIS_URL"}
        command = [sys.executable, "-m", "papyrus", "serve", "--port", str(self.port)]
        self.process = subprocess.Popen(
            [*command, "--data-file", str(data_file)],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        self._wait_until_up()

    def _wait_until_up(self) -> None:
        deadline = time.monotonic() + WAIT_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                errors = self.process.stderr.read() if self.process.stderr else b""
                raise AssertionError(f"serve exited: {errors!r}")
            try:
                if requests.get(f"{self.base}/health", timeout=1).status_code == 200:
                    return
            except requests.ConnectionError:
                time.sleep(0.05)
        raise AssertionError("serve did not answer")

    def terminate(self) -> int:
        self.process.send_signal(signal.SIGTERM)
        return self.process.wait(WAIT_SECONDS)

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(WAIT_SECONDS)


@pytest.fixture
def servers(tmp_path: Path) -> Iterator[list[Server]]:
    started: list[Server] = []
    yield started
    for server in started:
        server.kill()


def test_a_game_created_over_http_survives_sigterm_and_a_restart(
    tmp_path: Path, servers: list[Server]
) -> None:
    data_file = tmp_path / "papyrus-data"
    servers.append(Server(data_file))
    created = requests.post(f"{servers[0].base}/games", json={"game": "egizia", "seats": 2}, timeout=5)
    assert created.status_code == 201
    game_id = created.json()["id"]
    joined = requests.post(f"{servers[0].base}/games/{game_id}/seats", json={"name": "ann"}, timeout=5)
    token = joined.json()["token"]
    assert servers[0].terminate() == 0

    servers.append(Server(data_file))
    restored = requests.get(f"{servers[1].base}/games/{game_id}", timeout=5)
    assert restored.status_code == 200
    assert [player["name"] for player in restored.json()["players"]] == ["ann"]
    started = requests.post(
        f"{servers[1].base}/games/{game_id}/start",
        json={"fill_with_bots": True},
        headers={"Authorization": f"Bearer {token}"},
        timeout=5,
    )
    assert (started.status_code, started.json()["status"]) == (200, "running")
    assert servers[1].terminate() == 0
