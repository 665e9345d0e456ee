"""The per-game event stream: explicit ids ``0-<seq>``, a hash chain, atomic guarded appends.

Only one writer can extend a game's log at a version: ``append.lua`` compares the expected version and head
hash with the stored head before it XADDs, and Redis itself refuses an explicit id that is not above the
last one. A racing writer gets :class:`StaleVersion` and must reload and decide again.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from functools import cache
from operator import itemgetter
from typing import Any, cast

import msgspec
import redis
from redis.commands.core import Script

from services import keys
from services.store import layout
from services.store.hash_chain import GENESIS_HASH, seal
from services.store.layout import stream_entries
from services.store.live_notices import LOCAL_NOTICES
from services.store.lua_scripts import Scripts, source
from services.store.read_batch import Read
from services.store.records import Actor, EventRecord, OutcomeRecord, now_iso
from services.store.replies import as_bytes, as_int, as_str


def seq_of(entry_id: str) -> int:
    """The seq of an event stream entry id ``0-<seq>``."""
    return int(entry_id.partition("-")[2])


class NoSeed(RuntimeError):
    """The game has no secret seed: not set up yet, or its end revealed it (the append that ended it)."""


class StaleVersion(Exception):
    """The log moved on (or the command was decided) since the writer read it."""

    def __init__(self, version: int, reason: str) -> None:
        super().__init__(f"stale append: {reason} (store at version {version})")
        self.version = version
        self.reason = reason


class Head(msgspec.Struct, frozen=True):
    """The tip of a game's log: last seq, its hash, and the last decided command entry id."""

    version: int = 0
    hash: str = GENESIS_HASH
    checkpoint: str = "0-0"


class NewEvent(msgspec.Struct, frozen=True):
    """An event to append: its tag, data and schema version."""

    type: str
    data: dict[str, Any]
    schema_version: int = 1


class Alongside(msgspec.Struct, frozen=True):
    """What an append writes in its same atomic step, opaque to the store: the game's ``final_status``
    ("over" once it ends), the ``meta_state`` its writer keeps in the meta hash (the table's state) and an
    ``outbox_entry`` (what the append tells the players)."""

    final_status: str = ""
    meta_state: bytes = b""
    outbox_entry: bytes = b""


NOTHING_ALONGSIDE = Alongside()


class CommandDecision(msgspec.Struct, frozen=True):
    """The command whose outcome an append records, and where the checkpoint moves to."""

    command_id: str
    outcome: OutcomeRecord
    expected_checkpoint: str
    new_checkpoint: str


def head_from(reply: dict[Any, Any]) -> Head:
    """The head of a game from the HGETALL of its head hash (the empty log's head if there is none)."""
    fields = {as_str(k): as_str(v) for k, v in reply.items()}
    return Head(
        version=int(fields.get("version", 0)),
        hash=fields.get("hash", GENESIS_HASH),
        checkpoint=fields.get("checkpoint", "0-0"),
    )


# How long a game's decided stream outlives its last entry. Waiters need it only while they wait; one that
# is still waiting when it expires is woken all the same by the entry that recreates it (its id, from the
# clock, is after the waiter's cursor). A stream of one entry takes about 4.7 KiB (Redis preallocates its
# node), a sixth of a running game, which a game waiting days for its next move should not keep.
DECIDED_TTL_MS = 60_000
# How long it outlives the game's end. Deleted with the game's other leftovers, it was often gone before the
# last command's submitter started waiting (its decision, the append and the clean-up can all come between
# the submitter's append and its wait): that submitter then waited out its whole wait (2 s) for the
# outcome. Kept this long, the wait reads the decision's entry at once.
FINISHED_DECIDED_TTL_MS = 5_000
_REASONS = {0: "version or head hash moved", -1: "command checkpoint moved", -2: "command already decided"}


