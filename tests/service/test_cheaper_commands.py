"""Cheaper commands: decision jobs shared by the games waiting for one, seat views and legal
commands built on read from the projected state, the outcome carried by the decided stream's entry."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
from rq import SimpleWorker
from rq.timeouts import JobTimeoutException

from domain.registry import get_game
from services import keys
from services.game_service import GameService
from services.observability.service_probe import StoreProbe
from services.processing.game_processor import GameProcessor
from services.processing.job_start import READ_AHEAD
from services.processing.ready_games import NextGame, ReadyGames, decide_ready_games
from services.read_side.projections import GameAtVersion, Projections, encoded_body, seat_name, view_body
from services.store.command_inbox import decided_in, pending_among
from services.store.layout import encode_command, encode_outcome
from services.store.records import CommandRecord, OutcomeRecord
from tests.support.harness import drain, new_game


def submit_first_legal(service: GameService, game_id: str, command_id: str) -> None:
    seat = service.view(game_id, None).to_act[0]
    service.submit(game_id, seat, service.legal_commands(game_id, seat)[0], command_id, None)


def run_one_job(service: GameService) -> None:
    queue = service.components.scheduler.queue
    SimpleWorker([queue], connection=queue.connection).work(burst=True, max_jobs=1, logging_level="ERROR")


def projected_games(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The ids of the games projected from now on, in order."""
    written: list[str] = []
    real_write = Projections.write

    def counted(self: Projections, at: GameAtVersion, *args: Any, **kwargs: Any) -> bool:
        written.append(at.game_id)
        return real_write(self, at, *args, **kwargs)

    monkeypatch.setattr(Projections, "write", counted)
    return written


def test_one_job_decides_the_commands_of_every_game_waiting_for_a_decision(service: GameService) -> None:
    games = [new_game(service)[0] for _ in range(4)]
    drain(service)
    for game_id in games:
        submit_first_legal(service, game_id, "c1")
    assert service.components.scheduler.queue.count == 1, "one job for every game waiting"

    run_one_job(service)

    outcomes = [service.outcome(game_id, "c1") for game_id in games]
    assert [outcome.status if outcome else None for outcome in outcomes] == ["accepted"] * len(games)
    drain(service)
    assert [service.view(game_id, None).version for game_id in games] == [
        service.components.store.head(game_id).version for game_id in games
    ]


