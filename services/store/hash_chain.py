"""The hash chain over a game's event records: each record's hash covers the previous one's.

``hash = sha256(prev_hash_ascii + canonical_bytes).hexdigest()`` where ``canonical_bytes`` is the compact
JSON of ``{seq, type, schema_version, at, actor, command_id, data}`` with keys sorted; the first record's
``prev_hash`` is :data:`GENESIS_HASH`. The hash covers the record exactly as stored (upcasting happens on
read and never changes stored bytes).
"""

from __future__ import annotations

import hashlib

import msgspec

from services.store.records import EventRecord

GENESIS_HASH = "0" * 64


def canonical_bytes(record: EventRecord) -> bytes:
    return msgspec.json.encode(record.canonical(), order="sorted")


def chain_hash(prev_hash: str, record: EventRecord) -> str:
    return hashlib.sha256(prev_hash.encode("ascii") + canonical_bytes(record)).hexdigest()


def seal(record: EventRecord, prev_hash: str) -> EventRecord:
    """Set ``prev_hash`` and ``hash`` of a new record."""
    record.prev_hash = prev_hash
    record.hash = chain_hash(prev_hash, record)
    return record


def chain_breaks(records: list[EventRecord], prev_hash: str = GENESIS_HASH, first_seq: int = 1) -> list[int]:
    """The seqs where the chain (contiguous seqs, prev_hash links, recomputed hashes) does not hold."""
    broken: list[int] = []
    expected_seq = first_seq
    for record in records:
        if (
            record.seq != expected_seq
            or record.prev_hash != prev_hash
            or chain_hash(prev_hash, record) != record.hash
        ):
            broken.append(record.seq)
        prev_hash = record.hash
        expected_seq = record.seq + 1
    return broken
