"""Giza bots: the generic random bot, and a greedy bot that weighs each legal command one step ahead.

The greedy bot reads only what its seat may know: its own hand, the pool's size, the discards and the boards
(every tile on them was played in the open, so a player with a good memory knows them all). It never looks at
another hand or at the pool's order.
"""

from __future__ import annotations

import math
import random
from itertools import combinations
from typing import Any

from domain.engine import Game, Seat
from domain.games.giza import commands as cmd
from domain.games.giza.data import (
    DEMOLISH,
    DISCARD_MAX,
    DISCARD_MIN,
    PYRAMID_SITES,
    SCARAB,
    SPHINX_BASE,
    SPHINX_BODY,
    SPHINX_SITE,
    STONE,
    TILE_BY_ID,
    Tile,
)
from domain.games.giza.rules.placement import fitting, top_tile
from domain.games.giza.rules.scoring import board_score, pyramid_complete, sphinx_built_beyond_base
from domain.games.giza.state import GizaState

POTENTIAL_WEIGHT = 0.5  # what room to grow on a stack is worth against points already built
POOL_FOR_FULL_POTENTIAL = 20  # with fewer tiles left in the pool, room to grow is worth less
LEADER_WEIGHT = 1.0  # harm done to the strongest opponent counts fully...
OTHERS_WEIGHT = 0.6  # ...to any other opponent a little less
GAME_END_SWING = 40.0  # ending the game is worth this much when it makes the bot win, as much lost otherwise
DISCARD_TILE_VALUE = 0.1  # a tile with no good use is worth a little more drawn anew
DISCARD_COST = 0.2  # a discard uses the turn without building
REMOVE_SCARAB_COST = 0.5  # taking a scarab off gives up the turn's draw
JUDGED_SPREAD = 1.0  # points that decide the winner with the pool empty (``judged_values``)...
SPREAD_PER_TILE_AND_SEAT = 0.02  # ...and how much that grows by each tile left in the pool, times seats + 1
# at 2 seats the fit differs: room to grow counts a little, and the drift per tile is its own
JUDGED_BY_SEATS = {2: (0.15, 0.04)}  # seats: (room-to-grow weight, spread per tile left in the pool)
_PYRAMID_EMPTY = 4.0
_BLOCKED = 1.0
_SPHINX_ROOM = {None: 0.0, SPHINX_BASE: 10.0, SPHINX_BODY: 8.0}


def potential(stack: list[str], site: int) -> float:
    """Roughly how much a stack may still grow: its top number on a pyramid, the levels left on a Sphinx."""
    top = top_tile(stack)
    if top is not None and top.kind == SCARAB:
        return _BLOCKED
    if site == SPHINX_SITE:
        return _SPHINX_ROOM.get(top.kind if top else None, 0.0)
    if top is None:
        return _PYRAMID_EMPTY
    room = float(top.number - 1)
    return room + 1.0 if top.kind == STONE and top.number > 1 else room  # a treasure may still follow


def stack_value(stack: list[str], site: int, weight: float) -> float:
    return sum(TILE_BY_ID[tile].points for tile in stack) + weight * potential(stack, site)


