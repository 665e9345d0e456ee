"""Games never stall: real ``papyrus worker`` processes on the test Redis, sweeping every few seconds.

Each failure is reproduced (a worker SIGKILLed with its job in RQ's intermediate list, before the append,
between the append and the projection; the sweeping worker killed mid-sweep); the game must move on within the
recovery bound and be played to its end, with every acknowledged command in the export and ``papyrus verify``
passing. Health and ``papyrus doctor`` are checked against the same workers.
"""

from __future__ import annotations

import http.client
import json
import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import redis
from rq.job import Job

from api.app import create_app
from api.outcomes import stored_command_id
from services import keys
from services.game_service import GameService
from services.processing.sweep import last_sweep
from services.settings import Settings
from tests.api.support import json_client
from tests.integration.conftest import REDIS_TEST_URL
from tests.integration.processes import (
    RECOVERY_BOUND,
    ROOT,
    STARTUP_SECONDS,
    SWEEP_INTERVAL,
    Workers,
    free_port,
    play_seat_to_the_end,
    session_members,
    start_live_workers,
    strand_the_process_job,
    verify_export,
    wait_until,
    worker_env,
)
from workers.context import service_from_env

pytestmark = pytest.mark.integration
GAME = "egizia"
HUMAN = 0


@dataclass
class Deployment:
    service: GameService
    workers: Workers
    store: redis.Redis
    directory: Path


