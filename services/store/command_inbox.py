"""The per-game stream of submitted commands, their idempotent submission and their outcomes.

A command_id is recorded in ``command_ids`` in the same Lua step that appends the command, so a
resubmission is never appended twice; its outcome is written by ``append.lua`` together with the events it
produced, so it is decided at most once. Waiters block on the ``decided`` stream (XREAD BLOCK), never spin;
its entry, and the game's notice (:func:`decided_in_notice`), carry the outcome and the records appended
with it, so a waiter woken by its own command's entry or notice reads nothing more.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from operator import itemgetter
from typing import Any, NamedTuple

import redis
from redis.commands.core import Script

from services import keys
from services.store import layout
from services.store.layout import stream_entries
from services.store.lua_scripts import Scripts, queue_script
from services.store.read_batch import Read
from services.store.records import CommandRecord, EventRecord, OutcomeRecord
from services.store.replies import as_bytes, as_int, as_str


class CommandIdReused(Exception):
    """The command_id was first submitted with another body (the script wrote nothing)."""


def submitted(reply: Any) -> tuple[bool, str]:
    """``submit.lua``'s reply: (is_new, stream entry id); :class:`CommandIdReused` when the id was first
    sent with another body."""
    status = as_int(reply[0])
    if status < 0:
        raise CommandIdReused
    return status == 1, as_str(reply[1])


def submit_keys(game_id: str) -> list[str]:
    return [
        keys.command_ids(game_id),
        keys.commands(game_id),
        keys.outcomes(game_id),
        keys.command_fingerprints(game_id),
    ]


def submit_args(record: CommandRecord, rewrite: bool, fingerprint: bytes) -> list[str | bytes]:
    """``submit.lua``'s arguments; an empty ``fingerprint`` is not checked (a system command)."""
    return [
        record.command_id,
        layout.encode_command(record),
        "1" if rewrite else "",
        fingerprint,
        fingerprint.hex(),
    ]


class Decided(NamedTuple):
    """A command's outcome, with the records of the append that decided it when the waiter was woken by
    that append's entry (None: read them from the log)."""

    outcome: OutcomeRecord
    appended: list[EventRecord] | None = None

    def records(self) -> list[EventRecord] | None:
        """The command's own records (``first_seq`` to ``last_seq``) among those appended, if carried."""
        if self.appended is None:
            return None
        first, last = self.outcome.first_seq, self.outcome.last_seq
        return [record for record in self.appended if first <= record.seq <= last]


def decided_in(entries: list[Any], command_id: str) -> Decided | None:
    """The command's outcome if one of the decided stream's ``entries`` carries it (``append.lua`` writes
    the command id, its outcome and the entries it appended); None otherwise (another command's, or an
    entry without one)."""
    wanted = command_id.encode()
    for _, fields in entries:
        raw = fields.get(b"o")
        if fields.get(b"c") == wanted and raw:
            return Decided(layout.decode_outcome(as_bytes(raw), command_id), appended_records(fields))
    return None


def appended_records(fields: dict[bytes, Any]) -> list[EventRecord] | None:
    """The records a decided stream entry carries (the head's version and hash before the append, then
    each appended entry with its number of records), chained as the log chains them; None without them."""
    if b"v" not in fields:
        return None
    version, prev_hash = as_int(fields[b"v"]), as_str(fields[b"h"])
    records: list[EventRecord] = []
    number = 1
    while (count := fields.get(f"n{number}".encode())) is not None:
        version += as_int(count)
        records += layout.decode_events(version, as_bytes(fields[f"e{number}".encode()]), prev_hash)
        prev_hash = records[-1].hash
        number += 1
    return records


class NoticeSilent(Exception):
    """A game's notice that carries no decision (a version alone, a chat's): only a read tells."""


