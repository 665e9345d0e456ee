"""A game's clock, chosen when it is created: a preset or a custom form, and what happens when time runs out.

Each seat has ``per_move`` seconds for every turn and a ``reserve`` that shrinks only by the time a turn
takes beyond ``per_move`` (Yucata-like); when a turn also uses up the reserve, the ``policy`` applies:

* ``bot`` (the default): a bot plays the seat's moves until its player reclaims the seat;
* ``pass``: the game's ``timeout_command`` is played for the seat (actor ``timeout``), every time;
* ``forfeit``: the seat forfeits (ranked last) and a bot finishes its game.

Presets: ``slow`` (1 day a move + 3 days reserve), ``relaxed`` (3 days + 7), ``fast`` (2 minutes + 10),
``none`` (no clock, friendly games). A game created without a clock keeps the server-wide
``PAPYRUS_MOVE_TIMEOUT`` (no reserve, policy ``pass``) when that is set.
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
    """A game's clock: seconds per move, the reserve's seconds, the policy when both ran out, and the
    preset it came from ("custom" for the custom form)."""

    per_move: float
    reserve: float
    policy: Policy = "bot"
    preset: str = "custom"

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
    ``per_move`` and ``reserve`` (seconds) for "custom", and the ``policy`` ("bot", "pass", "forfeit")."""

    preset: str = "slow"
    per_move: float | None = None
    reserve: float | None = None
    policy: str = "bot"


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
        return ClockConfig(per_move=per_move, reserve=reserve, policy=policy)
    if choice.preset not in PRESETS:
        raise ClockRefused("clock.preset", f"preset must be one of {', '.join([*PRESETS, 'custom'])}.")
    if choice.per_move is not None or choice.reserve is not None:
        raise ClockRefused("clock.per_move", "per_move and reserve go with the preset 'custom' only.")
    return msgspec.structs.replace(PRESETS[choice.preset], policy=policy)


def effective_clock(chosen: ClockConfig | None, move_timeout: float) -> ClockConfig | None:
    """The clock a game runs on (None: none): the one chosen at its creation, else the server-wide
    ``PAPYRUS_MOVE_TIMEOUT`` a move, no reserve, policy "pass"."""
    if chosen is not None:
        return chosen if chosen.timed else None
    if move_timeout <= 0:
        return None
    return ClockConfig(per_move=move_timeout, reserve=0.0, policy="pass", preset="server")
