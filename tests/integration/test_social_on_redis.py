"""Table talk and standing on a real Redis with real processes: a ``papyrus worker`` indexes and rates each
finished game, ``papyrus rebuild-ratings`` (a process of its own) refolds the same table from the logs, and
concurrent chat posts never pass the rate."""

from __future__ import annotations

import random
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import redis

from services import keys
from services.errors import ServiceError
from services.game_service import GameService
from services.inputs import Requester
from services.settings import Settings
from services.social.chat import ChatLimits
from tests.integration.conftest import REDIS_TEST_URL
from tests.integration.processes import (
    GAME_SECONDS,
    SWEEP_INTERVAL,
    Workers,
    start_live_workers,
    wait_until,
    worker_env,
)
from tests.integration.test_recovery import forget_everything
from workers.context import service_from_env

pytestmark = pytest.mark.integration
PLAYERS = ("ria", "sol")


@dataclass
class Deployment:
    service: GameService
    workers: Workers
    prefix: str


@pytest.fixture
def deployment(
    connection: redis.Redis, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> Iterator[Deployment]:
    prefix = f"papyrus-social-{uuid.uuid4().hex[:8]}"
    monkeypatch.setattr(keys, "PREFIX", prefix)
    settings = Settings(redis_url=REDIS_TEST_URL, queue_name=prefix, sweep_interval=SWEEP_INTERVAL)
    service = service_from_env(settings)
    workers = Workers(worker_env(REDIS_TEST_URL, prefix), tmp_path)
    try:
        yield Deployment(service, workers, prefix)
    finally:
        workers.stop_all()
        forget_everything(connection, prefix)
        service.components.redis.close()


def _play_seat(service: GameService, game_id: str, seat: int, seed: int) -> None:
    """Random legal commands for ``seat`` until the game is over (command ids of its own)."""
    rng = random.Random(seed)
    deadline = time.monotonic() + GAME_SECONDS
    for number in range(100_000):
        assert time.monotonic() < deadline, f"game {game_id} did not end"
        view = service.view(game_id, seat)
        if view.status == "over":
            return
        legal = service.legal_commands(game_id, seat) if seat in view.to_act else []
        if not legal:
            time.sleep(0.02)
            continue
        command_id = f"s{seat}-{number}"
        service.submit(game_id, seat, rng.choice(legal), command_id, None)
        outcome = service.wait_outcome(game_id, command_id, 30.0)
        wait_until(lambda v=outcome.version: service.view(game_id, seat).version >= v, 30.0, "the view")


def _rated_game(service: GameService, seed: int) -> str:
    meta = service.create_game("egizia", len(PLAYERS), {})
    for name in PLAYERS:
        service.join(meta.id, name, by=Requester(account=name))
    service.start(meta.id)
    seats = [
        threading.Thread(target=_play_seat, args=(service, meta.id, seat, seed + seat))
        for seat in range(len(PLAYERS))
    ]
    for thread in seats:
        thread.start()
    for thread in seats:
        thread.join()
    return meta.id


def test_a_worker_rates_finished_games_and_the_rebuild_process_gives_the_same_table(
    deployment: Deployment,
) -> None:
    service = deployment.service
    for name in PLAYERS:
        service.accounts.register(name, "papyrus-pass-15")
    start_live_workers(service, deployment.workers)
    game_ids = [_rated_game(service, seed) for seed in (10, 20)]
    wait_until(
        lambda: (
            all(service.social.finished.get(game_id) is not None for game_id in game_ids)
            and service.components.redis.zcard(keys.finished_pending()) == 0
        ),
        30.0,
        "the worker indexed and rated both finished games",
    )
    built = service.social.ratings.table("egizia")
    assert set(built) == set(PLAYERS) and {rating.games for rating in built.values()} == {2}
    service.social.ratings.replace_all("egizia", [])
    service.social.finished.forget_all()
    env = worker_env(REDIS_TEST_URL, deployment.prefix)
    rebuilt = subprocess.run(
        [sys.executable, "-m", "papyrus", "rebuild-ratings", "--quiet"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert rebuilt.returncode == 0, rebuilt.stderr
    assert "from 2 finished games" in rebuilt.stdout
    assert service.social.ratings.table("egizia") == built
    assert [g.id for g in service.social.finished.many(game_ids)] == game_ids


def test_concurrent_chat_posts_on_redis_never_pass_the_rate(deployment: Deployment) -> None:
    service = deployment.service
    service.social.chat.limits = ChatLimits(rate=3, window_seconds=60)
    meta = service.create_game("egizia", 2, {})
    service.join(meta.id, "ria")
    answers: list[int] = []

    def post(number: int) -> None:
        try:
            service.social.post(service.meta(meta.id), 0, None, f"message {number}")
            answers.append(201)
        except ServiceError as refused:
            answers.append(refused.http_status)

    threads = [threading.Thread(target=post, args=(number,)) for number in range(20)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(answers) == [201] * 3 + [429] * 17
    assert len(service.social.messages(meta.id, None)) == 3
    assert 0 < service.components.redis.ttl(keys.chat_rate(meta.id, "seat:0")) <= 60
