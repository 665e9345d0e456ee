"""A turn: play one tile, discard 1 to 4, or take a scarab off one's own site; then the end checks and the
refill. Every refusal names the field at fault or the rule, and never names a tile the player did not send."""

from __future__ import annotations

from domain.engine import Ctx, RuleViolation, Seat
from domain.games.giza import commands as cmd
from domain.games.giza import events as ev
from domain.games.giza.data import (
    DEMOLISH,
    DISCARD_MAX,
    DISCARD_MIN,
    HAND_SIZE,
    SCARAB,
    SITES,
    TILE_BY_ID,
    Tile,
)
from domain.games.giza.rules.placement import placement_problem, top_tile
from domain.games.giza.rules.scoring import board_complete, negative_tiles, ranking, scores
from domain.games.giza.state import BOARD_COMPLETE, NOBODY, POOL_EMPTY, GizaState
from domain.games.giza.words import SITE_NAMES
from domain.messages import msg


def check_turn(state: GizaState, seat: Seat) -> None:
    if not 0 <= seat < state.players:
        raise RuleViolation("seat.unknown", msg("There is no such seat in this game."), {"field": "seat"})
    if state.over:
        raise RuleViolation("game.over", msg("The game is over."))
    if seat != state.turn:
        raise RuleViolation(
            "giza.not_your_turn", msg("It is not your turn: players take turns one at a time.")
        )


def _site_checked(site: int) -> None:
    if not 0 <= site < len(SITES):
        raise RuleViolation(
            "giza.site_unknown",
            msg("site: there is no such site; sites are 0-2 (the pyramids) and 3 (the Sphinx)."),
            {"field": "site"},
        )


def _board_checked(state: GizaState, board: int) -> None:
    if not 0 <= board < state.players:
        raise RuleViolation(
            "giza.board_unknown",
            msg(
                "board: there is no such board; boards are numbered by seat, 0 to {last}.",
                last=state.players - 1,
            ),
            {"field": "board"},
        )


def _hand_tile(state: GizaState, seat: Seat, tile_id: str, field: str) -> Tile:
    tile = TILE_BY_ID.get(tile_id)
    if tile is None:
        raise RuleViolation(
            "giza.tile_unknown", msg("{field}: Giza has no such tile.", field=field), {"field": field}
        )
    if tile_id not in state.hands[seat]:
        raise RuleViolation(
            "giza.tile_not_in_hand",
            msg("{field}: you may only use tiles from your own hand.", field=field),
            {"field": field},
        )
    return tile


def _end(ctx: Ctx[GizaState], reason: str, board: int) -> None:
    state = ctx.state
    points = scores(state)
    negatives = [negative_tiles(own) for own in state.boards]
    ctx.emit(
        ev.GameEnded(
            reason=reason,
            board=board,
            scores=points,
            negative_tiles=negatives,
            ranking=ranking(state, points, negatives),
        )
    )


def _finish_turn(ctx: Ctx[GizaState], seat: Seat, changed_board: int, draw: bool) -> None:
    """A complete board ends the game before anyone draws; taking the pool's last tile ends it at once."""
    state = ctx.state
    if changed_board != NOBODY and board_complete(state.boards[changed_board]):
        _end(ctx, BOARD_COMPLETE, changed_board)
        return
    if draw:
        count = min(HAND_SIZE - len(state.hands[seat]), len(state.pool))
        if count > 0:
            ctx.emit(ev.TilesDrawn(seat=seat, count=count, tiles=state.pool[:count]))
        if not ctx.state.pool:
            _end(ctx, POOL_EMPTY, NOBODY)
            return
    ctx.emit(ev.TurnPassed(seat=(seat + 1) % state.players))


def decide_play(ctx: Ctx[GizaState], seat: Seat, command: cmd.Play) -> None:
    state = ctx.state
    _board_checked(state, command.board)
    _site_checked(command.site)
    tile = _hand_tile(state, seat, command.tile, "tile")
    stack = state.boards[command.board][command.site]
    problem = placement_problem(tile, command.site, stack)
    if problem is not None:
        code, rule = problem
        raise RuleViolation(code, rule, {"field": "site"})
    if tile.kind == DEMOLISH:
        target = stack[-1]
        ctx.emit(
            ev.TileDemolished(seat=seat, tile=tile.id, board=command.board, site=command.site, target=target)
        )
    else:
        ctx.emit(ev.TilePlaced(seat=seat, tile=tile.id, board=command.board, site=command.site))
    _finish_turn(ctx, seat, command.board, draw=True)


def decide_discard(ctx: Ctx[GizaState], seat: Seat, command: cmd.Discard) -> None:
    state = ctx.state
    tiles = command.tiles
    if not DISCARD_MIN <= len(tiles) <= DISCARD_MAX:
        raise RuleViolation(
            "giza.discard_count",
            msg(
                "tiles: discard {least} to {most} tiles from your hand, not {count}.",
                least=DISCARD_MIN,
                most=DISCARD_MAX,
                count=len(tiles),
            ),
            {"field": "tiles"},
        )
    if len(set(tiles)) != len(tiles):
        raise RuleViolation(
            "giza.discard_duplicate", msg("tiles: name each discarded tile only once."), {"field": "tiles"}
        )
    for tile in tiles:
        _hand_tile(state, seat, tile, "tiles")
    ctx.emit(ev.TilesDiscarded(seat=seat, tiles=list(tiles)))
    _finish_turn(ctx, seat, NOBODY, draw=True)


def decide_remove_scarab(ctx: Ctx[GizaState], seat: Seat, command: cmd.RemoveScarab) -> None:
    state = ctx.state
    _site_checked(command.site)
    stack = state.boards[seat][command.site]
    top = top_tile(stack)
    if top is None or top.kind != SCARAB:
        raise RuleViolation(
            "giza.no_scarab_on_top",
            msg(
                "You may take a scarab only off the top of one of your own sites, and no scarab lies on top "
                "of your {site}.",
                site=SITE_NAMES[command.site],
            ),
            {"field": "site"},
        )
    ctx.emit(ev.ScarabRemoved(seat=seat, site=command.site, tile=top.id))
    _finish_turn(ctx, seat, seat, draw=False)
