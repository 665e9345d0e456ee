"""Redis going away and coming back, on redis-servers of the tests' own (the shared Redis is never
restarted): the store restarted from its AOF, and a separate RQ Redis restarted empty.

Workers started while Redis is down wait for it, workers running through an outage carry on, the API
answers 503 store_unavailable meanwhile, and a command whose job was lost is decided, and the sweeps
resume, within the recovery bound once Redis is back; the game is then played to its end and verified.
"""

from __future__ import annotations

import os
import shutil
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from redis.client import Pipeline
from redis.exceptions import NoScriptError

from api.app import create_app
from services import keys
from services.game_service import GameService
from services.processing.sweep import last_sweep
from services.settings import Settings
from tests.api.support import JsonClient, json_client
from tests.integration.processes import (
    PROCESS_GAME,
    RECOVERY_BOUND,
    STARTUP_SECONDS,
    SWEEP_INTERVAL,
    RedisServer,
    Workers,
    play_seat_to_the_end,
    start_live_workers,
    strand_the_process_job,
    verify_export,
    wait_until,
    worker_env,
)
from tests.integration.test_recovery import HUMAN, decided, human_and_bot_game, humans_turn
from tests.support.harness import drain
from workers import context
from workers.context import service_from_env

pytestmark = pytest.mark.integration
OUTAGE_SECONDS = 3.0


@pytest.fixture
def prefix(monkeypatch: pytest.MonkeyPatch) -> str:
    name = f"papyrus-rs-{uuid.uuid4().hex[:8]}"
    monkeypatch.setattr(keys, "PREFIX", name)
    return name


@pytest.fixture
def store(tmp_path: Path) -> Iterator[RedisServer]:
    if shutil.which("redis-server") is None:
        if os.environ.get("PAPYRUS_REQUIRE_REDIS") == "1":
            pytest.fail("PAPYRUS_REQUIRE_REDIS=1 but redis-server is not installed")
        pytest.skip("redis-server is not installed")
    server = RedisServer(tmp_path / "store")
    server.start()
    yield server
    server.stop()


def a_service(store_url: str, prefix: str, rq_url: str | None = None) -> GameService:
    settings = Settings(
        redis_url=store_url, rq_redis_url=rq_url, queue_name=prefix, sweep_interval=SWEEP_INTERVAL
    )
    return service_from_env(settings)


def strand_a_command(service: GameService, workers: Workers, game_id: str) -> str:
    """With the workers stopped, the human's command is acknowledged and its job lost (moved to RQ's
    intermediate list, as a worker killed right after dequeuing it would leave it)."""
    workers.stop_all()
    service.submit(game_id, HUMAN, service.legal_commands(game_id, HUMAN)[0], "stranded", None)
    strand_the_process_job(service)
    return "stranded"


def processing_queued(service: GameService) -> list[str]:
    """The games a queued process_game job is for (the queue may also hold jobs the stopped worker left,
    e.g. a turn notice)."""
    jobs = service.components.scheduler.queue.get_jobs()
    return [str(job.args[0]) for job in jobs if job.func_name == PROCESS_GAME]


def health(client: JsonClient) -> dict[str, Any]:
    body: dict[str, Any] = client.get("/api/health").json
    return body


def sweeps_after(service: GameService, moment: float) -> bool:
    sweep = last_sweep(service.components.redis)
    return sweep is not None and sweep.last.at > moment


