"""The operator's tools on a real 3-master Redis Cluster (RQ on its own Redis): games played through the
service with a bot, swept, examined by the doctor (which scans every shard for orphan keys), their
projections rebuilt, and the health check, all as on a single Redis."""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Iterator

import pytest
import redis

from services import keys
from services.game_service import CommandOutcome, GameService
from services.operations.doctor import Doctor
from services.operations.health import check_health
from services.read_side.rebuild_projections import rebuild_all
from services.settings import Settings
from tests.integration.private_cluster import PrivateCluster
from tests.support.harness import FakeClock, drain, new_game, play_out, register_toy, sweep_later
from workers import context

pytestmark = pytest.mark.integration


@pytest.fixture
def cluster_service(
    redis_cluster: PrivateCluster, connection: redis.Redis, monkeypatch: pytest.MonkeyPatch
) -> Iterator[GameService]:
    """A service whose store is the cluster and whose RQ runs on the test Redis (a queue of its own)."""
    register_toy(monkeypatch)
    store = redis_cluster.client()
    settings = Settings(clock=FakeClock(), queue_name=f"papyrus-cluster-{uuid.uuid4().hex[:8]}")
    service = GameService(store, settings, rq_connection=connection)
    context.register(service)
    yield service
    for name in connection.scan_iter(match=f"rq:*{settings.queue_name}*"):
        connection.delete(name)
    store.close()


def test_games_are_swept_examined_and_rebuilt_on_a_cluster(cluster_service: GameService) -> None:
    service = cluster_service
    played, _ = new_game(service, seats=3, hand=3)
    play_out(service, played)
    bots, _ = new_game(service, seats=2, bots=True)
    drain(service)
    assert service.meta(played).status == "over"
    assert service.meta(bots).status == "over", "the bots' game played itself out"
    clock = service.settings.clock
    assert isinstance(clock, FakeClock)
    report = sweep_later(service, clock)
    assert report.due == 0, "nothing is left due once every game is over"

    store = service.parts.redis
    store.set(keys.seed("no-such-game"), "left behind")
    findings = Doctor(service).examine(service.settings.clock())
    assert keys.seed("no-such-game") in findings.orphan_keys, "the doctor scans every shard"
    assert not findings.stuck_games
    store.delete(keys.seed("no-such-game"))

    before = {seat: service.view(played, seat) for seat in range(3)}
    assert rebuild_all(service.parts) >= 2
    assert {seat: service.view(played, seat) for seat in range(3)} == before
    health = check_health(service.parts, store.ping, service.settings.clock())
    assert "redis" not in health.missing and "rq_redis" not in health.missing
    assert health.sweep is not None and health.sweep.last.due == 0


def test_waiting_on_a_game_blocks_on_its_shard_until_it_moves(cluster_service: GameService) -> None:
    """What a live page and a submit wait on (XREAD BLOCK on the game's streams) works through the cluster
    client: it returns at once when the game is past the version, and when a command is decided."""
    service = cluster_service
    game_id, _ = new_game(service, seats=2, hand=2)
    drain(service)
    version = service.view(game_id, None).version
    assert service.wait_version(game_id, after=version - 1, timeout=5) == version
    started = time.monotonic()
    assert service.wait_version(game_id, after=version, timeout=0.3) == version
    assert time.monotonic() - started >= 0.25, "it blocked for the time asked"

    seat = service.view(game_id, None).to_act[0]
    service.submit(game_id, seat, service.legal_commands(game_id, seat)[0], "waited", None)
    answers: list[CommandOutcome] = []
    waiter = threading.Thread(target=lambda: answers.append(service.wait_outcome(game_id, "waited", 30)))
    waiter.start()
    time.sleep(0.2)
    assert not answers, "the waiter waits while the command is undecided"
    drain(service)  # RQ's worker runs in the main thread
    waiter.join(30)
    (outcome,) = answers
    assert outcome.status == "accepted" and outcome.version > version
    assert service.wait_version(game_id, after=version, timeout=5) == outcome.version
