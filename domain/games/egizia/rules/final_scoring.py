"""Final scoring after round 5, front of the track first: stone sale, graves, Sphinx cards (1-per-10 last)."""

from __future__ import annotations

from domain.engine import Ctx, GameResult
from domain.games.egizia import events as ev
from domain.games.egizia.data import GRAVE_TABLE, NILE_BY_ID, SPHINX_BY_ID, STONE_SALE_RATE, STONE_SALE_SPACES
from domain.games.egizia.rules.effects import gain_score, track_order
from domain.games.egizia.rules.sphinx_cards import card_points, tenth_points
from domain.games.egizia.state import OVER, EgiziaState


def grave_points(total: int) -> int:
    return next(vp for lowest, vp in GRAVE_TABLE if total >= lowest)


def grave_total(state: EgiziaState, seat: int) -> int:
    player = state.players[seat]
    return sum(player.graves) + sum(
        NILE_BY_ID[c].vp for c in player.permanents if NILE_BY_ID[c].kind == "grave_card"
    )


def _score_player(ctx: Ctx[EgiziaState], seat: int) -> None:
    player = ctx.state.players[seat]
    if player.stone_market in STONE_SALE_SPACES:
        gain_score(ctx, seat, player.stones // STONE_SALE_RATE, "final stone sale")
    gain_score(ctx, seat, grave_points(grave_total(ctx.state, seat)), "grave tiles")
    cards = list(ctx.state.players[seat].sphinx)
    ctx.emit(ev.SphinxRevealed(seat=seat, cards=cards))
    tenth = [card for card in cards if SPHINX_BY_ID[card].kind == "tenth"]
    for card in cards:
        if card not in tenth:
            gain_score(ctx, seat, card_points(ctx.state, seat, SPHINX_BY_ID[card]), f"Sphinx card {card}")
    for card in tenth:
        gain_score(ctx, seat, tenth_points(ctx.state.players[seat].score), f"Sphinx card {card}")


def advance_final_scoring(ctx: Ctx[EgiziaState]) -> None:
    for seat in ctx.state.queue:
        _score_player(ctx, seat)
    ranking = track_order(ctx.state)
    ctx.emit(ev.GameEnded(ranking=ranking, scores=current_scores(ctx.state)))


def current_scores(state: EgiziaState) -> list[int]:
    return [player.score for player in state.players]


def result(state: EgiziaState) -> GameResult | None:
    if state.phase != OVER:
        return None
    return GameResult(ranking=list(state.ranking), scores=current_scores(state))
