"""A real Redis Cluster of a test's own: three masters (no replicas) on free loopback ports, in a temporary
directory, made one cluster with ``redis-cli --cluster create`` (never the shared Redis).

Without ``redis-server`` or ``redis-cli`` the tests using it skip, unless PAPYRUS_REQUIRE_REDIS=1 (CI), where
they fail.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from pathlib import Path

import pytest
import redis

from services.store.connect import store_client
from tests.integration.private_redis import redis_server_or_skip

MASTERS = 3
START_SECONDS = 30.0
BUS_PORT_OFFSET = 10_000  # Redis Cluster's bus listens on port + 10000


def _bindable(port: int) -> bool:
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


def cluster_ports(count: int) -> list[int]:
    """``count`` free ports whose cluster bus port (port + 10000) is free as well."""
    found: list[int] = []
    while len(found) < count:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port: int = probe.getsockname()[1]
        if port + BUS_PORT_OFFSET < 65_536 and port not in found and _bindable(port + BUS_PORT_OFFSET):
            found.append(port)
    return found


def redis_cli_or_skip() -> str:
    found = shutil.which("redis-cli")
    if found is None:
        if os.environ.get("PAPYRUS_REQUIRE_REDIS") == "1":
            pytest.fail("PAPYRUS_REQUIRE_REDIS=1 but there is no redis-cli to create a cluster")
        pytest.skip("no redis-cli installed")
    return found


class PrivateCluster:
    """Three ``redis-server --cluster-enabled yes`` joined into one cluster covering every slot."""

    def __init__(self, directory: Path) -> None:
        server, cli = redis_server_or_skip(), redis_cli_or_skip()
        self.ports = cluster_ports(MASTERS)
        self.processes: list[subprocess.Popen[bytes]] = []
        self.logs = []
        for port in self.ports:
            node_dir = directory / str(port)
            node_dir.mkdir(parents=True, exist_ok=True)
            log = (node_dir / "redis.log").open("wb")
            self.logs.append(log)
            command = [server, "--port", str(port), "--bind", "127.0.0.1", "--dir", str(node_dir)]
            command += ["--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf"]
            command += ["--cluster-node-timeout", "5000", "--save", "", "--appendonly", "no"]
            self.processes.append(subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT))
        self.url = f"redis://127.0.0.1:{self.ports[0]}/0"
        try:
            for port in self.ports:
                self._wait(lambda port=port: bool(redis.Redis(port=port).ping()), f"{port} did not start")
            nodes = [f"127.0.0.1:{port}" for port in self.ports]
            subprocess.run(
                [cli, "--cluster", "create", *nodes, "--cluster-replicas", "0", "--cluster-yes"],
                check=True,
                capture_output=True,
                timeout=START_SECONDS,
            )
            self._wait(self._every_node_ok, "did not reach cluster_state:ok")
        except BaseException:
            self.stop()
            raise

    def client(self) -> redis.Redis:
        """A cluster client, as the service builds it (services/store/connect.py)."""
        return store_client(self.url, cluster=True)

    def stop(self) -> None:
        for process in self.processes:
            if process.poll() is None:
                process.kill()
                process.wait(START_SECONDS)
        for log in self.logs:
            log.close()

    def _every_node_ok(self) -> bool:
        for port in self.ports:
            with redis.Redis(port=port) as node:
                info = node.execute_command("CLUSTER", "INFO")
                text = info.decode() if isinstance(info, bytes) else str(info)
                if "cluster_state:ok" not in text:
                    return False
        return True

    def _wait(self, ready: object, what: str) -> None:
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            try:
                if callable(ready) and ready():
                    return
            except redis.ConnectionError:
                pass
            time.sleep(0.1)
        raise AssertionError(f"Redis Cluster on ports {self.ports}: {what}")