class GreedyBot:
    """Plays the legal command with the best one-step value (ties broken by its own seeded noise)."""

    def __init__(self, seed: int = 0) -> None:
        self._random = random.Random(seed)

    def choose(self, game: Game, state: Any, seat: Seat) -> Any:
        """The best command by :meth:`values` (the first of equal ones), built only once chosen. The
        discards are weighed only when one of them could beat the best play (each is worth at most what its
        tiles' ``kept`` sum to); their noise is drawn all the same, so the choice and the random numbers
        after it are those of weighing every command."""
        if seat not in game.to_act(state):
            raise LookupError(f"seat {seat} has no legal command")
        values, moves, kept = self._builds(state, seat)
        hand = state.hands[seat]
        noise = self._random.random
        best, best_key = 0, -math.inf
        for index, value in enumerate(values):
            key = value + noise() * 0.01
            if key > best_key:
                best, best_key = index, key
        discards = _discard_count(len(hand))
        if discards and _best_discard(kept) + NOISE_BOUND >= best_key:
            for index, value in enumerate(_discard_values(kept), start=len(values)):
                key = value + noise() * 0.01
                if key > best_key:
                    best, best_key = index, key
            if best >= len(moves):
                return _command(_discard_moves(hand)[best - len(moves)])
        else:
            for _ in range(discards):
                noise()
        if not moves and not discards:
            raise LookupError(f"seat {seat} has no legal command")
        return _command(moves[best])

    def values(self, state: GizaState, seat: Seat) -> tuple[list[float], list[tuple[Any, ...]]]:
        """The one-step value of every legal command (``rules.legal.turn_commands``' order) and each command
        as a tuple (``_command``): a play and a scarab taken off as ``_Judge`` weighs them, a discard by what
        its tiles are worth drawn anew against their best use. Each stack is read once, not once a tile."""
        values, moves, kept = self._builds(state, seat)
        return [*values, *_discard_values(kept)], [*moves, *_discard_moves(state.hands[seat])]

    def _builds(self, state: GizaState, seat: Seat) -> tuple[list[float], list[tuple[Any, ...]], list[float]]:
        """The values and tuples of the plays and scarabs taken off, and what each tile of the hand is worth
        discarded (``DISCARD_TILE_VALUE`` less its best use)."""
        weight = _potential_weight(state)
        stacks_read = [_read_board(stacks, weight) for stacks in state.boards]
        bonus = state.options.sphinx_extra_bonus
        scores = [
            sum(read[2] for read in board) + (bonus if bonus and sphinx_built_beyond_base(stacks) else 0)
            for board, stacks in zip(stacks_read, state.boards, strict=True)
        ]
        judge = _Judge(state, seat, scores)
        hand = state.hands[seat]
        values: list[float] = []
        moves: list[tuple[Any, ...]] = []
        best_use: dict[str, float] = {}
        owners = [judge.owner_weight(board) for board in range(len(stacks_read))]
        for tile_id in hand:
            tile = TILE_BY_ID[tile_id]
            demolish = tile.kind == DEMOLISH
            gained = {site: weight * potential_of(tile, site) for site in (0, SPHINX_SITE)}
            best = 0.0
            for board, read in enumerate(stacks_read):
                for site, site_read in enumerate(read):
                    if tile_id not in site_read[0]:
                        continue
                    _fits, before, points, demolished, others_done, stack = site_read
                    if demolish:
                        after = demolished
                    else:
                        after = points + tile.points + gained[SPHINX_SITE if site == SPHINX_SITE else 0]
                    value = owners[board] * (after - before)
                    if others_done:
                        value += judge.game_end(board, site, stack[:-1] if demolish else [*stack, tile_id])
                    values.append(value)
                    moves.append((cmd.Play, tile_id, board, site))
                    if value > best:
                        best = value
            best_use[tile_id] = best
        for site, stack in enumerate(state.boards[seat]):
            if stack and TILE_BY_ID[stack[-1]].kind == SCARAB:
                values.append(judge.remove(site))
                moves.append((cmd.RemoveScarab, site))
        return values, moves, [DISCARD_TILE_VALUE - best_use[tile] for tile in hand]


NOISE_BOUND = 0.011  # above the most a tie-breaking noise adds to a value, with room for rounding


def _discard_sizes(count: int) -> range:
    return range(DISCARD_MIN, min(DISCARD_MAX, count) + 1)


def _discard_count(count: int) -> int:
    """How many discards a hand of ``count`` tiles has."""
    return sum(math.comb(count, size) for size in _discard_sizes(count))


def _discard_values(kept: list[float]) -> list[float]:
    """Each discard's value, in ``rules.legal.discard_commands``' order: its tiles' ``kept`` less the cost."""
    return [
        sum(worth) - DISCARD_COST for size in _discard_sizes(len(kept)) for worth in combinations(kept, size)
    ]


def _discard_moves(hand: list[str]) -> list[tuple[Any, ...]]:
    return [
        (cmd.Discard, chosen) for size in _discard_sizes(len(hand)) for chosen in combinations(hand, size)
    ]


def _best_discard(kept: list[float]) -> float:
    """The most any discard is worth: the best sum of its tiles' ``kept``, one tile at least."""
    ranked = sorted(kept, reverse=True)
    sizes = _discard_sizes(len(kept))
    return max((sum(ranked[:size]) for size in sizes), default=-math.inf) - DISCARD_COST


_StackRead = tuple[frozenset[str], float, int, float, bool, list[str]]


def _read_board(stacks: list[list[str]], weight: float) -> list[_StackRead]:
    """Per site: the tiles that fit on it, its ``stack_value``, its points, its ``stack_value`` once
    demolished, whether every other pyramid of the board is complete, and the stack."""
    facts = [_stack_facts(site, stack) for site, stack in enumerate(stacks)]
    complete = [facts[site][5] for site in PYRAMID_SITES]
    return [
        (
            fits_here,
            points + weight * room,
            points,
            below_points + weight * below_room,
            all(done for other, done in enumerate(complete) if other != site),
            stacks[site],
        )
        for site, (fits_here, points, room, below_points, below_room, _complete) in enumerate(facts)
    ]


_StackFacts = tuple[frozenset[str], int, float, int, float, bool]
_STACK_FACTS: dict[tuple[bool, tuple[str, ...]], _StackFacts] = {}
STACK_FACTS_HELD = 20_000  # stacks remembered at most (then forgotten all at once): the memory bound


