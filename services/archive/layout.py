"""An archived game's object: its audit export, gzip-compressed, one object per game.

The key is ``games/<game id>.jsonl.gz``; the body is the game's export (``papyrus-export/1``,
services/read_side/audit_export.py: header, events, commands with outcomes, chat) as UTF-8 JSON Lines,
compressed with gzip (no name, no time, so the same game gives the same bytes). ``gunzip`` and ``papyrus
verify`` read it as they read a download. :func:`parse` turns it back into what the reads of a finished game
need.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import msgspec

from services.clocks.config import ClockConfig
from services.read_side.audit_export import FORMAT
from services.results import GameMeta, Player
from services.store.meta_store import OVER
from services.store.records import CommandRecord, EventRecord, OutcomeRecord
from services.table.state import TableState

COMPRESSION_LEVEL = 9


class UnreadableObject(Exception):
    """An archived object that does not decompress or parse as an export."""


def object_key(game_id: str) -> str:
    return f"games/{game_id}.jsonl.gz"


def pack(lines: Iterable[str]) -> bytes:
    text = "".join(line if line.endswith("\n") else line + "\n" for line in lines)
    return gzip.compress(text.encode("utf-8"), compresslevel=COMPRESSION_LEVEL, mtime=0)


def unpack(body: bytes) -> list[str]:
    try:
        return gzip.decompress(body).decode("utf-8").splitlines()
    except (OSError, EOFError, UnicodeDecodeError) as error:
        raise UnreadableObject(f"not a gzip-compressed export: {error}") from None


def sha256(body: bytes) -> bytes:
    return hashlib.sha256(body).digest()


@dataclass(frozen=True)
class ArchivedLog:
    """A finished game read back from its object: its meta (status ``over``), every event record, every
    command with its stream entry id and outcome, the chat messages (as exported) and the export's lines."""

    meta: GameMeta
    records: list[EventRecord]
    commands: list[tuple[str, CommandRecord]]
    outcomes: dict[str, OutcomeRecord]
    chat: list[dict[str, Any]]
    lines: list[str] = field(repr=False)

    @property
    def version(self) -> int:
        return self.records[-1].seq if self.records else 0


def meta_of(header: dict[str, Any]) -> GameMeta:
    clock = header.get("clock")
    return GameMeta(
        id=header["game_id"],
        game=header["game"],
        seats=header["seats"],
        options=header.get("options") or {},
        public=header.get("public", True),
        created_at=header["created_at"],
        status=OVER,
        players=[msgspec.convert(player, Player) for player in header.get("players") or []],
        rated=header.get("rated", True),
        spectator_chat=header.get("spectator_chat", True),
        clock=msgspec.convert(clock, ClockConfig) if clock is not None else None,
        table=msgspec.convert(header.get("table") or {}, TableState),
    )


def _command(line: dict[str, Any]) -> tuple[str, CommandRecord, OutcomeRecord | None]:
    body = {key: value for key, value in line.items() if key not in ("kind", "entry_id", "outcome")}
    command = msgspec.convert(body, CommandRecord)
    shown = line.get("outcome")
    outcome = None
    if shown is not None:
        outcome = msgspec.convert(
            {**shown, "command_id": command.command_id, "seat": command.seat}, OutcomeRecord
        )
    return str(line["entry_id"]), command, outcome


def parse(lines: list[str]) -> ArchivedLog:
    """The finished game an export's lines hold; :class:`UnreadableObject` if they are not one."""
    try:
        parsed = [json.loads(line) for line in lines if line.strip()]
        header = parsed[0]
        if header.get("kind") != "header" or header.get("format") != FORMAT:
            raise UnreadableObject(f"the first line is not a {FORMAT} header")
        records, commands, outcomes, chat = [], [], {}, []
        for line in parsed[1:]:
            kind = line.get("kind")
            if kind == "event":
                records.append(msgspec.convert({k: v for k, v in line.items() if k != "kind"}, EventRecord))
            elif kind == "command":
                entry_id, command, outcome = _command(line)
                commands.append((entry_id, command))
                if outcome is not None:
                    outcomes[command.command_id] = outcome
            elif kind == "chat":
                chat.append({k: v for k, v in line.items() if k != "kind"})
        return ArchivedLog(meta_of(header), records, commands, outcomes, chat, lines)
    except (ValueError, KeyError, IndexError, TypeError, AttributeError, msgspec.ValidationError) as error:
        raise UnreadableObject(f"not an export: {error}") from None
