"""Complete recorded bot games for replay and redaction tests."""

from __future__ import annotations

from typing import Any

from domain.engine import RandomBot, apply_command, start
from domain.games.egizia import GAME, EgiziaOptions, EgiziaState, copy_state


def recorded_game(players: int, seed: bytes) -> tuple[EgiziaState, list[Any], list[EgiziaState]]:
    """Play a random game; return the final state, all events, and a snapshot before every decision."""
    state, events = start(GAME, players, EgiziaOptions(), seed)
    bot = RandomBot(len(seed))
    snapshots = []
    while GAME.result(state) is None:
        snapshots.append(copy_state(state))
        seat = min(GAME.to_act(state))
        state, new_events = apply_command(GAME, state, seat, bot.choose(GAME, state, seat))
        events += new_events
    return state, events, snapshots
