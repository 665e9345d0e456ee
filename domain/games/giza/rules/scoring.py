"""Board completion, scores and the order the final ranking lists the seats in."""

from __future__ import annotations

from domain.engine import GameResult, ScoreLine, ranked_by_score
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
from domain.games.giza.words import SITE_NAMES
from domain.messages import msg

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
    """Tiles that lower the score (negative stones, Sphinx bases): recorded at the end, and the first key of
    the order equal scores are listed in."""
    return sum(1 for stack in board for tile in stack if TILE_BY_ID[tile].points < 0)


def scores(state: GizaState) -> list[int]:
    return [board_score(board, state.options.sphinx_extra_bonus) for board in state.boards]


def ranking(state: GizaState, points: list[int], negatives: list[int]) -> list[int]:
    """Every seat, highest score first. Equal scores share a place (``GizaGame.result``: the rulebook names
    no tie-break); they are only listed by fewer negative tiles, then later in turn order from the start
    player, the order every recorded game's end event keeps."""
    players = state.players

    def key(seat: int) -> tuple[int, int, int]:
        return (-points[seat], negatives[seat], -((seat - state.start_seat) % players))

    return sorted(range(players), key=key)


def result(state: GizaState) -> GameResult | None:
    """The rulebook says only "the winner is the player with the most points": equal scores share a place
    (the recorded ranking only lists them in an order)."""
    if not state.over:
        return None
    return ranked_by_score(state.scores, state.ranking)


def current_scores(state: GizaState) -> list[int]:
    """The boards' points as they stand: what the end would score now (the recorded scores once over)."""
    return list(state.scores) if state.over else scores(state)


def score_breakdown(state: GizaState) -> list[list[ScoreLine]]:
    """Each seat's points by pyramid and Sphinx (every tile of the stack counted), then the Sphinx bonus
    when the option gives one: the recorded scores once over, the boards as they stand before."""
    bonus = state.options.sphinx_extra_bonus
    lines = []
    for board in state.boards:
        seat_lines = [
            ScoreLine(label=SITE_NAMES[site], points=stack_points(board[site])) for site in PYRAMID_SITES
        ]
        seat_lines.append(ScoreLine(label=SITE_NAMES[SPHINX_SITE], points=stack_points(board[SPHINX_SITE])))
        if bonus:
            extra = bonus if sphinx_built_beyond_base(board) else 0
            seat_lines.append(ScoreLine(label=msg("Sphinx bonus"), points=extra))
        lines.append(seat_lines)
    return lines
