"""Jobs on fakeredis: crashes recovered, lost jobs re-scheduled, late jobs harmless, races, timeouts."""

from __future__ import annotations

import copy
import threading
from typing import Any

import fakeredis
import pytest
from rq import SimpleWorker
from rq.job import Job, JobStatus

from domain import registry
from domain.engine import RuleViolation
from services import keys
from services.game_service import GameService
from services.processing.job_scheduler import advance_job_id
from services.read_side.projections import Projections
from services.settings import Settings
from services.store.event_store import EventStore, StaleVersion
from services.table.state_cache import fold_records
from tests.support.harness import FakeClock, clear_failures, drain, make_service, new_game, sweep_later
from workers import jobs
from workers.embedded import start_embedded_worker
from workers.worker import InProcessWorker


def records_of(service: GameService, game_id: str, command_id: str) -> int:
    return sum(1 for r in service.components.store.read(game_id) if r.command_id == command_id)


def test_a_worker_dying_after_the_append_leaves_a_game_the_next_sweep_completes(
    service: GameService, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id, _ = new_game(service)
    drain(service)
    card = service.legal_commands(game_id, 0)[0]
    real_write = Projections.write

    def killed(*args: object, **kwargs: object) -> bool:
        raise SystemError("worker killed between append and projection")

    monkeypatch.setattr(Projections, "write", killed)
    service.submit(game_id, 0, card, "c0", None)
    queue = service.components.scheduler.queue
    SimpleWorker([queue], connection=queue.connection).work(burst=True, logging_level="ERROR")
    assert "worker killed" in clear_failures(service)[0]
    head = service.components.store.head(game_id)
    assert records_of(service, game_id, "c0") == 1
    assert service.components.projections.version(game_id) < head.version
    assert service.view(game_id, 0).view["my_card"] is None

    monkeypatch.setattr(Projections, "write", real_write)
    assert sweep_later(service, clock).repaired == 1
    assert service.components.projections.version(game_id) == service.components.store.head(game_id).version
    assert service.view(game_id, 0).view["my_card"] == card["card"]
    assert records_of(service, game_id, "c0") == 1
    assert service.outcome(game_id, "c0") is not None


def test_the_sweep_runs_a_delayed_automatic_step_whose_job_was_lost_once_it_is_due(
    connection: fakeredis.FakeRedis, clock: FakeClock
) -> None:
    service = make_service(connection, clock, advance_delay=30.0)
    game_id, _ = new_game(service)
    version = service.components.store.head(game_id).version
    job_id = advance_job_id(game_id, version)
    assert service.components.scheduler.is_alive(job_id)
    service.components.scheduler.queue.scheduled_job_registry.remove(job_id, delete_job=True)
    assert not service.components.scheduler.is_alive(job_id)

    assert service.sweep.run().repaired == 0, "the step is not due before its delay"
    assert service.view(game_id, 0).view["hand"] is None
    clock.advance(30.0)
    report = sweep_later(service, clock)
    assert (report.due, report.repaired) == (1, 1)
    assert len(service.view(game_id, 0).view["hand"]) == 2


def test_a_late_or_duplicated_advance_job_changes_nothing(
    connection: fakeredis.FakeRedis, clock: FakeClock
) -> None:
    service = make_service(connection, clock, advance_delay=5.0)
    game_id, _ = new_game(service)
    drain(service)
    dealt = service.components.store.head(game_id).version
    assert jobs.advance_game(game_id, dealt - 1) is False
    for seat in (0, 1):
        service.submit(game_id, seat, service.legal_commands(game_id, seat)[0], f"c{seat}", None)
    jobs.process_game(game_id)
    round_over = service.components.store.head(game_id).version
    assert advance_job_id(game_id, round_over) in service.components.scheduler.queue.scheduled_job_registry
    assert jobs.advance_game(game_id, round_over) is True
    assert jobs.advance_game(game_id, round_over) is False
    assert jobs.advance_game(game_id, dealt) is False
    scored = [r for r in service.components.store.read(game_id) if r.type == "toy.round_scored"]
    assert len(scored) == 1
    drain(service)
    assert len([r for r in service.components.store.read(game_id) if r.type == "toy.round_scored"]) == 1


def test_without_an_advance_delay_the_command_job_runs_the_automatic_phases_that_follow(
    service: GameService,
) -> None:
    game_id, _ = new_game(service)
    drain(service)
    for seat in (0, 1):
        service.submit(game_id, seat, service.legal_commands(game_id, seat)[0], f"c{seat}", None)
    queue = service.components.scheduler.queue
    assert queue.count == 1
    SimpleWorker([queue], connection=queue.connection).work(burst=True, max_jobs=1, logging_level="ERROR")
    records = service.components.store.read(game_id)
    assert [r.type for r in records].count("toy.round_scored") == 1
    assert records[-1].actor == "system"
    assert queue.count == 0 and not queue.scheduled_job_registry.get_job_ids()
    view = service.view(game_id, 0)
    assert view.version == records[-1].seq and view.to_act and len(view.view["hand"]) == 1


def test_two_workers_racing_on_one_game_decide_each_command_once(
    connection: fakeredis.FakeRedis, clock: FakeClock
) -> None:
    first = make_service(connection, clock)
    second = GameService(connection, Settings(clock=clock, queue_name="papyrus-test"))
    game_id, _ = new_game(first)
    drain(first)
    for seat in (0, 1):
        first.submit(game_id, seat, first.legal_commands(game_id, seat)[0], f"c{seat}", None)
    real_load = first.components.states.load
    raced: list[int] = []

    def race_then_load(*args: object, **kwargs: object) -> object:
        # the first worker has read the game and its queued commands: the second decides them now
        if not raced:
            raced.append(second.processor.process_game(game_id))
        return real_load(*args, **kwargs)  # type: ignore[arg-type]

    first.components.states.load = race_then_load  # type: ignore[method-assign,assignment]
    assert first.processor.process_game(game_id) == 0
    assert raced == [2]
    assert [records_of(first, game_id, f"c{seat}") for seat in (0, 1)] == [1, 1]


def test_a_seat_that_runs_out_of_time_plays_the_timeout_command(
    connection: fakeredis.FakeRedis, clock: FakeClock
) -> None:
    service = make_service(connection, clock, move_timeout=3600.0)
    game_id, _ = new_game(service)
    drain(service, due_scheduled=False)
    while service.components.scheduler.queue.count or not service.your_turn(game_id, 0).your_turn:
        enqueue_advance_only(service)
    turn = service.your_turn(game_id, 0)
    assert turn.deadline == clock.now + 3600.0
    assert jobs.timeout_seat(game_id, 0) is False
    clock.advance(3601)
    hand = service.view(game_id, 0).view["hand"]
    assert jobs.timeout_seat(game_id, 0) is True
    drain(service, due_scheduled=False)
    played = [r for r in service.components.store.read(game_id) if r.type == "toy.card_played"]
    assert [(r.actor, r.data["card"]) for r in played] == [("timeout", min(hand))]
    assert service.your_turn(game_id, 0).your_turn is False
    assert jobs.timeout_seat(game_id, 0) is False
    assert service.your_turn(game_id, 1).deadline == clock.now - 3601 + 3600.0


def enqueue_advance_only(service: GameService) -> None:
    """Run due automatic phases but not the (far future) deadline jobs."""
    queue = service.components.scheduler.queue
    for job_id in queue.scheduled_job_registry.get_job_ids():
        if job_id.startswith("papyrus-advance-"):
            job = Job.fetch(job_id, connection=queue.connection)
            queue.scheduled_job_registry.remove(job_id)
            queue._enqueue_job(job)
    drain(service, due_scheduled=False)


def test_snapshots_are_a_cache_that_a_fresh_process_can_use_or_ignore(
    connection: fakeredis.FakeRedis, clock: FakeClock
) -> None:
    service = make_service(connection, clock, snapshot_every=3)
    game_id, _ = new_game(service, seats=3, hand=3)
    drain(service)
    game = service._game(game_id)[1]
    assert service.components.snapshots.load(game, game_id) is not None
    fresh = GameService(connection, Settings(clock=clock, queue_name="papyrus-test"))
    expected = fold_records(game, service.components.store.read(game_id), None)
    assert fresh.components.states.load(game, game_id)[1] == expected
    connection.hset(keys.snapshot(game_id), "state", b"garbage")
    again = GameService(connection, Settings(clock=clock, queue_name="papyrus-test"))
    assert again.components.states.load(game, game_id)[1] == expected


def test_the_embedded_worker_plays_a_game_against_a_bot(
    connection: fakeredis.FakeRedis, clock: FakeClock
) -> None:
    service = make_service(connection, clock)
    meta = service.create_game("toy", 2, {"hand": 3})
    service.join(meta.id, "Ann", seat=0)
    service.start(meta.id, fill_with_bots=True)
    worker = start_embedded_worker(service)
    try:
        version = 0
        for turn in range(3):
            assert wait_for_turn(service, meta.id, 0, version)
            card = service.legal_commands(meta.id, 0)[0]
            service.submit(meta.id, 0, card, f"t{turn}", None)
            outcome = service.wait_outcome(meta.id, f"t{turn}", timeout=30)
            assert outcome.status == "accepted"
            version = outcome.version
        assert wait_for_turn(service, meta.id, None, version)
    finally:
        worker.stop()
    assert service.meta(meta.id).status == "over"


def wait_for_turn(service: GameService, game_id: str, seat: int | None, after: int) -> bool:
    """Block until a projection at ``after`` or later says ``seat`` must act (None: the game is over)."""
    ready = threading.Event()
    for _ in range(600):
        turn = service.your_turn(game_id, 0)
        if turn.version >= after:
            if seat is None and service.view(game_id, None).status == "over":
                return True
            if seat is not None and turn.your_turn:
                return True
        ready.wait(0.05)
    return False


def test_a_command_the_game_fails_on_is_refused_and_the_game_goes_on(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id, _ = new_game(service)
    drain(service)
    game = service._game(game_id)[1]
    real_decide = game.decide

    def broken(state: object, seat: int, command: object) -> list[object]:
        if seat == 0:
            raise ZeroDivisionError("a bug in the rules")
        return real_decide(state, seat, command)

    monkeypatch.setattr(game, "decide", broken)
    service.submit(game_id, 0, service.legal_commands(game_id, 0)[0], "buggy", None)
    service.submit(game_id, 1, service.legal_commands(game_id, 1)[0], "fine", None)
    drain(service)
    buggy, fine = service.outcome(game_id, "buggy"), service.outcome(game_id, "fine")
    assert buggy is not None and buggy.violation is not None and buggy.violation["code"] == "engine.error"
    assert fine is not None and fine.status == "accepted"


def test_a_bot_whose_moves_are_all_refused_stops_trying(
    service: GameService, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    meta = service.create_game("toy", 2, {})
    service.join(meta.id, "Ann", seat=0)
    game = service._game(meta.id)[1]
    real_decide = game.decide

    def refuse_seat_one(state: object, seat: int, command: object) -> list[object]:
        if seat == 1:
            raise RuleViolation("test.refused", "Seat 1 may not play.")
        return real_decide(state, seat, command)

    monkeypatch.setattr(game, "decide", refuse_seat_one)
    service.start(meta.id, fill_with_bots=True)
    drain(service)
    version = service.components.store.head(meta.id).version
    tried = [service.outcome(meta.id, f"bot-1-{version}-{attempt}") for attempt in range(5)]
    assert [o.status if o else None for o in tried] == ["rejected"] * 4 + [None]
    assert service.your_turn(meta.id, 1).your_turn is True
    assert sweep_later(service, clock).repaired == 0
    drain(service)
    assert service.outcome(meta.id, f"bot-1-{version}-4") is None


def test_a_refused_append_leaves_no_half_folded_state_in_the_workers_cache(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id, _ = new_game(service)
    drain(service)
    game = service._game(game_id)[1]
    card = service.legal_commands(game_id, 0)[0]
    service.submit(game_id, 0, card, "c0", None)
    real_append = EventStore.append
    refused: list[int] = []

    def stale_once(store: EventStore, *args: Any, **kwargs: Any) -> int:
        if not refused:
            refused.append(1)
            raise StaleVersion(0, "another worker moved the log")
        return real_append(store, *args, **kwargs)

    monkeypatch.setattr(EventStore, "append", stale_once)
    drain(service)
    outcome = service.outcome(game_id, "c0")
    assert refused == [1] and outcome is not None and outcome.status == "accepted"
    assert records_of(service, game_id, "c0") == 1
    expected = fold_records(game, service.components.store.read(game_id), None)
    assert service.components.states.load(game, game_id)[1] == expected


def test_a_state_read_by_the_api_is_never_folded_further_in_place(service: GameService) -> None:
    game_id, _ = new_game(service)
    drain(service)
    game = service._game(game_id)[1]
    _, read = service.components.shared_states.load(game, game_id)
    before = copy.deepcopy(read)
    service.submit(game_id, 0, service.legal_commands(game_id, 0)[0], "c0", None)
    drain(service)
    _, later = service.components.shared_states.load(game, game_id)
    assert read == before and later != before


def test_a_game_is_snapshotted_at_each_round_start_it_marks_as_a_checkpoint(
    connection: fakeredis.FakeRedis, clock: FakeClock
) -> None:
    service = make_service(connection, clock, snapshot_every=100_000)
    egizia = registry.get_game("egizia")
    game_id = service.create_game("egizia", 2, {}).id
    service.start(game_id, fill_with_bots=True)
    queue = service.components.scheduler.queue
    worker = SimpleWorker([queue], connection=queue.connection)

    def round_starts() -> list[int]:
        return [r.seq for r in service.components.store.read(game_id) if r.type == "egizia.round_started"]

    while len(round_starts()) < 2:
        assert worker.work(burst=True, max_jobs=1, logging_level="WARNING")
    snapshot = service.components.snapshots.load(egizia, game_id)
    assert snapshot is not None
    version, state = snapshot
    second_round = round_starts()[1]
    assert second_round <= version < second_round + 10 and state.round == 2
    assert state == fold_records(egizia, service.components.store.read(game_id, upto=version), None)


def test_a_game_without_checkpoints_is_snapshotted_every_n_events_only(
    connection: fakeredis.FakeRedis, clock: FakeClock
) -> None:
    service = make_service(connection, clock, snapshot_every=100_000)
    game_id, _ = new_game(service, seats=3, hand=3)
    drain(service)
    for seat in range(3):
        service.submit(game_id, seat, service.legal_commands(game_id, seat)[0], f"c{seat}", None)
    drain(service)
    assert service.components.store.head(game_id).version > 5
    assert service.components.snapshots.load(service._game(game_id)[1], game_id) is None


def test_the_in_process_worker_stops_a_job_that_overruns_its_timeout_and_carries_on(
    service: GameService,
) -> None:
    queue = service.components.scheduler.queue
    stuck = queue.enqueue("time.sleep", 30, job_timeout=1)
    game_id, _ = new_game(service)
    InProcessWorker([queue], connection=queue.connection).work(burst=True, logging_level="ERROR")
    assert stuck.get_status() == JobStatus.FAILED
    result = stuck.latest_result()
    assert result is not None and "JobTimeoutException" in (result.exc_string or "")
    clear_failures(service)
    assert service.view(game_id, 0).version > 0 and service.view(game_id, 0).to_act


def test_a_worker_dying_amid_a_commands_automatic_steps_writes_none_of_it_and_the_sweep_decides_it(
    service: GameService, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id, _ = new_game(service, hand=1)
    drain(service)
    game = service._game(game_id)[1]
    real_advance = game.advance

    def killed_before_the_final_scoring(state: Any) -> list[Any]:
        if state.rounds_left == 0 and not state.played:
            raise SystemError("worker killed between two automatic steps")
        return real_advance(state)

    monkeypatch.setattr(game, "advance", killed_before_the_final_scoring)
    for seat in (0, 1):
        service.submit(game_id, seat, service.legal_commands(game_id, seat)[0], f"c{seat}", None)
    queue = service.components.scheduler.queue
    SimpleWorker([queue], connection=queue.connection).work(burst=True, logging_level="CRITICAL")
    assert "between two automatic steps" in clear_failures(service)[0]
    types = [r.type for r in service.components.store.read(game_id)]
    assert types.count("toy.card_played") == 1, "the last command and its steps are written together or not"
    assert "toy.round_scored" not in types
    assert service.wait_outcome(game_id, "c1", timeout=0).status == "pending"
    assert service.view(game_id, None).status == "running"

    monkeypatch.setattr(game, "advance", real_advance)
    assert sweep_later(service, clock).repaired == 1
    types = [r.type for r in service.components.store.read(game_id)]
    assert types.count("toy.card_played") == 2 and types.count("toy.round_scored") == 1
    assert types.count("toy.game_ended") == 1
    outcome = service.wait_outcome(game_id, "c1", timeout=0)
    assert outcome.status == "accepted" and outcome.to_act == []
    assert service.view(game_id, None).status == "over"
    assert service.components.projections.version(game_id) == service.components.store.head(game_id).version


def test_a_game_that_ended_before_its_worker_died_is_projected_over_by_the_sweep(
    service: GameService, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id, _ = new_game(service, hand=1)
    drain(service)
    real_write = Projections.write

    def killed(*args: object, **kwargs: object) -> bool:
        raise SystemError("worker killed between the final append and its projection")

    monkeypatch.setattr(Projections, "write", killed)
    for seat in (0, 1):
        service.submit(game_id, seat, service.legal_commands(game_id, seat)[0], f"c{seat}", None)
    queue = service.components.scheduler.queue
    SimpleWorker([queue], connection=queue.connection).work(burst=True, logging_level="CRITICAL")
    assert "final append" in clear_failures(service)[0]
    assert service.meta(game_id).status == "over"
    store_head = service.components.store.head(game_id).version
    assert service.components.projections.version(game_id) < store_head  # its final projection is missing
    assert service.view(game_id, None).status == "over"  # read at the log's head meanwhile

    monkeypatch.setattr(Projections, "write", real_write)
    assert sweep_later(service, clock).repaired == 1
    drain(service)
    assert service.view(game_id, None).status == "over"
    assert service.view(game_id, None).result is not None
    assert service.components.projections.version(game_id) == service.components.store.head(game_id).version
    assert game_id not in service.components.meta.running_ids()