class EventStore:
    def __init__(self, connection: redis.Redis, clock: Callable[[], float]) -> None:
        self._redis = connection
        self._scripts = Scripts(connection)
        self._clock = clock

    def seed(self, game_id: str, draw: bool = False) -> bytes:
        """The game's secret seed (``draw``: drawn first unless it has one); :class:`NoSeed` if it has
        none."""
        if draw:
            self._redis.set(keys.seed(game_id), secrets.token_bytes(32), nx=True)
        seed = self._redis.get(keys.seed(game_id))
        if seed is None:
            raise NoSeed(f"game {game_id}: no seed")
        return as_bytes(seed)

    def head(self, game_id: str) -> Head:
        return head_from(self._redis.hgetall(keys.head(game_id)))

    def read(self, game_id: str, after: int = 0, upto: int | None = None) -> list[EventRecord]:
        """Records with ``after < seq <= upto`` in order (one round trip unless ``after`` falls inside an
        entry of several records, whose chain then starts from the entry before it)."""
        key = keys.events(game_id)
        pipe = self._redis.pipeline(transaction=False)
        pipe.xrange(key, f"0-{after}" if after > 0 else "-", "+" if upto is None else f"0-{upto}")
        if upto is not None:
            pipe.xrange(key, f"(0-{upto}", "+", count=1)
        entries = [entry for reply in pipe.execute() for entry in stream_entries(reply)]
        prev_hash = GENESIS_HASH
        if after > 0 and entries:
            first_id, first_raw = entries[0]
            if seq_of(first_id) == after:
                prev_hash = layout.last_hash(first_raw)
                entries.pop(0)
            else:
                prev_hash = self._hash_before(key, layout.first_seq(seq_of(first_id), first_raw))
        records = _chained(entries, prev_hash)
        return [r for r in records if r.seq > after and (upto is None or r.seq <= upto)]

    @staticmethod
    def entries_after(game_id: str, after: int, count: int) -> Read[Any]:
        """The first ``count`` entries after record ``after`` as a read to batch (see :func:`records_after`),
        for a caller that holds the state at ``after`` and reads the head in the same round trip."""
        return Read(
            lambda pipe: pipe.xrange(keys.events(game_id), f"(0-{after}", "+", count=count), itemgetter(0)
        )

    @staticmethod
    def head_read(game_id: str) -> Read[Head]:
        """:meth:`head` as a read to batch."""
        return Read(lambda pipe: pipe.hgetall(keys.head(game_id)), lambda replies: head_from(replies[0]))

    @staticmethod
    def meta_and_head_read(game_id: str) -> Read[tuple[dict[Any, Any], Head]]:
        """The game's meta hash (as HGETALL answers it) and its head, at one moment: an append writes both in
        one step, and one script reads both (``meta_head.lua``; the keys share the game's slot on a cluster).
        Queued as a bare EVALSHA, which a cluster client's pipeline refuses by name but routes by its keys."""
        script = _meta_head_script()
        meta, head = keys.meta(game_id), keys.head(game_id)
        command = ("EVALSHA", script.sha, 2, meta, head)
        return Read(lambda pipe: cast(Any, pipe).execute_command(*command), _meta_and_head, script=script)

    def _hash_before(self, key: str, seq: int) -> str:
        """The hash of the record before ``seq`` (the genesis hash before the first)."""
        if seq <= 1:
            return GENESIS_HASH
        entries = stream_entries(self._redis.xrevrange(key, f"0-{seq - 1}", "-", count=1))
        return layout.last_hash(entries[-1][1]) if entries else GENESIS_HASH

    def wait_beyond(self, game_id: str, version: int, timeout: float) -> int:
        """The head version once the log holds an event above ``version``, blocking on the stream (XREAD
        BLOCK, no busy loop) up to ``timeout`` seconds; the unchanged head version on timeout."""
        self._redis.xread({keys.events(game_id): f"0-{version}"}, block=max(1, int(timeout * 1000)), count=1)
        return self.head(game_id).version

    def build(
        self,
        head: Head,
        events: Sequence[NewEvent],
        actor: Actor,
        command_id: str | None,
    ) -> list[EventRecord]:
        """Sealed records continuing the chain from ``head``."""
        at = now_iso(self._clock)
        records: list[EventRecord] = []
        prev_hash = head.hash
        for offset, event in enumerate(events, start=1):
            record = EventRecord(
                seq=head.version + offset,
                type=event.type,
                schema_version=event.schema_version,
                at=at,
                actor=actor,
                command_id=command_id,
                data=event.data,
                prev_hash="",
                hash="",
            )
            records.append(seal(record, prev_hash))
            prev_hash = record.hash
        return records

    def append(
        self,
        game_id: str,
        head: Head,
        records: Sequence[EventRecord],
        decision: CommandDecision | None = None,
        alongside: Alongside = NOTHING_ALONGSIDE,
    ) -> int:
        """Append ``records`` (built from ``head``), record ``decision`` and write what goes ``alongside``
        (to the meta hash and the game's outbox) in one atomic step.

        Returns the new version; raises :class:`StaleVersion` if anything moved since ``head`` was read.
        """
        new_hash = records[-1].hash if records else head.hash
        result = self._scripts.append(
            keys=[
                keys.head(game_id),
                keys.events(game_id),
                keys.outcomes(game_id),
                keys.decided(game_id),
                keys.meta(game_id),
                keys.seed(game_id),
                keys.notify_outbox(game_id),
                keys.live(game_id),
            ],
            args=[
                head.version,
                head.hash,
                decision.expected_checkpoint if decision else "",
                decision.new_checkpoint if decision else "",
                decision.command_id if decision else "",
                layout.encode_outcome(decision.outcome) if decision else b"",
                new_hash,
                alongside.final_status,
                alongside.meta_state,
                alongside.outbox_entry,
                DECIDED_TTL_MS,
                *[part for count, entry in layout.encode_events(list(records)) for part in (count, entry)],
            ],
        )
        status, version = as_int(result[0]), as_int(result[1])
        if status != 1:
            raise StaleVersion(version, _REASONS.get(status, "unknown"))
        if records or (decision is not None and decision.command_id):
            LOCAL_NOTICES.publish(game_id)
        return version


