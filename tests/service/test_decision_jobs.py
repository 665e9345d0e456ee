"""How many decision jobs share the games waiting for a decision: one while it keeps up, one more for each
``decision_backlog`` games piled up, never more than ``decision_jobs``; of the jobs counted, only the last
waits for the next game, the others end as soon as they find none."""

from __future__ import annotations

import pytest

from services import keys
from services.game_service import GameService
from services.processing.ready_games import NextGame, ReadyGames, Taken, decide_ready_games
from tests.service.test_cheaper_commands import submit_first_legal
from tests.support.harness import drain, new_game


def jobs_counted(service: GameService) -> int:
    return int(service.parts.redis.get(keys.decision_jobs_queued()) or 0)


def test_more_jobs_are_queued_only_as_games_pile_up_and_never_past_the_limit(service: GameService) -> None:
    games = [new_game(service)[0] for _ in range(8)]
    drain(service)
    scheduler = service.parts.scheduler
    scheduler.ready = ReadyGames(scheduler.queue.connection, max_jobs=3, backlog=2)

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
    ready = service.parts.scheduler.ready
    service.parts.redis.set(keys.decision_jobs_queued(), 2)

    assert ready.take(keep_counting=True) == Taken(None, counting=False), "another job counts: this one ends"
    assert jobs_counted(service) == 1
    assert ready.take(keep_counting=True) == Taken(None, counting=True), "the last job counting waits"
    assert jobs_counted(service) == 1
    assert ready.take() == Taken(None, counting=False)
    assert jobs_counted(service) == 0


@pytest.mark.parametrize("take_ahead", [False, True])
def test_a_job_that_finds_no_game_left_while_another_counts_ends_without_waiting(
    service: GameService, monkeypatch: pytest.MonkeyPatch, take_ahead: bool
) -> None:
    ready = service.parts.scheduler.ready
    ready.note("first")
    ready.note("second")
    service.parts.redis.set(keys.decision_jobs_queued(), 2)
    waits: list[float] = []
    monkeypatch.setattr(ReadyGames, "wait", lambda self, timeout: waits.append(timeout))
    decided: list[str] = []

    def decide(game_id: str, ahead: NextGame | None) -> int:
        decided.append(game_id)
        if ahead is not None:
            pipe = service.parts.redis.pipeline(transaction=False)
            for script in ahead.queue(pipe):
                service.parts.redis.script_load(script.script)
            ahead.taken(pipe.execute()[0])
        return 1

    assert decide_ready_games(ready, decide, lambda: None, linger=0.2, take_ahead=take_ahead) == 2
    assert decided == ["first", "second"]
    assert waits == [], "the other job counting waits for the next game; this one ended"
    assert jobs_counted(service) == 1
