"""A Giza state as one seat could imagine it: the pool and every other hand dealt again.

A seat sees its own hand, every board and the discards; every other tile lies in the pool or in another hand.
The hidden tiles are sorted (where they really lay never shows through), each other hand is drawn from them
by weight of its tile's kind (``HAND_WEIGHTS``: what players tend to keep, such as a 1 stone or a Sphinx
head, more likely held), and the pool is the rest, shuffled. Every weight is above 0: any tile may be held.
"""

from __future__ import annotations

import random
from bisect import bisect
from itertools import accumulate

from domain.games.giza.data import STONE, TILES
from domain.games.giza.state import GizaState, copy_state

# how much likelier a hand than the pool is to hold a tile, by kind (stones by signed number), fit to the
# hands of greedy players
_KIND_WEIGHTS = {
    ("stone", 1): 1.37,
    ("stone", 2): 1.32,
    ("stone", 3): 1.0,
    ("stone", 4): 0.81,
    ("stone", 5): 0.75,
    ("stone", -1): 0.63,
    ("stone", -2): 0.72,
    ("stone", -3): 0.79,
    ("stone", -4): 0.8,
    ("stone", -5): 0.79,
    ("treasure", 2): 1.32,
    ("treasure", 3): 1.12,
    ("treasure", 4): 1.15,
    ("treasure", 5): 1.41,
    ("demolish", 0): 0.54,
    ("scarab", 0): 0.95,
    ("sphinx_base", 1): 0.88,
    ("sphinx_body", 2): 1.62,
    ("sphinx_head", 3): 1.81,
}
HAND_WEIGHTS = {
    tile.id: _KIND_WEIGHTS[(tile.kind, tile.points if tile.kind == STONE else tile.number)] for tile in TILES
}
assert all(weight > 0 for weight in HAND_WEIGHTS.values()), "every hidden tile may be in a hand"


def determinize(state: GizaState, viewer: int | None, rng: random.Random) -> GizaState:
    sampled = copy_state(state)
    if state.over:
        return sampled
    others = [seat for seat in range(state.players) if seat != viewer]
    hidden = sorted([*state.pool, *(tile for seat in others for tile in state.hands[seat])])
    draw = rng.random
    for seat in others:
        count = len(state.hands[seat])
        if not count:
            continue
        # drawn one by one by weight, a tile drawn twice drawn again: sampling without replacement
        cumulative = list(accumulate([HAND_WEIGHTS[tile] for tile in hidden]))
        total = cumulative[-1]
        held: list[int] = []
        while len(held) < count:
            index = bisect(cumulative, draw() * total)
            if index not in held:
                held.append(index)
        sampled.hands[seat] = [hidden[index] for index in held]
        kept = set(held)
        hidden = [tile for index, tile in enumerate(hidden) if index not in kept]
    rng.shuffle(hidden)
    sampled.pool = hidden
    return sampled
