"""One sentence for the history about each of the table's facts."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.messages import Msg, msg
from services.table import state as facts


def _name(names: Sequence[str], seat: Any) -> str | Msg:
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return msg("Seat {number}", number=seat + 1 if isinstance(seat, int) else 0)


def describe_fact(record_type: str, data: dict[str, Any], names: Sequence[str]) -> Msg:
    who = _name(names, data.get("seat"))
    if record_type == facts.RESIGNED:
        if data.get("reason") == "forfeit":
            return msg("{who} ran out of time and forfeits; a bot finishes the game in that seat.", who=who)
        return msg("{who} resigns; a bot plays that seat from now on.", who=who)
    if record_type == facts.STAND_IN:
        return msg("{who} ran out of time; a bot plays that seat until {who} takes it back.", who=who)
    if record_type == facts.RECLAIMED:
        return msg("{who} takes the seat back from the bot.", who=who)
    if record_type == facts.PAUSE_VOTED:
        return msg("{who} votes to pause the game.", who=who)
    if record_type == facts.PAUSE_DECLINED:
        return msg("{who} declines the pause; the game goes on.", who=who)
    if record_type == facts.PAUSE_WITHDRAWN:
        return msg("{who} takes back their vote to pause the game.", who=who)
    if record_type == facts.PAUSED:
        return msg("Every player agreed: the game is paused and the clocks are stopped.")
    if record_type == facts.RESUMED:
        return msg("{who} resumes the game; the clocks run again.", who=who)
    if record_type == facts.UNDONE:
        return msg("{who} takes back their last move.", who=who)
    if record_type == facts.DAYS_OFF:
        return msg("The days off of {who} changed; their clock does not count them.", who=who)
    if record_type in facts.CHOICE_FACTS:
        return _describe_choice(record_type, data, names)
    ranking = [_name(names, seat) for seat in data.get("ranking", [])]
    return msg("Too few players are left, so the game ends: {ranking}.", ranking=ranking)


def _describe_choice(record_type: str, data: dict[str, Any], names: Sequence[str]) -> Msg:
    who = _name(names, data.get("seat"))
    if record_type == facts.CHOICE_ASKED:
        return msg("{who} ran out of time; the other players are asked what happens to that seat.", who=who)
    if record_type == facts.CHOICE_VOTED:
        about = _name(names, data.get("about"))
        if data.get("choice") == "wait":
            return msg("{who} would wait for {about}.", who=who, about=about)
        if data.get("choice") == "bot":
            return msg("{who} would let a bot play for {about}.", who=who, about=about)
        return msg("{who} would end the game of {about} as a forfeit.", who=who, about=about)
    if record_type == facts.CHOICE_DROPPED:
        return msg("{who} played: the question about that seat is closed.", who=who)
    choice = data.get("choice")
    if data.get("by") == "default":
        return msg("Nobody answered within a day: the clock's policy applies to {who}.", who=who)
    if choice == "wait":
        return msg("The other players chose to wait for {who}: another turn's time.", who=who)
    if choice == "bot":
        return msg("The other players chose to let a bot play for {who}.", who=who)
    return msg("The other players chose to end the game of {who} as a forfeit.", who=who)
