"""Several reads in one round trip, each typed: a :class:`Read` says what it queues and how its replies
decode; a :class:`Reads` batch queues its reads in one pipeline, runs it once and hands each value back
through the :class:`Slot` its ``add`` answered (``batch.add(tokens.lookup(game_id, token))``, then
``batch.run()``, then ``slot.value``).

A value is decoded when first used; a read marked ``checked`` (a quota's charge) is decoded as the batch
runs, errors included, before any other error is raised; one made by a ``script`` (reads of one moment) is
made again, alone, where Redis had lost it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar, cast

import redis
import redis.asyncio
from redis.commands.core import Script
from redis.exceptions import NoScriptError

T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)
Queue = Callable[[redis.client.Pipeline], object]


@dataclass(frozen=True)
class Read(Generic[T]):
    """What a read queues in a pipeline (``queue``) and how its replies, in order, decode (``decode``).
    ``checked``: decoded as the batch runs, its replies given as they came (errors included). ``script``:
    the Lua script whose EVALSHA ``queue`` queues (reads of one moment): on NOSCRIPT (a Redis that lacks it:
    a cluster's shards, which load no script on connect) loaded and the read made once more, alone."""

    queue: Queue
    decode: Callable[[Sequence[Any]], T]
    checked: bool = False
    script: Script | None = None


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
    """A batch of reads made in one round trip (a plain pipeline, on one Redis or a cluster)."""

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
        replies = self._made(self._slots)
        lost = _lost(replies)
        if lost:
            for script in _scripts(lost):
                self._connection.script_load(script.script)
            replies.update(self._made(lost))
        _fill(replies)

    def _made(self, slots: list[Slot[Any]]) -> dict[Slot[Any], Sequence[Any]]:
        pipe = self._connection.pipeline(transaction=False)
        ranges = _queued(pipe, slots)
        return _split(ranges, pipe.execute(raise_on_error=False))


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
        replies = await self._made(self._slots)
        lost = _lost(replies)
        if lost:
            for script in _scripts(lost):
                await self._connection.script_load(script.script)
            replies.update(await self._made(lost))
        _fill(replies)

    async def _made(self, slots: list[Slot[Any]]) -> dict[Slot[Any], Sequence[Any]]:
        pipe = self._connection.pipeline(transaction=False)
        ranges = _queued(cast(redis.client.Pipeline, pipe), slots)  # the same commands, queued alike
        return _split(ranges, await pipe.execute(raise_on_error=False))


def _scripts(slots: list[Slot[Any]]) -> list[Script]:
    return [slot._read.script for slot in slots if slot._read.script is not None]


def _lost(replies: dict[Slot[Any], Sequence[Any]]) -> list[Slot[Any]]:
    """The slots made by a script the Redis did not know (NOSCRIPT)."""
    return [
        slot
        for slot, found in replies.items()
        if slot._read.script is not None and any(isinstance(reply, NoScriptError) for reply in found)
    ]


def _queued(pipe: redis.client.Pipeline, slots: list[Slot[Any]]) -> list[tuple[Slot[Any], int, int]]:
    """Queue each slot's read in ``pipe``; each slot with the range of its replies."""
    ranges = []
    for slot in slots:
        start = len(pipe)
        slot._read.queue(pipe)
        ranges.append((slot, start, len(pipe)))
    return ranges


def _split(
    ranges: list[tuple[Slot[Any], int, int]], replies: Sequence[Any]
) -> dict[Slot[Any], Sequence[Any]]:
    return {slot: replies[start:end] for slot, start, end in ranges}


def _fill(replies: dict[Slot[Any], Sequence[Any]]) -> None:
    """Hand each slot its replies; the checked reads are decoded first, then the first error raised."""
    for slot, found in replies.items():
        slot._fill(found)
    for slot, found in replies.items():
        if not slot._read.checked:
            for reply in found:
                if isinstance(reply, Exception):
                    raise reply
