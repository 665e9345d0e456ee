"""A typed read batch: each read gets its own replies back from one round trip."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any, cast

import fakeredis
import pytest
import redis
from fakeredis._socket._base import BaseFakeSocket

from services.store.read_batch import Later, LoopReads, Read, Reads


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


BOTH = "return {redis.call('GET', KEYS[1]), redis.call('GET', KEYS[2])}"


def _both_by_script(connection: fakeredis.FakeRedis, first: str, second: str) -> Read[tuple[Any, Any]]:
    """GETs of ``first`` and ``second`` in one script (loaded): one moment."""
    script = connection.register_script(BOTH)
    connection.script_load(BOTH)
    return Read(
        lambda pipe: cast(Any, pipe).execute_command("EVALSHA", script.sha, 2, first, second),
        lambda replies: tuple(replies[0]),
        script=script,
    )


def _write_after_reading_b(monkeypatch: pytest.MonkeyPatch, connection: fakeredis.FakeRedis) -> None:
    """Another client writes "b" then "c" together (as one script would) right after the store answers
    the next command reading "b" (its GET, or a script's EVALSHA), before the rest of its batch arrives."""
    process = BaseFakeSocket._process_command
    armed = [lambda: connection.mset({"b": b"20", "c": b"30"})]

    def processing(socket: Any, fields: list[bytes]) -> None:
        process(socket, fields)
        if armed and fields[0].upper() in (b"GET", b"EVALSHA") and b"b" in fields[1:]:
            armed.pop()()

    monkeypatch.setattr(BaseFakeSocket, "_process_command", processing)


@pytest.mark.parametrize("by_script", [False, True])
def test_a_script_read_sees_a_write_landing_during_its_batch_whole_or_not_at_all(
    connection: fakeredis.FakeRedis, monkeypatch: pytest.MonkeyPatch, by_script: bool
) -> None:
    _write_after_reading_b(monkeypatch, connection)
    batch = Reads(connection)
    pair = batch.add(_both_by_script(connection, "b", "c") if by_script else _both("b", "c"))
    after = batch.add(_get("c"))
    batch.run()
    assert after.value == b"30", "the write landed while the batch ran"
    if by_script:
        assert pair.value == (b"2", b"3")
    else:
        assert pair.value == (b"2", b"30"), "a plain pipeline reads across the write"


def test_a_script_the_store_lost_is_loaded_and_only_its_read_made_again(
    connection: fakeredis.FakeRedis,
) -> None:
    script = _both_by_script(connection, "a", "b")
    connection.script_flush()
    batch = Reads(connection)
    counted = batch.add(Read(lambda pipe: pipe.incr("n"), lambda replies: replies[0]))
    pair = batch.add(script)
    batch.run()
    assert (counted.value, pair.value, connection.get("n")) == (1, (b"1", b"2"), b"1")
    assert script.script is not None and connection.script_exists(script.script.sha) == [True]


def test_a_batch_on_an_event_loop_loads_a_script_its_store_lacks() -> None:
    async def read() -> tuple[Any, Any]:
        connection = fakeredis.FakeAsyncRedis()
        await connection.mset({"a": b"1", "b": b"2"})
        await connection.script_flush()
        batch = LoopReads(connection)
        pair = batch.add(_both_by_script(fakeredis.FakeRedis(), "a", "b"))
        await batch.run()
        return pair.value

    assert asyncio.run(read()) == (b"1", b"2")
