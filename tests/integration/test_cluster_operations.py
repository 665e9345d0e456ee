"""The operator's tools on a real 3-master Redis Cluster (RQ on its own Redis): games played through the
service with a bot, swept, examined by the doctor (which scans every shard for orphan keys), their
projections rebuilt, the health check and the live pages' notices, all as on a single Redis."""

from __future__ import annotations

import asyncio
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
import redis

from api.front.live_hub import CaughtUp, LiveHub, LivePage
from api.front.live_redis import RedisSource, cluster_shards
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

    store = service.components.redis
    store.set(keys.seed("no-such-game"), "left behind")
    findings = Doctor(service).examine(service.settings.clock())
    assert keys.seed("no-such-game") in findings.orphan_keys, "the doctor scans every shard"
    assert not findings.stuck_games
    store.delete(keys.seed("no-such-game"))

    before = {seat: service.view(played, seat) for seat in range(3)}
    assert rebuild_all(service.components) >= 2
    assert {seat: service.view(played, seat) for seat in range(3)} == before
    health = check_health(service.components, store.ping, service.settings.clock())
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


def test_live_notices_reach_pages_from_every_shard_over_one_connection_each(
    cluster_service: GameService, redis_cluster: PrivateCluster
) -> None:
    """The append's SPUBLISH (and a chat message's) lands on its game's shard, and the API's one connection
    per shard (api/front/live_redis.py) subscribed there wakes the game's pages."""
    service = cluster_service
    store = service.components.redis
    shard_of = cluster_shards(store)
    games = [new_game(service, seats=2, hand=2)[0] for _ in range(6)]
    while len({shard_of(keys.live(game_id)) for game_id in games}) < 2 and len(games) < 60:
        games.append(new_game(service, seats=2, hand=2)[0])  # random ids: six may share one shard
    drain(service)
    shards = {shard_of(keys.live(game_id)) for game_id in games}
    assert len(shards) > 1, "the games spread over several shards"

    async def scenario() -> dict[str, list[int]]:
        source = RedisSource(redis_cluster.url, cluster_shards(store))
        pool = ThreadPoolExecutor(1)
        hub = LiveHub(source, pool)
        woken: dict[str, list[int]] = {game_id: [] for game_id in games}

        def step_of(game_id: str) -> Callable[[int, str, int], CaughtUp]:
            def step(seen: int, cursor: str, notice: int) -> CaughtUp:
                version = service.view(game_id, None).version
                woken[game_id].append(version)
                return b"", version, cursor

            return step

        pages = [
            LivePage(game_id, None, 0, "0-0", step_of(game_id), 30.0, 30.0, lambda: None) for game_id in games
        ]
        left, wake = asyncio.Event(), [asyncio.Event() for _ in pages]
        tasks = [
            asyncio.ensure_future(hub.serve(p, _discard, left, w)) for p, w in zip(pages, wake, strict=True)
        ]
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 10
        while loop.time() < deadline and len(source._shards) < len(shards):
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.5)  # every subscription confirmed
        before = {game_id: len(calls) for game_id, calls in woken.items()}
        _one_move_each(service, games)  # on the loop's thread, as RQ's worker sets signal handlers
        while loop.time() < deadline and any(len(woken[g]) <= before[g] for g in games):
            await asyncio.sleep(0.05)
        assert len(source._shards) == len(shards), "one connection per shard"
        left.set()
        for event in wake:
            event.set()
        await asyncio.gather(*tasks)
        pool.shutdown()
        return {game_id: calls[before[game_id] :] for game_id, calls in woken.items()}

    after_moves = asyncio.run(scenario())
    for game_id in games:
        assert after_moves[game_id], f"no notice reached {game_id}'s page"
        assert max(after_moves[game_id]) == service.view(game_id, None).version


async def _discard(body: bytes) -> None:
    del body


def _one_move_each(service: GameService, games: list[str]) -> None:
    """A move in every game but the last, where a player speaks instead (chat publishes beside its entry)."""
    for game_id in games[:-1]:
        seat = service.view(game_id, None).to_act[0]
        service.submit(game_id, seat, service.legal_commands(game_id, seat)[0], f"live-{game_id}")
    service.social.post(service.meta(games[-1]), 0, None, "well played")
    drain(service)
