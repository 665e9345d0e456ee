"""A game's clock, chosen when it is created: a preset or a custom form, and what happens when time runs out.

Each seat has ``per_move`` seconds a turn and a ``reserve`` that shrinks only by the time beyond it; when both
are used up the ``policy`` applies: ``bot`` (default; a bot plays until the player reclaims the seat),
``pass`` (the game's timeout command) or ``forfeit`` (ranked last); ``opponents_choose``: table/choice.py.
Presets: ``slow`` (1 day + 3 days), ``relaxed`` (3 + 7 days), ``fast`` (2 + 10 minutes), ``none``. Without a
clock a game keeps ``PAPYRUS_MOVE_TIMEOUT`` (``pass``).
"""

from __future__ import annotations

from typing import Literal

import msgspec

DAY = 86_400.0
MINUTE = 60.0
Policy = Literal["bot", "pass", "forfeit"]
POLICIES = ("bot", "pass", "forfeit")
MAX_SECONDS = 365 * DAY


class ClockConfig(msgspec.Struct, frozen=True, kw_only=True):
    """A game's clock: seconds per move, the reserve's seconds, the policy when both ran out, the preset it
    came from ("custom" for the custom form), and whether the other players choose first what happens to a
    seat out of time (``opponents_choose``)."""

    per_move: float
    reserve: float
    policy: Policy = "bot"
    preset: str = "custom"
    opponents_choose: bool = False

    @property
    def timed(self) -> bool:
        """False for the preset "none" (kept so that the server-wide default does not apply)."""
        return self.preset != "none"


PRESETS: dict[str, ClockConfig] = {
    "slow": ClockConfig(per_move=DAY, reserve=3 * DAY, preset="slow"),
    "relaxed": ClockConfig(per_move=3 * DAY, reserve=7 * DAY, preset="relaxed"),
    "fast": ClockConfig(per_move=2 * MINUTE, reserve=10 * MINUTE, preset="fast"),
    "none": ClockConfig(per_move=0.0, reserve=0.0, preset="none"),
}


class ClockChoice(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """What a game's creator sends: a ``preset`` ("slow", "relaxed", "fast", "none" or "custom"), with
    ``per_move`` and ``reserve`` (seconds) for "custom", the ``policy`` ("bot", "pass", "forfeit") and
    ``opponents_choose`` (the other players choose first; the policy applies if none answers in a day)."""

    preset: str = "slow"
    per_move: float | None = None
    reserve: float | None = None
    policy: str = "bot"
    opponents_choose: bool = False


class ClockRefused(ValueError):
    """A clock choice that makes no clock; ``field`` names the field, the message says why."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


def _seconds(value: float | None, field: str) -> float:
    if value is None:
        raise ClockRefused(field, f"{field} (seconds) is required for a custom clock.")
    if not 0 <= value <= MAX_SECONDS or value != value:
        raise ClockRefused(field, f"{field} must be between 0 and {int(MAX_SECONDS)} seconds.")
    return float(value)


def clock_from(choice: ClockChoice) -> ClockConfig:
    """The clock a creator chose (preset "none": no clock), or :class:`ClockRefused` naming the bad field."""
    if choice.policy not in POLICIES:
        raise ClockRefused("clock.policy", f"policy must be one of {', '.join(POLICIES)}.")
    policy: Policy = choice.policy  # type: ignore[assignment]
    if choice.preset == "custom":
        per_move = _seconds(choice.per_move, "clock.per_move")
        reserve = _seconds(choice.reserve, "clock.reserve")
        if per_move + reserve < 1:
            raise ClockRefused("clock.per_move", "a custom clock needs at least one second a move.")
        return ClockConfig(
            per_move=per_move, reserve=reserve, policy=policy, opponents_choose=choice.opponents_choose
        )
    if choice.preset not in PRESETS:
        raise ClockRefused("clock.preset", f"preset must be one of {', '.join([*PRESETS, 'custom'])}.")
    if choice.per_move is not None or choice.reserve is not None:
        raise ClockRefused("clock.per_move", "per_move and reserve go with the preset 'custom' only.")
    return msgspec.structs.replace(
        PRESETS[choice.preset], policy=policy, opponents_choose=choice.opponents_choose
    )


def effective_clock(chosen: ClockConfig | None, move_timeout: float) -> ClockConfig | None:
    """The clock a game runs on (None: none): the one chosen at its creation, else the server-wide
    ``PAPYRUS_MOVE_TIMEOUT`` a move, no reserve, policy "pass"."""
    if chosen is not None:
        return chosen if chosen.timed else None
    if move_timeout <= 0:
        return None
    return ClockConfig(per_move=move_timeout, reserve=0.0, policy="pass", preset="server")
