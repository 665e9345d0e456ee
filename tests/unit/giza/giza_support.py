"""Helpers for the Giza rules tests: lay out a table tile by tile, run commands, check invariants.

Tiles are written as players name them: ``"+3"`` / ``"-3"`` (stones), ``"T3"`` (treasure), ``"DEM"``,
``"SCA"``, ``"BASE"``, ``"BODY"``, ``"HEAD"``. :class:`Table` gives each one a physical tile id that is still
free, and puts every tile it did not place into the pool, so the 83 tiles are always all there.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from domain.engine import RandomBot, RuleViolation, apply_command, fold, start
from domain.games.giza import GAME, GizaOptions, GizaState, copy_state
from domain.games.giza import events as ev
from domain.games.giza.data import (
    DEMOLISH,
    HAND_SIZE,
    SCARAB,
    SITES,
    SPHINX_BASE,
    SPHINX_BODY,
    SPHINX_HEAD,
    STONE,
    TILE_BY_ID,
    TILES,
    TOTAL_TILES,
    TREASURE,
)
from domain.games.giza.rules.placement import placement_problem
from domain.games.giza.rules.scoring import board_score

MENKAURE, KHAFRE, KHUFU, SPHINX = SITES
SITE_BY_NAME = {"menkaure": MENKAURE, "khafre": KHAFRE, "khufu": KHUFU, "sphinx": SPHINX}
FILLERS = ("HEAD", "SCA", "DEM", "T5")
_KINDS = {"DEM": DEMOLISH, "SCA": SCARAB, "BASE": SPHINX_BASE, "BODY": SPHINX_BODY, "HEAD": SPHINX_HEAD}


def matches(spec: str, tile_id: str) -> bool:
    tile = TILE_BY_ID[tile_id]
    if spec in _KINDS:
        return tile.kind == _KINDS[spec]
    if spec.startswith("T"):
        return tile.kind == TREASURE and tile.number == int(spec[1:])
    return tile.kind == STONE and tile.points == int(spec)


class Table:
    """A Giza table laid out by hand: ``Table(2).stack(0, "khufu", "+5", "T5").hand(1, "+1", "DEM")``."""

    def __init__(self, players: int = 2, turn: int = 0, start_seat: int = 0, **options: Any) -> None:
        self.players = players
        self.turn = turn
        self.start_seat = start_seat
        self.options = GizaOptions(**options)
        self.free = [tile.id for tile in TILES]
        self.boards: list[list[list[str]]] = [[[] for _ in SITES] for _ in range(players)]
        self.hands: list[list[str]] = [[] for _ in range(players)]
        self.discards: list[str] = []
        self.pool: list[str] | None = None

    def take(self, spec: str) -> str:
        tile = next(tile for tile in self.free if matches(spec, tile))
        self.free.remove(tile)
        return tile

    def stack(self, seat: int, site: str, *specs: str) -> Table:
        self.boards[seat][SITE_BY_NAME[site]] += [self.take(spec) for spec in specs]
        return self

    def hand(self, seat: int, *specs: str) -> Table:
        self.hands[seat] += [self.take(spec) for spec in specs]
        return self

    def discarded(self, *specs: str) -> Table:
        self.discards += [self.take(spec) for spec in specs]
        return self

    def pool_of(self, *specs: str) -> Table:
        """The pool holds exactly these tiles, top first; every other free tile goes to the discard pool."""
        self.pool = [self.take(spec) for spec in specs]
        return self

    def _filler(self) -> str:
        for spec in FILLERS:
            if any(matches(spec, tile) for tile in self.free):
                return self.take(spec)
        return self.free.pop()

    def state(self) -> GizaState:
        """The state, every hand filled to four from the free tiles (Sphinx heads, scarabs... first)."""
        for hand in self.hands:
            while len(hand) < HAND_SIZE:
                hand.append(self._filler())
        if self.pool is None:
            pool, discards = list(self.free), self.discards
        else:
            pool, discards = self.pool, [*self.discards, *self.free]
        return GizaState(
            options=self.options,
            seed_commitment="test",
            players=self.players,
            start_seat=self.start_seat,
            turn=self.turn,
            pool=pool,
            hands=self.hands,
            boards=self.boards,
            discards=discards,
        )


def tile_in_hand(state: GizaState, seat: int, spec: str) -> str:
    return next(tile for tile in state.hands[seat] if matches(spec, tile))


def play(state: GizaState, seat: int, command: Any) -> tuple[GizaState, list[Any]]:
    """Decide and fold a command on a copy; the given state is left untouched."""
    events = GAME.decide(state, seat, command)
    return fold(GAME, events, copy_state(state)), events


def refusal(state: GizaState, seat: int, command: Any) -> RuleViolation:
    try:
        GAME.decide(state, seat, command)
    except RuleViolation as violation:
        return violation
    raise AssertionError(f"{command} was accepted")


def types(events: list[Any]) -> list[type]:
    return [type(event) for event in events]


def ended(events: list[Any]) -> ev.GameEnded:
    last = events[-1]
    assert isinstance(last, ev.GameEnded), types(events)
    return last


def check_invariants(state: GizaState) -> None:
    """What must hold after every event: all 83 tiles once each, and every stack built by the rules."""
    placed = [tile for board in state.boards for stack in board for tile in stack]
    everywhere = [*state.pool, *(tile for hand in state.hands for tile in hand), *placed, *state.discards]
    assert len(everywhere) == TOTAL_TILES, Counter(everywhere).most_common(3)
    assert set(everywhere) == set(TILE_BY_ID), "a tile went missing or appeared twice"
    for board in state.boards:
        for site, stack in enumerate(board):
            assert not any(TILE_BY_ID[tile].kind == DEMOLISH for tile in stack), "a demolish never stays"
            for height in range(len(stack)):
                problem = placement_problem(TILE_BY_ID[stack[height]], site, stack[:height])
                assert problem is None, (site, stack, problem)
    if state.over:
        assert state.scores == [
            board_score(board, state.options.sphinx_extra_bonus) for board in state.boards
        ]


def played(players: int = 4, turns: int = 30, seed: bytes = b"views") -> tuple[GizaState, list[Any]]:
    state, events = start(GAME, players, GizaOptions(), seed)
    bots = [RandomBot(seat) for seat in range(players)]
    for _ in range(turns):
        if GAME.result(state) is not None:
            break
        seat = state.turn
        state, new = apply_command(GAME, state, seat, bots[seat].choose(GAME, state, seat))
        events += new
    return state, events