def test_a_waiting_game_decided_meanwhile_is_not_decided_again(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, second, swept = (new_game(service)[0] for _ in range(3))
    drain(service)
    for game_id in (first, second, swept):
        submit_first_legal(service, game_id, "c1")
    service.processor.process_game(swept)  # as the sweep does: decided outside any job
    written = projected_games(monkeypatch)

    run_one_job(service)  # the job queued for ``first``: then ``second`` waits, ``swept`` no longer

    assert written == [first, second]
    assert service.outcome(swept, "c1") is not None


def test_a_running_games_views_are_built_on_read_and_match_the_log(service: GameService) -> None:
    game_id, _ = new_game(service, seats=3, hand=3)
    drain(service)
    submit_first_legal(service, game_id, "c1")
    drain(service)
    game = get_game("toy")
    _, state = service.components.shared_states.load(game, game_id)
    version = service.components.store.head(game_id).version

    for seat in range(3):
        assert not service.components.redis.exists(keys.projection(game_id, seat_name(seat)))
        shown = service.view(game_id, seat)
        expected = view_body(game, state, seat, version)
        assert (shown.version, shown.view) == (version, expected.view)
    assert service.view(game_id, 0).view["hand"] != service.view(game_id, 1).view["hand"]
    assert not service.components.redis.exists(keys.projection(game_id, "public")), "no view body is written"
    spectator = service.view(game_id, None)
    expected = view_body(game, state, None, version)
    assert (spectator.version, spectator.to_act, spectator.view) == (version, expected.to_act, expected.view)
    assert spectator.view["hand"] is None, "the spectator sees no hand"


@pytest.mark.parametrize("seats", [3, 2])
def test_a_seat_view_built_on_read_is_the_body_a_written_view_had_with_the_tables_state(
    service: GameService, seats: int
) -> None:
    game_id, _ = new_game(service, seats=seats, hand=3)
    drain(service)
    service.submit(game_id, 1, {"type": "papyrus.resign"}, "give-up", None)  # with 2 seats: the game ends
    drain(service)
    meta = service.meta(game_id)
    assert meta.table.resigned_seats() == {1}
    game = get_game("toy")
    _, state = service.components.shared_states.load(game, game_id)
    version = service.components.store.head(game_id).version

    for seat in range(seats):
        shown = msgspec.to_builtins(service.view(game_id, seat))
        written = msgspec.json.decode(encoded_body(game, state, seat, version, meta.table))
        assert {name: shown[name] for name in written} == written
        assert "state" not in shown
    assert service.view(game_id, 0).status == ("over" if seats == 2 else "running")


def test_legal_commands_follow_the_log_when_the_projection_lags(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id, _ = new_game(service, seats=2, hand=3)
    drain(service)
    projected = service.components.projections.version(game_id)
    monkeypatch.setattr(Projections, "write", lambda *args, **kwargs: False)
    service.submit(game_id, 0, service.legal_commands(game_id, 0)[0], "c1", None)
    drain(service)
    assert (
        service.components.store.head(game_id).version
        > projected
        == service.components.projections.version(game_id)
    )

    assert service.legal_commands(game_id, 0) == [], "seat 0 has played this round"
    assert service.legal_commands(game_id, 1) != []


def test_a_waiter_reads_its_outcome_from_the_decided_entry_and_only_its_own() -> None:
    outcome = OutcomeRecord(command_id="0.c1", seat=0, status="accepted", version=7, at="2027-01-01T00:00Z")
    entries = [(b"1-0", {b"c": b"1.c9", b"o": encode_outcome(outcome)})]
    assert decided_in(entries, "0.c1") is None
    entries.append((b"2-0", {b"c": b"0.c1", b"o": encode_outcome(outcome)}))
    found = decided_in(entries, "0.c1")
    assert found is not None and (found.outcome.status, found.outcome.version) == ("accepted", 7)
    assert found.records() is None, "an entry written before entries carried records"
    assert decided_in([(b"3-0", {b"c": b"0.c1"})], "0.c1") is None, "an entry without an outcome"


def test_the_decided_entry_carries_the_commands_records_as_the_log_holds_them(service: GameService) -> None:
    game_id, _ = new_game(service, seats=2, hand=3)
    drain(service)
    cursor = "0-0"
    for turn in range(4):
        seat = service.view(game_id, 0).to_act[0]
        service.submit(game_id, seat, service.legal_commands(game_id, seat)[0], f"c{turn}", None)
        drain(service)
        entries = service.components.redis.xrange(keys.decided(game_id), f"({cursor}", "+")
        cursor = entries[-1][0].decode()
        found = decided_in(entries, f"c{turn}")
        assert found is not None and found.outcome.status == "accepted"
        logged = service.components.store.read(
            game_id, after=found.outcome.first_seq - 1, upto=found.outcome.last_seq
        )
        assert found.records() == logged != []


def test_commands_are_queued_and_projected_after_redis_forgot_its_scripts(service: GameService) -> None:
    game_id, _ = new_game(service)
    drain(service)
    service.components.redis.script_flush()  # as after a restart: the pipelined EVALSHAs meet NOSCRIPT
    submit_first_legal(service, game_id, "c1")
    service.components.redis.script_flush()
    drain(service)
    outcome = service.outcome(game_id, "c1")
    assert outcome is not None and outcome.status == "accepted"
    assert service.view(game_id, None).version == service.components.store.head(game_id).version


def test_a_running_decision_job_takes_the_games_noted_while_it_runs(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, second, *later = (new_game(service)[0] for _ in range(4))
    drain(service)
    submit_first_legal(service, first, "c1")
    submit_first_legal(service, second, "c1")
    queue = service.components.scheduler.queue
    queued_meanwhile: list[int] = []
    real_write = Projections.write

    def submit_while_running(self: Projections, at: GameAtVersion, *args: Any, **kwargs: Any) -> bool:
        if at.game_id == second and not queued_meanwhile:  # taken off the list by the running job
            for other in later:
                submit_first_legal(service, other, "c1")
            queued_meanwhile.append(queue.count)
        return real_write(self, at, *args, **kwargs)

    monkeypatch.setattr(Projections, "write", submit_while_running)
    run_one_job(service)  # the job queued for ``first``, while the one for ``second`` waits

    assert queued_meanwhile == [0], "the running job takes the games noted meanwhile: no job is queued"
    assert all(service.outcome(game_id, "c1") is not None for game_id in (first, second, *later))


def test_the_queue_depth_counts_the_games_waiting_for_a_decision_job(service: GameService) -> None:
    games = [new_game(service)[0] for _ in range(5)]
    drain(service)
    for game_id in games:
        submit_first_legal(service, game_id, "c1")
    queue = service.components.scheduler.queue
    assert queue.count == 1
    assert StoreProbe(service.components).queue_depth() == 1 + len(games)
    drain(service)
    assert StoreProbe(service.components).queue_depth() == 0


def test_a_game_that_fails_is_left_to_the_sweep_but_a_job_timeout_ends_the_job(service: GameService) -> None:
    ready = service.components.scheduler.ready
    decided: list[str] = []

    def decide(game_id: str, ahead: NextGame | None, only_if_queued: bool = True) -> int:
        if game_id == "broken":
            raise ValueError("a bug in one game")
        if game_id == "slow":
            raise JobTimeoutException("the job ran out of time")
        decided.append(game_id)
        return 1

    for game_id in ("broken", "fine"):
        ready.note(game_id, "job")
    assert decide_ready_games(ready, "job", decide, lambda: None) == 1
    assert decided == ["fine"]
    for game_id in ("slow", "never"):
        ready.note(game_id, "job")
    with pytest.raises(JobTimeoutException):
        decide_ready_games(ready, "job", decide, lambda: None)
    assert decided == ["fine"]


def test_commands_decided_in_one_job_each_meet_the_automatic_steps_of_the_one_before(
    service: GameService,
) -> None:
    game_id, _ = new_game(service, seats=2, hand=3)
    drain(service)
    first, second, *_ = service.legal_commands(game_id, 0)
    service.submit(game_id, 0, first, "c1", None)
    service.submit(game_id, 1, service.legal_commands(game_id, 1)[0], "c2", None)  # ends the round
    service.submit(game_id, 0, second, "c3", None)  # next round: only once the round is scored
    assert service.components.scheduler.queue.count == 1, "all three wait for one job"

    drain(service)

    outcomes = [service.outcome(game_id, command_id) for command_id in ("c1", "c2", "c3")]
    assert [outcome.status if outcome else None for outcome in outcomes] == ["accepted"] * 3
    records = service.components.store.read(game_id)
    scored = next(r.seq for r in records if r.type == "toy.round_scored")
    assert min(r.seq for r in records if r.command_id == "c3") > scored


def test_a_job_that_finds_no_game_waiting_waits_briefly_and_decides_the_next_one(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, second = (new_game(service)[0] for _ in range(2))
    drain(service)
    monkeypatch.setattr(service.decisions, "linger", 0.2)
    submit_first_legal(service, first, "c1")
    waits: list[float] = []
    real_wait = ReadyGames.wait

    def submit_while_waiting(self: ReadyGames, timeout: float) -> str | None:
        if not waits:
            submit_first_legal(service, second, "c1")
        waits.append(timeout)
        return real_wait(self, timeout)

    monkeypatch.setattr(ReadyGames, "wait", submit_while_waiting)
    run_one_job(service)

    assert service.outcome(second, "c1") is not None, "the job that waited decided the game noted meanwhile"
    assert waits[0] == 0.2 and len(waits) == 2, "it waited again once, then found nothing and ended"
    drain(service)
    assert service.components.scheduler.ready.counted() == 0, "no job counts any more"


def test_with_no_linger_a_job_ends_as_soon_as_it_finds_no_game_waiting(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id, _ = new_game(service)
    drain(service)
    submit_first_legal(service, game_id, "c1")
    waited: list[float] = []
    monkeypatch.setattr(ReadyGames, "wait", lambda self, timeout: waited.append(timeout))
    run_one_job(service)
    assert service.outcome(game_id, "c1") is not None
    assert waited == []


def test_a_job_decides_its_own_game_again_when_a_command_came_after_it_decided_it(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id, _ = new_game(service)
    drain(service)
    submit_first_legal(service, game_id, "c1")
    real_process = GameProcessor.process_game
    ready = service.components.scheduler.ready

    def next_move_arrives_meanwhile(
        self: GameProcessor, game: str, only_if_queued: bool = False, ahead: NextGame | None = None
    ) -> int:
        decided = real_process(self, game, only_if_queued, ahead)
        if not service.components.inbox.is_known(game_id, "c2"):
            assert ready.take("another-job", keep_counting=True).game_id == game_id  # the note for c1, taken
            submit_first_legal(service, game_id, "c2")  # the game is noted again, for this command
        return decided

    monkeypatch.setattr(GameProcessor, "process_game", next_move_arrives_meanwhile)
    run_one_job(service)
    assert service.outcome(game_id, "c1") is not None
    assert service.outcome(game_id, "c2") is not None, "the job took its own game again and decided it"


def test_a_worker_reads_the_queued_commands_with_the_game_unless_more_may_be_queued() -> None:
    def entry(entry_id: str) -> tuple[bytes, dict[bytes, bytes]]:
        record = CommandRecord(
            command_id=f"c{entry_id}",
            seat=0,
            actor=0,
            command={},
            expected_version=None,
            at="2027-01-01T00:00Z",
        )
        return entry_id.encode(), {b"r": encode_command(record)}

    newest_first = [entry("9-0"), entry("8-1"), entry("8-0"), entry("7-0")]
    pending = pending_among(newest_first, "8-0", count=4)
    assert pending is not None and [entry_id for entry_id, _ in pending] == ["8-1", "9-0"]
    assert pending_among(newest_first, "0-0", count=4) is None, "older commands may be queued too"
    assert pending_among(newest_first, "0-0", count=10) is not None, "the whole stream was read"
    assert pending_among(newest_first, "9-0", count=4) == []


def test_a_worker_decides_every_queued_command_when_more_than_it_reads_ahead_are_queued(
    service: GameService,
) -> None:
    game_id, _ = new_game(service, seats=2, hand=3)
    drain(service)
    queued = [f"c{n}" for n in range(READ_AHEAD + 3)]
    for n, command_id in enumerate(queued):
        seat = n % 2
        service.submit(game_id, seat, service.legal_commands(game_id, seat)[0], command_id, None)
    assert service.processor.process_game(game_id) == len(queued)
    assert all(service.outcome(game_id, command_id) is not None for command_id in queued)