@pytest.fixture
def deployment(
    connection: redis.Redis, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> Iterator[Deployment]:
    prefix = f"papyrus-rec-{uuid.uuid4().hex[:8]}"
    monkeypatch.setattr(keys, "PREFIX", prefix)
    settings = Settings(redis_url=REDIS_TEST_URL, queue_name=prefix, sweep_interval=SWEEP_INTERVAL)
    service = service_from_env(settings)
    workers = Workers(worker_env(REDIS_TEST_URL, prefix), tmp_path)
    try:
        yield Deployment(service, workers, connection, tmp_path)
    finally:
        workers.stop_all()
        forget_everything(connection, prefix)
        service.components.redis.close()


def forget_everything(store: redis.Redis, prefix: str) -> None:
    """Every key of the test's prefix, and RQ's keys of its queue and of its games' jobs."""
    game_ids = [member.decode() for member in store.zrange(f"{prefix}:games", 0, -1)]
    patterns = [f"{prefix}:*", f"rq:*{prefix}*", *[f"rq:*{game_id}*" for game_id in game_ids]]
    for pattern in patterns:
        found = list(store.scan_iter(match=pattern, count=1000))
        if found:
            store.delete(*found)


def human_and_bot_game(service: GameService) -> str:
    meta = service.create_game(GAME, 2, {})
    service.join(meta.id, "ann", seat=HUMAN)
    service.start(meta.id, fill_with_bots=True)
    return meta.id


def humans_turn(service: GameService, game_id: str) -> None:
    wait_until(lambda: HUMAN in service.view(game_id, HUMAN).to_act, STARTUP_SECONDS, "the human's turn")


def decided(service: GameService, game_id: str, command_id: str) -> bool:
    return service.outcome(game_id, command_id) is not None


def first_undecided(service: GameService, game_id: str) -> str:
    head = service.components.store.head(game_id)
    pending = service.components.inbox.pending(game_id, head.checkpoint, count=1)
    assert pending, "the killed worker was deciding a command"
    return pending[0][1].command_id


def finish_and_verify(deployment: Deployment, game_id: str, acknowledged: list[str]) -> None:
    acknowledged = acknowledged + play_seat_to_the_end(deployment.service, game_id, HUMAN)
    verify_export(deployment.service, game_id, deployment.directory, acknowledged)


def test_a_job_stranded_in_rqs_intermediate_list_is_done_within_a_sweep_interval(
    deployment: Deployment,
) -> None:
    service, workers = deployment.service, deployment.workers
    workers.start(2)
    game_id = human_and_bot_game(service)
    humans_turn(service, game_id)
    workers.stop_all()
    service.submit(game_id, HUMAN, service.legal_commands(game_id, HUMAN)[0], "stranded", None)
    queue = service.components.scheduler.queue
    moved = strand_the_process_job(service)
    assert Job.fetch(moved, connection=queue.connection).get_status() == "queued", "so says RQ"

    up = start_live_workers(service, workers, 2)
    wait_until(lambda: decided(service, game_id, "stranded"), 60, "the stranded command")
    recovered = time.monotonic() - up
    print(f"recovered a job stranded in the intermediate list {recovered:.1f} s after the workers were up")
    assert recovered <= RECOVERY_BOUND
    finish_and_verify(deployment, game_id, ["stranded"])


@pytest.mark.parametrize("die_at", ["decide", "project"])
def test_a_worker_killed_in_the_middle_of_a_job_stalls_its_game_less_than_a_sweep_interval(
    deployment: Deployment, die_at: str
) -> None:
    service, workers = deployment.service, deployment.workers
    dying = workers.start(1, die_at=die_at)[0]
    game_id = human_and_bot_game(service)
    acknowledged = []
    wait_until(
        lambda: dying.poll() is not None or HUMAN in service.view(game_id, HUMAN).to_act,
        STARTUP_SECONDS,
        f"the worker to die at {die_at}, or the human's turn",
    )
    if dying.poll() is None:  # the human acts first: the worker dies deciding the human's command
        service.submit(game_id, HUMAN, service.legal_commands(game_id, HUMAN)[0], "first", None)
        acknowledged.append("first")
        wait_until(lambda: dying.poll() is not None, STARTUP_SECONDS, f"the worker to die at {die_at}")
    assert session_members(dying.pid) == [], "a killed worker leaves no process behind"
    head = service.components.store.head(game_id)
    stalled = first_undecided(service, game_id) if die_at == "decide" else ""
    assert die_at == "decide" or service.components.projections.version(game_id) < head.version

    up = start_live_workers(service, workers)
    if die_at == "decide":
        wait_until(lambda: decided(service, game_id, stalled), 60, f"the command {stalled}")
    else:
        wait_until(
            lambda: service.components.projections.version(game_id) >= head.version, 60, "the projections"
        )
    recovered = time.monotonic() - up
    print(f"recovered from a worker killed at {die_at!r} {recovered:.1f} s after another was up")
    assert recovered <= RECOVERY_BOUND
    finish_and_verify(deployment, game_id, acknowledged)


@pytest.mark.parametrize("die_at", ["decide", "project"])
def test_an_api_killed_deciding_a_command_in_its_request_leaves_it_to_the_sweep(
    deployment: Deployment, die_at: str
) -> None:
    service, workers = deployment.service, deployment.workers
    meta = service.create_game(GAME, 2, {})
    token = service.join(meta.id, "ann", seat=HUMAN).token
    service.start(meta.id, fill_with_bots=True)
    game_id = meta.id
    workers.start(1)
    humans_turn(service, game_id)
    port = free_port()
    env = {**workers.env, "PAPYRUS_DIE_AT": die_at, "PAPYRUS_TEST_PORT": str(port)}
    env["PAPYRUS_DIE_MARKER"] = str(deployment.directory / "api-died")
    log = (deployment.directory / "api.log").open("wb")
    command = [sys.executable, "-m", "tests.integration.dying_api"]
    api = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        wait_until(lambda: answers(port), STARTUP_SECONDS, "the API")
        body = {"command_id": "killed", "command": service.legal_commands(game_id, HUMAN)[0]}
        with pytest.raises((ConnectionError, http.client.HTTPException)):
            post(port, f"/api/games/{game_id}/commands", body, token)
        assert api.wait(10) == -signal.SIGKILL
    finally:
        if api.poll() is None:
            api.kill()
        log.close()
    killed = time.monotonic()
    head = service.components.store.head(game_id)
    if die_at == "decide":
        assert first_undecided(service, game_id) == stored_command_id(HUMAN, "killed")
        wait_until(lambda: decided(service, game_id, stored_command_id(HUMAN, "killed")), 60, "the command")
    else:
        assert decided(service, game_id, stored_command_id(HUMAN, "killed"))  # its projections were not
        wait_until(
            lambda: service.components.projections.version(game_id) >= head.version, 60, "the projections"
        )
    recovered = time.monotonic() - killed
    print(f"recovered from an API killed at {die_at!r} {recovered:.1f} s after it died")
    assert recovered <= RECOVERY_BOUND
    finish_and_verify(deployment, game_id, [stored_command_id(HUMAN, "killed")])


def answers(port: int) -> bool:
    try:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        connection.request("GET", "/api/live")
        return connection.getresponse().status == 200
    except OSError:
        return False


def post(port: int, path: str, body: Any, token: str) -> int:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"Content-Type": "application/json", "Authorization": f"Bearer {token}"}
    connection.request("POST", path, json.dumps(body), headers)
    return connection.getresponse().status


