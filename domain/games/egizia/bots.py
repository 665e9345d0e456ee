"""Egizia bots: the generic random bot, and a greedy bot that scores each legal command one step ahead."""

from __future__ import annotations

from typing import Any

from domain.bots import LookaheadBot
from domain.games.egizia.commands import Decline, Pass
from domain.games.egizia.data import GRAIN_PENALTY, ROUNDS, STONE_CAP
from domain.games.egizia.rules.final_scoring import grave_points, grave_total
from domain.games.egizia.rules.queries import crew_need, irrigated_grain
from domain.games.egizia.state import EgiziaState, copy_state

ROUNDS_LEFT_WEIGHT = 0.5  # how much a lasting gain (quarry, field) is worth per remaining round, roughly
# A Nile card used this round is worth a little more than one held: the one-step look-ahead cannot see the
# later gain of a second ship, a build turn out of order or an improved field.
CARD_USE_VALUE = 0.9
# A crew still unused this round can build later at another site: the bot does not flip the Joker (or any
# crew) for a build the others already lift.
UNUSED_CREW_VALUE = 0.3


def position_value(state: EgiziaState, seat: int) -> float:
    """A rough worth of a seat's position: score plus resources, minus the feeding it will have to pay."""
    player = state.players[seat]
    rounds_left = max(0, ROUNDS - state.round)
    shortfall = max(0, crew_need(state, seat) - irrigated_grain(state, seat))
    production = sum(quarry.stones for quarry in player.quarries)
    return (
        player.score
        + 0.45 * min(player.stones, STONE_CAP)
        + 0.7 * sum(player.crews)
        + ROUNDS_LEFT_WEIGHT * rounds_left * production * 0.5
        - GRAIN_PENALTY[player.grain_market] * shortfall * (1 + rounds_left * 0.5)
        + 2.0 * len(player.sphinx)
        + 0.6 * (player.stone_market + player.grain_market + _pending_market_steps(state, seat))
        + 0.8 * len(player.hand)
        + CARD_USE_VALUE * len(player.used_this_round)
        + 1.0 * len(player.permanents)
        + UNUSED_CREW_VALUE * player.crews_used.count(False)
    )


def _pending_market_steps(state: EgiziaState, seat: int) -> int:
    """A build action going on moves a market marker when it ends: counted as made, so going on with it
    is not worth less than stopping."""
    return 1 if state.action is not None and state.action.seat == seat else 0


def _against_giving_up(command: Any) -> float:
    """Passing or declining forgoes what the look-ahead cannot see (later ships, later builds)."""
    return -0.5 if isinstance(command, Pass | Decline) else 0.0


class GreedyBot(LookaheadBot):
    """Plays the legal command whose events leave the best :func:`position_value` (ties: first listed)."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, position_value, copy_state, _against_giving_up)


def position_values(state: EgiziaState) -> list[float]:
    """Each seat's worth of a position short of the end, for the search bot: :func:`position_value` plus the
    grave points its taken tiles already promise at the final scoring (from what every seat sees)."""
    return [
        position_value(state, seat) + grave_points(grave_total(state, seat))
        for seat in range(len(state.players))
    ]
