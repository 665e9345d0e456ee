"""`papyrus serve` without REDIS_URL: one process a newcomer can play against at once."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from typing import Any

import requests

from tests.e2e.conftest import ROOT

ANSWER_SECONDS = 30.0  # the test checks what the server answers, not how fast a busy machine lets it


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _banner(server: subprocess.Popen[str], port: int, most: int = 20) -> str:
    """The line naming the URL among the first ``most`` the process writes (log lines may come before it:
    its first sweep's job line, say); "" if none does."""
    assert server.stdout is not None
    for _ in range(most):
        line = server.stdout.readline()
        if f"http://127.0.0.1:{port}/" in line:
            return line
    return ""


def test_serve_without_redis_prints_its_url_and_runs_a_game_alone() -> None:
    port = free_port()
    env = {key: value for key, value in os.environ.items() if key != "REDIS_URL"}
    server = subprocess.Popen(
        [sys.executable, "-m", "papyrus", "serve", "--port", str(port)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    try:
        assert server.stdout is not None
        banner = _banner(server, port)
        assert f"http://127.0.0.1:{port}/" in banner
        base = f"http://127.0.0.1:{port}/api"
        health = _wait_for(f"{base}/health")
        assert health["mode"] == "embedded"
        document = requests.get(f"{base}/openapi.json", timeout=ANSWER_SECONDS)
        assert document.headers["Server"] == "granian"  # no version
        assert "SubmitCommand" in document.json()["components"]["schemas"]
        created = requests.post(
            f"{base}/games", json={"game": "egizia", "seats": 2}, timeout=ANSWER_SECONDS
        ).json()
        joined = requests.post(
            f"{base}/games/{created['id']}/seats", json={"name": "me"}, timeout=ANSWER_SECONDS
        )
        token = joined.json()["token"]
        headers = {"Authorization": f"Bearer {token}"}
        body = {"fill_with_bots": True}
        started = requests.post(
            f"{base}/games/{created['id']}/start", json=body, headers=headers, timeout=ANSWER_SECONDS
        )
        assert started.json()["status"] == "running"
        legal = _wait_for_legal(f"{base}/games/{created['id']}/seats/0/legal-commands", headers)
        submitted = requests.post(
            f"{base}/games/{created['id']}/commands",
            json={"command_id": "first", "command": legal[0]},
            headers=headers,
            timeout=ANSWER_SECONDS,
        )
        assert submitted.status_code == 200, submitted.text
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=ANSWER_SECONDS)


def _wait_for(url: str) -> dict[str, str]:
    for _ in range(100):
        try:
            body: dict[str, str] = requests.get(url, timeout=1).json()
            return body
        except requests.ConnectionError:
            time.sleep(0.1)
    raise AssertionError(f"{url} never answered")


def _wait_for_legal(url: str, headers: dict[str, str]) -> list[dict[str, Any]]:
    for _ in range(100):
        legal: list[dict[str, Any]] = requests.get(url, headers=headers, timeout=5).json()
        if legal:
            return legal
        time.sleep(0.1)
    raise AssertionError("seat 0 was never given a move")
