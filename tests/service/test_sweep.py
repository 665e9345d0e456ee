"""The due index and the sweep on fakeredis: a game is due exactly while work waits on no player, the index
is never later than the work (whatever order two writers interleave in), and the sweep does the due work of
a game whose job RQ lost, at a cost that follows the games due."""

from __future__ import annotations

import fakeredis
import pytest
from rq.job import Job

from services import keys
from services.game_service import GameService
from services.processing.sweep import grace, last_sweep, period
from services.processing.upkeep import Upkeep
from services.store.lua_scripts import source
from services.store.records import CommandRecord, now_iso
from tests.support.harness import FakeClock, drain, make_service, new_game, sweep_later


def test_a_game_is_due_while_a_command_waits_and_not_while_only_a_player_may_act(
    service: GameService, clock: FakeClock
) -> None:
    game_id, _ = new_game(service)
    drain(service)
    assert service.components.due.score(game_id) is None, "both players must act and moves have no timeout"
    service.submit(game_id, 0, service.legal_commands(game_id, 0)[0], "c0", None)
    assert service.components.due.score(game_id) == clock.now
    drain(service)
    assert service.components.due.score(game_id) is None


def test_a_bot_to_move_is_due_at_once_a_deadline_when_it_runs_out_and_a_finished_game_never(
    connection: fakeredis.FakeRedis, clock: FakeClock
) -> None:
    service = make_service(connection, clock, move_timeout=600.0)
    meta = service.create_game("toy", 2, {"hand": 1})
    service.join(meta.id, "Ann", seat=0)
    service.start(meta.id, fill_with_bots=True)
    game_id = meta.id
    drain(service, due_scheduled=False)
    assert service.your_turn(game_id, 0).your_turn
    assert service.components.due.score(game_id) == clock.now + 450.0, "the bot moved; Ann's reminder is due"
    clock.advance(455.0)
    service.sweep.run()
    assert service.components.due.score(game_id) == clock.now + 145.0, "reminded; Ann's deadline is due next"
    service.submit(game_id, 0, service.legal_commands(game_id, 0)[0], "last", None)
    drain(service, due_scheduled=False)
    assert service.meta(game_id).status == "over"
    assert service.components.due.score(game_id) is None


def test_a_command_arriving_while_a_worker_settles_keeps_its_game_due(service: GameService) -> None:
    game_id, _ = new_game(service)
    drain(service)
    settled_at = service.components.store.head(game_id)
    service.components.inbox.submit(game_id, command_record(service, game_id, "late"))  # not marked due yet
    service.components.due.record(game_id, None, settled_at, service.settings.clock())
    assert service.components.due.score(game_id) is not None, "the settle ran after the command was appended"


def test_a_settle_at_a_head_another_worker_already_passed_marks_the_game_due(service: GameService) -> None:
    game_id, _ = new_game(service)
    drain(service)
    stale = service.components.store.head(game_id)
    service.submit(game_id, 0, service.legal_commands(game_id, 0)[0], "c0", None)
    drain(service)
    assert service.components.due.score(game_id) is None
    service.components.due.record(game_id, None, stale, service.settings.clock())
    assert service.components.due.score(game_id) is not None, "a stale settle must not have the last word"


class Killed(BaseException):
    """The process dies here (SIGKILL): nothing after this point runs."""