def decided_in_notice(message: bytes, command_id: str) -> Decided | None:
    """The command's outcome if the game's notice ``message`` carries it (``append.lua`` publishes each
    decision with its outcome and, while they are small, the entries appended with it); None when it
    carries another command's decision (this one was not decided by that append); :class:`NoticeSilent`
    when it carries none."""
    head, _, body = message.partition(b"\n")
    sizes = head.split(b" ")
    if len(sizes) < 3 or not body:
        raise NoticeSilent
    named, outcome_bytes = int(sizes[1]), int(sizes[2])
    if body[:named] != command_id.encode():
        return None
    at = named + outcome_bytes
    outcome = layout.decode_outcome(body[named:at], command_id)
    if len(sizes) < 5:
        return Decided(outcome)
    version, prev_hash = int(sizes[3]), body[at : at + int(sizes[4])].decode()
    at += int(sizes[4])
    records: list[EventRecord] = []
    for index in range(5, len(sizes) - 1, 2):
        version += int(sizes[index])
        end = at + int(sizes[index + 1])
        records += layout.decode_events(version, body[at:end], prev_hash)
        prev_hash, at = records[-1].hash, end
    return Decided(outcome, records)


def pending_among(reply: Any, checkpoint: str, count: int) -> list[tuple[str, CommandRecord]] | None:
    """The commands after ``checkpoint``, oldest first, from :meth:`CommandInbox.latest`'s value of
    the stream's last ``count`` entries; None when every one of them is after it (older ones may be too:
    read them with :meth:`CommandInbox.pending`)."""
    after = [
        (entry_id, raw)
        for entry_id, raw in stream_entries(reply)
        if layout.entry_order(entry_id) > layout.entry_order(checkpoint)
    ]
    if len(after) >= count:
        return None
    after.sort(key=lambda entry: layout.entry_order(entry[0]))
    return [(entry_id, layout.decode_command(raw)) for entry_id, raw in after]


