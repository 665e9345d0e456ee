"""A dead worker never slows the service, on real ``papyrus worker`` processes with the default sweep
interval (a minute) and the shared test Redis: a worker SIGKILLed inside a decision job leaves no claim
behind (its lease runs out on its own), and the game it held is noted again when that lease runs out, so
the command it was deciding and the commands submitted after it are decided within :data:`PROMPTLY`, not
at the next sweep; and one ``papyrus doctor --repair`` clears the job it left, which RQ would otherwise
mark abandoned minutes later."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import redis
from rq.registry import StartedJobRegistry

from services import keys
from services.game_service import GameService
from services.settings import Settings
from tests.integration.conftest import REDIS_TEST_URL
from tests.integration.processes import STARTUP_SECONDS, Workers, start_live_workers, wait_until, worker_env
from tests.integration.test_recovery import forget_everything, run_doctor
from workers.context import service_from_env

pytestmark = pytest.mark.integration
DEFAULT_SWEEP = 60.0
PROMPTLY = 10.0  # a dead job's lease (5 s), the next upkeep (1 s), the decision, and slack for a busy machine


@dataclass
class Deployment:
    service: GameService
    workers: Workers
    directory: Path


@pytest.fixture
def deployment(
    connection: redis.Redis, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Deployment]:
    prefix = f"papyrus-dead-{uuid.uuid4().hex[:8]}"
    monkeypatch.setattr(keys, "PREFIX", prefix)
    service = service_from_env(Settings(redis_url=REDIS_TEST_URL, queue_name=prefix))
    workers = Workers(worker_env(REDIS_TEST_URL, prefix, PAPYRUS_SWEEP_INTERVAL=str(DEFAULT_SWEEP)), tmp_path)
    try:
        yield Deployment(service, workers, tmp_path)
    finally:
        workers.stop_all()
        forget_everything(connection, prefix)
        service.components.redis.close()


def players_game(service: GameService) -> tuple[str, int]:
    """A started two-player Egizia game and the seat on turn, once it is that seat's turn."""
    meta = service.create_game("egizia", 2, {})
    for seat in range(2):
        service.join(meta.id, f"P{seat}", seat=seat)
    service.start(meta.id)
    wait_until(lambda: service.view(meta.id, None).to_act, STARTUP_SECONDS, "a seat to act")
    return meta.id, service.view(meta.id, None).to_act[0]


def seconds_to_decide(service: GameService, game_id: str, seat: int, command_id: str) -> float:
    """Submit the seat's first legal command; the seconds until it was decided."""
    submitted = time.monotonic()
    service.submit(game_id, seat, service.legal_commands(game_id, seat)[0], command_id, None)
    wait_until(lambda: service.outcome(game_id, command_id) is not None, DEFAULT_SWEEP + 30, command_id)
    return time.monotonic() - submitted


def test_a_worker_killed_in_a_decision_job_leaves_no_claim_and_its_game_and_later_commands_go_on_promptly(
    deployment: Deployment,
) -> None:
    service, workers = deployment.service, deployment.workers
    dying = workers.start(1, die_at="decide")[0]
    victim, seat = players_game(service)
    service.submit(victim, seat, service.legal_commands(victim, seat)[0], "killed", None)
    wait_until(lambda: dying.poll() is not None, STARTUP_SECONDS, "the worker to die deciding a command")
    assert service.outcome(victim, "killed") is None
    beating = start_live_workers(service, workers, 1)
    wait_until(lambda: service.outcome(victim, "killed") is not None, DEFAULT_SWEEP + 30, "its command")
    took = time.monotonic() - beating
    print(f"the command the killed job was deciding decided {took:.1f} s after a live worker's first beat")
    assert took <= PROMPTLY < DEFAULT_SWEEP, "decided once the dead job's lease ran out, not at the sweep"
    for index in range(3):
        game_id, seat = players_game(service)
        took = seconds_to_decide(service, game_id, seat, f"after-{index}")
        print(f"a command submitted after the kill decided in {took:.1f} s")
        assert took <= PROMPTLY


def test_one_doctor_repair_clears_the_job_a_worker_killed_inside_it_left(deployment: Deployment) -> None:
    service, workers = deployment.service, deployment.workers
    dying = workers.start(1, die_at="decide")[0]
    victim, seat = players_game(service)
    service.submit(victim, seat, service.legal_commands(victim, seat)[0], "killed", None)
    wait_until(lambda: dying.poll() is not None, STARTUP_SECONDS, "the worker to die deciding a command")
    (name,) = service.components.heartbeats.last_beats()
    service.components.heartbeats.beat(name, time.time() - 3600)  # as a while after the kill: no beat since

    repaired = run_doctor("--repair")
    assert repaired.returncode == 0, repaired.stdout + repaired.stderr
    assert "abandoned job" in repaired.stdout, repaired.stdout
    assert service.outcome(victim, "killed") is not None, "the doctor decided what the job had to"
    StartedJobRegistry(queue=service.components.scheduler.queue).cleanup(
        time.time() + 3600
    )  # RQ, minutes later
    clean = run_doctor()
    assert (clean.returncode, clean.stdout.strip().splitlines()[-1]) == (0, "nothing to repair"), clean.stdout
