"""``papyrus doctor`` on fakeredis: what it finds (stuck games, failed jobs, dead workers, orphan keys) and
that its repairs leave a store with nothing to report and the stuck games played on."""

from __future__ import annotations

from rq import SimpleWorker

from services import keys
from services.game_service import GameService
from services.operations.doctor import Doctor
from services.store.heartbeats import ALIVE_SECONDS
from tests.support.harness import FakeClock, drain, new_game


def test_doctor_finds_each_kind_of_trouble_and_its_repairs_leave_nothing(
    service: GameService, clock: FakeClock
) -> None:
    lost, _ = new_game(service)
    drain(service)
    service.submit(lost, 0, service.legal_commands(lost, 0)[0], "c0", None)
    service.components.scheduler.queue.empty()
    service.components.due.drop(lost)  # as if the index write had been lost too
    overdue, _ = new_game(service)
    service.components.scheduler.queue.empty()
    clock.advance(2 * service.settings.sweep_interval)
    failing = service.components.scheduler.queue.enqueue("workers.jobs.process_game", "no-such-game")
    SimpleWorker([service.components.scheduler.queue], connection=service.components.redis).work(
        burst=True, logging_level="CRITICAL"
    )
    service.components.heartbeats.beat("long-gone", clock.now - ALIVE_SECONDS - 1)
    service.components.redis.set(keys.process_queued("vanished"), "x")

    doctor = Doctor(service)
    found = doctor.examine(clock.now)
    assert {(game.game_id, game.reason.split(",")[0]) for game in found.stuck_games} == {
        (lost, "a command undecided"),
        (overdue, f"due for {2 * service.settings.sweep_interval:.0f} s"),
    }
    assert [(job.job_id, job.game_id) for job in found.failed_jobs] == [(failing.id, "no-such-game")]
    assert "long-gone" in {worker.name for worker in found.dead_workers}
    assert found.orphan_keys == [keys.process_queued("vanished")]

    done = doctor.repair(found, clock.now)
    assert f"game {lost}: moved on; due index updated" in done
    assert f"failed job {failing.id} (workers.jobs.process_game) deleted" in done
    assert f"orphan key {keys.process_queued('vanished')} deleted" in done
    outcome = service.outcome(lost, "c0")
    assert outcome is not None and outcome.status == "accepted"
    assert service.view(overdue, 0).view["hand"], "the overdue game's cards were dealt"
    assert doctor.examine(clock.now).healthy


def test_doctor_finds_nothing_in_a_store_where_games_wait_only_on_players(
    service: GameService, clock: FakeClock
) -> None:
    for _ in range(3):
        new_game(service)
    drain(service)
    assert Doctor(service).examine(clock.now).healthy
