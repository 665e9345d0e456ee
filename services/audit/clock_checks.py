"""What the game's clock allows of the moves made with actor ``timeout``: the game's own timeout command under
the policy "pass", the table's ``papyrus.time_out_to_bot`` under "bot", ``papyrus.time_out_forfeit`` under
"forfeit", and none at all for a game without a clock (the export's header names the clock; an export
without one had the server-wide timeout, policy "pass")."""

from __future__ import annotations

from typing import Any

from services.audit.records import CommandLine, Problem
from services.table.commands import is_table_command

EXPECTED = {"bot": "papyrus.time_out_to_bot", "forfeit": "papyrus.time_out_forfeit"}


def _expected(clock: dict[str, Any] | None) -> str | None:
    """The command type a timeout must have ("" for a game's own command; None: no timeout allowed)."""
    if clock is None:
        return ""
    if clock.get("preset") == "none":
        return None
    return EXPECTED.get(str(clock.get("policy")), "")


def clock_problems(header: dict[str, Any], commands: list[CommandLine]) -> list[Problem]:
    expected = _expected(header.get("clock"))
    problems = []
    for line in commands:
        if line.command.actor != "timeout":
            continue
        kind = str(line.command.command.get("type", ""))
        if expected is None:
            problems.append(Problem(line.where, "a timeout in a game without a clock"))
        elif expected and kind != expected:
            problems.append(Problem(line.where, f"the clock's policy gives {expected}, the log {kind}"))
        elif not expected and is_table_command(line.command.command):
            problems.append(Problem(line.where, f"the clock's policy is 'pass', the log {kind}"))
    return problems
