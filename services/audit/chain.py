"""The tamper-evident parts of an export: the hash chain over the event records, and the seed against the
commitment published in the first event."""

from __future__ import annotations

import hashlib
from typing import Any

from services.audit.records import EventLine, Export, Problem
from services.store.hash_chain import GENESIS_HASH, chain_hash
from services.store.records import SEED_REVEALED


def chain_problems(events: list[EventLine], header: dict[str, Any]) -> list[Problem]:
    """Seqs run 1, 2, 3... ; each ``prev_hash`` is the previous ``hash``; each ``hash`` recomputes; the
    header's ``version`` and ``head_hash`` name the last record."""
    problems: list[Problem] = []
    prev_hash, expected_seq = GENESIS_HASH, 1
    for event in events:
        record = event.record
        if record.seq != expected_seq:
            problems.append(Problem(event.where, f"seq is {record.seq}, expected {expected_seq}"))
        if record.prev_hash != prev_hash:
            problems.append(
                Problem(event.where, f"prev_hash {record.prev_hash[:12]}… is not the previous record's hash")
            )
        recomputed = chain_hash(record.prev_hash, record)
        if recomputed != record.hash:
            problems.append(
                Problem(
                    event.where, f"hash {record.hash[:12]}… does not match its content ({recomputed[:12]}…)"
                )
            )
        prev_hash, expected_seq = record.hash, expected_seq + 1
    last_seq = events[-1].record.seq if events else 0
    if header.get("version") != last_seq:
        problems.append(Problem("header", f"version is {header.get('version')}, the log ends at {last_seq}"))
    if header.get("head_hash") != prev_hash:
        problems.append(Problem("header", "head_hash is not the hash of the last record"))
    return problems


def _revealed_seed(export: Export) -> tuple[EventLine | None, list[Problem]]:
    reveals = [event for event in export.events if event.record.type == SEED_REVEALED]
    if not reveals:
        return None, [Problem("log", "no record reveals the seed (the game is not over?)")]
    problems = [Problem(event.where, "the seed is revealed more than once") for event in reveals[1:]]
    if reveals[-1] is not export.events[-1]:
        problems.append(Problem(reveals[-1].where, "the seed reveal is not the last event"))
    return reveals[-1], problems


def seed_problems(export: Export) -> tuple[bytes | None, list[Problem]]:
    """The revealed seed (None if unusable) and whatever does not hold about it."""
    if not export.events:
        return None, [Problem("log", "there are no events")]
    first = export.events[0]
    commitment = first.record.data.get("seed_commitment")
    problems: list[Problem] = []
    if not isinstance(commitment, str):
        problems.append(Problem(first.where, "the first event publishes no seed_commitment"))
    elif export.header.get("seed_commitment") != commitment:
        problems.append(Problem("header", "seed_commitment differs from the first event's"))
    reveal, reveal_problems = _revealed_seed(export)
    problems += reveal_problems
    if reveal is None:
        return None, problems
    seed_hex = reveal.record.data.get("seed")
    try:
        seed = bytes.fromhex(seed_hex) if isinstance(seed_hex, str) else None
    except ValueError:
        seed = None
    if seed is None:
        return None, [*problems, Problem(reveal.where, f"the revealed seed {seed_hex!r} is not hex")]
    if export.header.get("seed") != seed_hex:
        problems.append(Problem("header", "seed differs from the revealed seed"))
    if isinstance(commitment, str) and hashlib.sha256(seed).hexdigest() != commitment:
        problems.append(
            Problem(reveal.where, f"sha256 of the revealed seed is not the commitment {commitment[:12]}…")
        )
        return None, problems
    return seed, problems
