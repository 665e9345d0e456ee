"""The store contract: what any Redis behind Papyrus (fakeredis or real) must uphold.

Subclass :class:`StoreContract` in a test module that provides a ``connection`` fixture (a clean db).
"""

from __future__ import annotations

import threading
import uuid
from collections import Counter
from collections.abc import Iterator

import msgspec
import pytest
import redis

from services import keys
from services.store.command_inbox import CommandInbox
from services.store.compaction import COMPACT_AFTER, Compaction
from services.store.event_store import (
    DECIDED_TTL_MS,
    Alongside,
    CommandDecision,
    EventStore,
    Head,
    NewEvent,
    StaleVersion,
)
from services.store.game_events import to_event
from services.store.hash_chain import chain_breaks
from services.store.layout import stream_entries
from services.store.read_batch import Reads
from services.store.records import CommandRecord, OutcomeRecord
from services.store.replies import as_int, as_str
from tests.support.harness import FakeClock
from tests.support.toygame import GAME, GameStarted

RACE_APPENDS = 1_000
MOMENT_APPENDS = 300


def meta_and_head(connection: redis.Redis, game_id: str) -> tuple[int, int]:
    """The version an append noted in the meta hash, and the head's, read in one batch."""
    batch = Reads(connection)
    moment = batch.add(EventStore.meta_and_head_read(game_id))
    batch.run()
    meta, head = moment.value
    return as_int(meta.get(b"table", b"0")), head.version


def append_one(store: EventStore, game_id: str, payload: dict[str, object], actor: str = "system") -> int:
    """Append one event, retrying on a stale head as a real writer must."""
    while True:
        head = store.head(game_id)
        records = store.build(head, [NewEvent("test.noted", payload)], actor, None)
        try:
            return store.append(game_id, head, records)
        except StaleVersion:
            continue


def command(command_id: str, seat: int = 0) -> CommandRecord:
    return CommandRecord(
        command_id=command_id,
        seat=seat,
        actor=seat,
        command={"type": "toy.play_card", "card": 3},
        expected_version=None,
        at="2027-01-01T00:00:00.000000Z",
    )


