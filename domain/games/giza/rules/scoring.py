"""Board completion, scores and the strict final ranking."""

from __future__ import annotations

from domain.games.giza.data import (
    COMPLETING_NUMBER,
    PYRAMID_SITES,
    SCARAB,
    SCARAB_BLOCKS_COMPLETION,
    SPHINX_BODY,
    SPHINX_SITE,
    STONE,
    TILE_BY_ID,
)
from domain.games.giza.state import GizaState

Board = list[list[str]]


def pyramid_complete(stack: list[str]) -> bool:
    """A pyramid is complete with a +1 or -1 stone on top (a scarab above it leaves it unfinished)."""
    tiles = [TILE_BY_ID[tile] for tile in stack]
    if not SCARAB_BLOCKS_COMPLETION:
        tiles = [tile for tile in tiles if tile.kind != SCARAB]
    return bool(tiles) and tiles[-1].kind == STONE and tiles[-1].number == COMPLETING_NUMBER


def board_complete(board: Board) -> bool:
    """All three pyramids of one board are complete: the game ends at once."""
    return all(pyramid_complete(board[site]) for site in PYRAMID_SITES)


def stack_points(stack: list[str]) -> int:
    """Every tile of a stack counts, buried or not, scarab-topped or not."""
    return sum(TILE_BY_ID[tile].points for tile in stack)


def sphinx_built_beyond_base(board: Board) -> bool:
    return any(TILE_BY_ID[tile].kind == SPHINX_BODY for tile in board[SPHINX_SITE])


def board_score(board: Board, sphinx_extra_bonus: int) -> int:
    """The three pyramids and the Sphinx, every tile counted; tiles in hand never count."""
    bonus = sphinx_extra_bonus if sphinx_built_beyond_base(board) else 0
    return sum(stack_points(stack) for stack in board) + bonus


def negative_tiles(board: Board) -> int:
    """Tiles that lower the score (negative stones, Sphinx bases): fewer ranks higher in a tie."""
    return sum(1 for stack in board for tile in stack if TILE_BY_ID[tile].points < 0)


def scores(state: GizaState) -> list[int]:
    return [board_score(board, state.options.sphinx_extra_bonus) for board in state.boards]


def ranking(state: GizaState, points: list[int], negatives: list[int]) -> list[int]:
    """Highest score first; a tie goes to fewer negative tiles on the board, then to the seat later in turn
    order from the start player (it may have had one turn fewer)."""
    players = state.players

    def key(seat: int) -> tuple[int, int, int]:
        return (-points[seat], negatives[seat], -((seat - state.start_seat) % players))

    return sorted(range(players), key=key)
