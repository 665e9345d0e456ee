"""How records are laid out in Redis: compact MessagePack arrays, read back into records.py's records.

Events: one stream entry per run of records appended together, ``[at µs, actor, command_id, [[type,
schema_version, data], ...], hash]``, id ``0-<last seq>``, only the run's last hash stored (the others are
recomputed along the chain on read, so an edit still breaks it). Commands: ``[command_id, seat, actor,
command, expected_version, at]``; outcomes: ``[seat, status, version, first_seq, last_seq, violation, at]``.
Layout 1 (MessagePack maps by name) is still read, upcast, never rewritten.
"""

from __future__ import annotations

import zlib
from datetime import UTC, datetime, timedelta
from itertools import groupby
from typing import Any

import msgspec

from services.store.hash_chain import chain_hash
from services.store.records import Actor, CommandRecord, EventRecord, OutcomeRecord
from services.store.replies import as_bytes, as_str

RECORD_FIELD = b"r"
COMPACTED_FIELD = b"z"
EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
NAIVE_EPOCH = datetime(1970, 1, 1)


def iso_from_micros(micros: int) -> str:
    """The ISO-8601 UTC time (microseconds, ``Z``) of an integer count of microseconds since the epoch."""
    return (NAIVE_EPOCH + timedelta(microseconds=micros)).isoformat(timespec="microseconds") + "Z"


def micros_or_iso(at: str) -> int | str:
    """``at`` as integer microseconds when that gives back the very same string, else ``at`` itself
    (``fromisoformat`` reads more forms than ours; the round trip keeps only ours)."""
    try:
        moment = datetime.fromisoformat(at)
    except ValueError:
        return at
    if moment.tzinfo is None:
        return at
    delta = moment - EPOCH
    micros = (delta.days * 86_400 + delta.seconds) * 1_000_000 + delta.microseconds
    return micros if iso_from_micros(micros) == at else at


def _iso(at: int | str) -> str:
    return iso_from_micros(at) if isinstance(at, int) else at


class StoredEvent(msgspec.Struct, array_like=True):
    type: str
    schema_version: int
    data: dict[str, Any]


class StoredRun(msgspec.Struct, array_like=True):
    at: int | str
    actor: Actor
    command_id: str | None
    events: list[StoredEvent]
    hash: bytes


class StoredCommand(msgspec.Struct, array_like=True):
    command_id: str
    seat: int
    actor: Actor
    command: dict[str, Any]
    expected_version: int | None
    at: int | str


class StoredOutcome(msgspec.Struct, array_like=True):
    seat: int
    status: str
    version: int
    first_seq: int
    last_seq: int
    violation: dict[str, Any] | None
    at: int | str
    to_act: list[int] | None = None  # absent from outcomes written before it was recorded


_encoder = msgspec.msgpack.Encoder()
_run_decoder = msgspec.msgpack.Decoder(StoredRun)
_command_decoder = msgspec.msgpack.Decoder(StoredCommand)
_outcome_decoder = msgspec.msgpack.Decoder(StoredOutcome)
_old_event_decoder = msgspec.msgpack.Decoder(EventRecord)
_old_command_decoder = msgspec.msgpack.Decoder(CommandRecord)
_old_outcome_decoder = msgspec.msgpack.Decoder(OutcomeRecord)
_MAP_MARKERS = frozenset([*range(0x80, 0x90), 0xDE, 0xDF])


def is_old_layout(raw: bytes) -> bool:
    """Layout 1 records are MessagePack maps; layout 2 records are arrays."""
    return bool(raw) and raw[0] in _MAP_MARKERS


def _run_key(record: EventRecord) -> tuple[str, Actor, str | None]:
    return record.at, record.actor, record.command_id


def encode_events(records: list[EventRecord]) -> list[tuple[int, bytes]]:
    """``(number of records, entry)`` for each run of consecutive records sharing at, actor and command_id."""
    entries: list[tuple[int, bytes]] = []
    for (at, actor, command_id), run in groupby(records, key=_run_key):
        members = list(run)
        events = [StoredEvent(r.type, r.schema_version, r.data) for r in members]
        stored = StoredRun(micros_or_iso(at), actor, command_id, events, bytes.fromhex(members[-1].hash))
        entries.append((len(members), _encoder.encode(stored)))
    return entries


