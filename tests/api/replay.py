"""Re-derive a finished game from its audit export: the revealed seed, then every accepted command in the
order the service decided them, run straight through the domain (no Redis, no HTTP)."""

from __future__ import annotations

import hashlib
import json
from typing import Any

import msgspec

from domain.engine import Game, GameResult, apply_command, start


def parse_export(text: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def replay_export(game: Game, lines: list[dict[str, Any]]) -> GameResult | None:
    header = lines[0]
    assert header["kind"] == "header"
    seed = bytes.fromhex(header["seed"])
    assert hashlib.sha256(seed).hexdigest() == header["seed_commitment"]
    state, _ = start(game, header["seats"], msgspec.convert(header["options"], game.Options), seed)
    accepted = [
        line
        for line in lines
        if line["kind"] == "command" and line["outcome"] and line["outcome"]["status"] == "accepted"
    ]
    for line in sorted(accepted, key=lambda line: line["outcome"]["first_seq"]):
        command = msgspec.convert(line["command"], game.Command)
        state, _ = apply_command(game, state, line["seat"], command)
    return game.result(state)
