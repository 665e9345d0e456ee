"""A real RQ worker killed between the append and the projection, forking or not; the game recovers.

The game lives under a key prefix of its own, so workers of other runs sharing this Redis cannot touch it.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis
from rq.registry import StartedJobRegistry

from services import keys
from services.game_service import GameService
from tests.integration.conftest import REDIS_TEST_URL
from tests.support.harness import (
    FakeClock,
    clear_failures,
    drain,
    make_service,
    new_game,
    register_toy,
    sweep_later,
)

pytestmark = pytest.mark.integration
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def service(connection: redis.Redis, monkeypatch: pytest.MonkeyPatch) -> Iterator[GameService]:
    """A service on its own key prefix and queue: workers of other runs sharing this Redis never see it."""
    register_toy(monkeypatch)
    monkeypatch.setattr(keys, "PREFIX", f"papyrus-it-{uuid.uuid4().hex[:8]}")
    service = make_service(connection, FakeClock(), queue_name=keys.PREFIX)
    yield service
    service.components.scheduler.queue.delete(delete_jobs=True)
    leftovers = list(connection.scan_iter(match=keys.everything_pattern(), count=500))
    if leftovers:
        connection.delete(*leftovers)


@pytest.mark.parametrize("fork", [False, True], ids=["in-process", "forking"])
def test_a_sigkilled_worker_leaves_one_whole_append_and_the_next_run_projects_it(
    service: GameService, tmp_path: Path, fork: bool
) -> None:
    game_id, _ = new_game(service)
    drain(service)
    card = service.legal_commands(game_id, 0)[0]
    service.submit(game_id, 0, card, "c0", None)
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "REDIS_URL": REDIS_TEST_URL,
        "PAPYRUS_QUEUE": service.settings.queue_name,
        "PAPYRUS_KEY_PREFIX": keys.PREFIX,
        "PAPYRUS_KILL_MARKER": str(tmp_path / "killed"),
        "PAPYRUS_KILL_FORK": "1" if fork else "0",
    }
    crashed = subprocess.run(
        [sys.executable, "-m", "tests.integration.killed_worker"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert (tmp_path / "killed").exists(), crashed.stdout + crashed.stderr
    queue = service.components.scheduler.queue
    if fork:
        assert crashed.returncode == 0, crashed.stderr
        assert clear_failures(service), "the killed horse's job should be recorded as failed"
    else:
        assert crashed.returncode == -signal.SIGKILL, crashed.stderr
        assert len(StartedJobRegistry(queue=queue).get_job_ids()) == 1, "the job the worker died in"
    head = service.components.store.head(game_id)
    appended = [r for r in service.components.store.read(game_id) if r.command_id == "c0"]
    assert len(appended) == 1 and head.checkpoint != "0-0"
    assert service.components.projections.version(game_id) < head.version
    outcome = service.outcome(game_id, "c0")
    assert outcome is not None and outcome.status == "accepted"

    clock = service.settings.clock
    assert isinstance(clock, FakeClock)
    assert sweep_later(service, clock).repaired == 1
    assert service.components.projections.version(game_id) == service.components.store.head(game_id).version
    assert service.view(game_id, 0).view["my_card"] == card["card"]
    assert len([r for r in service.components.store.read(game_id) if r.command_id == "c0"]) == 1
