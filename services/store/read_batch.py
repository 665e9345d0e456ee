"""Several reads in one round trip, each typed: a :class:`Read` says what it queues and how its replies
decode; a :class:`Reads` batch queues its reads in one pipeline, runs it once and hands each value back
through the :class:`Slot` its ``add`` answered (``batch.add(tokens.lookup(game_id, token))``, then
``batch.run()``, then ``slot.value``).

A value is decoded when first used; a read marked ``checked`` (a quota's charge) is decoded as the batch
runs, errors included, before any other error is raised; one marked ``at_once`` (a game's meta with its
head) makes the batch a transaction.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar, cast

import redis
import redis.asyncio
import redis.asyncio.cluster
import redis.cluster

T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)
Queue = Callable[[redis.client.Pipeline], object]


@dataclass(frozen=True)
class Read(Generic[T]):
    """What a read queues in a pipeline (``queue``) and how its replies, in order, decode (``decode``).
    ``checked``: decoded as the batch runs, its replies given as they came (errors included). ``at_once``:
    its replies must be of one moment (keys one append writes together, as a game's meta and head), so a
    batch holding it runs as a transaction (MULTI/EXEC) on one Redis, every key of the batch in one slot."""

    queue: Queue
    decode: Callable[[Sequence[Any]], T]
    checked: bool = False
    at_once: bool = False


class Value(Protocol[T_co]):
    """A value read from the store, in a batch or on first use."""

    @property
    def value(self) -> T_co: ...


_UNSET: Any = object()


class Slot(Generic[T]):
    """The value of one read of a batch, once the batch ran."""

    def __init__(self, read: Read[T]) -> None:
        self._read = read
        self._replies: Sequence[Any] | None = None
        self._value: T = _UNSET

    def _fill(self, replies: Sequence[Any]) -> None:
        self._replies = replies
        if self._read.checked:
            self._value = self._read.decode(replies)

    @property
    def value(self) -> T:
        if self._value is _UNSET:
            if self._replies is None:
                raise RuntimeError("the batch holding this read has not run")
            self._value = self._read.decode(self._replies)
        return self._value


class Later(Generic[T]):
    """A read made on first use, in a round trip of its own (for a value a batch did not read)."""

    def __init__(self, connection: redis.Redis, read: Read[T]) -> None:
        self._connection = connection
        self._read = read
        self._value: T = _UNSET

    @property
    def value(self) -> T:
        if self._value is _UNSET:
            batch = Reads(self._connection)
            slot = batch.add(self._read)
            batch.run()
            self._value = slot.value
        return self._value


class Reads:
    """A batch of reads made in one round trip (queued as it runs: a read ``at_once`` makes it a
    transaction)."""

    def __init__(self, connection: redis.Redis) -> None:
        self._connection = connection
        self._slots: list[Slot[Any]] = []

    def add(self, read: Read[T]) -> Slot[T]:
        """Add ``read``; its value is there once :meth:`run` ran."""
        slot = Slot(read)
        self._slots.append(slot)
        return slot

    def run(self) -> None:
        """Make the round trip: the checked reads are decoded first, then the first error raised."""
        pipe = self._connection.pipeline(transaction=_at_once(self._connection, self._slots))
        ranges = _queued(pipe, self._slots)
        _fill(ranges, pipe.execute(raise_on_error=False))


class LoopReads:
    """The same batch of reads made in one round trip on an event loop (``redis.asyncio``): a coroutine
    waiting for a read holds no thread."""

    def __init__(self, connection: redis.asyncio.Redis) -> None:
        self._connection = connection
        self._slots: list[Slot[Any]] = []

    def add(self, read: Read[T]) -> Slot[T]:
        """Add ``read``; its value is there once :meth:`run` ran."""
        slot = Slot(read)
        self._slots.append(slot)
        return slot

    async def run(self) -> None:
        """Make the round trip, as :meth:`Reads.run`."""
        pipe = self._connection.pipeline(transaction=_at_once(self._connection, self._slots))
        ranges = _queued(cast(redis.client.Pipeline, pipe), self._slots)  # the same commands, queued alike
        _fill(ranges, await pipe.execute(raise_on_error=False))


def _at_once(connection: object, slots: list[Slot[Any]]) -> bool:
    """Whether the batch runs as a transaction: it holds a read ``at_once``, on one Redis (a cluster client
    leaves the replies of a transaction unparsed: there the batch stays a plain pipeline)."""
    clustered = isinstance(connection, redis.cluster.RedisCluster | redis.asyncio.cluster.RedisCluster)
    return not clustered and any(slot._read.at_once for slot in slots)


def _queued(pipe: redis.client.Pipeline, slots: list[Slot[Any]]) -> list[tuple[Slot[Any], int, int]]:
    """Queue each slot's read in ``pipe``; each slot with the range of its replies."""
    ranges = []
    for slot in slots:
        start = len(pipe)
        slot._read.queue(pipe)
        ranges.append((slot, start, len(pipe)))
    return ranges


def _fill(slots: list[tuple[Slot[Any], int, int]], replies: Sequence[Any]) -> None:
    """Hand each slot its replies; the checked reads are decoded first, then the first error raised."""
    for slot, start, end in slots:
        slot._fill(replies[start:end])
    checked = [(start, end) for slot, start, end in slots if slot._read.checked]
    for index, reply in enumerate(replies):
        if isinstance(reply, Exception) and not any(start <= index < end for start, end in checked):
            raise reply
