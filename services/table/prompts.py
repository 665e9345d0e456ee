"""What the table tells a seat in place of the game's own prompt, when the table, not the game's rules,
decides that the seat has nothing to play: the game is over (resignations may end it while its rules would
go on), the seat resigned, or a bot stands in for it. Views then offer no move (their legal commands,
``legal_commands`` or ``legal``, empty) and, once the game is over, wait for nobody (``to_act`` empty)."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.engine import GameResult, Prompt, waiting_prompt
from services.table.state import TableState

RESIGNED_TEXT = "You resigned: a bot plays your seat."
STOOD_IN_TEXT = "Your time ran out: a bot plays your seat until you take it back."
LEGAL_FIELDS = ("legal_commands", "legal")


def table_prompt(result: GameResult | None, seat: int | None, table: TableState) -> Prompt | None:
    """The prompt the table puts in ``seat``'s view instead of the game's (None: the game's stands, as it
    does once the game's own rules ended it)."""
    if table.ended is not None:
        return waiting_prompt(set(), over=True)
    if result is not None:
        return None
    if seat in table.resigned_seats():
        return Prompt(waiting_for=[], text=RESIGNED_TEXT)
    if seat in table.stand_in:
        return Prompt(waiting_for=[], text=STOOD_IN_TEXT)
    return None


def held_back(view: dict[str, Any], prompt: Prompt, over: bool) -> dict[str, Any]:
    """A view (as JSON values) with the table's ``prompt``, no legal command and, once ``over``, nobody to
    act. The game's prompt keeps who the table waits for while the game runs (a bot may play for them)."""
    shown = dict(view)
    waiting = view.get("prompt", {}).get("waiting_for", []) if not over else []
    shown["prompt"] = msgspec.to_builtins(
        msgspec.structs.replace(prompt, waiting_for=list(waiting)), order="sorted"
    )
    for field in LEGAL_FIELDS:
        if field in shown:
            shown[field] = []
    if over and "to_act" in shown:
        shown["to_act"] = []
    return shown
