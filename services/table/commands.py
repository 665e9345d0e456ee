"""The table's commands: sent like a game's (``{"type": "papyrus.resign"}``), queued and decided in order with
them, recorded with their outcome and checked by ``papyrus verify``.

Players send ``papyrus.resign``, ``papyrus.undo``, ``papyrus.pause`` (asks, or agrees: the game pauses once
every seated player agreed), ``papyrus.decline_pause``, ``papyrus.withdraw_pause``, ``papyrus.resume``,
``papyrus.reclaim`` and ``papyrus.choose``. The clock (actor ``timeout``) sends ``papyrus.time_out_to_bot``,
``papyrus.time_out_forfeit`` and the :data:`CLOCK_CHOICE_COMMANDS` (services/table/choice.py).
"""

from __future__ import annotations

from typing import Any

import msgspec

from services.store.records import ENGINE_PREFIX


class TableCommand(msgspec.Struct, frozen=True, kw_only=True, tag_field="type", forbid_unknown_fields=True):
    """Base of the table's commands."""


class Resign(TableCommand, frozen=True, kw_only=True, tag="papyrus.resign"):
    """Give up the seat: a bot plays it from now on, and it ranks last."""


class Undo(TableCommand, frozen=True, kw_only=True, tag="papyrus.undo"):
    """Take back the seat's own last command (while no other seat acted and nothing was revealed)."""


class Pause(TableCommand, frozen=True, kw_only=True, tag="papyrus.pause"):
    """Vote to pause the game; it pauses once every seated player voted."""


class DeclinePause(TableCommand, frozen=True, kw_only=True, tag="papyrus.decline_pause"):
    """Turn down the pause another player asked for: the request ends and the game goes on."""


class WithdrawPause(TableCommand, frozen=True, kw_only=True, tag="papyrus.withdraw_pause"):
    """Take back one's vote for a pause (the asker's ends the request)."""


class Resume(TableCommand, frozen=True, kw_only=True, tag="papyrus.resume"):
    """End the pause."""


class Reclaim(TableCommand, frozen=True, kw_only=True, tag="papyrus.reclaim"):
    """Play again the seat a bot stood in for since its time ran out."""


class TimeOutToBot(TableCommand, frozen=True, kw_only=True, tag="papyrus.time_out_to_bot"):
    """(the clock only) A bot plays the seat until its player reclaims it."""


class TimeOutForfeit(TableCommand, frozen=True, kw_only=True, tag="papyrus.time_out_forfeit"):
    """(the clock only) The seat forfeits: it ranks last and a bot finishes its game."""


class Choose(TableCommand, frozen=True, kw_only=True, tag="papyrus.choose"):
    """Answer the question about seat ``about``, out of time: "wait", "bot" or "forfeit"."""

    about: int
    choice: str


class TimeOutAsk(TableCommand, frozen=True, kw_only=True, tag="papyrus.time_out_ask"):
    """(the clock only) The seat ran out of time: ask the other players what happens to it."""


class CloseChoice(TableCommand, frozen=True, kw_only=True, tag="papyrus.close_choice"):
    """(the clock only) The day to answer is over: the answers given decide, or ``default`` (the game's
    policy) when there are none."""

    default: str


class NoteDaysOff(TableCommand, frozen=True, kw_only=True, tag="papyrus.note_days_off"):
    """(the clock only) The seat's player's days off now (services/clocks/calendar.py), recorded so that
    ``papyrus verify`` counts a turn's time as the clock did: time zone, ISO weekdays off, absences (first and
    last days, ISO dates) and the hours of floating vacation spent (when each began, epoch seconds)."""

    zone: str
    weekend: list[int]
    absences: list[list[str]]
    hours_off: list[float]


class DropChoice(TableCommand, frozen=True, kw_only=True, tag="papyrus.drop_choice"):
    """(the clock only) The seat played: the question about it, or the choice made, no longer applies."""


PlayerTableCommand = Resign | Undo | Pause | DeclinePause | WithdrawPause | Resume | Reclaim | Choose
ChoiceCommand = Choose | TimeOutAsk | CloseChoice | DropChoice
AnyTableCommand = (
    PlayerTableCommand | TimeOutToBot | TimeOutForfeit | TimeOutAsk | CloseChoice | DropChoice | NoteDaysOff
)
CLOCK_CHOICE_COMMANDS = ("papyrus.time_out_ask", "papyrus.close_choice", "papyrus.drop_choice")
CLOCK_NOTES = ("papyrus.note_days_off",)
CLOCK_ACTOR = "clock"  # the actor of CLOCK_NOTES: what the clock records, never a timeout
PLAYER_TABLE_COMMANDS = (
    "papyrus.resign",
    "papyrus.undo",
    "papyrus.pause",
    "papyrus.decline_pause",
    "papyrus.withdraw_pause",
    "papyrus.resume",
    "papyrus.reclaim",
    "papyrus.choose",
)


def is_table_command(command: dict[str, Any]) -> bool:
    kind = command.get("type")
    return isinstance(kind, str) and kind.startswith(ENGINE_PREFIX)