def test_a_process_killed_while_it_loads_the_projection_script_leaves_its_game_due(
    clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    server = fakeredis.FakeServer()
    connection = fakeredis.FakeRedis(server=server)
    service = make_service(connection, clock)
    game_id, _ = new_game(service)
    drain(service)
    service.sweep.run()  # the due index is in use on this store (no filling it from the running games)
    service.submit(game_id, 0, service.legal_commands(game_id, 0)[0], "c0", None)  # its job is lost
    connection.script_flush()  # the store restored by a new process knows no script but those loaded since
    for name in ("append", "submit", "ready_game", "take_ready_game", "meta_head"):
        connection.script_load(source(name))
    restarted = make_service(fakeredis.FakeRedis(server=server), clock)

    def killed(*args: object, **kwargs: object) -> None:
        raise Killed

    with monkeypatch.context() as patched, pytest.raises(Killed):
        patched.setattr(fakeredis.FakeRedis, "script_load", killed)
        restarted.processor.process_game(game_id)  # decided and appended; killed settling it
    head = restarted.components.store.head(game_id)
    restarted.sweep.run(nothing_in_flight=True)  # the first sweep of the process started after that
    assert restarted.view(game_id, None).version == head.version


def test_a_store_restored_without_its_jobs_forgets_the_decision_jobs_it_counted(
    service: GameService, connection: fakeredis.FakeRedis
) -> None:
    game_id, _ = new_game(service)
    drain(service)
    # as saved in the data file at a kill: two decision jobs counted, whose RQ jobs
    # were not kept, and a game noted for them
    connection.zadd(keys.decision_job_leases(), {"lost-job": 1e15, "another-lost-job": 1e15})
    connection.rpush(keys.ready_games(), "a-game-whose-job-was-lost")

    service.sweep.run(nothing_in_flight=True)  # the first sweep of the process that restored the store
    service.submit(game_id, 0, service.legal_commands(game_id, 0)[0], "c1", None)

    assert service.components.scheduler.queue.count == 1, "the command must not wait for the next sweep"
    assert connection.lrange(keys.ready_games(), 0, -1) == [game_id.encode()]


def command_record(service: GameService, game_id: str, command_id: str) -> CommandRecord:
    return CommandRecord(
        command_id=command_id,
        seat=0,
        actor=0,
        command=service.legal_commands(game_id, 0)[0],
        expected_version=None,
        at=now_iso(service.settings.clock),
    )


def test_the_sweep_decides_a_command_whose_job_sits_in_rqs_intermediate_list(
    service: GameService, clock: FakeClock
) -> None:
    game_id, _ = new_game(service)
    drain(service)
    service.submit(game_id, 0, service.legal_commands(game_id, 0)[0], "c0", None)
    queue = service.components.scheduler.queue
    job_id = queue.connection.lmove(queue.key, f"{queue.key}:intermediate", "LEFT", "RIGHT")
    assert job_id is not None and queue.count == 0
    assert Job.fetch(job_id.decode(), connection=queue.connection).get_status() == "queued", (
        "RQ still says so"
    )
    assert service.outcome(game_id, "c0") is None

    clock.advance(grace(service.settings.sweep_interval) / 2)
    assert service.sweep.run().repaired == 0, "a command due for less than the grace is presumed in flight"
    report = sweep_later(service, clock)
    assert (report.due, report.repaired) == (1, 1)
    outcome = service.outcome(game_id, "c0")
    assert outcome is not None and outcome.status == "accepted"
    assert service.components.projections.version(game_id) == service.components.store.head(game_id).version


def test_the_sweep_plays_a_bots_move_whose_job_was_lost(
    connection: fakeredis.FakeRedis, clock: FakeClock
) -> None:
    service = make_service(connection, clock)
    meta = service.create_game("toy", 2, {"hand": 2})
    service.start(meta.id, fill_with_bots=True)
    queue = service.components.scheduler.queue
    queue.empty()
    version = service.components.store.head(meta.id).version
    report = sweep_later(service, clock)
    assert (report.due, report.repaired) == (1, 1)
    assert service.components.store.head(meta.id).version > version
    assert {r.actor for r in service.components.store.read(meta.id) if r.type == "toy.card_played"} == {0, 1}


def test_the_sweep_times_out_a_seat_whose_deadline_job_was_lost(
    connection: fakeredis.FakeRedis, clock: FakeClock
) -> None:
    service = make_service(connection, clock, move_timeout=60.0)
    game_id, _ = new_game(service)
    drain(service, due_scheduled=False)
    scheduled = service.components.scheduler.queue.scheduled_job_registry
    for job_id in scheduled.get_job_ids():
        scheduled.remove(job_id, delete_job=True)
    clock.advance(61)
    sweep_later(service, clock)
    played = [r for r in service.components.store.read(game_id) if r.type == "toy.card_played"]
    assert sorted(r.actor for r in played) == ["timeout", "timeout"]


def test_a_sweep_looks_only_at_the_games_due(connection: fakeredis.FakeRedis, clock: FakeClock) -> None:
    service = make_service(connection, clock)
    idle = [new_game(service)[0] for _ in range(30)]
    drain(service)
    sweep_later(service, clock)  # the first sweep on a store enters every running game once,
    sweep_later(service, clock)  # the next finds nothing to do in them
    stalled, _ = new_game(service)
    service.components.scheduler.queue.empty()
    report = sweep_later(service, clock)
    assert (report.due, report.repaired) == (1, 1)
    assert service.view(stalled, 0).version > 0 and len(idle) == 30


def test_a_game_that_fails_to_repair_waits_for_the_next_sweep_without_holding_up_the_others(
    service: GameService, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    broken, _ = new_game(service)
    fine, _ = new_game(service)
    service.components.scheduler.queue.empty()
    real_repair = service.sweep.repair

    def repair(game_id: str) -> bool:
        if game_id == broken:
            raise ZeroDivisionError("a bug")
        return real_repair(game_id)

    monkeypatch.setattr(service.sweep, "repair", repair)
    report = sweep_later(service, clock)
    assert (report.due, report.repaired) == (2, 1)
    assert service.components.due.score(broken) == clock.now + service.settings.sweep_interval
    assert service.view(fine, 0).version > 0


def test_each_sweep_is_recorded_with_running_totals(service: GameService, clock: FakeClock) -> None:
    assert last_sweep(service.components.redis) is None
    new_game(service)
    service.components.scheduler.queue.empty()
    sweep_later(service, clock)
    sweep_later(service, clock)
    recorded = last_sweep(service.components.redis)
    assert recorded is not None
    assert (recorded.runs, recorded.repaired, recorded.last.at, recorded.last.repaired) == (
        2,
        1,
        clock.now,
        0,
    )


def test_one_worker_of_many_sweeps_per_period_and_another_takes_over_when_it_expires(
    service: GameService,
) -> None:
    first = Upkeep(service.components, service.sweep, "first")
    second = Upkeep(service.components, service.sweep, "second")
    assert first.run() is not None
    assert second.run() is None
    lock_ms = service.components.redis.pttl(keys.sweep_lock())
    assert 0 < lock_ms <= period(service.settings.sweep_interval) * 1000
    service.components.redis.delete(keys.sweep_lock())  # as when its time runs out
    report = second.run()
    assert report is not None and report.worker == "second"
    assert set(service.components.heartbeats.alive(service.settings.clock())) == {"first", "second"}
