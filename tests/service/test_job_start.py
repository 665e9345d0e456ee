"""A decision job reads, with its game's meta and head, the records appended since the state its worker
holds (another worker decided the game's last commands): it folds them without reading the log again,
and falls back to reading it whenever that read-ahead does not hold exactly the records it needs."""

from __future__ import annotations

from typing import Any

import fakeredis
import pytest

from services import keys
from services.game_service import GameService
from services.store.event_store import EventStore, records_after
from services.store.state_cache import fold_records
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


def submit_first_legal(service: GameService, game_id: str, command_id: str) -> None:
    seat = service.view(game_id, None).to_act[0]
    service.submit(game_id, seat, service.legal_commands(game_id, seat)[0], command_id, None)


def test_two_workers_taking_a_game_in_turn_fold_what_the_other_appended_without_reading_the_log(
    connection: fakeredis.FakeRedis, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = make_service(connection, clock)
    second = make_service(connection, clock)
    game_id, _ = new_game(first, seats=2, hand=4)
    drain(first)
    workers = [first, second]
    for worker in workers:
        worker.processor.process_game(game_id)
    reads = log_reads(monkeypatch)
    for turn in range(6):
        submit_first_legal(first, game_id, f"c{turn}")
        assert workers[turn % 2].processor.process_game(game_id) == 1
    assert reads == [], "each worker folded the other's records read with the head"
    _, game = first.parts.game_of(game_id)
    replayed = fold_records(game, first.parts.store.read(game_id), None)
    for worker in workers:
        head, state = worker.parts.states.load(game, game_id)
        assert state == replayed and head == first.parts.store.head(game_id)


def test_a_read_ahead_that_does_not_reach_the_head_or_starts_inside_an_entry_is_not_used(
    service: GameService,
) -> None:
    game_id, _ = new_game(service, seats=2, hand=4)
    drain(service)
    for turn in range(3):
        submit_first_legal(service, game_id, f"c{turn}")
        drain(service)
    records = service.parts.store.read(game_id)
    head = service.parts.store.head(game_id)
    entries = service.parts.redis.xrange(keys.events(game_id), "-", "+")
    entry_ends = [int(entry_id.decode().partition("-")[2]) for entry_id, _ in entries]
    after = entry_ends[0]
    after_hash = records[after - 1].hash
    inside = next(seq for seq in range(1, head.version) if seq not in entry_ends)

    def read_ahead(count: int, start: int) -> list[Any]:
        pipe = service.parts.redis.pipeline(transaction=False)
        EventStore.queue_read_after(pipe, game_id, start, count)
        return list(pipe.execute()[0])

    whole = records_after(read_ahead(100, after), after, after_hash, head.version)
    assert whole == [record for record in records if record.seq > after]
    assert records_after(read_ahead(1, after), after, after_hash, head.version) is None
    assert records_after(read_ahead(100, inside), inside, records[inside - 1].hash, head.version) is None
    assert records_after([], head.version, head.hash, head.version) == []
