"""Phase 1 (laying out the Nile cards) and phase 2 (placing ships)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from domain.engine import Ctx, RuleViolation
from domain.games.egizia import events as ev
from domain.games.egizia.commands import Pass, PlaceShip
from domain.games.egizia.data import (
    CARD,
    CARDS_PER_ROUND,
    DECK_OF_ROUND,
    POSITION,
    RIVER,
    ROUND,
    SHIPS_PER_PLAYER,
    SITE,
)
from domain.games.egizia.rules.cards.placement_cards import (
    check_double,
    double_variants,
    placement_card_events,
    resolve_twice,
    share_card,
    upstream_card,
)
from domain.games.egizia.rules.cards.turns import decline_leftover, leftover_chooser
from domain.games.egizia.rules.effects import track_order
from domain.games.egizia.rules.nile_cards import has_card_play
from domain.games.egizia.rules.round_spaces import (
    card_variants,
    check_card_choice,
    check_round_space_choice,
    resolve_card,
    resolve_round_space,
    round_space_variants,
)
from domain.games.egizia.rules.spaces import CARD_INDEX, SITE_INDEX
from domain.games.egizia.state import FEEDING, NOBODY, PLACEMENT, EgiziaState, Site
from domain.games.egizia.words import SITE_WORDS, place_words
from domain.messages import msg


def lay_out(ctx: Ctx[EgiziaState]) -> None:
    """Phase 1: the round's Nile cards from the top of its deck onto the river."""
    state = ctx.state
    deck = DECK_OF_ROUND[state.round - 1]
    ctx.emit(ev.NileCardsLaidOut(deck=deck, cards=state.nile_decks[deck][:CARDS_PER_ROUND]))


def end_placement(state: EgiziaState) -> list[Any]:
    leftovers = [card for card in state.river_cards if card]
    return [ev.PlacementEnded(discarded=leftovers), ev.PhaseStarted(phase=FEEDING, queue=track_order(state))]


def _site_variants(site: Site, seat: int, space: str) -> list[PlaceShip]:
    if seat in site.slots or seat in site.speculators:
        return []
    free = [slot for slot, owner in enumerate(site.slots) if owner == NOBODY]
    if free:
        return [PlaceShip(space=space, slot=slot) for slot in free]
    # A speculator takes whichever space is freed, so where its ship waits is no choice: one option.
    beside = [slot for slot, speculator in enumerate(site.speculators) if speculator == NOBODY]
    return [PlaceShip(space=space, slot=beside[0], speculate=True)] if beside else []


def placement_commands(state: EgiziaState, seat: int) -> list[PlaceShip]:
    """Every ship placement open to ``seat`` now (ignoring whose turn it is)."""
    return list(_placements(state, seat))


def _placements(state: EgiziaState, seat: int) -> Iterator[PlaceShip]:
    """The placements of :func:`placement_commands`, space by space along the river (so whether there is
    one at all is known at the first, as :func:`can_act_in_placement` asks on every ``to_act``)."""
    player = state.players[seat]
    if player.passed or player.ships_placed >= SHIPS_PER_PLAYER:
        return
    first = 0 if upstream_card(state, seat) else player.last_position
    for index in range(first, len(RIVER)):
        space, kind = RIVER[index]
        if kind == CARD:
            card = state.river_cards[CARD_INDEX[space]]
            if card and not state.river_ships[index]:
                yield from card_variants(space, card)
        elif kind == ROUND:
            if not state.river_ships[index] or share_card(state, seat, space):
                yield from round_space_variants(state, space)
                yield from double_variants(state, seat, space)
        else:
            yield from _site_variants(state.sites[SITE_INDEX[space]], seat, space)


def can_act_in_placement(state: EgiziaState, seat: int) -> bool:
    """Whether the seat whose turn it is may still place a ship or play a Nile card (else it passes)."""
    return next(_placements(state, seat), None) is not None or has_card_play(state, seat)


def phase_commands(state: EgiziaState, seat: int) -> list[Any]:
    if state.phase != PLACEMENT or state.turn != seat:
        return []
    placements: list[Any] = placement_commands(state, seat)
    return [*placements, Pass()]


def _require_turn(state: EgiziaState, seat: int) -> None:
    if state.phase != PLACEMENT:
        raise RuleViolation("place.phase", msg("Ships are placed only in phase 2 (placing ships)."))
    if state.turn != seat:
        raise RuleViolation(
            "place.turn",
            msg("It is another player's turn to place a ship, not yours."),
            {"turn": state.turn},
        )


