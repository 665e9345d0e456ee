"""The folded state of one Giza game, and its options.

``evolve`` updates the state in place and returns it (a fold owns the state it is given); ``decide``,
``legal_commands`` and ``view`` never mutate it. Tiles are named by their ids (``data.TILES``). Seats are
0-based; ``NOBODY`` (-1) means no seat.
"""

from __future__ import annotations

from typing import Annotated

import msgspec

from domain.engine import state_copier
from domain.games.giza.data import MAX_PLAYERS, SITES
from domain.messages import msg

NOBODY = -1
POOL_EMPTY = "pool_empty"
BOARD_COMPLETE = "board_complete"

StartPlayer = Annotated[
    int,
    msgspec.Meta(
        ge=0,
        le=MAX_PLAYERS,
        description="Start player by seat number (1 = first seat); 0 draws the start player from the seed",
    ),
]
OPTION_LABELS = {
    "start_player": msg("Start player by seat number (1 = first seat); 0 draws the start player at random"),
    "sphinx_extra_bonus": msg(
        "Extra points for a Sphinx built beyond its base (0: only its tiles' printed points)"
    ),
}
SphinxExtraBonus = Annotated[
    int,
    msgspec.Meta(
        ge=0,
        le=50,
        description="Extra points for a Sphinx built beyond its base (0: only its tiles' printed points)",
    ),
]


class GizaOptions(msgspec.Struct, frozen=True, kw_only=True):
    """Table choices. A start player beyond the number of seats counts on round the table."""

    start_player: StartPlayer = 0
    sphinx_extra_bonus: SphinxExtraBonus = 0


class GizaState(msgspec.Struct, kw_only=True, gc=False):
    options: GizaOptions
    seed_commitment: str
    players: int
    start_seat: int
    turn: int
    pool: list[str]  # the draw pool, top first (secret)
    hands: list[list[str]]  # per seat (each secret from the others)
    boards: list[list[list[str]]]  # per seat, per site (data.SITES), the stack bottom to top
    discards: list[str] = []  # the discard pool, oldest first (face up)
    turns_taken: int = 0
    over: bool = False
    end_reason: str = ""  # POOL_EMPTY or BOARD_COMPLETE once over
    completed_board: int = NOBODY  # whose board was completed, when that ended the game
    scores: list[int] = []  # once over
    ranking: list[int] = []  # once over, winner first


def empty_boards(players: int) -> list[list[list[str]]]:
    return [[[] for _ in SITES] for _ in range(players)]


copy_state = state_copier(GizaState)
"""A deep copy (the fold mutates the state it is given)."""
