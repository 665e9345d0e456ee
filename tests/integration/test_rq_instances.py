"""Two RQ Redis servers (``RQ_REDIS_URLS``) with real ``papyrus worker`` processes: the games spread over
both and every command is decided; killing the worker of one instance stalls only that instance's games
until a worker is started for it again; ``papyrus doctor`` reports both instances."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis
from rq import Queue, Worker
from rq.registry import FinishedJobRegistry, StartedJobRegistry

from services import keys
from services.game_service import GameService
from services.processing.rq_instances import rq_index
from services.settings import Settings
from tests.integration.conftest import REDIS_TEST_URL
from tests.integration.processes import ROOT, STARTUP_SECONDS, RedisServer, Workers, wait_until, worker_env
from tests.integration.test_recovery import HUMAN, decided, forget_everything, human_and_bot_game, humans_turn
from workers.context import service_from_env

pytestmark = pytest.mark.integration
DECIDED_SECONDS = 60.0
SWEEP_SECONDS = 600.0  # no sweep repairs the stalled games while the test watches them wait


@pytest.fixture
def rq_servers(tmp_path: Path) -> Iterator[list[RedisServer]]:
    if shutil.which("redis-server") is None:
        if os.environ.get("PAPYRUS_REQUIRE_REDIS") == "1":
            pytest.fail("PAPYRUS_REQUIRE_REDIS=1 but redis-server is not installed")
        pytest.skip("redis-server is not installed")
    servers = [RedisServer(tmp_path / f"rq{index}", appendonly=False) for index in range(2)]
    for server in servers:
        server.start()
    yield servers
    for server in servers:
        server.stop()


def games_on_both(service: GameService, each: int = 2) -> list[str]:
    """Games of a human and a bot, created until each RQ Redis has ``each`` of them."""
    games: list[str] = []
    while min(sum(rq_index(game_id, 2) == index for game_id in games) for index in (0, 1)) < each:
        games.append(human_and_bot_game(service))
        assert len(games) < 30, "the hash spreads games over both instances"
    return games


def submit_all(service: GameService, games: list[str], command_id: str) -> None:
    for game_id in games:
        humans_turn(service, game_id)
        service.submit(game_id, HUMAN, service.legal_commands(game_id, HUMAN)[0], command_id, None)


def doctor(env: dict[str, str]) -> str:
    found = subprocess.run(
        [sys.executable, "-m", "papyrus", "doctor"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert found.returncode in (0, 1), found.stdout + found.stderr
    return found.stdout


def idle(queue: Queue) -> bool:
    """No job queued or started on this queue."""
    return queue.count == 0 and StartedJobRegistry(queue=queue).count == 0


def blocked_clients(connection: redis.Redis) -> int:
    return int(connection.info("clients")["blocked_clients"])


def kill_worker_of(connection: redis.Redis, queue_name: str) -> None:
    """SIGKILL the worker process RQ lists on this RQ Redis (the child ``papyrus worker`` started for it)."""
    listed = [worker for worker in Worker.all(connection=connection) if queue_name in worker.queue_names()]
    assert len(listed) == 1, listed
    assert listed[0].pid is not None
    os.kill(listed[0].pid, signal.SIGKILL)


def test_games_spread_over_two_rq_redis_and_a_dead_worker_stalls_only_its_instance(
    connection: redis.Redis, rq_servers: list[RedisServer], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    prefix = f"papyrus-rqi-{uuid.uuid4().hex[:8]}"
    monkeypatch.setattr(keys, "PREFIX", prefix)
    urls = tuple(server.url for server in rq_servers)
    settings = Settings(
        redis_url=REDIS_TEST_URL, rq_redis_urls=urls, queue_name=prefix, sweep_interval=SWEEP_SECONDS
    )
    service = service_from_env(settings)
    env = worker_env(
        REDIS_TEST_URL, prefix, RQ_REDIS_URLS=",".join(urls), PAPYRUS_SWEEP_INTERVAL=str(SWEEP_SECONDS)
    )
    workers = Workers(env, tmp_path)
    instances = service.components.scheduler.instances
    try:
        games = games_on_both(service)
        on = {game_id: rq_index(game_id, 2) for game_id in games}
        workers.start()  # --rq all: one child process per RQ Redis
        submit_all(service, games, "c1")
        wait_until(lambda: all(decided(service, game_id, "c1") for game_id in games), DECIDED_SECONDS, "c1")
        ran = [FinishedJobRegistry(queue=instance.queue).count for instance in instances]
        assert all(ran), f"jobs ran on both RQ Redis: {ran}"

        for game_id in games:  # the bots moved: no job of the games is left for the worker killed next
            humans_turn(service, game_id)
        # killed between jobs (one killed mid-job leaves a flag naming a started job: the sweep's case)
        wait_until(lambda: idle(instances[1].queue), DECIDED_SECONDS, "instance 1 idle")
        kill_worker_of(instances[1].connection, prefix)
        # until Redis has dropped the dead worker's blocking pop, a job pushed meanwhile could go to it
        wait_until(lambda: not blocked_clients(instances[1].connection), DECIDED_SECONDS, "the pop dropped")
        submit_all(service, games, "c2")
        first = [game_id for game_id in games if on[game_id] == 0]
        wait_until(
            lambda: all(decided(service, game_id, "c2") for game_id in first), DECIDED_SECONDS, "c2 on 0"
        )
        time.sleep(2.0)
        stalled = [game_id for game_id in games if on[game_id] == 1]
        assert not any(decided(service, game_id, "c2") for game_id in stalled), "instance 1 has no worker"
        report = doctor(env)
        assert "RQ Redis instances: 2" in report and "  rq 0: 0 queued" in report, report
        assert "  rq 1: 0 queued, 0 games waiting" not in report, f"instance 1's games wait: {report}"

        workers.start(args=("--rq", "1"))
        wait_until(
            lambda: all(decided(service, game_id, "c2") for game_id in games), STARTUP_SECONDS, "c2 on 1"
        )
        report = doctor(env)
        assert "  rq 0: 0 queued, 0 games" in report and "  rq 1: 0 queued, 0 games" in report, report
    finally:
        workers.stop_all()
        forget_everything(connection, prefix)
        service.components.redis.close()
