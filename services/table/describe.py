"""One sentence for the history about each of the table's facts."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from services.table import state as facts


def _name(names: Sequence[str], seat: Any) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else f"Seat {seat}"


def describe_fact(record_type: str, data: dict[str, Any], names: Sequence[str]) -> str:
    who = _name(names, data.get("seat"))
    if record_type == facts.RESIGNED:
        if data.get("reason") == "forfeit":
            return f"{who} ran out of time and forfeits; a bot finishes the game in that seat."
        return f"{who} resigns; a bot plays that seat from now on."
    if record_type == facts.STAND_IN:
        return f"{who} ran out of time; a bot plays that seat until {who} takes it back."
    if record_type == facts.RECLAIMED:
        return f"{who} takes the seat back from the bot."
    if record_type == facts.PAUSE_VOTED:
        return f"{who} asks to pause the game."
    if record_type == facts.PAUSED:
        return "Every player agreed: the game is paused and the clocks are stopped."
    if record_type == facts.RESUMED:
        return f"{who} resumes the game; the clocks run again."
    if record_type == facts.UNDONE:
        return f"{who} takes back the last move (events {data.get('first_seq')} to {data.get('last_seq')})."
    ranking = ", ".join(_name(names, seat) for seat in data.get("ranking", []))
    return f"Too few players are left, so the game ends: {ranking}."