def _check_site(site: Site, seat: int, command: PlaceShip) -> None:
    name = SITE_WORDS[command.space]
    if seat in site.slots or seat in site.speculators:
        raise RuleViolation(
            "place.second_ship", msg("You already have a ship at {site}: one ship per site.", site=name)
        )
    if not 0 <= command.slot < len(site.slots):
        raise RuleViolation(
            "place.slot",
            msg(
                "slot: {site} has ship spaces 1 to {count} in this game (slot 0 to {last}).",
                site=name,
                count=len(site.slots),
                last=len(site.slots) - 1,
            ),
            {"field": "slot", "slot": command.slot},
        )
    full = NOBODY not in site.slots
    if command.speculate:
        if not full:
            raise RuleViolation(
                "place.speculate",
                msg("You may speculate only when every space at {site} is taken.", site=name),
            )
        if site.speculators[command.slot] != NOBODY:
            raise RuleViolation("place.speculate", msg("A speculator already waits beside that ship space."))
    elif site.slots[command.slot] != NOBODY:
        raise RuleViolation(
            "place.occupied",
            msg("That ship space is taken. You may speculate beside it.")
            if full
            else msg("That ship space is taken."),
        )
    if command.crews or command.crew != -1 or command.ring:
        raise RuleViolation(
            "place.choice", msg("A building site takes no crew or ring choice."), {"field": "crews"}
        )


def decide_place(ctx: Ctx[EgiziaState], seat: int, command: PlaceShip) -> None:
    state = ctx.state
    _require_turn(state, seat)
    player = state.players[seat]
    if player.ships_placed >= SHIPS_PER_PLAYER:
        raise RuleViolation(
            "place.no_ships", msg("All your {count} ships are on the river.", count=SHIPS_PER_PLAYER)
        )
    position = POSITION.get(command.space)
    if position is None:
        raise RuleViolation(
            "place.space", msg("space: there is no such space on the river."), {"field": "space"}
        )
    used = [card for card in [upstream_card(state, seat)] if card and position <= player.last_position]
    if position <= player.last_position and not used:
        raise RuleViolation(
            "place.upstream",
            msg(
                "Ships must go downstream: your last ship is at river position {last}, {place} is at "
                "position {position} (only the Nile card Upstream allows one upstream ship per round).",
                last=player.last_position,
                place=place_words(command.space),
                position=position,
            ),
            {"field": "space", "last_position": player.last_position},
        )
    kind = RIVER[position - 1][1]
    double = check_double(state, seat, command, kind == ROUND)
    if kind != SITE and (command.slot != -1 or command.speculate):
        raise RuleViolation(
            "place.slot",
            msg("slot: only building sites have ship spaces: leave slot and speculate out."),
            {"field": "slot"},
        )
    if kind == CARD:
        card = state.river_cards[CARD_INDEX[command.space]]
        if not card or state.river_ships[position - 1]:
            raise RuleViolation(
                "place.no_card",
                msg("There is no Nile card left on {place}.", place=place_words(command.space)),
            )
        check_card_choice(card, command)
        placement_card_events(ctx, seat, used)
        ctx.emit(ev.ShipPlaced(seat=seat, space=command.space))
        ctx.emit(ev.NileCardTaken(seat=seat, space=command.space, card=card))
        resolve_card(ctx, seat, card, command.crews)
    elif kind == ROUND:
        if state.river_ships[position - 1]:
            used += _share_card_checked(state, seat, command.space)
        if double is None:
            check_round_space_choice(state, command)
        placement_card_events(ctx, seat, [*used, *([double] if double else [])])
        ctx.emit(ev.ShipPlaced(seat=seat, space=command.space))
        if double is None:
            resolve_round_space(ctx, seat, command)
        else:
            resolve_twice(ctx, seat, command)
    else:
        _check_site(state.sites[SITE_INDEX[command.space]], seat, command)
        placement_card_events(ctx, seat, used)
        ctx.emit(
            ev.ShipPlaced(seat=seat, space=command.space, slot=command.slot, speculate=command.speculate)
        )


def _share_card_checked(state: EgiziaState, seat: int, space: str) -> list[str]:
    card = share_card(state, seat, space)
    if card is None:
        raise RuleViolation(
            "place.occupied",
            msg(
                "That round space already has a ship this round (the Nile card Shared round space allows "
                "one such ship per round, never at Heliopolis)."
            ),
            {"field": "space"},
        )
    return [card]


def decide_pass(ctx: Ctx[EgiziaState], seat: int, command: Pass) -> None:
    state = ctx.state
    if state.phase == PLACEMENT and state.turn == NOBODY and leftover_chooser(state) == seat:
        ctx.emit(decline_leftover(state, seat))  # N34-18: take no leftover card this round
        return
    _require_turn(state, seat)
    ctx.emit(ev.Passed(seat=seat))


def advance_placement(ctx: Ctx[EgiziaState]) -> None:
    """Pass for a player who can neither place nor play a card (a speculator's N34-14 after the last
    ship, say), end the phase when nobody places any more; else wait."""
    state = ctx.state
    if state.turn == NOBODY:
        if leftover_chooser(state) == NOBODY:
            ctx.emit(*end_placement(state))
    elif not can_act_in_placement(state, state.turn):
        ctx.emit(ev.Passed(seat=state.turn, forced=True))
