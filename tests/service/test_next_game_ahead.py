"""Where RQ shares the store's Redis, a decision job takes its next waiting game in the round trip that
settles the game before it (``NextGame``), instead of a round trip of its own: every game still decided,
none lost when one fails, the job's count ended when the list is empty, and no game taken past the job's
budget."""

from __future__ import annotations

import fakeredis
import pytest

from services import keys
from services.game_service import GameService
from services.processing import game_processor, ready_games
from services.processing.game_in_job import GameInJob
from services.processing.ready_games import ReadyGames, Taken
from tests.service.test_cheaper_commands import run_one_job, submit_first_legal
from tests.support.harness import FakeClock, drain, make_service, new_game

GAMES = 5


def takes_of_their_own(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Each call of :meth:`ReadyGames.take`, the round trip of its own (its ``keep_counting``)."""
    calls: list[bool] = []
    real_take = ReadyGames.take

    def take(self: ReadyGames, job_id: str, keep_counting: bool = False) -> Taken:
        calls.append(keep_counting)
        return real_take(self, job_id, keep_counting)

    monkeypatch.setattr(ReadyGames, "take", take)
    return calls


def waiting_games(service: GameService) -> list[str]:
    """``GAMES`` games, each with a command waiting for one decision job."""
    games = [new_game(service)[0] for _ in range(GAMES)]
    drain(service)
    for game_id in games:
        submit_first_legal(service, game_id, "c1")
    return games


def decided(service: GameService, games: list[str]) -> list[str]:
    found = [(game_id, service.outcome(game_id, "c1")) for game_id in games]
    return [game_id for game_id, outcome in found if outcome is not None and outcome.status == "accepted"]


def test_one_job_decides_every_waiting_game_taking_each_in_the_settle_before_it(
    service: GameService, connection: fakeredis.FakeRedis, monkeypatch: pytest.MonkeyPatch
) -> None:
    games = waiting_games(service)
    own_takes = takes_of_their_own(monkeypatch)

    run_one_job(service)

    assert decided(service, games) == games
    # the list's first game is the job's own (noted when its command came, decided already): the next one is
    # taken in a round trip of its own, every one after that in the settle of the one before
    assert own_takes == [False, False]
    assert connection.llen(keys.ready_games()) == 0
    assert service.components.scheduler.ready.counted() == 0, "the one job queued gave up its lease"
    assert service.components.scheduler.queue.count == 0


def test_a_game_that_fails_after_its_settle_took_the_next_one_loses_no_game(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    games = waiting_games(service)
    failing = games[1]
    real_flush = game_processor.GameProcessor.flush_notifications

    def fail_once(self: game_processor.GameProcessor, job: GameInJob) -> None:
        if job.id == failing:
            raise ValueError("a bug after the settle")
        real_flush(self, job)

    monkeypatch.setattr(game_processor.GameProcessor, "flush_notifications", fail_once)
    run_one_job(service)

    assert decided(service, games) == games, "the game taken ahead by the failing one's settle was decided"


def test_the_last_game_of_a_jobs_budget_takes_none_ahead(
    service: GameService, connection: fakeredis.FakeRedis, monkeypatch: pytest.MonkeyPatch
) -> None:
    games = waiting_games(service)
    monkeypatch.setattr(ready_games, "JOB_BUDGET", 2)

    run_one_job(service)

    assert decided(service, games) == games[:2], "its own game (taken off the list too), then one more"
    assert connection.lrange(keys.ready_games(), 0, -1) == [game_id.encode() for game_id in games[2:]]
    drain(service)
    assert decided(service, games) == games


def test_with_rq_on_a_redis_of_its_own_each_game_is_taken_in_a_round_trip_of_its_own(
    connection: fakeredis.FakeRedis, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    rq = fakeredis.FakeRedis(server=fakeredis.FakeServer())
    service = make_service(connection, clock, rq_connection=rq)
    games = waiting_games(service)
    own_takes = takes_of_their_own(monkeypatch)

    run_one_job(service)

    assert decided(service, games) == games
    assert len(own_takes) == GAMES + 1, "each game of the list (the job's own too), and the empty list"
