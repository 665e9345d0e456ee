"""What the game's clock allows of the moves made with actor ``timeout``: the game's own timeout command under
the policy "pass", the table's ``papyrus.time_out_to_bot`` under "bot", ``papyrus.time_out_forfeit`` under
"forfeit", and none at all for a game without a clock (the export's header names the clock; an export
without one had the server-wide timeout, policy "pass"). When opponents choose, the clock also asks them,
closes (default: the policy) and drops the question, and may play the game's own timeout (replay.py)."""

from __future__ import annotations

from typing import Any

from services.audit.records import CommandLine, Problem
from services.table.commands import CLOCK_CHOICE_COMMANDS, CLOCK_NOTES, is_table_command

EXPECTED = {"bot": "papyrus.time_out_to_bot", "forfeit": "papyrus.time_out_forfeit"}


def _expected(clock: dict[str, Any] | None) -> str | None:
    """The command type a timeout must have ("" for a game's own command; None: no timeout allowed)."""
    if clock is None:
        return ""
    if clock.get("preset") == "none":
        return None
    return EXPECTED.get(str(clock.get("policy")), "")


def _choice_problem(clock: dict[str, Any], line: CommandLine) -> Problem | None:
    """A clock's command about the opponents' choice: its default must be the game's policy."""
    default = line.command.command.get("default", clock.get("policy"))
    if default != clock.get("policy"):
        return Problem(
            line.where, f"the clock's policy is {clock.get('policy')!r}, the log's default {default!r}"
        )
    return None


def clock_problems(header: dict[str, Any], commands: list[CommandLine]) -> list[Problem]:
    clock = header.get("clock")
    expected = _expected(clock)
    choose = isinstance(clock, dict) and clock.get("opponents_choose") is True
    problems = []
    for line in commands:
        if line.command.actor != "timeout":
            continue
        kind = str(line.command.command.get("type", ""))
        if kind in CLOCK_NOTES:
            continue  # the days off the clock counts by, not a timeout
        own = not is_table_command(line.command.command)
        if (
            isinstance(clock, dict)
            and choose
            and expected is not None
            and (kind in CLOCK_CHOICE_COMMANDS or own)
        ):
            problem = _choice_problem(clock, line)
            problems += [problem] if problem is not None else []
        elif expected is None:
            problems.append(Problem(line.where, "a timeout in a game without a clock"))
        elif expected and kind != expected:
            problems.append(Problem(line.where, f"the clock's policy gives {expected}, the log {kind}"))
        elif not expected and not own:
            problems.append(Problem(line.where, f"the clock's policy is 'pass', the log {kind}"))
    return problems
