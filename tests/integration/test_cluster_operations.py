"""The operator's tools on a real 3-master Redis Cluster (RQ on its own Redis): games played through the
service with a bot, swept, examined by the doctor (which scans every shard for orphan keys), their
projections rebuilt, and the health check, all as on a single Redis."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest
import redis

from services import keys
from services.game_service import GameService
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
