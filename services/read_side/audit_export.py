"""The audit export of a finished game, as JSON Lines (UTF-8, one JSON object per line).

Format ``papyrus-export/1``, in this order:

1. one header::

     {"kind": "header", "format": "papyrus-export/1", "game_id", "game", "seats", "options", "players",
      "created_at", "seed_commitment", "seed", "rng": "<domain.rng.ALGORITHM>", "genesis_hash",
      "hash": "<how hashes are computed>", "version": <events>, "head_hash",
      "result": {"ranking": [seats, winner first], "scores": [score by seat]},
      "clock": {"per_move", "reserve", "policy", "preset"} | null (null: the server-wide timeout, "pass"),
      "table": {"resigned", "stand_in", "pause_votes", "paused", "undone", "ended"}}

   ``seed_commitment`` is the value carried by the first event (``data.seed_commitment``), ``seed`` the hex
   seed revealed by the ``papyrus.seed_revealed`` record; sha256(bytes.fromhex(seed)) must equal it.
2. every event record in seq order, exactly as stored::

     {"kind": "event", "seq", "type", "schema_version", "at", "actor", "command_id", "data",
      "prev_hash", "hash"}

   with ``hash = sha256(prev_hash.encode("ascii") + canonical).hexdigest()`` where ``canonical`` is the
   compact JSON, keys sorted, of ``{seq, type, schema_version, at, actor, command_id, data}``; the first
   ``prev_hash`` is ``genesis_hash`` (64 zeros) and seqs run 1, 2, 3... without gaps.
3. every submitted command in submission order with its outcome::

     {"kind": "command", "entry_id", "command_id", "seat", "actor", "command", "expected_version", "at",
      "outcome": {"status", "version", "first_seq", "last_seq", "violation", "at"} | null}
4. every kept chat message in order (services/social/chat.py; table talk, outside the hash chain)::

     {"kind": "chat", "id", "channel", "seat", "speaker", "name", "text", "version", "at"}
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import msgspec

from domain.engine import GameResult
from domain.rng import ALGORITHM
from services.results import GameMeta
from services.store.hash_chain import GENESIS_HASH
from services.store.records import SEED_REVEALED, CommandRecord, EventRecord, OutcomeRecord

FORMAT = "papyrus-export/1"
HASH_RULE = (
    "sha256(prev_hash_ascii + json(sorted keys, compact){seq,type,schema_version,at,actor,command_id,data})"
)


def _line(obj: dict[str, Any]) -> str:
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False)


def header(meta: GameMeta, records: list[EventRecord], result: GameResult | None = None) -> dict[str, Any]:
    revealed = [r.data.get("seed") for r in records if r.type == SEED_REVEALED]
    return {
        "kind": "header",
        "format": FORMAT,
        "game_id": meta.id,
        "game": meta.game,
        "seats": meta.seats,
        "options": meta.options,
        "players": msgspec.to_builtins(meta.players),
        "created_at": meta.created_at,
        "seed_commitment": records[0].data.get("seed_commitment") if records else None,
        "seed": revealed[-1] if revealed else None,
        "rng": ALGORITHM,
        "genesis_hash": GENESIS_HASH,
        "hash": HASH_RULE,
        "version": records[-1].seq if records else 0,
        "head_hash": records[-1].hash if records else GENESIS_HASH,
        "result": msgspec.to_builtins(result),
        "clock": msgspec.to_builtins(meta.clock),
        "table": msgspec.to_builtins(meta.table),
    }


def export_lines(
    meta: GameMeta,
    records: list[EventRecord],
    commands: list[tuple[str, CommandRecord]],
    outcomes: dict[str, OutcomeRecord],
    result: GameResult | None = None,
) -> Iterator[str]:
    yield _line(header(meta, records, result))
    for record in records:
        yield _line({"kind": "event", **msgspec.to_builtins(record)})
    for entry_id, command in commands:
        outcome = outcomes.get(command.command_id)
        shown = msgspec.to_builtins(outcome) if outcome is not None else None
        if shown is not None:
            shown.pop("command_id", None)
            shown.pop("seat", None)
        yield _line(
            {"kind": "command", "entry_id": entry_id, **msgspec.to_builtins(command), "outcome": shown}
        )
