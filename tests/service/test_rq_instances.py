"""Several RQ Redis instances: each game's jobs go to the instance its id hashes to, each instance's workers
decide its games, a job with no game goes to the first, and the doctor and the health figures cover all."""

from __future__ import annotations

import collections

import fakeredis
import pytest
from rq import SimpleWorker

from services.game_service import GameService
from services.operations.doctor import Doctor
from services.operations.health import check_health
from services.processing.rq_instances import jump_hash, parse_rq_choice, rq_connections, rq_index
from services.settings import Settings
from tests.service.test_cheaper_commands import submit_first_legal
from tests.support.harness import FakeClock, make_service, new_game
from workers import context


def test_the_hash_is_stable_and_even_and_a_new_instance_takes_games_only_for_itself() -> None:
    ids = [f"game-{number}" for number in range(3000)]
    two = [rq_index(game_id, 2) for game_id in ids]
    three = [rq_index(game_id, 3) for game_id in ids]

    assert [rq_index(game_id, 1) for game_id in ids[:50]] == [0] * 50
    assert [jump_hash(key, 2) for key in (0, 1, 2**63, 2**64 - 1)] == [0, 0, 1, 1]
    counts = collections.Counter(two)
    assert abs(counts[0] - counts[1]) < 200, counts
    moved = [(before, after) for before, after in zip(two, three, strict=True) if before != after]
    assert all(after == 2 for _, after in moved), "games move only to the instance appended"
    assert 800 < len(moved) < 1200, len(moved)


def test_settings_read_the_list_and_the_single_url_and_reuse_the_store() -> None:
    both = Settings.from_env({"RQ_REDIS_URLS": "redis://a:6379/0, redis://b:6379/0"})
    single = Settings.from_env({"RQ_REDIS_URL": "redis://a:6379/0"})
    assert both.rq_urls() == ("redis://a:6379/0", "redis://b:6379/0") and single.rq_urls() == (
        "redis://a:6379/0",
    )
    assert Settings.from_env({}).rq_urls() == ()
    with pytest.raises(ValueError, match="distinct"):
        Settings.from_env({"RQ_REDIS_URLS": "redis://a,redis://a"})
    store = fakeredis.FakeRedis()
    shared = Settings(redis_url="redis://a", rq_redis_urls=("redis://a", "redis://b"))
    made = rq_connections(shared, store, lambda url: fakeredis.FakeRedis())
    assert made[0] is store and made[1] is not store
    assert list(parse_rq_choice("all", 2)) == [0, 1] and list(parse_rq_choice("1", 2)) == [1]
    with pytest.raises(ValueError, match="RQ_REDIS_URLS lists 2"):
        parse_rq_choice("2", 2)


def two_instances(connection: fakeredis.FakeRedis, clock: FakeClock) -> list[GameService]:
    """A service per RQ Redis served (home 0 and 1): the first RQ Redis is the store's, the second its own."""
    second = fakeredis.FakeRedis(server=fakeredis.FakeServer())
    services = [make_service(connection, clock, rq_connection=[connection, second]) for _ in range(2)]
    services[1] = GameService(connection, services[0].settings, [connection, second], rq_home=1)
    return services


def drain_instance(service: GameService) -> int:
    """Run the jobs queued on the service's home RQ Redis, as its worker would; how many ran."""
    context.register(service)
    queue = service.components.scheduler.queue
    worker = SimpleWorker([queue], connection=queue.connection)
    ran = 0
    while worker.work(burst=True, max_jobs=1, logging_level="WARNING"):
        ran += 1
    return ran


def test_games_spread_over_both_instances_and_each_decides_its_own(
    connection: fakeredis.FakeRedis, clock: FakeClock
) -> None:
    services = two_instances(connection, clock)
    scheduler = services[0].components.scheduler
    games = [new_game(services[0])[0] for _ in range(12)]
    for service in services:
        drain_instance(service)
    on = collections.Counter(rq_index(game_id, 2) for game_id in games)
    assert on[0] and on[1], on

    for game_id in games:
        submit_first_legal(services[0], game_id, "c1")
    queued = [{job.args[0] for job in instance.queue.jobs} for instance in scheduler.instances]
    assert all(rq_index(game_id, 2) == index for index, ids in enumerate(queued) for game_id in ids)

    drain_instance(services[0])
    outcomes = {game_id: services[0].outcome(game_id, "c1") for game_id in games}
    assert {game_id for game_id, found in outcomes.items() if found is None} == {
        game_id for game_id in games if rq_index(game_id, 2) == 1
    }, "instance 1's games wait for instance 1's worker"

    drain_instance(services[1])
    assert all(services[0].outcome(game_id, "c1") is not None for game_id in games)


def test_a_job_with_no_game_goes_to_the_first(connection: fakeredis.FakeRedis, clock: FakeClock) -> None:
    services = two_instances(connection, clock)
    scheduler = services[1].components.scheduler
    assert scheduler.archive_games(clock())
    assert [instance.queue.count for instance in scheduler.instances] == [1, 0]


def test_the_doctor_and_the_health_report_each_instance(
    connection: fakeredis.FakeRedis, clock: FakeClock
) -> None:
    services = two_instances(connection, clock)
    games = [new_game(services[0])[0] for _ in range(8)]
    drain_instance(services[0])
    findings = Doctor(services[0]).examine(clock())
    figures = {found.index: found for found in findings.rq}
    assert set(figures) == {0, 1} and figures[1].queued > 0 and figures[0].queued == 0
    assert [found.index for found in findings.stalled] == [1], (
        "jobs wait on instance 1 and no worker serves it"
    )
    assert not findings.healthy

    health = check_health(services[0].components, connection.ping, clock())
    assert [found.index for found in health.rq] == [0, 1] and "rq_worker" in health.missing
    drain_instance(services[1])
    assert all(services[0].meta(game_id).status == "running" for game_id in games)
    assert Doctor(services[0]).examine(clock()).stalled == []
