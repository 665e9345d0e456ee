"""The table's commands: sent to the same endpoint as a game's commands (``{"type": "papyrus.resign"}``),
queued, decided one at a time in order with them and recorded with their outcome, so they are idempotent
per command id and checked by ``papyrus verify`` like any other.

Players send ``papyrus.resign``, ``papyrus.undo``, ``papyrus.pause`` (a vote: the game pauses once every
seated player voted), ``papyrus.resume`` and ``papyrus.reclaim`` (play again a seat a bot stood in for).
The clock sends the other two, with actor ``timeout``, when a seat's time ran out under the policy "bot"
(``papyrus.time_out_to_bot``) or "forfeit" (``papyrus.time_out_forfeit``).
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


class Resume(TableCommand, frozen=True, kw_only=True, tag="papyrus.resume"):
    """End the pause."""


class Reclaim(TableCommand, frozen=True, kw_only=True, tag="papyrus.reclaim"):
    """Play again the seat a bot stood in for since its time ran out."""


class TimeOutToBot(TableCommand, frozen=True, kw_only=True, tag="papyrus.time_out_to_bot"):
    """(the clock only) A bot plays the seat until its player reclaims it."""


class TimeOutForfeit(TableCommand, frozen=True, kw_only=True, tag="papyrus.time_out_forfeit"):
    """(the clock only) The seat forfeits: it ranks last and a bot finishes its game."""


PlayerTableCommand = Resign | Undo | Pause | Resume | Reclaim
AnyTableCommand = PlayerTableCommand | TimeOutToBot | TimeOutForfeit
PLAYER_TABLE_COMMANDS = (
    "papyrus.resign",
    "papyrus.undo",
    "papyrus.pause",
    "papyrus.resume",
    "papyrus.reclaim",
)


def is_table_command(command: dict[str, Any]) -> bool:
    kind = command.get("type")
    return isinstance(kind, str) and kind.startswith(ENGINE_PREFIX)
