"""Queueing a command for the workers: the inbox's append, the game's due mark and its decision job's flag in
one round trip, and the decision of a game whose commands are queued already."""

from __future__ import annotations

from collections.abc import Callable

import redis
from redis.commands.core import Script

from services.observability.structured_logs import annotate
from services.processing.job_scheduler import JobScheduler, QueuedFlag
from services.store.command_inbox import CommandInbox, submitted
from services.store.due_index import DueIndex
from services.store.lua_scripts import execute_with_scripts
from services.store.records import CommandRecord


class CommandQueue:
    def __init__(
        self,
        connection: redis.Redis,
        inbox: CommandInbox,
        due: DueIndex,
        scheduler: JobScheduler,
        clock: Callable[[], float],
    ) -> None:
        self._redis = connection
        self.inbox = inbox
        self._due = due
        self._scheduler = scheduler
        self._clock = clock

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
            self._due.mark(game_id, self._clock(), pipe)
            if not job:
                return [script]
            queued[:] = [self._scheduler.queue_flag(pipe, game_id)]
            return [script, *queued[0].scripts]

        replies = execute_with_scripts(self._redis, fill)
        annotate(command_id=record.command_id, seat=record.seat)
        if job:
            self._scheduler.after_flag(game_id, queued[0], replies)
        is_new, _ = submitted(replies[0])
        return is_new

    def schedule_decision(self, game_id: str) -> None:
        """Mark the game due and make sure a process_game job will decide its queued commands (one round
        trip)."""
        self._scheduler.process_game(game_id, lambda pipe: self._due.mark(game_id, self._clock(), pipe))
