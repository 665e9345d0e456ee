"""What one seat (or a spectator, ``None``) may see, and the history with secrets removed.

A seat sees its own hand and its own stacks whole; of another player's stacks only the top tile and the
height (nobody may look under another player's top tile); the pool's size but never its tiles or order; the
discard pool face up. Once the game is over everything is shown.
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.engine import Prompt, ranked_by_score
from domain.games.giza import events as ev
from domain.games.giza.commands import GizaCommand
from domain.games.giza.data import PYRAMID_SITES, SITES, SPHINX_SITE, TILE_BY_ID, TILES
from domain.games.giza.rules.prompt import prompt_for
from domain.games.giza.rules.scoring import board_complete, board_score, pyramid_complete, stack_points
from domain.games.giza.state import GizaState
from domain.games.giza.words import SITE_NAMES, tile_name
from domain.messages import Msg


class TileView(msgspec.Struct, frozen=True):
    id: str
    kind: str
    number: int
    points: int
    label: Msg  # the tile's name in words


class SiteView(msgspec.Struct, frozen=True, kw_only=True):
    site: int
    name: Msg
    kind: str  # "pyramid" or "sphinx"
    height: int
    top: TileView | None
    tiles: list[TileView] | None  # the whole stack bottom to top, when the viewer may see it
    points: int | None  # the stack's points, when the viewer may see the whole stack
    complete: bool  # a pyramid with a 1 stone on top


class BoardView(msgspec.Struct, frozen=True, kw_only=True):
    seat: int
    sites: list[SiteView]
    score: int | None  # when the viewer may see every tile of the board
    complete: bool


class HandView(msgspec.Struct, frozen=True, kw_only=True):
    seat: int
    count: int
    tiles: list[TileView] | None  # the viewer's own hand (every hand once the game is over)


class GuideEntry(msgspec.Struct, frozen=True, kw_only=True):
    """One line of the tile guide printed on every board: a kind of tile and how many exist."""

    label: Msg
    kind: str
    number: int
    points: int
    count: int


class GizaView(msgspec.Struct, frozen=True, kw_only=True):
    game: str = "giza"
    viewer: int | None
    players: int
    turn: int
    start_seat: int
    turns_taken: int
    to_act: list[int]
    prompt: Prompt
    pool_count: int
    pool: list[TileView] | None  # the tiles left in the pool, top first, once the game is over
    discards: list[TileView]  # oldest first
    hands: list[HandView]
    boards: list[BoardView]
    site_names: list[Msg]
    tile_guide: list[GuideEntry]
    legal_commands: list[GizaCommand]
    over: bool
    end_reason: str
    completed_board: int
    scores: list[int]
    ranking: list[int]
    places: list[int]  # by seat once the game is over, 1 = first; equal scores share a place
    seed_commitment: str


def tile_view(tile_id: str) -> TileView:
    tile = TILE_BY_ID[tile_id]
    return TileView(tile.id, tile.kind, tile.number, tile.points, tile_name(tile))


def _site(stack: list[str], site: int, whole: bool) -> SiteView:
    return SiteView(
        site=site,
        name=SITE_NAMES[site],
        kind="sphinx" if site == SPHINX_SITE else "pyramid",
        height=len(stack),
        top=tile_view(stack[-1]) if stack else None,
        tiles=[tile_view(tile) for tile in stack] if whole else None,
        points=stack_points(stack) if whole else None,
        complete=site in PYRAMID_SITES and pyramid_complete(stack),
    )


def _board(state: GizaState, seat: int, viewer: int | None) -> BoardView:
    whole = state.over or seat == viewer
    board = state.boards[seat]
    return BoardView(
        seat=seat,
        sites=[_site(board[site], site, whole) for site in SITES],
        score=board_score(board, state.options.sphinx_extra_bonus) if whole else None,
        complete=board_complete(board),
    )


def _guide() -> list[GuideEntry]:
    counts: dict[tuple[str, int], GuideEntry] = {}
    for tile in TILES:
        kind = (tile.kind, tile.points)
        known = counts.get(kind)
        count = known.count + 1 if known else 1
        counts[kind] = GuideEntry(
            label=tile_name(tile), kind=tile.kind, number=tile.number, points=tile.points, count=count
        )
    return list(counts.values())


TILE_GUIDE = _guide()


def build_view(state: GizaState, viewer: int | None, legal: list[Any], to_act: set[int]) -> GizaView:
    return GizaView(
        viewer=viewer,
        players=state.players,
        turn=state.turn,
        start_seat=state.start_seat,
        turns_taken=state.turns_taken,
        to_act=sorted(to_act),
        prompt=prompt_for(state, viewer, to_act, legal),
        pool_count=len(state.pool),
        pool=[tile_view(tile) for tile in state.pool] if state.over else None,
        discards=[tile_view(tile) for tile in state.discards],
        hands=[
            HandView(
                seat=seat,
                count=len(hand),
                tiles=[tile_view(tile) for tile in hand] if state.over or seat == viewer else None,
            )
            for seat, hand in enumerate(state.hands)
        ],
        boards=[_board(state, seat, viewer) for seat in range(state.players)],
        site_names=list(SITE_NAMES),
        tile_guide=TILE_GUIDE,
        legal_commands=list(legal),
        over=state.over,
        end_reason=state.end_reason,
        completed_board=state.completed_board,
        scores=list(state.scores),
        ranking=list(state.ranking),
        places=ranked_by_score(state.scores, state.ranking).places if state.over else [],
        seed_commitment=state.seed_commitment,
    )


def redact_event(event: Any, seat: int | None) -> Any:
    """The event as ``seat`` may see it: no pool order, no tiles drawn by another seat (only how many)."""
    if isinstance(event, ev.GameSetUp):
        return msgspec.structs.replace(event, pool=[])
    if isinstance(event, ev.TilesDrawn) and event.seat != seat:
        return msgspec.structs.replace(event, tiles=[])
    return event


def secret_ids(state: GizaState, viewer: int | None) -> set[str]:
    """Tile ids ``viewer`` may not know now: every tile in the pool and in another seat's hand."""
    if state.over:
        return set()
    hidden = set(state.pool)
    for seat, hand in enumerate(state.hands):
        if seat != viewer:
            hidden.update(hand)
    return hidden