def last_hash(raw: bytes) -> str:
    """The hex hash of the last record of a stored entry (the chain continues from it)."""
    if is_old_layout(raw):
        return _old_event_decoder.decode(raw).hash
    return _run_decoder.decode(raw).hash.hex()


def decode_events(last_seq: int, raw: bytes, prev_hash: str) -> list[EventRecord]:
    """The records of the entry ``0-<last_seq>``, chained on from ``prev_hash``."""
    if is_old_layout(raw):
        return [_old_event_decoder.decode(raw)]
    run = _run_decoder.decode(raw)
    at = _iso(run.at)
    records: list[EventRecord] = []
    first_seq = last_seq - len(run.events) + 1
    for offset, event in enumerate(run.events):
        record = EventRecord(
            seq=first_seq + offset,
            type=event.type,
            schema_version=event.schema_version,
            at=at,
            actor=run.actor,
            command_id=run.command_id,
            data=event.data,
            prev_hash=prev_hash,
            hash="",
        )
        last = offset == len(run.events) - 1
        record.hash = run.hash.hex() if last else chain_hash(prev_hash, record)
        records.append(record)
        prev_hash = record.hash
    return records


def first_seq(last_seq: int, raw: bytes) -> int:
    """The seq of the first record of the entry ``0-<last_seq>``."""
    return last_seq if is_old_layout(raw) else last_seq - len(_run_decoder.decode(raw).events) + 1


def encode_command(record: CommandRecord) -> bytes:
    return _encoder.encode(
        StoredCommand(
            record.command_id,
            record.seat,
            record.actor,
            record.command,
            record.expected_version,
            micros_or_iso(record.at),
        )
    )


def decode_command(raw: bytes) -> CommandRecord:
    if is_old_layout(raw):
        return _old_command_decoder.decode(raw)
    stored = _command_decoder.decode(raw)
    return CommandRecord(
        command_id=stored.command_id,
        seat=stored.seat,
        actor=stored.actor,
        command=stored.command,
        expected_version=stored.expected_version,
        at=_iso(stored.at),
    )


def encode_outcome(outcome: OutcomeRecord) -> bytes:
    return _encoder.encode(
        StoredOutcome(
            outcome.seat,
            outcome.status,
            outcome.version,
            outcome.first_seq,
            outcome.last_seq,
            outcome.violation,
            micros_or_iso(outcome.at) if outcome.at else "",
            outcome.to_act,
        )
    )


def decode_outcome(raw: bytes, command_id: str) -> OutcomeRecord:
    """The outcome stored under ``command_id``."""
    if is_old_layout(raw):
        return _old_outcome_decoder.decode(raw)
    stored = _outcome_decoder.decode(raw)
    return OutcomeRecord(
        command_id=command_id,
        seat=stored.seat,
        status=stored.status,
        version=stored.version,
        first_seq=stored.first_seq,
        last_seq=stored.last_seq,
        violation=stored.violation,
        at=_iso(stored.at),
        to_act=stored.to_act,
    )


def entry_order(entry_id: str) -> tuple[int, int]:
    """A stream entry id (``<ms>-<seq>``) as a key that sorts as the stream does."""
    ms, _, seq = entry_id.partition("-")
    return int(ms), int(seq)


def stream_entries(reply: Any) -> list[tuple[str, bytes]]:
    """``(entry id, field "r")`` pairs of an XRANGE/XREVRANGE reply, a compacted entry (field ``z``, see
    compaction.py) expanded into the entries it holds, in order."""
    entries: list[tuple[str, bytes]] = []
    for entry_id, fields in reply or []:
        if COMPACTED_FIELD in fields:
            packed = msgspec.msgpack.decode(zlib.decompress(as_bytes(fields[COMPACTED_FIELD])))
            entries += [(str(inner_id), bytes(raw)) for inner_id, raw in packed]
        else:
            entries.append((as_str(entry_id), as_bytes(fields[RECORD_FIELD])))
    return entries