class CommandInbox:
    def __init__(self, connection: redis.Redis) -> None:
        self._redis = connection
        self._scripts = Scripts(connection)

    def submit(self, game_id: str, record: CommandRecord, fingerprint: bytes = b"") -> tuple[bool, str]:
        """Append ``record`` unless its command_id is known; returns (is_new, stream entry id). With the
        body's ``fingerprint``, the first one sent under the command_id is kept, and another raises
        :class:`CommandIdReused` (nothing is written)."""
        return submitted(
            self._scripts.submit(keys=submit_keys(game_id), args=submit_args(record, False, fingerprint))
        )

    def queue_submit(
        self, pipe: redis.client.Pipeline, game_id: str, record: CommandRecord, fingerprint: bytes = b""
    ) -> Script:
        """:meth:`submit` queued in ``pipe`` (for :func:`services.store.lua_scripts.execute_with_scripts`);
        its reply is :meth:`submit`'s, as :func:`submitted` reads it. Answers the script it queued."""
        return queue_script(
            pipe, self._scripts.submit, submit_keys(game_id), submit_args(record, False, fingerprint)
        )

    def submit_replicated(
        self, game_id: str, record: CommandRecord, replicas: int, timeout_ms: int, fingerprint: bytes = b""
    ) -> int:
        """Append ``record`` unless its command_id is known, then ``WAIT`` on the same connection up to
        ``timeout_ms`` for ``replicas`` replicas to hold it (a known command is written again unchanged,
        so the WAIT covers it too); returns how many replicas acknowledged. ``fingerprint`` as in
        :meth:`submit`."""
        pipe = self._redis.pipeline(transaction=False)
        self._scripts.submit(
            keys=submit_keys(game_id), args=submit_args(record, True, fingerprint), client=pipe
        )
        pipe.wait(replicas, timeout_ms)
        submit_reply, acknowledged = pipe.execute()
        submitted(submit_reply)
        return as_int(acknowledged)

    def pending(self, game_id: str, checkpoint: str, count: int = 100) -> list[tuple[str, CommandRecord]]:
        """Commands after the checkpoint, oldest first."""
        entries = self._redis.xrange(keys.commands(game_id), f"({checkpoint}", "+", count=count)
        return [(entry_id, layout.decode_command(raw)) for entry_id, raw in stream_entries(entries)]

    @staticmethod
    def latest(game_id: str, count: int) -> Read[Any]:
        """The command stream's last ``count`` entries, newest first, as a read to batch (for
        :func:`pending_among`, once the checkpoint read with them is known)."""
        return Read(lambda pipe: pipe.xrevrange(keys.commands(game_id), "+", "-", count=count), itemgetter(0))

    def all(self, game_id: str) -> list[tuple[str, CommandRecord]]:
        entries = self._redis.xrange(keys.commands(game_id))
        return [(entry_id, layout.decode_command(raw)) for entry_id, raw in stream_entries(entries)]

    def outcome(self, game_id: str, command_id: str) -> OutcomeRecord | None:
        raw = self._redis.hget(keys.outcomes(game_id), command_id)
        return layout.decode_outcome(as_bytes(raw), command_id) if raw is not None else None

    @staticmethod
    def outcome_read(game_id: str, command_id: str) -> Read[OutcomeRecord | None]:
        """:meth:`outcome` as a read to batch."""

        def decode(replies: Sequence[Any]) -> OutcomeRecord | None:
            return layout.decode_outcome(as_bytes(replies[0]), command_id) if replies[0] is not None else None

        return Read(lambda pipe: pipe.hget(keys.outcomes(game_id), command_id), decode)

    def outcomes(self, game_id: str) -> dict[str, OutcomeRecord]:
        raw = self._redis.hgetall(keys.outcomes(game_id))
        return {as_str(k): layout.decode_outcome(as_bytes(v), as_str(k)) for k, v in raw.items()}

    def is_known(self, game_id: str, command_id: str) -> bool:
        pipe = self._redis.pipeline(transaction=False)
        pipe.hexists(keys.command_ids(game_id), command_id)
        pipe.hexists(keys.outcomes(game_id), command_id)
        return any(pipe.execute())

    def wait(
        self, game_id: str, command_id: str, timeout: float, cursor: str | None = None
    ) -> OutcomeRecord | None:
        """The outcome, blocking up to ``timeout`` seconds on the decided stream for it to appear (see
        :meth:`wait_decided`)."""
        decided = self.wait_decided(game_id, command_id, timeout, cursor)
        return decided.outcome if decided is not None else None

    def decided_now(self, game_id: str, command_id: str) -> Decided | None:
        """The outcome if the command is decided, without waiting, in one round trip: with the records
        appended with it while the decided stream's last entry is still its own."""
        pipe = self._redis.pipeline(transaction=False)
        read = self.decided_read(game_id, command_id)
        read.queue(pipe)
        return read.decode(pipe.execute())

    @staticmethod
    def decided_read(game_id: str, command_id: str) -> Read[Decided | None]:
        """:meth:`decided_now` as a read to batch."""

        def queue(pipe: redis.client.Pipeline) -> None:
            pipe.xrevrange(keys.decided(game_id), "+", "-", count=1)
            pipe.hget(keys.outcomes(game_id), command_id)

        def decode(replies: Sequence[Any]) -> Decided | None:
            latest, raw = replies
            if raw is None:
                return None
            return decided_in(latest, command_id) or Decided(layout.decode_outcome(as_bytes(raw), command_id))

        return Read(queue, decode)

    def wait_decided(
        self, game_id: str, command_id: str, timeout: float, cursor: str | None = None
    ) -> Decided | None:
        """The outcome, blocking up to ``timeout`` seconds on the decided stream for it to appear, with the
        records appended with it when its own entry woke the wait. With the ``cursor`` the caller read from
        the decided stream (together with the outcome, before submitting), the wait starts at once; without
        it, the cursor and the outcome are read first."""
        stream = keys.decided(game_id)
        deadline = time.monotonic() + timeout
        found = None
        if cursor is None:
            pipe = self._redis.pipeline(transaction=False)
            pipe.xrevrange(stream, "+", "-", count=1)
            pipe.hget(keys.outcomes(game_id), command_id)
            latest, raw = pipe.execute()
            cursor = as_str(latest[0][0]) if latest else "0-0"
            found = Decided(layout.decode_outcome(as_bytes(raw), command_id)) if raw is not None else None
        while True:
            remaining = deadline - time.monotonic()
            if found is not None or remaining <= 0:
                return found
            reply: Any = self._redis.xread({stream: cursor}, block=max(1, int(remaining * 1000)), count=100)
            for _, entries in reply or []:
                if entries:
                    cursor = as_str(entries[-1][0])
                    found = found or decided_in(entries, command_id)
            if found is None:
                outcome = self.outcome(game_id, command_id)
                found = Decided(outcome) if outcome is not None else None
