"""The audit export of a finished game, as JSON Lines (format ``papyrus-export/1``, docs/auditing.md).

In order: one header (game, seats, options, players, ``public``, ``rated``, ``spectator_chat``,
``seed_commitment``, the revealed ``seed``, the RNG, ``version``, ``head_hash``, ``result``, ``clock``,
``table``); every event record in seq order, with ``hash = sha256(prev_hash + canonical JSON of {seq, type,
schema_version, at, actor, command_id, data})``, the first ``prev_hash`` 64 zeros; every submitted command
with its outcome; every kept chat message (``kind: "chat"``, not chained).
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
        "public": meta.public,
        "rated": meta.rated,
        "spectator_chat": meta.spectator_chat,
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