def test_the_worker_killed_mid_sweep_leaves_no_orphan_and_the_sweeps_go_on_in_the_others(
    deployment: Deployment,
) -> None:
    service, workers = deployment.service, deployment.workers
    game_id = human_and_bot_game(service)  # no worker yet: its first automatic step waits in the queue
    service.components.scheduler.queue.empty()  # and is lost
    dying = workers.start(1, die_at="sweep")[0]
    wait_until(lambda: dying.poll() is not None, STARTUP_SECONDS, "the sweeping worker to die")
    assert session_members(dying.pid) == [], "no scheduler (or any) child outlives its worker"
    before = service.view(game_id, None).version

    up = start_live_workers(service, workers)
    wait_until(lambda: service.view(game_id, None).version > before, 60, "the game to move on")
    recovered = time.monotonic() - up
    print(f"recovered from the sweeping worker's death {recovered:.1f} s after another was up")
    assert recovered <= RECOVERY_BOUND
    runs = last_sweep(service.components.redis)
    assert runs is not None
    wait_until(
        lambda: (last_sweep(service.components.redis) or runs).runs >= runs.runs + 2,
        2 * SWEEP_INTERVAL + RECOVERY_BOUND,
        "two more sweeps",
    )
    finish_and_verify(deployment, game_id, [])


def test_health_names_the_missing_worker_and_sweep_and_is_ok_once_a_worker_runs(
    deployment: Deployment,
) -> None:
    client = json_client(create_app(deployment.service, redis=deployment.service.components.redis))
    missing = client.get("/api/health")
    assert (missing.status_code, missing.json["missing"]) == (503, ["worker", "sweep"])
    deployment.workers.start(1)
    took = wait_until(lambda: client.get("/api/health").status_code == 200, STARTUP_SECONDS, "health ok")
    healthy = client.get("/api/health").json
    assert (healthy["status"], healthy["workers"], healthy["missing"]) == ("ok", 1, [])
    print(f"health ok {took:.1f} s after the worker started")


def run_doctor(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "REDIS_URL": REDIS_TEST_URL, "PAPYRUS_KEY_PREFIX": keys.PREFIX}
    env |= {"PAPYRUS_QUEUE": keys.PREFIX, "PAPYRUS_SWEEP_INTERVAL": str(SWEEP_INTERVAL)}
    command = [sys.executable, "-m", "papyrus", "doctor", *args]
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)


def test_doctor_lists_and_repairs_a_stuck_game_a_failed_job_a_dead_worker_and_an_orphan_key(
    deployment: Deployment,
) -> None:
    service, workers = deployment.service, deployment.workers
    workers.start(1)
    game_id = human_and_bot_game(service)
    humans_turn(service, game_id)
    queue = service.components.scheduler.queue
    failing = queue.enqueue("workers.jobs.process_game", "no-such-game", failure_ttl=3600, result_ttl=60)
    wait_until(lambda: failing.get_status(refresh=True) == "failed", 30, "the failing job to fail")
    workers.stop_all()
    service.submit(game_id, HUMAN, service.legal_commands(game_id, HUMAN)[0], "lost", None)
    queue.empty()
    service.components.due.drop(game_id)  # the stall doctor must find by itself
    service.components.heartbeats.beat("killed-long-ago", time.time() - 3600)
    orphan = keys.process_queued("vanished0000")
    service.components.redis.set(orphan, "x", ex=3600)

    found = run_doctor()
    assert found.returncode == 1, found.stdout + found.stderr
    for expected in (f"{game_id}: a command undecided", failing.id, "killed-long-ago", orphan):
        assert expected in found.stdout, found.stdout
    repaired = run_doctor("--repair")
    assert repaired.returncode == 0, repaired.stdout + repaired.stderr
    for expected in (f"game {game_id}: moved on", f"failed job {failing.id}", f"orphan key {orphan} deleted"):
        assert expected in repaired.stdout, repaired.stdout
    assert decided(service, game_id, "lost")
    # a worker plays on as in any deployment: else the repaired game, due again for its bot's move, would
    # count as stuck once a sweep interval passed before the next doctor started (seconds on a busy machine)
    workers.start(1)
    humans_turn(service, game_id)
    wait_until(lambda: not service.components.due.due(time.time(), 10), STARTUP_SECONDS, "nothing due")
    clean = run_doctor()
    assert (clean.returncode, clean.stdout.strip().splitlines()[-1]) == (0, "nothing to repair"), clean.stdout
