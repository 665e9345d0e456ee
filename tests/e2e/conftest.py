"""End to end: a real Redis (REDIS_TEST_URL, default db 15), real ``papyrus worker`` processes and the API
under a real HTTP server (werkzeug, in a thread). Without Redis these tests skip, unless
PAPYRUS_REQUIRE_REDIS=1 (CI), where they fail. Keys are never flushed: the games' own keys are deleted."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
import redis
from werkzeug.serving import BaseWSGIServer, make_server

from api.app import create_app
from api.runtime import runtime_from_env
from services import keys
from tests.integration.private_cluster import PrivateCluster

ROOT = Path(__file__).resolve().parents[2]
REDIS_TEST_URL = os.environ.get("REDIS_TEST_URL", "redis://127.0.0.1:6379/15")
WORKERS = 2


@dataclass(frozen=True)
class Deployment:
    base_url: str
    store: redis.Redis
    env: dict[str, str]


def _redis_or_skip() -> redis.Redis:
    client = redis.Redis.from_url(REDIS_TEST_URL, socket_connect_timeout=2)
    try:
        client.ping()
    except redis.ConnectionError as error:
        if os.environ.get("PAPYRUS_REQUIRE_REDIS") == "1":
            pytest.fail(f"PAPYRUS_REQUIRE_REDIS=1 but no Redis answers at {REDIS_TEST_URL}: {error}")
        pytest.skip(f"no Redis at {REDIS_TEST_URL}")
    return client


def _start_workers(env: dict[str, str], logs: Path) -> list[subprocess.Popen[bytes]]:
    workers = []
    for index in range(WORKERS):
        log = (logs / f"worker{index}.log").open("wb")
        workers.append(
            subprocess.Popen(
                [sys.executable, "-m", "papyrus", "worker"],
                cwd=ROOT,
                env={**os.environ, **env},
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        )
    return workers


def _stop(processes: list[subprocess.Popen[bytes]]) -> None:
    for process in processes:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
    for process in processes:
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def _game_ids(store: redis.Redis) -> set[str]:
    return {member.decode() for member in store.zrange(keys.games(), 0, -1) if isinstance(member, bytes)}


def _delete_queue(store: redis.Redis, queue: str) -> None:
    """RQ's own keys for this run's queue (its registries and locks; job hashes expire by themselves)."""
    names = list(store.scan_iter(match=f"rq:*{queue}*"))
    if names:
        store.delete(*names)


def _delete_games(store: redis.Redis, before: set[str]) -> None:
    created = _game_ids(store) - before
    for game_id in created:
        names = [*keys.game_keys(game_id), *store.scan_iter(match=keys.projection_pattern(game_id))]
        store.delete(*names)
        store.zrem(keys.games(), game_id)
        store.srem(keys.running_games(), game_id)
        store.zrem(keys.due_games(), game_id)
        store.hdel(keys.lobby(), game_id)


@contextmanager
def _serving(env: dict[str, str], store: redis.Redis, logs: Path) -> Iterator[Deployment]:
    """Worker processes and the API (in a thread) for ``env``; stops them after."""
    workers = _start_workers(env, logs)
    runtime = runtime_from_env(env)
    server: BaseWSGIServer = make_server("127.0.0.1", 0, create_app(runtime.service, redis=runtime.redis))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield Deployment(f"http://127.0.0.1:{server.server_port}", store, env)
    finally:
        server.shutdown()
        _stop(workers)
        runtime.close()


@pytest.fixture(scope="package")
def cluster_deployment(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Deployment]:
    """The same deployment with the game store on a real 3-master Redis Cluster of this test run and RQ on
    its own, non-cluster Redis (REDIS_TEST_URL)."""
    rq_store = _redis_or_skip()
    cluster = PrivateCluster(tmp_path_factory.mktemp("redis-cluster"))
    env = {
        "REDIS_URL": cluster.url,
        "PAPYRUS_REDIS_CLUSTER": "1",
        "RQ_REDIS_URL": REDIS_TEST_URL,
        "PAPYRUS_QUEUE": f"papyrus-e2e-{uuid.uuid4().hex[:8]}",
        "PAPYRUS_BOT_THINK_MS": "50",
    }
    store = cluster.client()
    try:
        with _serving(env, store, tmp_path_factory.mktemp("e2e-cluster-logs")) as deployment:
            yield deployment
    finally:
        store.close()
        cluster.stop()
        _delete_queue(rq_store, env["PAPYRUS_QUEUE"])
        rq_store.close()


@pytest.fixture(scope="package")
def deployment(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Deployment]:
    store = _redis_or_skip()
    existing = _game_ids(store)
    env = {
        "REDIS_URL": REDIS_TEST_URL,
        "PAPYRUS_QUEUE": f"papyrus-e2e-{uuid.uuid4().hex[:8]}",
        "PAPYRUS_BOT_THINK_MS": "50",
    }
    workers = _start_workers(env, tmp_path_factory.mktemp("e2e-logs"))
    runtime = runtime_from_env(env)
    server: BaseWSGIServer = make_server("127.0.0.1", 0, create_app(runtime.service, redis=runtime.redis))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield Deployment(f"http://127.0.0.1:{server.server_port}", store, env)
    finally:
        server.shutdown()
        _stop(workers)
        runtime.close()
        _delete_games(store, existing)
        _delete_queue(store, env["PAPYRUS_QUEUE"])
        store.close()