class StoreContract:
    @pytest.fixture
    def game_id(self, connection: redis.Redis) -> Iterator[str]:
        game_id = f"contract-{uuid.uuid4().hex[:10]}"
        yield game_id
        connection.delete(*keys.game_keys(game_id))

    @pytest.fixture
    def store(self, connection: redis.Redis) -> EventStore:
        return EventStore(connection, FakeClock())

    @pytest.fixture
    def inbox(self, connection: redis.Redis) -> CommandInbox:
        return CommandInbox(connection)

    def test_appended_records_read_back_in_order_with_an_intact_chain(
        self, game_id: str, store: EventStore
    ) -> None:
        for n in range(5):
            append_one(store, game_id, {"n": n})
        records = store.read(game_id)
        assert [r.seq for r in records] == [1, 2, 3, 4, 5]
        assert [r.data["n"] for r in records] == [0, 1, 2, 3, 4]
        assert chain_breaks(records) == []
        assert store.head(game_id).hash == records[-1].hash

    def test_event_ids_are_explicit_seq_numbers(
        self, game_id: str, store: EventStore, connection: redis.Redis
    ) -> None:
        append_one(store, game_id, {"n": 0})
        append_one(store, game_id, {"n": 1})
        ids = [entry_id for entry_id, _ in stream_entries(connection.xrange(keys.events(game_id)))]
        assert ids == ["0-1", "0-2"]

    def test_an_append_on_a_stale_version_is_refused_and_writes_nothing(
        self, game_id: str, store: EventStore
    ) -> None:
        stale = store.head(game_id)
        append_one(store, game_id, {"n": 0})
        records = store.build(stale, [NewEvent("test.noted", {"n": 99})], "system", None)
        with pytest.raises(StaleVersion):
            store.append(game_id, stale, records)
        assert [r.data["n"] for r in store.read(game_id)] == [0]

    def test_editing_a_stored_record_breaks_the_chain(
        self, game_id: str, store: EventStore, connection: redis.Redis
    ) -> None:
        for n in range(3):
            append_one(store, game_id, {"n": n})
        records = store.read(game_id)
        records[1].data["n"] = 42
        assert chain_breaks(records) == [2]
        assert chain_breaks([records[0], records[2]]) == [3]

    def test_records_read_from_any_point_continue_the_same_chain(
        self, game_id: str, store: EventStore
    ) -> None:
        head = store.head(game_id)
        events = [NewEvent("test.noted", {"n": n}) for n in range(4)]
        store.append(game_id, head, store.build(head, events, 0, "c-1"))
        append_one(store, game_id, {"n": 4})
        whole = store.read(game_id)
        assert [r.seq for r in whole] == [1, 2, 3, 4, 5] and chain_breaks(whole) == []
        for after in range(6):
            for upto in (None, *range(after, 6)):
                assert store.read(game_id, after, upto) == whole[after:upto], (after, upto)

    def test_an_edited_record_inside_a_stored_entry_breaks_the_chain(
        self, game_id: str, store: EventStore, connection: redis.Redis
    ) -> None:
        head = store.head(game_id)
        events = [NewEvent("test.noted", {"n": n}) for n in range(3)]
        store.append(game_id, head, store.build(head, events, 0, "c-1"))
        ((entry_id, raw),) = stream_entries(connection.xrange(keys.events(game_id)))
        entry = msgspec.msgpack.decode(raw)
        entry[3][0][2] = {"n": 42}
        connection.delete(keys.events(game_id))
        connection.xadd(keys.events(game_id), {"r": msgspec.msgpack.encode(entry)}, id=entry_id)
        records = store.read(game_id)
        assert records[0].data == {"n": 42}
        assert chain_breaks(records) == [3]

    def test_records_stored_in_the_first_layout_still_read(
        self, game_id: str, store: EventStore, connection: redis.Redis
    ) -> None:
        old = store.build(Head(), [NewEvent("test.noted", {"n": 0})], "system", None)[0]
        connection.xadd(keys.events(game_id), {"r": msgspec.msgpack.encode(old)}, id="0-1")
        connection.hset(keys.head(game_id), mapping={"version": 1, "hash": old.hash})
        append_one(store, game_id, {"n": 1})
        records = store.read(game_id)
        assert records[0] == old and [r.data["n"] for r in records] == [0, 1]
        assert chain_breaks(records) == [] and store.read(game_id, after=1) == records[1:]

    def test_a_compacted_finished_game_reads_exactly_as_before(
        self, game_id: str, store: EventStore, inbox: CommandInbox, connection: redis.Redis
    ) -> None:
        entry_ids = [inbox.submit(game_id, command(f"c-{n}"))[1] for n in range(3)]
        for n, entry_id in enumerate(entry_ids):
            head = store.head(game_id)
            outcome = OutcomeRecord(command_id=f"c-{n}", seat=0, status="accepted", version=head.version + 2)
            decision = CommandDecision(f"c-{n}", outcome, head.checkpoint, entry_id)
            events = [NewEvent("test.noted", {"n": n, "i": i}) for i in range(2)]
            store.append(game_id, head, store.build(head, events, 0, f"c-{n}"), decision)
        whole, commands = store.read(game_id), inbox.all(game_id)
        assert Compaction(connection).finished_game(game_id) == 2
        assert connection.xlen(keys.events(game_id)) == connection.xlen(keys.commands(game_id)) == 1
        assert not connection.exists(keys.command_ids(game_id))
        assert store.read(game_id) == whole and chain_breaks(whole) == []
        for after in range(7):
            for upto in (None, *range(after, 7)):
                assert store.read(game_id, after, upto) == whole[after:upto], (after, upto)
        assert inbox.all(game_id) == commands and inbox.pending(game_id, store.head(game_id).checkpoint) == []
        assert inbox.submit(game_id, command("c-0")) == (False, "")
        is_new, late = inbox.submit(game_id, command("late"))
        assert is_new and inbox.all(game_id) == [*commands, (late, command("late"))]
        assert [entry_id for entry_id, _ in inbox.pending(game_id, store.head(game_id).checkpoint)] == [late]
        assert Compaction(connection).finished_game(game_id) == 0, "not while a command is undecided"
        assert connection.xlen(keys.commands(game_id)) == 2

    def test_a_compacted_running_game_reads_and_appends_exactly_as_before(
        self, game_id: str, store: EventStore, connection: redis.Redis
    ) -> None:
        for n in range(COMPACT_AFTER + 2):
            head = store.head(game_id)
            events = [NewEvent("test.noted", {"n": n, "i": i}) for i in range(n % 3 + 1)]
            store.append(game_id, head, store.build(head, events, "system", None))
        whole, version = store.read(game_id), store.head(game_id).version
        assert Compaction(connection).running_events(game_id)
        assert connection.xlen(keys.events(game_id)) == 2, "one archive entry and the last entry"
        assert not Compaction(connection).running_events(game_id), "nothing written since"
        for after in range(version + 1):
            for upto in (None, *range(after, version + 1)):
                assert store.read(game_id, after, upto) == whole[after:upto], (after, upto)
        append_one(store, game_id, {"n": "after"})
        records = store.read(game_id)
        assert records[:-1] == whole and records[-1].data == {"n": "after"} and chain_breaks(records) == []
        assert store.read(game_id, after=version) == records[-1:]

    def test_two_writers_racing_lose_and_duplicate_nothing(
        self, game_id: str, store: EventStore, connection: redis.Redis
    ) -> None:
        def writer(name: str) -> None:
            own = EventStore(connection, FakeClock())  # a client is shared by threads, as in the API
            for i in range(RACE_APPENDS):
                while True:
                    head = own.head(game_id)
                    records = own.build(head, [NewEvent("test.noted", {"w": name, "i": i})], name, None)
                    try:
                        own.append(game_id, head, records)
                        break
                    except StaleVersion:
                        continue

        threads = [threading.Thread(target=writer, args=(name,)) for name in ("a", "b")]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        records = store.read(game_id)
        assert [r.seq for r in records] == list(range(1, 2 * RACE_APPENDS + 1))
        written = Counter((r.data["w"], r.data["i"]) for r in records)
        assert len(written) == 2 * RACE_APPENDS and set(written.values()) == {1}
        for name in ("a", "b"):
            assert [r.data["i"] for r in records if r.data["w"] == name] == list(range(RACE_APPENDS))
        assert chain_breaks(records) == []

    def test_a_games_meta_and_head_are_read_at_one_moment_while_appends_write_both(
        self, game_id: str, connection: redis.Redis
    ) -> None:
        """Each append notes its version in the meta hash in its same step (as a decision writes its
        table): a reader sees every append whole or not at all."""
        done = threading.Event()

        def writer() -> None:
            own = EventStore(connection, FakeClock())
            for i in range(MOMENT_APPENDS):
                head = own.head(game_id)
                records = own.build(head, [NewEvent("test.noted", {"i": i})], "w", None)
                noted = Alongside(meta_state=str(head.version + 1).encode())
                own.append(game_id, head, records, alongside=noted)
            done.set()

        thread = threading.Thread(target=writer)
        thread.start()
        seen = [meta_and_head(connection, game_id)]
        while not done.is_set():
            seen.append(meta_and_head(connection, game_id))
        thread.join()
        torn = [(noted, version) for noted, version in seen if noted != version]
        assert torn == [] and meta_and_head(connection, game_id) == (MOMENT_APPENDS, MOMENT_APPENDS)

    def test_a_resubmitted_command_id_is_appended_once(self, game_id: str, inbox: CommandInbox) -> None:
        first = inbox.submit(game_id, command("c-1"))
        again = inbox.submit(game_id, command("c-1"))
        assert first[0] is True and again == (False, first[1])
        assert [c.command_id for _, c in inbox.all(game_id)] == ["c-1"]

    def test_a_command_is_decided_once(self, game_id: str, store: EventStore, inbox: CommandInbox) -> None:
        _, entry_id = inbox.submit(game_id, command("c-1"))
        head = store.head(game_id)

        def decide(note: str) -> int:
            outcome = OutcomeRecord(command_id="c-1", seat=0, status="accepted", version=head.version + 1)
            decision = CommandDecision("c-1", outcome, head.checkpoint, entry_id)
            records = store.build(head, [NewEvent("test.noted", {"by": note})], 0, "c-1")
            return store.append(game_id, head, records, decision)

        assert decide("first") == 1
        with pytest.raises(StaleVersion):
            decide("second")
        assert [r.data["by"] for r in store.read(game_id)] == ["first"]
        assert store.head(game_id).checkpoint == entry_id
        assert inbox.pending(game_id, store.head(game_id).checkpoint) == []
        found = inbox.outcome(game_id, "c-1")
        assert found is not None and found.status == "accepted"

    def test_a_rejection_moves_the_checkpoint_only_once(
        self, game_id: str, store: EventStore, inbox: CommandInbox
    ) -> None:
        _, entry_id = inbox.submit(game_id, command("c-1"))
        head = store.head(game_id)
        outcome = OutcomeRecord(command_id="c-1", seat=0, status="rejected", version=0)
        decision = CommandDecision("c-1", outcome, head.checkpoint, entry_id)
        store.append(game_id, head, [], decision)
        with pytest.raises(StaleVersion):
            store.append(game_id, head, [], decision)
        assert store.head(game_id) == Head(version=0, checkpoint=entry_id)

    def test_old_schema_versions_are_upcast_on_read_and_never_rewritten(
        self, game_id: str, store: EventStore
    ) -> None:
        old = {"seats": 2, "hand": 3, "seed_commitment": "00"}
        head = store.head(game_id)
        store.append(game_id, head, store.build(head, [NewEvent("toy.game_started", old, 1)], "system", None))
        (record,) = store.read(game_id)
        event = to_event(GAME, record)
        assert isinstance(event, GameStarted) and event.variant == "classic"
        assert record.schema_version == 1 and "variant" not in record.data
        assert chain_breaks([record]) == []

    def test_waiting_for_an_outcome_returns_it_once_decided(
        self, game_id: str, store: EventStore, inbox: CommandInbox
    ) -> None:
        _, entry_id = inbox.submit(game_id, command("c-1"))
        assert inbox.wait(game_id, "c-1", timeout=0.05) is None
        head = store.head(game_id)
        decider = threading.Timer(
            0.05,
            store.append,
            args=(game_id, head, []),
            kwargs={
                "decision": CommandDecision(
                    "c-1",
                    OutcomeRecord(command_id="c-1", seat=0, status="rejected", version=0),
                    head.checkpoint,
                    entry_id,
                )
            },
        )
        decider.start()
        found = inbox.wait(game_id, "c-1", timeout=30)
        decider.join()
        assert found is not None and found.status == "rejected"

    def test_an_idle_games_wake_up_stream_expires_and_a_waiter_is_still_woken_after(
        self, connection: redis.Redis, game_id: str, store: EventStore, inbox: CommandInbox
    ) -> None:
        _, first_entry = inbox.submit(game_id, command("c-1"))
        head = store.head(game_id)
        rejected = OutcomeRecord(command_id="c-1", seat=0, status="rejected", version=0)
        store.append(game_id, head, [], CommandDecision("c-1", rejected, head.checkpoint, first_entry))
        ttl = connection.pttl(keys.decided(game_id))
        assert 0 < ttl <= DECIDED_TTL_MS, "a decision leaves the stream to expire, not to stay"

        _, entry_id = inbox.submit(game_id, command("c-2"))
        (latest,) = connection.xrevrange(keys.decided(game_id), "+", "-", count=1)
        cursor = as_str(latest[0])
        connection.delete(keys.decided(game_id))  # it expired while the waiter waited
        head = store.head(game_id)
        outcome = OutcomeRecord(command_id="c-2", seat=0, status="rejected", version=0)
        decider = threading.Timer(
            0.05,
            store.append,
            args=(game_id, head, []),
            kwargs={"decision": CommandDecision("c-2", outcome, head.checkpoint, entry_id)},
        )
        decider.start()
        found = inbox.wait(game_id, "c-2", timeout=30, cursor=cursor)
        decider.join()
        assert found is not None and found.status == "rejected"
