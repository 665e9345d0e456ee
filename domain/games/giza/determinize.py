"""A Giza state as one seat could imagine it: the pool and every other hand dealt again.

A seat sees its own hand, every board and the discards; every other tile lies in the pool or in another hand,
and nothing tells which. So the hidden tiles are gathered, shuffled and dealt back: each other hand gets as
many as it holds, the pool the rest. The tiles are sorted before the shuffle, so where they really lay never
shows through.
"""

from __future__ import annotations

import random

from domain.games.giza.state import GizaState, copy_state


def determinize(state: GizaState, viewer: int | None, rng: random.Random) -> GizaState:
    sampled = copy_state(state)
    if state.over:
        return sampled
    others = [seat for seat in range(state.players) if seat != viewer]
    hidden = sorted([*state.pool, *(tile for seat in others for tile in state.hands[seat])])
    rng.shuffle(hidden)
    for seat in others:
        count = len(state.hands[seat])
        sampled.hands[seat], hidden = hidden[:count], hidden[count:]
    sampled.pool = hidden
    return sampled