def test_the_store_restarted_from_its_aof_loses_nothing_and_stalls_nothing(
    store: RedisServer, prefix: str, tmp_path: Path
) -> None:
    service = a_service(store.url, prefix)
    workers = Workers(worker_env(store.url, prefix), tmp_path)
    client = json_client(create_app(service, redis=service.components.redis))
    try:
        workers.start(1)
        game_id = human_and_bot_game(service)
        humans_turn(service, game_id)
        stranded = strand_a_command(service, workers, game_id)

        store.stop()
        waiting = workers.start(2)  # started while Redis is down: they wait for it
        outage_began = time.monotonic()
        while time.monotonic() - outage_began < OUTAGE_SECONDS:
            answer = client.get(f"/api/games/{game_id}")
            assert answer.status_code == 503 and answer.json["error"]["code"] == "store_unavailable"
            assert answer.headers["Retry-After"].isdigit()
            time.sleep(0.2)
        assert client.get("/api/live").status_code == 200
        assert client.get("/api/health").json["missing"] == ["redis"]
        assert all(worker.poll() is None for worker in waiting), "a worker started without Redis exited"

        store.start()
        back = time.time()
        recovered = wait_until(lambda: decided(service, game_id, stranded), 60, "the stranded command")
        print(f"store restarted from its AOF: the stranded command decided {recovered:.1f} s after")
        assert recovered <= RECOVERY_BOUND
        wait_until(
            lambda: client.get("/api/health").json["workers"] == 2, RECOVERY_BOUND, "both workers back"
        )
        assert client.get("/api/health").json["status"] == "ok"

        store.stop()  # once more, with the workers running (idle) through the outage
        time.sleep(OUTAGE_SECONDS)
        store.start()
        back = time.time()
        resumed = wait_until(lambda: sweeps_after(service, back), 60, "a sweep after the restart")
        print(f"store restarted with workers running: a sweep {resumed:.1f} s after it was back")
        assert resumed <= RECOVERY_BOUND
        assert all(worker.poll() is None for worker in waiting), "a worker exited over a Redis restart"
        # each worker says Redis answers again at its next retry (up to 2 s apart); the bound on recovery is
        # the sweep's above, this waits for the log lines themselves, which a loaded machine may write late
        wait_until(
            lambda: workers.log_text().count("Redis answers again") >= 4, STARTUP_SECONDS, "both workers back"
        )
        log = workers.log_text()
        assert log.count("Redis does not answer") == 4, log  # two outages, two workers, once each
        assert log.count("Redis answers again") == 4, log

        acknowledged = [stranded, *play_seat_to_the_end(service, game_id, HUMAN)]
        verify_export(service, game_id, tmp_path, acknowledged)
    finally:
        workers.stop_all()


def test_rqs_own_redis_restarted_empty_stalls_no_game_and_no_sweep(
    store: RedisServer, prefix: str, tmp_path: Path
) -> None:
    jobs_redis = RedisServer(tmp_path / "rq", appendonly=False)
    jobs_redis.start()
    service = a_service(store.url, prefix, jobs_redis.url)
    workers = Workers(worker_env(store.url, prefix, RQ_REDIS_URL=jobs_redis.url), tmp_path)
    try:
        workers.start(1)
        game_id = human_and_bot_game(service)
        humans_turn(service, game_id)
        workers.stop_all()
        service.submit(game_id, HUMAN, service.legal_commands(game_id, HUMAN)[0], "queued", None)
        assert game_id in processing_queued(service), "the command's job waits in RQ's Redis"

        jobs_redis.stop()
        jobs_redis.wipe()
        jobs_redis.start()
        assert service.components.scheduler.queue.count == 0, "the job went with RQ's Redis"
        back = time.time()
        up = start_live_workers(service, workers)
        wait_until(lambda: decided(service, game_id, "queued"), 60, "the lost job's command")
        recovered = time.monotonic() - up
        print(f"RQ's Redis restarted empty: the command decided {recovered:.1f} s after a worker was up")
        assert recovered <= RECOVERY_BOUND
        wait_until(lambda: sweeps_after(service, back), STARTUP_SECONDS, "a sweep after the restart")

        acknowledged = ["queued", *play_seat_to_the_end(service, game_id, HUMAN)]
        verify_export(service, game_id, tmp_path, acknowledged)
    finally:
        workers.stop_all()
        jobs_redis.stop()


def test_after_a_restart_no_pipeline_runs_half_before_meeting_a_forgotten_script(
    store: RedisServer, prefix: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A restarted Redis has forgotten every script. A pipeline that met NOSCRIPT has run its other
    commands already (a process killed before running it again would leave them without the script's
    writes), so every connection loads the scripts as it connects again, before its first pipeline."""
    met: list[str] = []
    real_execute = Pipeline.execute

    def execute(self: Pipeline, raise_on_error: bool = True) -> list[object]:
        replies: list[object] = real_execute(self, raise_on_error)
        met.extend(str(reply) for reply in replies if isinstance(reply, NoScriptError))
        return replies

    monkeypatch.setattr(Pipeline, "execute", execute)
    service = a_service(store.url, prefix)
    monkeypatch.setattr(context, "_service", service)  # the jobs run here, on this service
    game_id = human_and_bot_game(service)
    drain(service)
    store.stop()
    store.start()
    service.submit(game_id, HUMAN, service.legal_commands(game_id, HUMAN)[0], "after-restart", None)
    drain(service)
    assert decided(service, game_id, "after-restart")
    assert met == []