def records_after(reply: Any, after: int, after_hash: str, upto: int) -> list[EventRecord] | None:
    """The records with ``after < seq <= upto`` from :meth:`EventStore.entries_after`'s value, chained on
    from ``after_hash`` (the hash of record ``after``); None when the reply does not hold exactly them (an
    entry that starts before ``after``, as a compacted one may, or fewer entries than reach ``upto``): the
    caller then reads them the usual way."""
    records = _chained(stream_entries(reply), after_hash)
    last = records[-1].seq if records else after
    if (records and records[0].seq != after + 1) or last < upto:
        return None
    return [record for record in records if record.seq <= upto]


def _chained(entries: Sequence[tuple[str, bytes]], prev_hash: str) -> list[EventRecord]:
    """The records of consecutive stream entries, their hash chain continued from ``prev_hash``."""
    records: list[EventRecord] = []
    for entry_id, raw in entries:
        records += layout.decode_events(seq_of(entry_id), raw, prev_hash)
        prev_hash = records[-1].hash
    return records


@cache
def _meta_head_script() -> Script:
    """``meta_head.lua``, bound to no client (the text as bytes needs no client's encoder for its sha)."""
    return Script(cast(Any, None), source("meta_head").encode("utf-8"))


def _meta_and_head(replies: Sequence[Any]) -> tuple[dict[Any, Any], Head]:
    meta, head = replies[0]
    return _pairs(meta), head_from(_pairs(head))


def _pairs(flat: Sequence[Any]) -> dict[Any, Any]:
    """A hash from the flat fields and values a script's HGETALL answers."""
    it = iter(flat)
    return dict(zip(it, it, strict=False))