def _stack_facts(site: int, stack: list[str]) -> _StackFacts:
    """What the bots read of a stack whatever the pool: the tiles that fit on it, its points and
    ``potential``, the same once its top is demolished, and whether it is a complete pyramid."""
    key = (site == SPHINX_SITE, tuple(stack))
    known = _STACK_FACTS.get(key)
    if known is None:
        if len(_STACK_FACTS) >= STACK_FACTS_HELD:
            _STACK_FACTS.clear()
        below = stack[:-1]
        known = _STACK_FACTS[key] = (
            fitting(site, stack),
            sum(TILE_BY_ID[tile].points for tile in stack),
            potential(stack, site),
            sum(TILE_BY_ID[tile].points for tile in below),
            potential(below, site),
            site != SPHINX_SITE and pyramid_complete(stack),
        )
    return known


_POTENTIAL: dict[tuple[str, bool], float] = {}


def potential_of(tile: Tile, site: int) -> float:
    """``potential`` of a stack with ``tile`` on top."""
    key = (tile.id, site == SPHINX_SITE)
    known = _POTENTIAL.get(key)
    if known is None:
        known = _POTENTIAL[key] = potential([tile.id], site)
    return known


def _command(move: tuple[Any, ...]) -> Any:
    kind = move[0]
    if kind is cmd.Play:
        return cmd.Play(tile=move[1], board=move[2], site=move[3])
    if kind is cmd.RemoveScarab:
        return cmd.RemoveScarab(site=move[1])
    return cmd.Discard(tiles=list(move[1]))


def _potential_weight(state: GizaState) -> float:
    return POTENTIAL_WEIGHT * min(1.0, len(state.pool) / POOL_FOR_FULL_POTENTIAL)


class _Judge:
    """The value of one command for ``seat``, from the boards as everyone saw them built."""

    def __init__(self, state: GizaState, seat: Seat, scores: list[int]) -> None:
        self.state = state
        self.seat = seat
        self.weight = _potential_weight(state)
        self.scores = scores  # each board's ``board_score``
        others = [other for other in range(state.players) if other != seat]
        self.leader = max(others, key=lambda other: self.scores[other])

    def owner_weight(self, board: int) -> float:
        if board == self.seat:
            return 1.0
        return -(LEADER_WEIGHT if board == self.leader else OTHERS_WEIGHT)

    def play_tile(self, tile: Tile, board: int, site: int, stack: list[str]) -> float:
        """Playing ``tile`` on ``stack``, site ``site`` of ``board``, where it fits."""
        after = stack[:-1] if tile.kind == DEMOLISH else [*stack, tile.id]
        change = stack_value(after, site, self.weight) - stack_value(stack, site, self.weight)
        return self.owner_weight(board) * change + self.game_end(board, site, after)

    def remove(self, site: int) -> float:
        stack = self.state.boards[self.seat][site]
        change = stack_value(stack[:-1], site, self.weight) - stack_value(stack, site, self.weight)
        return change + self.game_end(self.seat, site, stack[:-1]) - REMOVE_SCARAB_COST

    def game_end(self, board: int, site: int, after: list[str]) -> float:
        """A move that completes a board ends the game: good only if the bot then leads alone."""
        stacks = self.state.boards[board]
        if not all(pyramid_complete(after if index == site else stacks[index]) for index in PYRAMID_SITES):
            return 0.0
        points = sum(TILE_BY_ID[tile].points for tile in after) - sum(
            TILE_BY_ID[tile].points for tile in stacks[site]
        )
        final = [score + (points if owner == board else 0) for owner, score in enumerate(self.scores)]
        mine = final[self.seat]
        leads = all(mine > score for other, score in enumerate(final) if other != self.seat)
        return GAME_END_SWING if leads else -GAME_END_SWING


def judged_values(state: GizaState) -> list[float]:
    """Each seat's worth in units of how far the points may still drift apart before the end; the search
    bot judges where its playouts stop by their softmax (``soft_judgement``), each seat's chance to win. Fit
    by likelihood to the winners of greedy games: the points built, plus at 2 seats a little room to grow
    (``JUDGED_BY_SEATS``), over a drift that grows with the tiles left to draw and the seats sharing them."""
    room_weight, per_tile = JUDGED_BY_SEATS.get(
        state.players, (0.0, SPREAD_PER_TILE_AND_SEAT * (state.players + 1))
    )
    spread = JUDGED_SPREAD + per_tile * len(state.pool)
    weight = room_weight * min(1.0, len(state.pool) / POOL_FOR_FULL_POTENTIAL)
    bonus = state.options.sphinx_extra_bonus
    return [
        (board_score(board, bonus) + weight * sum(potential(stack, site) for site, stack in enumerate(board)))
        / spread
        for board in state.boards
    ]
