"""``papyrus worker`` refuses, before it touches Redis, what would make its figures wrong: the API's
multiprocess directory, and --metrics-port with --fork; and a bad switch names itself."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def worker(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {
        key: value
        for key, value in os.environ.items()
        if key not in {"REDIS_URL", "PROMETHEUS_MULTIPROC_DIR"}
    }
    return subprocess.run(
        [sys.executable, "-m", "papyrus", "worker", *args],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


@pytest.mark.parametrize(
    ("args", "env", "said"),
    [
        (("--metrics-port", "9101", "--fork"), {}, "Drop --fork or --metrics-port"),
        ((), {"PROMETHEUS_MULTIPROC_DIR": "/tmp"}, "unset PROMETHEUS_MULTIPROC_DIR for workers"),
        ((), {"PAPYRUS_LOG_FORMAT": "xml"}, "PAPYRUS_LOG_FORMAT must be json or text"),
        ((), {"PAPYRUS_METRICS": "yes"}, "PAPYRUS_METRICS must be 0 or 1"),
        (("--metrics-port", "99999"), {}, "--metrics-port must be between 1 and 65535"),
    ],
)
def test_a_worker_that_could_not_count_right_does_not_start(
    args: tuple[str, ...], env: dict[str, str], said: str
) -> None:
    finished = worker(*args, **env)
    assert finished.returncode == 2
    assert said in finished.stderr


def test_a_metrics_port_already_taken_is_refused_naming_it() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        finished = worker("--metrics-port", port, "--metrics-host", "127.0.0.1")
    assert finished.returncode == 2
    assert f"--metrics-port {port}" in finished.stderr
