"""A decision job reads, with its game's meta and head, the records appended since the state its worker holds
(another worker decided the game's last commands), or the game's projected state when its worker holds
none: it folds the records read ahead without reading the log again (falling back to reading it whenever
that read-ahead does not hold exactly the records it needs), and takes a projected state at the head as it
is, folding on from one that lags."""

from __future__ import annotations

from typing import Any

import fakeredis
import pytest

from domain.registry import get_game
from services import keys
from services.game_service import GameService
from services.read_side.projected_state import STATE
from services.store.event_store import EventStore, records_after
from services.table import state_cache
from services.table.state_cache import StateCache, fold_records
from tests.support.harness import FakeClock, drain, make_service, new_game


def log_reads(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The ``after`` of every read of a game's log from now on."""
    reads: list[int] = []
    real_read = EventStore.read

    def counted(self: EventStore, game_id: str, after: int = 0, upto: int | None = None) -> Any:
        reads.append(after)
        return real_read(self, game_id, after, upto)

    monkeypatch.setattr(EventStore, "read", counted)
    return reads


def counted_folds(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many records each fold of a worker's state cache folds, from now on."""
    folds: list[int] = []
    real_fold = state_cache.fold_records

    def counted(game: Any, records: Any, state: Any, since: int = 0) -> Any:
        folds.append(len(records))
        return real_fold(game, records, state, since)

    monkeypatch.setattr(state_cache, "fold_records", counted)
    return folds


def submit_first_legal(service: GameService, game_id: str, command_id: str) -> None:
    seat = service.view(game_id, None).to_act[0]
    service.submit(game_id, seat, service.legal_commands(game_id, seat)[0], command_id, None)


def state_round_trips(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The game of every state a worker's cache loads with a read of its own, from now on."""
    loaded: list[str] = []
    real = StateCache._from_latest

    def counted(self: StateCache, game: Any, game_id: str, upto: int) -> Any:
        loaded.append(game_id)
        return real(self, game, game_id, upto)

    monkeypatch.setattr(StateCache, "_from_latest", counted)
    return loaded


def two_workers_on_one_game(
    connection: fakeredis.FakeRedis, clock: FakeClock
) -> tuple[list[GameService], str]:
    """Two workers' services on one store, both holding a new game's state."""
    workers = [make_service(connection, clock), make_service(connection, clock)]
    game_id, _ = new_game(workers[0], seats=2, hand=4)
    drain(workers[0])
    for worker in workers:
        worker.processor.process_game(game_id)
    return workers, game_id


def assert_both_hold_the_replayed_state(workers: list[GameService], game_id: str) -> None:
    first = workers[0]
    game = get_game(first.meta(game_id).game)
    replayed = fold_records(game, first.components.store.read(game_id), None)
    for worker in workers:
        head, state = worker.components.states.load(game, game_id)
        assert state == replayed and head == first.components.store.head(game_id)


def test_a_worker_that_holds_no_state_of_the_game_takes_the_projected_state_read_with_its_head(
    connection: fakeredis.FakeRedis, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    workers, game_id = two_workers_on_one_game(connection, clock)
    reads, folds = log_reads(monkeypatch), counted_folds(monkeypatch)
    own_reads = state_round_trips(monkeypatch)
    for turn in range(6):
        submit_first_legal(workers[0], game_id, f"c{turn}")
        worker = workers[turn % 2]
        worker.components.states.forget(game_id)  # as a worker new to the game, or whose cache let it go
        assert worker.processor.process_game(game_id) == 1
    assert reads == [] and folds == [], "each worker took the projected state at the head"
    assert own_reads == [], "read in the job's first round trip, not one of its own"
    assert_both_hold_the_replayed_state(workers, game_id)


def test_a_worker_whose_state_is_behind_folds_the_records_read_ahead_not_the_projected_state(
    connection: fakeredis.FakeRedis, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    workers, game_id = two_workers_on_one_game(connection, clock)
    reads, folds = log_reads(monkeypatch), counted_folds(monkeypatch)
    for turn in range(6):
        submit_first_legal(workers[0], game_id, f"c{turn}")
        assert workers[turn % 2].processor.process_game(game_id) == 1
    assert reads == [], "each worker folded the other's records read with the head"
    assert len(folds) == 5 and all(count > 0 for count in folds), folds
    assert_both_hold_the_replayed_state(workers, game_id)


def test_a_worker_new_to_a_game_whose_projection_lags_folds_on_from_it(
    connection: fakeredis.FakeRedis, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    workers, game_id = two_workers_on_one_game(connection, clock)
    projected = keys.projection(game_id, STATE)
    lagging = connection.hgetall(projected)
    submit_first_legal(workers[0], game_id, "c0")
    assert workers[0].processor.process_game(game_id) == 1
    submit_first_legal(workers[0], game_id, "c1")
    connection.hset(projected, mapping=lagging)  # as if its worker had not projected the last command yet
    reads = log_reads(monkeypatch)
    workers[1].components.states.forget(game_id)
    assert workers[1].processor.process_game(game_id) == 1
    assert reads == [int(lagging[b"version"])], "the records after the lagging state, folded on it"
    assert_both_hold_the_replayed_state(workers, game_id)


def test_a_read_ahead_that_does_not_reach_the_head_or_starts_inside_an_entry_is_not_used(
    service: GameService,
) -> None:
    game_id, _ = new_game(service, seats=2, hand=4)
    drain(service)
    for turn in range(3):
        submit_first_legal(service, game_id, f"c{turn}")
        drain(service)
    records = service.components.store.read(game_id)
    head = service.components.store.head(game_id)
    entries = service.components.redis.xrange(keys.events(game_id), "-", "+")
    entry_ends = [int(entry_id.decode().partition("-")[2]) for entry_id, _ in entries]
    after = entry_ends[0]
    after_hash = records[after - 1].hash
    inside = next(seq for seq in range(1, head.version) if seq not in entry_ends)

    def read_ahead(count: int, start: int) -> list[Any]:
        pipe = service.components.redis.pipeline(transaction=False)
        EventStore.entries_after(game_id, start, count).queue(pipe)
        return list(pipe.execute()[0])

    whole = records_after(read_ahead(100, after), after, after_hash, head.version)
    assert whole == [record for record in records if record.seq > after]
    assert records_after(read_ahead(1, after), after, after_hash, head.version) is None
    assert records_after(read_ahead(100, inside), inside, records[inside - 1].hash, head.version) is None
    assert records_after([], head.version, head.hash, head.version) == []
