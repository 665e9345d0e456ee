"""Every timeout policy on real ``papyrus worker`` processes and the shared test Redis (REDIS_TEST_URL): a
player who never acts on a two-second clock is played for by the policy the game was created with, the move is
recorded with actor ``timeout``, the game reaches its end (by a resignation, or a bot finishing a forfeited
seat) and ``papyrus verify`` passes on its export. A deadline whose scheduled job RQ lost is fired by the
sweep."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import redis

from services import keys
from services.game_service import GameService
from services.inputs import TableTerms
from services.settings import Settings
from tests.integration.conftest import REDIS_TEST_URL
from tests.integration.processes import (
    GAME_SECONDS,
    RECOVERY_BOUND,
    STARTUP_SECONDS,
    Workers,
    start_live_workers,
    verify_export,
    wait_until,
    worker_env,
)
from tests.integration.test_recovery import forget_everything
from workers.context import service_from_env

pytestmark = pytest.mark.integration
ABSENT = 0
CLOCK = {"preset": "custom", "per_move": 1.0, "reserve": 1.0}


@dataclass
class Deployment:
    service: GameService
    workers: Workers
    store: redis.Redis
    directory: Path
    prefix: str


@pytest.fixture
def deployment(
    connection: redis.Redis, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> Iterator[Deployment]:
    prefix = f"papyrus-clk-{uuid.uuid4().hex[:8]}"
    monkeypatch.setattr(keys, "PREFIX", prefix)
    service = service_from_env(Settings(redis_url=REDIS_TEST_URL, queue_name=prefix, sweep_interval=5.0))
    workers = Workers(worker_env(REDIS_TEST_URL, prefix), tmp_path)
    try:
        yield Deployment(service, workers, connection, tmp_path, prefix)
    finally:
        workers.stop_all()
        forget_everything(connection, prefix)
        service.components.redis.close()


def absent_player_game(service: GameService, policy: str) -> str:
    """Egizia: seat 0 a player who never acts, seat 1 a bot."""
    meta = service.create_game("egizia", 2, {}, terms=TableTerms(clock={**CLOCK, "policy": policy}))
    service.join(meta.id, "absent", seat=ABSENT)
    service.start(meta.id, fill_with_bots=True)
    return meta.id


def timeout_records(service: GameService, game_id: str) -> list[tuple[str, dict[str, object]]]:
    return [(r.type, r.data) for r in service.components.store.read(game_id) if r.actor == "timeout"]


def resign_and_verify(deployment: Deployment, game_id: str, acknowledged: list[str]) -> None:
    service = deployment.service
    service.submit(game_id, ABSENT, {"type": "papyrus.resign"}, "resign", None)
    wait_until(lambda: service.meta(game_id).status == "over", STARTUP_SECONDS, "the game ends")
    verify_export(service, game_id, deployment.directory, [*acknowledged, "resign"])


def test_policy_pass_plays_the_games_timeout_command(deployment: Deployment) -> None:
    service = deployment.service
    start_live_workers(service, deployment.workers, 2)
    game_id = absent_player_game(service, "pass")
    wait_until(lambda: len(timeout_records(service, game_id)) >= 2, GAME_SECONDS, "two timeouts")
    kinds = {kind for kind, _ in timeout_records(service, game_id)}
    assert all(kind.startswith("egizia.") for kind in kinds), kinds
    assert service.meta(game_id).table.bot_played() == set()
    resign_and_verify(deployment, game_id, [])


def test_policy_bot_stands_in_until_the_player_reclaims(deployment: Deployment) -> None:
    service = deployment.service
    start_live_workers(service, deployment.workers, 2)
    game_id = absent_player_game(service, "bot")
    wait_until(lambda: service.meta(game_id).table.stand_in == [ABSENT], GAME_SECONDS, "a bot stands in")
    assert timeout_records(service, game_id) == [("papyrus.stand_in", {"seat": ABSENT})]
    moved = service.components.store.head(game_id).version
    wait_until(
        lambda: any(r.actor == ABSENT for r in service.components.store.read(game_id, after=moved)),
        STARTUP_SECONDS,
        "the stand-in bot plays the seat",
    )
    service.submit(game_id, ABSENT, {"type": "papyrus.reclaim"}, "reclaim", None)
    wait_until(lambda: service.meta(game_id).table.stand_in == [], STARTUP_SECONDS, "the seat reclaimed")
    resign_and_verify(deployment, game_id, ["reclaim"])


def test_policy_forfeit_ranks_the_seat_last_and_a_bot_finishes(deployment: Deployment) -> None:
    service = deployment.service
    start_live_workers(service, deployment.workers, 2)
    game_id = absent_player_game(service, "forfeit")
    # what a player sees: the game's end is written a moment before its final view

    def finished() -> bool:
        return service.view(game_id, None).result is not None

    wait_until(finished, GAME_SECONDS, "the bots finish the game")
    assert timeout_records(service, game_id) == [("papyrus.resigned", {"seat": ABSENT, "reason": "forfeit"})]
    result = service.view(game_id, None).result
    assert result is not None and result.ranking[-1] == ABSENT
    verify_export(service, game_id, deployment.directory, [])


def test_a_deadline_whose_job_was_lost_is_fired_by_the_sweep(deployment: Deployment) -> None:
    service = deployment.service
    start_live_workers(service, deployment.workers, 1)
    meta = service.create_game(
        "egizia", 2, {}, terms=TableTerms(clock={"preset": "custom", "per_move": 4, "reserve": 4})
    )
    service.join(meta.id, "absent", seat=ABSENT)
    service.start(meta.id, fill_with_bots=True)
    clock = service.meta(meta.id).clock
    wait_until(lambda: service.components.deadlines.of_game(meta.id, clock), 30, "the absent seat's deadline")
    scheduled = f"rq:scheduled:{deployment.prefix}"
    wait_until(lambda: deployment.store.zcard(scheduled) >= 2, 10, "the deadline's and the reminder's jobs")
    deployment.store.delete(scheduled)  # RQ lost its scheduled jobs (its Redis restarted empty, say)
    wait_until(lambda: timeout_records(service, meta.id), 8.0 + RECOVERY_BOUND, "the sweep fires the timeout")
    assert timeout_records(service, meta.id) == [("papyrus.stand_in", {"seat": ABSENT})]
