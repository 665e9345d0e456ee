"""``papyrus api`` SIGKILLed in its main process (as the OOM killer would) leaves none of its Granian server
processes behind serving the port with no one to restart or stop them: they die with it."""

from __future__ import annotations

import os
import signal
import socket
import sys
import time
import uuid
from pathlib import Path

import pytest
import redis

from tests.e2e.conftest import REDIS_TEST_URL
from tests.e2e.test_observed_deployment import (
    delete_what_the_run_made,
    free_port,
    rq_keys,
    spawn,
    stop,
    wait_http,
)
from tests.integration.processes import session_members, wait_until

SERVERS = 2
GONE_WITHIN = 10.0


def refuses(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
    except OSError:
        return True
    return False


def test_the_server_processes_die_with_a_sigkilled_papyrus_api(tmp_path: Path) -> None:
    store = redis.Redis.from_url(REDIS_TEST_URL, socket_connect_timeout=2)
    try:
        store.ping()
    except redis.ConnectionError as error:
        if os.environ.get("PAPYRUS_REQUIRE_REDIS") == "1":
            pytest.fail(f"PAPYRUS_REQUIRE_REDIS=1 but no Redis answers at {REDIS_TEST_URL}: {error}")
        pytest.skip(f"no Redis at {REDIS_TEST_URL}")
    prefix = f"papyrus-apikill-{uuid.uuid4().hex[:8]}"
    env = {"REDIS_URL": REDIS_TEST_URL, "PAPYRUS_QUEUE": prefix, "PAPYRUS_KEY_PREFIX": prefix}
    rq_before, port, log = rq_keys(store), free_port(), tmp_path / "api.log"
    command = [sys.executable, "-m", "papyrus", "api", "--workers", str(SERVERS), "--threads", "4"]
    api = spawn([*command, "--port", str(port)], env, log)
    try:
        wait_http(f"http://127.0.0.1:{port}/api/live", api, log)
        wait_until(lambda: len(session_members(api.pid)) == 1 + SERVERS, 30, "the server processes")
        api.send_signal(signal.SIGKILL)
        api.wait(10)
        started = time.monotonic()
        # a process shows as a zombie while its last threads still close its files: the port is the proof
        wait_until(lambda: not session_members(api.pid) and refuses(port), GONE_WITHIN, "the servers gone")
        print(f"the server processes died {time.monotonic() - started:.2f} s after the main process")
    finally:
        for pid in session_members(api.pid):  # what outlived its main process, if anything did
            os.kill(pid, signal.SIGKILL)
        stop([api])
        delete_what_the_run_made(store, prefix, prefix, rq_before)
        store.close()
