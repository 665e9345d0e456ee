"""The facts of a Giza game. Tags are stable (``"giza.<fact>"``); every field is plain data.

Events are deltas the fold applies without validating. Secret fields (the pool order, the tiles another seat
draws) are emptied by ``views.redact_event``; sizes stay public.
"""

from __future__ import annotations

from typing import Union

from domain.engine import Event
from domain.games.giza.state import GizaOptions


class GameSetUp(Event, frozen=True, kw_only=True, tag="giza.game_set_up"):
    """The 83 tiles shuffled into the draw pool (``pool``, top first; empty in a redacted copy) and the start
    seat. The hands are dealt by the ``TilesDrawn`` events that follow."""

    seed_commitment: str
    options: GizaOptions
    players: int
    start_seat: int
    pool: list[str]
    pool_size: int


class TilesDrawn(Event, frozen=True, kw_only=True, tag="giza.tiles_drawn"):
    """``count`` tiles taken from the top of the pool into a hand (``tiles`` empty for the other seats);
    ``dealt`` at setup, otherwise a refill after a turn."""

    seat: int
    count: int
    tiles: list[str]
    dealt: bool = False


class TilePlaced(Event, frozen=True, kw_only=True, tag="giza.tile_placed"):
    """A tile from ``seat``'s hand now lies on top of ``site`` of ``board``."""

    seat: int
    tile: str
    board: int
    site: int


class TileDemolished(Event, frozen=True, kw_only=True, tag="giza.tile_demolished"):
    """``seat`` played the demolish ``tile`` on ``site`` of ``board``: it and the top tile ``target`` go to
    the discard pool."""

    seat: int
    tile: str
    board: int
    site: int
    target: str


class TilesDiscarded(Event, frozen=True, kw_only=True, tag="giza.tiles_discarded"):
    seat: int
    tiles: list[str]


class ScarabRemoved(Event, frozen=True, kw_only=True, tag="giza.scarab_removed"):
    """``seat`` took the scarab ``tile`` off the top of its own ``site`` into the discard pool."""

    seat: int
    site: int
    tile: str


class TurnPassed(Event, frozen=True, kw_only=True, tag="giza.turn_passed"):
    """It is ``seat``'s turn now."""

    seat: int


class GameEnded(Event, frozen=True, kw_only=True, tag="giza.game_ended"):
    """The end: ``reason`` is ``pool_empty`` or ``board_complete`` (then ``board`` is the completed board).
    ``scores`` per seat, ``negative_tiles`` per seat and ``ranking``, every seat best first (equal scores
    share a place: it only lists them in an order)."""

    reason: str
    board: int
    scores: list[int]
    negative_tiles: list[int]
    ranking: list[int]


GizaEvent = Union[  # noqa: UP007
    GameSetUp, TilesDrawn, TilePlaced, TileDemolished, TilesDiscarded, ScarabRemoved, TurnPassed, GameEnded
]
