"""Editing an export the way a forger would: change records, then (optionally) recompute the hash chain and
the header so that only the rules can tell."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import msgspec

from services.store.hash_chain import GENESIS_HASH, seal
from services.store.records import EventRecord

Line = dict[str, Any]


def parse(lines: list[str]) -> list[Line]:
    return [json.loads(line) for line in lines]


def dump(records: list[Line]) -> list[str]:
    return [json.dumps(record, separators=(",", ":")) for record in records]


def events(records: list[Line]) -> list[Line]:
    return [record for record in records if record["kind"] == "event"]


def reseal(records: list[Line]) -> list[Line]:
    """Recompute every prev_hash/hash and the header's head, as a forger with the export can."""
    prev_hash = GENESIS_HASH
    for record in events(records):
        body = msgspec.convert({k: v for k, v in record.items() if k != "kind"}, EventRecord)
        seal(body, prev_hash)
        record["prev_hash"], record["hash"] = body.prev_hash, body.hash
        prev_hash = body.hash
    header = records[0]
    header["head_hash"] = prev_hash
    header["version"] = len(events(records))
    return records


def forged(lines: list[str], edit: Callable[[list[Line]], None], recompute_chain: bool) -> list[str]:
    records = parse(lines)
    edit(records)
    return dump(reseal(records) if recompute_chain else records)
