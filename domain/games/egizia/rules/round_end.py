"""Phase 6 (co-operation bonus), phase 7 (player sequence) and the end of a round."""

from __future__ import annotations

from domain.engine import Ctx
from domain.games.egizia import events as ev
from domain.games.egizia.data import COOP_BONUS, DECK_OF_ROUND, DECK_REMOVED_AFTER_ROUND, ROUNDS
from domain.games.egizia.rules.effects import gain_score, track_order
from domain.games.egizia.state import FINAL_SCORING, SEQUENCE, EgiziaState


def ships_on_sites(state: EgiziaState, seat: int) -> int:
    """Ships on building spaces, plus speculators that built by a Nile card (the only ones still there)."""
    return sum(site.slots.count(seat) + site.speculators.count(seat) for site in state.sites)


def advance_bonus(ctx: Ctx[EgiziaState]) -> None:
    """Pay the co-operation bonus, front of the track first, to players who spent a stone this round."""
    for seat in track_order(ctx.state):
        ships = ships_on_sites(ctx.state, seat)
        if ctx.state.players[seat].spent_stones and ships:
            reason = f"co-operation bonus, {ships} ship{'s' if ships > 1 else ''}"
            gain_score(ctx, seat, COOP_BONUS[ships], reason)
    ctx.emit(ev.ShipsReturned(), ev.PhaseStarted(phase=SEQUENCE))


def new_tiles(state: EgiziaState) -> list[int]:
    """Lowest score takes tile 1; on a shared space the later arrival takes the lower tile."""
    tiles = [0] * len(state.players)
    for tile, seat in enumerate(reversed(track_order(state)), start=1):
        tiles[seat] = tile
    return tiles


def advance_sequence(ctx: Ctx[EgiziaState]) -> None:
    """The new player sequence, a deck removed after its last round, then the next round or the end."""
    state = ctx.state
    ctx.emit(ev.SequenceSet(tiles=new_tiles(state)))
    if state.round in DECK_REMOVED_AFTER_ROUND:
        deck = DECK_OF_ROUND[state.round - 1]
        ctx.emit(ev.DeckRemoved(deck=deck, count=len(state.nile_decks[deck])))
    if state.round < ROUNDS:
        ctx.emit(ev.RoundStarted(round=state.round + 1))
    else:
        ctx.emit(ev.PhaseStarted(phase=FINAL_SCORING, queue=track_order(state)))
