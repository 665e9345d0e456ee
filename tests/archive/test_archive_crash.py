"""A real worker SIGKILLed at each point of archiving a game loses nothing and leaves no half game: the game
reads the same at once (whole in Redis, or archived), and a worker started after it finishes the archiving
within a few sweep intervals; ``papyrus verify --archived`` then passes with no Redis at all."""

from __future__ import annotations

import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import redis

from services import keys
from services.game_service import GameService
from tests.integration.conftest import REDIS_TEST_URL
from tests.integration.processes import ROOT, SWEEP_INTERVAL, Workers, wait_until, worker_env
from tests.support.harness import FakeClock, make_service, new_game, play_out, register_toy
from tests.support.s3_server import S3Server

pytestmark = pytest.mark.integration
VERIFY_WITH_THE_TOY_GAME = (
    "import sys; from domain import registry; from tests.support.toygame import GAME; "
    "registry.games()[GAME.name] = GAME; from papyrus.cli import main; "
    "raise SystemExit(main(['verify', '--archived', sys.argv[1]]))"
)
ARCHIVED_WITHIN = 4 * SWEEP_INTERVAL + 20.0  # the killed job's lease expires, a sweep queues the job again


@pytest.fixture
def service(
    connection: redis.Redis, monkeypatch: pytest.MonkeyPatch, s3_server: S3Server, bucket: str
) -> Iterator[GameService]:
    register_toy(monkeypatch)
    monkeypatch.setattr(keys, "PREFIX", f"papyrus-ar-{uuid.uuid4().hex[:8]}")
    service = make_service(
        connection,
        FakeClock(),
        queue_name=keys.PREFIX,
        archive_url=f"s3://{bucket}/",
        archive_endpoint=s3_server.endpoint,
        archive_after=0.0,
        sweep_interval=SWEEP_INTERVAL,
    )
    yield service
    service.components.scheduler.queue.delete(delete_jobs=True)
    leftovers = list(connection.scan_iter(match=keys.everything_pattern(), count=500))
    if leftovers:
        connection.delete(*leftovers)


def reads(service: GameService, game_id: str) -> dict[str, Any]:
    view = service.view(game_id, 1)
    return {
        "meta": service.meta(game_id),
        "view": (view.version, view.view, view.result),
        "at 3": service.view(game_id, 0, at=3).view,
        "history": service.history(game_id, None),
        "export": list(service.export(game_id)),
        "chat": service.social.messages(game_id, None),
    }


def is_archived(service: GameService, game_id: str) -> bool:
    redis_ = service.components.redis
    left = list(redis_.scan_iter(match=f"{keys.PREFIX}:{{game:{game_id}}}:*"))
    return (
        not left
        and redis_.zscore(keys.games(), game_id) is None
        and bool(service.archive.reader.entry(game_id))
    )


@pytest.mark.parametrize("point", ["archive-put", "archive-catalog", "archive-delete", "archive-index"])
def test_a_worker_killed_while_archiving_loses_nothing_and_the_archive_completes(
    service: GameService, tmp_path: Path, s3_server: S3Server, bucket: str, point: str
) -> None:
    game_id, _ = new_game(service)
    play_out(service, game_id)
    service.social.post(service.meta(game_id), 0, None, "gg")
    before = reads(service, game_id)
    service.components.archive_catalog.postpone(game_id, 0)  # due now, on the workers' real clock
    env = worker_env(
        REDIS_TEST_URL,
        keys.PREFIX,
        PAPYRUS_ARCHIVE_URL=f"s3://{bucket}/",
        PAPYRUS_ARCHIVE_ENDPOINT=s3_server.endpoint,
        PAPYRUS_ARCHIVE_AFTER="0",
    )
    workers = Workers(env, tmp_path)
    try:
        dying = workers.start(die_at=point)[0]
        wait_until(lambda: dying.poll() is not None, 120.0, f"the worker's death at {point}")
        assert (tmp_path / "died").exists(), workers.log_text()
        service.archive.reader.forget(game_id)
        assert reads(service, game_id) == before, "a half-archived game"
        workers.start(die_at=point)  # the marker is there: this one does not die
        wait_until(lambda: is_archived(service, game_id), ARCHIVED_WITHIN, "the archive, after the kill")
    finally:
        workers.stop_all()
    assert reads(service, game_id) == before
    no_redis = {k: v for k, v in env.items() if k not in ("REDIS_URL", "RQ_REDIS_URL")}
    verified = subprocess.run(
        [sys.executable, "-c", VERIFY_WITH_THE_TOY_GAME, game_id],
        cwd=ROOT,
        env=no_redis,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert verified.returncode == 0, verified.stdout + verified.stderr
    entry = service.archive.reader.entry(game_id)
    assert entry is not None and f"sha256 {entry.sha256.hex()}" in verified.stdout
