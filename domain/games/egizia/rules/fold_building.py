"""Fold steps of phase 5: Sphinx draws, build actions (one go, or step by step at the Obelisk/Graves) and
the close of a building site."""

from __future__ import annotations

from domain.games.egizia import events as ev
from domain.games.egizia.rules.cards.fold_cards import end_build_turn, mark_built, skip_empty_slots
from domain.games.egizia.rules.spaces import BUILD_SPACES, GRAVES, OBELISK, PYRAMID
from domain.games.egizia.state import NOBODY, EgiziaState, OpenAction, Player


def use_crews(player: Player, crews: list[int], stones: int) -> None:
    used = player.crews_used
    for crew in crews:
        used[crew] = True
    player.stones -= stones
    if stones:
        player.spent_stones = True


def sphinx_drawn(state: EgiziaState, event: ev.SphinxDrawn) -> EgiziaState:
    use_crews(state.players[event.seat], event.crews, event.stones)
    state.drawn = state.sphinx_deck[: event.count]
    del state.sphinx_deck[: event.count]
    mark_built(state, event.seat)
    return state


def sphinx_kept(state: EgiziaState, event: ev.SphinxKept) -> EgiziaState:
    state.players[event.seat].sphinx.extend(event.kept)
    state.sphinx_deck.extend(event.returned)
    state.drawn = []
    end_build_turn(state, event.seat, built=True)
    return state


def place(state: EgiziaState, seat: int, space_id: str) -> None:
    """The seat's stone on a building space (a grave tile taken goes to the seat's tiles)."""
    building, first, second = BUILD_SPACES[space_id]
    if building == OBELISK:
        state.obelisk[first] = seat
    elif building == GRAVES:
        state.grave_owners[first] = seat
        state.players[seat].graves.append(state.graves[first])
    elif building == PYRAMID:
        state.pyramid[first][second] = seat
    else:
        state.temple[first] = seat


def built(state: EgiziaState, event: ev.Built) -> EgiziaState:
    """The build action's crews are used and its stones paid. The turn moves on at once; an action that
    goes on step by step keeps its builder in ``state.action`` (``BuildGoesOn``) until it ends."""
    use_crews(state.players[event.seat], event.crews, event.cost)
    for space_id in event.spaces:
        place(state, event.seat, space_id)
    mark_built(state, event.seat)
    end_build_turn(state, event.seat, built=True)
    return state


def build_goes_on(state: EgiziaState, event: ev.BuildGoesOn) -> EgiziaState:
    state.action = OpenAction(seat=event.seat, strength=event.strength, market=event.market)
    return state


def built_more(state: EgiziaState, event: ev.BuiltMore) -> EgiziaState:
    use_crews(state.players[event.seat], [], event.value)
    place(state, event.seat, event.space)
    if state.action is not None:
        state.action.strength -= event.value
    return state


def build_ended(state: EgiziaState, _: ev.BuildEnded) -> EgiziaState:
    state.action = None
    return state


def site_closed(state: EgiziaState, _: ev.SiteClosed) -> EgiziaState:
    site = state.sites[state.site]
    site.speculators = [seat if seat in site.card_built else NOBODY for seat in site.speculators]
    state.site += 1
    state.slot = 0
    skip_empty_slots(state)
    return state
