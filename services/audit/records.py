"""Parsing a ``papyrus-export/1`` file (format in services/read_side/audit_export.py) into typed records
with line numbers."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import msgspec

from services.read_side.audit_export import FORMAT
from services.store.records import CommandRecord, EventRecord, OutcomeRecord


@dataclass(frozen=True)
class Problem:
    """One thing that does not hold: where (``line 12 (event seq 11)``) and how."""

    where: str
    what: str

    def __str__(self) -> str:
        return f"{self.where}: {self.what}"


@dataclass(frozen=True)
class EventLine:
    line: int
    record: EventRecord

    @property
    def where(self) -> str:
        return f"line {self.line} (event seq {self.record.seq})"


@dataclass(frozen=True)
class CommandLine:
    line: int
    command: CommandRecord
    outcome: OutcomeRecord | None

    @property
    def where(self) -> str:
        return f"line {self.line} (command {self.command.command_id!r})"


@dataclass
class Export:
    header: dict[str, Any]
    events: list[EventLine] = field(default_factory=list)
    commands: list[CommandLine] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    chat_lines: int = 0
    """Chat messages (``kind: chat``): table talk, outside the hash chain, counted and not checked."""


def _event(line: int, obj: dict[str, Any]) -> EventLine:
    body = {key: value for key, value in obj.items() if key != "kind"}
    return EventLine(line, msgspec.convert(body, EventRecord))


def _command(line: int, obj: dict[str, Any]) -> CommandLine:
    body = {key: value for key, value in obj.items() if key not in ("kind", "entry_id", "outcome")}
    command = msgspec.convert(body, CommandRecord)
    raw_outcome = obj.get("outcome")
    outcome = None
    if raw_outcome is not None:
        full = {**raw_outcome, "command_id": command.command_id, "seat": command.seat}
        outcome = msgspec.convert(full, OutcomeRecord)
    return CommandLine(line, command, outcome)


def _header(number: int, obj: Any) -> tuple[dict[str, Any], list[Problem]]:
    if not isinstance(obj, dict) or obj.get("kind") != "header":
        return {}, [Problem(f"line {number}", "the first record must be the header (kind 'header')")]
    if obj.get("format") != FORMAT:
        return obj, [Problem(f"line {number}", f"format is {obj.get('format')!r}, expected {FORMAT!r}")]
    return obj, []


def parse_export(lines: Iterable[str]) -> Export:
    """Every record of the export; unreadable lines become problems (the rest is still parsed)."""
    export = Export(header={})
    seen_header = False
    for number, text in enumerate(lines, start=1):
        if not text.strip():
            continue
        try:
            obj = json.loads(text)
        except json.JSONDecodeError as error:
            export.problems.append(Problem(f"line {number}", f"not valid JSON: {error.msg}"))
            continue
        if not seen_header:
            seen_header = True
            export.header, problems = _header(number, obj)
            export.problems.extend(problems)
            continue
        kind = obj.get("kind") if isinstance(obj, dict) else None
        try:
            if kind == "event":
                export.events.append(_event(number, obj))
            elif kind == "command":
                export.commands.append(_command(number, obj))
            elif kind == "chat":
                export.chat_lines += 1
            else:
                export.problems.append(Problem(f"line {number}", f"unknown record kind {kind!r}"))
        except msgspec.ValidationError as error:
            export.problems.append(Problem(f"line {number}", f"malformed {kind} record: {error}"))
    if not seen_header:
        export.problems.append(Problem("line 1", "the export is empty"))
    return export
