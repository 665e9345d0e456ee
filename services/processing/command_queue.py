"""Queueing a command for the workers: the inbox's append, the game's due mark and its decision job's flag in
one round trip, and the decision of a game whose commands are queued already. A command decided at once is
queued by a checked read (:class:`Queueing`) in the round trip of the decision's first reads."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import redis
from redis.cluster import RedisCluster
from redis.commands.core import Script
from redis.exceptions import NoScriptError

from services.observability.structured_logs import annotate
from services.processing.job_scheduler import JobScheduler, QueuedFlag
from services.store.command_inbox import CommandInbox, submitted
from services.store.due_index import DueIndex
from services.store.lua_scripts import execute_with_scripts, load_first_use
from services.store.read_batch import Read
from services.store.records import CommandRecord


class Queueing:
    """A command's queueing with no job (the inbox's append, then the due mark) as a checked read, for the
    caller that decides it at once to batch before the decision's first reads: they find it queued.
    ``is_new`` once the batch ran (None before, or if it failed): as :meth:`CommandQueue.queue_command`
    answers; :class:`services.store.command_inbox.CommandIdReused` is raised as the batch runs."""

    def __init__(self, queue: CommandQueue, game_id: str, record: CommandRecord, fingerprint: bytes) -> None:
        self._queue = queue
        self._game_id = game_id
        self._record = record
        self._fingerprint = fingerprint
        self.is_new: bool | None = None
        self.read: Read[None] = Read(self._queue_in, self._check, checked=True)

    def queue_now(self) -> None:
        """Queue the command in a round trip of its own (the batch failed before it ran, or met a Redis
        that did not know the script); :class:`services.store.command_inbox.CommandIdReused` as above."""
        self.is_new = self._queue.queue_command(self._game_id, self._record, self._fingerprint, job=False)

    def _queue_in(self, pipe: redis.client.Pipeline) -> None:
        queue = self._queue
        script = queue.inbox.queue_submit(pipe, self._game_id, self._record, self._fingerprint)
        load_first_use(queue.connection, [script])
        queue.due.mark(self._game_id, queue.clock(), pipe)

    def _check(self, replies: Sequence[Any]) -> None:
        """A Redis that did not know the script wrote nothing: the command is queued now, in a round trip
        of its own (after the reads batched with it, which then miss it)."""
        reply = replies[0]
        if isinstance(reply, NoScriptError):
            self.queue_now()
            return
        if isinstance(reply, Exception):
            raise reply
        self.is_new, _ = submitted(reply)
        annotate(command_id=self._record.command_id, seat=self._record.seat)


class CommandQueue:
    def __init__(
        self,
        connection: redis.Redis,
        inbox: CommandInbox,
        due: DueIndex,
        scheduler: JobScheduler,
        clock: Callable[[], float],
    ) -> None:
        self.connection = connection
        self.inbox = inbox
        self.due = due
        self._scheduler = scheduler
        self.clock = clock
        # a cluster client's pipeline runs no script (services/store/lua_scripts.py)
        self.queues_with_reads = not isinstance(connection, RedisCluster)

    def queueing(self, game_id: str, record: CommandRecord, fingerprint: bytes = b"") -> Queueing:
        """:meth:`queue_command` with no job, as a checked read to batch (if :attr:`queues_with_reads`)."""
        return Queueing(self, game_id, record, fingerprint)

    def queue_command(
        self, game_id: str, record: CommandRecord, fingerprint: bytes = b"", job: bool = True
    ) -> bool:
        """Append a command (idempotent by command_id), mark its game due and make sure a process_game job
        will see it; False if the command id was already submitted (with the body's ``fingerprint``,
        :class:`services.store.command_inbox.CommandIdReused` if it was first sent with another body). The
        append, the due mark (after it: see services/store/due_index.py), the job's flag and, when RQ shares
        the store's Redis, the game's note as waiting for a decision go in one round trip. ``job=False``: no
        flag nor note, for a caller that decides it at once (if it dies first, the sweep does)."""
        queued: list[QueuedFlag] = []

        def fill(pipe: redis.client.Pipeline) -> list[Script]:
            script = self.inbox.queue_submit(pipe, game_id, record, fingerprint)
            self.due.mark(game_id, self.clock(), pipe)
            if not job:
                return [script]
            queued[:] = [self._scheduler.queue_flag(pipe, game_id)]
            return [script, *queued[0].scripts]

        replies = execute_with_scripts(self.connection, fill)
        annotate(command_id=record.command_id, seat=record.seat)
        if job:
            self._scheduler.after_flag(game_id, queued[0], replies)
        is_new, _ = submitted(replies[0])
        return is_new

    def schedule_decision(self, game_id: str) -> None:
        """Mark the game due and make sure a process_game job will decide its queued commands (one round
        trip)."""
        self._scheduler.process_game(game_id, lambda pipe: self.due.mark(game_id, self.clock(), pipe))
