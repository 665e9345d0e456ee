"""A typed read batch: each read gets its own replies back from one round trip."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import fakeredis
import pytest
import redis
from fakeredis._socket._base import BaseFakeSocket

from services.store.read_batch import Later, Read, Reads


def _get(key: str) -> Read[bytes | None]:
    return Read(lambda pipe: pipe.get(key), lambda replies: replies[0])


def _both(first: str, second: str) -> Read[tuple[Any, Any]]:
    def queue(pipe: redis.client.Pipeline) -> None:
        pipe.get(first)
        pipe.get(second)

    def decode(replies: Sequence[Any]) -> tuple[Any, Any]:
        return replies[0], replies[1]

    return Read(queue, decode)


@pytest.fixture
def connection() -> fakeredis.FakeRedis:
    client = fakeredis.FakeRedis()
    client.mset({"a": b"1", "b": b"2", "c": b"3"})
    return client


def test_each_read_decodes_its_own_replies_from_one_round_trip(connection: fakeredis.FakeRedis) -> None:
    batch = Reads(connection)
    first = batch.add(_get("a"))
    pair = batch.add(_both("b", "c"))
    last = batch.add(_get("missing"))
    batch.run()
    assert (first.value, pair.value, last.value) == (b"1", (b"2", b"3"), None)


def test_a_value_is_decoded_once_and_only_when_asked_for(connection: fakeredis.FakeRedis) -> None:
    decoded: list[Any] = []
    batch = Reads(connection)
    slot = batch.add(
        Read(lambda pipe: pipe.get("a"), lambda replies: decoded.append(replies[0]) or len(decoded))
    )
    batch.run()
    assert decoded == []
    assert (slot.value, slot.value, decoded) == (1, 1, [b"1"])


def test_a_checked_read_sees_its_error_and_runs_before_the_others_raise(
    connection: fakeredis.FakeRedis,
) -> None:
    seen: list[Any] = []
    batch = Reads(connection)
    batch.add(Read(lambda pipe: pipe.lpush("c", 1), seen.extend))
    batch.add(Read(lambda pipe: pipe.lpush("b", 1), seen.extend, checked=True))
    with pytest.raises(redis.ResponseError):
        batch.run()
    assert len(seen) == 1 and isinstance(seen[0], redis.ResponseError)


def test_a_slot_refuses_a_value_before_its_batch_ran(connection: fakeredis.FakeRedis) -> None:
    slot = Reads(connection).add(_get("a"))
    with pytest.raises(RuntimeError):
        _ = slot.value


def test_a_later_read_is_made_on_first_use(connection: fakeredis.FakeRedis) -> None:
    later = Later(connection, _get("a"))
    connection.set("a", b"9")
    assert later.value == b"9"
    connection.set("a", b"0")
    assert later.value == b"9"


def _write_after_the_first_get(monkeypatch: pytest.MonkeyPatch, connection: fakeredis.FakeRedis) -> None:
    """Another client writes "b" then "c" together (as one script would) right after the store answers
    the next GET of "b", before the rest of that batch reaches it."""
    process = BaseFakeSocket._process_command
    armed = [lambda: connection.mset({"b": b"20", "c": b"30"})]

    def processing(socket: Any, fields: list[bytes]) -> None:
        process(socket, fields)
        if armed and fields[:2] == [b"GET", b"b"]:
            armed.pop()()

    monkeypatch.setattr(BaseFakeSocket, "_process_command", processing)


@pytest.mark.parametrize("at_once", [False, True])
def test_a_read_at_once_sees_a_write_landing_during_its_batch_whole_or_not_at_all(
    connection: fakeredis.FakeRedis, monkeypatch: pytest.MonkeyPatch, at_once: bool
) -> None:
    _write_after_the_first_get(monkeypatch, connection)
    batch = Reads(connection)
    pair = batch.add(Read(_both("b", "c").queue, _both("b", "c").decode, at_once=at_once))
    batch.run()
    assert connection.get("c") == b"30", "the write landed while the batch ran"
    if at_once:
        assert pair.value in [(b"2", b"3"), (b"20", b"30")]
    else:
        assert pair.value == (b"2", b"30"), "a plain pipeline reads across the write"
