"""The opening facts: the 83 tiles shuffled into the pool, the start seat and four tiles dealt to each hand.
Every random choice comes from the seed through ``domain.rng`` and is recorded in the events."""

from __future__ import annotations

from typing import Any

from domain.engine import seed_commitment
from domain.games.giza import events as ev
from domain.games.giza.data import HAND_SIZE, MAX_PLAYERS, MIN_PLAYERS, TILE_IDS
from domain.games.giza.state import GizaOptions
from domain.rng import shuffled


def start_seat(players: int, options: GizaOptions, seed: bytes) -> int:
    """The chosen start player (counting on round past the last seat), or one drawn by the seed."""
    if options.start_player > 0:
        return (options.start_player - 1) % players
    return shuffled(seed, "giza/start-seat", list(range(players)))[0]


def setup_events(players: int, options: GizaOptions, seed: bytes) -> list[Any]:
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"players: Giza is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
    pool = shuffled(seed, "giza/pool", list(TILE_IDS))
    events: list[Any] = [
        ev.GameSetUp(
            seed_commitment=seed_commitment(seed),
            options=options,
            players=players,
            start_seat=start_seat(players, options, seed),
            pool=pool,
            pool_size=len(pool),
        )
    ]
    for seat in range(players):  # each player draws four tiles from the top, seat by seat
        hand, pool = pool[:HAND_SIZE], pool[HAND_SIZE:]
        events.append(ev.TilesDrawn(seat=seat, count=HAND_SIZE, tiles=hand, dealt=True))
    return events
