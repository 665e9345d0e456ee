"""How many decision jobs share the games waiting for a decision: one while it keeps up, one more for each
``decision_backlog`` games piled up, never more than ``decision_jobs``; of the jobs counted, only the last
waits for the next game, the others end as soon as they find none."""

from __future__ import annotations

import pytest

from services import keys
from services.game_service import GameService
from services.processing.ready_games import NextGame, ReadyGames, Taken, decide_ready_games
from services.processing.upkeep import Upkeep
from tests.integration.processes import wait_until
from tests.service.test_cheaper_commands import submit_first_legal
from tests.support.harness import drain, new_game


def jobs_counted(service: GameService) -> int:
    return service.components.scheduler.ready.counted()


def leased(service: GameService, *job_ids: str) -> None:
    """Decision jobs counted, with leases that run out long after the test."""
    service.components.redis.zadd(keys.decision_job_leases(), dict.fromkeys(job_ids, 1e15))


def test_more_jobs_are_queued_only_as_games_pile_up_and_never_past_the_limit(service: GameService) -> None:
    games = [new_game(service)[0] for _ in range(8)]
    drain(service)
    scheduler = service.components.scheduler
    scheduler.ready = scheduler.home.ready = ReadyGames(scheduler.queue.connection, max_jobs=3, backlog=2)

    queued = []
    for game_id in games:
        submit_first_legal(service, game_id, "c1")
        queued.append(scheduler.queue.count)

    assert queued == [1, 1, 2, 2, 3, 3, 3, 3], "one more job past 2 games waiting per job, at most 3"
    assert jobs_counted(service) == 3
    drain(service)
    assert [service.outcome(game_id, "c1") is not None for game_id in games] == [True] * len(games)
    assert jobs_counted(service) == 0, "every job stopped counting once it found no game left"


def test_of_the_jobs_counted_only_the_last_may_wait_for_the_next_game(service: GameService) -> None:
    ready = service.components.scheduler.ready
    leased(service, "first", "last")

    assert ready.take("first", keep_counting=True) == Taken(None, counting=False), "another job counts"
    assert jobs_counted(service) == 1
    assert ready.take("last", keep_counting=True) == Taken(None, counting=True), "the last job counting waits"
    assert jobs_counted(service) == 1
    assert ready.take("last") == Taken(None, counting=False)
    assert jobs_counted(service) == 0


@pytest.mark.parametrize("take_ahead", [False, True])
def test_a_job_that_finds_no_game_left_while_another_counts_ends_without_waiting(
    service: GameService, monkeypatch: pytest.MonkeyPatch, take_ahead: bool
) -> None:
    ready = service.components.scheduler.ready
    leased(service, "this-job", "another-job")
    ready.note("first", "unneeded")
    ready.note("second", "unneeded")
    waits: list[float] = []
    monkeypatch.setattr(ReadyGames, "wait", lambda self, timeout: waits.append(timeout))
    decided: list[str] = []

    def decide(game_id: str, ahead: NextGame | None, only_if_queued: bool = True) -> int:
        decided.append(game_id)
        if ahead is not None:
            pipe = service.components.redis.pipeline(transaction=False)
            for script in ahead.queue(pipe):
                service.components.redis.script_load(script.script)
            ahead.taken(pipe.execute()[0])
        return 1

    assert decide_ready_games(ready, "this-job", decide, lambda: None, linger=0.2, take_ahead=take_ahead) == 2
    assert decided == ["first", "second"]
    assert waits == [], "the other job counting waits for the next game; this one ended"
    assert jobs_counted(service) == 1


def test_a_job_lost_with_its_worker_stops_counting_when_its_lease_runs_out_and_the_upkeep_replaces_it(
    service: GameService,
) -> None:
    scheduler = service.components.scheduler
    scheduler.ready = scheduler.home.ready = ReadyGames(scheduler.queue.connection, lease=0.2)
    first, second = (new_game(service)[0] for _ in range(2))
    drain(service)
    submit_first_legal(service, first, "c1")
    scheduler.queue.empty()  # its decision job is lost: its worker was killed
    submit_first_legal(service, second, "c1")
    assert scheduler.queue.count == 0, "the lost job still counts for a moment"
    wait_until(lambda: jobs_counted(service) == 0, 5.0, "the lost job's lease to run out")

    Upkeep(service.components, service.sweep, "a-live-worker").run()

    assert scheduler.queue.count == 1, "one job for the games left waiting"
    drain(service)
    assert service.outcome(first, "c1") is not None and service.outcome(second, "c1") is not None


def test_the_game_a_lost_job_was_deciding_is_noted_again_when_its_lease_runs_out_and_decided(
    service: GameService,
) -> None:
    scheduler = service.components.scheduler
    scheduler.ready = scheduler.home.ready = ReadyGames(scheduler.queue.connection, lease=0.2)
    game_id = new_game(service)[0]
    drain(service)
    submit_first_legal(service, game_id, "c1")
    scheduler.queue.empty()  # its job started (the flag cleared, as a job's first read does), then was lost
    service.components.redis.delete(keys.process_queued(game_id))
    wait_until(lambda: jobs_counted(service) == 0, 5.0, "the lost job's lease to run out")

    Upkeep(service.components, service.sweep, "a-live-worker").run()

    assert scheduler.queue.count == 1, "one job for the game the lost one held"
    drain(service)
    assert service.outcome(game_id, "c1") is not None, "decided though its flag was cleared"
    assert not service.components.redis.exists(keys.decision_job_holds()), "the job that ended holds nothing"
