"""Fold steps for Nile-card facts and for build turns that Nile cards move out of the S1, S2, S3 order."""

from __future__ import annotations

from domain.games.egizia import events as ev
from domain.games.egizia.data import NILE_BY_ID
from domain.games.egizia.state import NOBODY, EgiziaState


def skip_empty_slots(state: EgiziaState) -> None:
    """Move the building turn past ship spaces nobody occupies or whose owner already had a card turn."""
    if state.site >= len(state.sites):
        return
    site = state.sites[state.site]
    slots = site.slots
    done = site.card_turns
    while state.slot < len(slots) and (slots[state.slot] == NOBODY or slots[state.slot] in done):
        state.slot += 1


def mark_built(state: EgiziaState, seat: int) -> None:
    """Flag the builder's ship space as built (a speculator building by card has none)."""
    site = state.sites[state.site]
    if seat in site.slots:
        site.built[site.slots.index(seat)] = True


def end_build_turn(state: EgiziaState, seat: int, built: bool) -> None:
    """After a build turn: a Nile-card turn leaves the S1.. order alone, a regular turn moves it on."""
    site = state.sites[state.site]
    if state.card_builder != NOBODY:
        state.card_builder = NOBODY
        site.card_turns.append(seat)
        if built:
            site.card_built.append(seat)
    else:
        state.slot += 1
    skip_empty_slots(state)


def declined(state: EgiziaState, event: ev.Declined) -> EgiziaState:
    """The ship goes home and the successor, a speculator of the site, moves into the freed space; a
    speculator declining its card turn goes home too (it can no longer move in and count for the
    co-operation bonus)."""
    site = state.sites[state.site]
    if event.slot >= 0:
        site.slots[event.slot] = event.successor
        if event.successor != NOBODY:
            site.speculators[site.speculators.index(event.successor)] = NOBODY
    elif event.seat in site.speculators:
        site.speculators[site.speculators.index(event.seat)] = NOBODY
    if state.card_builder != NOBODY:
        state.card_builder = NOBODY
        site.card_turns.append(event.seat)
    skip_empty_slots(state)
    return state


def card_used(state: EgiziaState, event: ev.CardUsed) -> EgiziaState:
    player = state.players[event.seat]
    if event.card in player.hand:
        player.hand.remove(event.card)
    player.used_this_round.append(event.card)
    if NILE_BY_ID[event.card].kind == "extra_ship":
        player.extra_ship = True
    return state


def card_declined(state: EgiziaState, event: ev.CardDeclined) -> EgiziaState:
    state.players[event.seat].used_this_round.append(event.card)
    return state


def card_build_turn(state: EgiziaState, event: ev.CardBuildTurn) -> EgiziaState:
    state.card_builder = event.seat
    return state


def field_improved(state: EgiziaState, event: ev.FieldImproved) -> EgiziaState:
    player = state.players[event.seat]
    for field in player.fields:
        if field.card == event.field:
            field.improved_by.append(event.card)
            break
    if event.card in player.hand:
        player.hand.remove(event.card)
    player.used_this_round.append(event.card)
    return state
