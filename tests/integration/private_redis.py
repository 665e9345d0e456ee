"""A ``redis-server`` of a test's own, on a free port in a temporary directory (never the shared one), for
tests that must stop a Redis or give it a replica."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from pathlib import Path

import pytest
import redis

START_SECONDS = 10.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def redis_server_or_skip() -> str:
    found = shutil.which("redis-server")
    if found is None:
        if os.environ.get("PAPYRUS_REQUIRE_REDIS") == "1":
            pytest.fail("PAPYRUS_REQUIRE_REDIS=1 but there is no redis-server to start")
        pytest.skip("no redis-server installed")
    return found


ACK_PROBE = "private-redis:ack-probe"


class PrivateRedis:
    """``redis-server`` started by the test (no persistence), optionally a replica of another one."""

    def __init__(self, directory: Path, replica_of: PrivateRedis | None = None) -> None:
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        directory.mkdir(parents=True, exist_ok=True)
        command = [redis_server_or_skip(), "--port", str(self.port), "--bind", "127.0.0.1"]
        command += ["--dir", str(directory), "--save", "", "--appendonly", "no"]
        if replica_of is not None:
            command += ["--replicaof", "127.0.0.1", str(replica_of.port)]
        self.log = (directory / "redis.log").open("wb")
        self.process = subprocess.Popen(command, stdout=self.log, stderr=subprocess.STDOUT)
        self.client = redis.Redis.from_url(self.url)
        self._wait(lambda: bool(self.client.ping()), "did not start")

    def wait_for_replicas(self, count: int) -> None:
        self._wait(lambda: self.client.info("replication")["connected_slaves"] >= count, "got no replica")

    def wait_acknowledged(self, count: int) -> None:
        """Until ``count`` replicas acknowledge a write made now: after a diskless full sync the primary
        streams writes to a replica, and counts it in WAIT, only from the replica's first REPLCONF ACK (up
        to a second after the replica reports its link up)."""
        self.client.set(ACK_PROBE, "1")  # WAIT counts replicas holding this connection's last write
        self._wait(lambda: int(self.client.wait(count, 100)) >= count, "has no replica acknowledging writes")
        self.client.delete(ACK_PROBE)

    def wait_in_sync(self) -> None:
        self._wait(lambda: self.client.info("replication")["master_link_status"] == "up", "is not in sync")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(START_SECONDS)
        self.client.close()
        self.log.close()

    def _wait(self, ready: object, what: str) -> None:
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            try:
                if callable(ready) and ready():
                    return
            except redis.ConnectionError:
                pass
            time.sleep(0.05)
        raise AssertionError(f"redis-server on port {self.port} {what}")
