"""Nile cards that add a turn: N34-18 takes a leftover river card at the end of placement; N5-03 builds
first and N34-14 lets a speculator build last at a site (Q15)."""

from __future__ import annotations

from typing import Any

from domain.engine import Ctx, RuleViolation
from domain.games.egizia import events as ev
from domain.games.egizia.commands import Pass, PlaceShip, PlayCard
from domain.games.egizia.data import CARD_SPACES, NILE_BY_ID
from domain.games.egizia.rules.cards.holding import ready_permanent
from domain.games.egizia.rules.round_spaces import card_variants, check_card_choice, resolve_card
from domain.games.egizia.rules.spaces import CARD_INDEX
from domain.games.egizia.state import NOBODY, PLACEMENT, EgiziaState
from domain.games.egizia.words import card_name
from domain.messages import msg

LEFTOVER = "leftover_card"


# --- N34-18: one leftover card at the end of placement
def leftover_chooser(state: EgiziaState) -> int:
    """The seat that may now take a card left on the river, or NOBODY."""
    if state.phase != PLACEMENT or state.turn != NOBODY or not any(state.river_cards):
        return NOBODY
    for seat in state.order:
        if ready_permanent(state.players[seat], LEFTOVER):
            return seat
    return NOBODY


def leftover_commands(state: EgiziaState, seat: int) -> list[Any]:
    card = ready_permanent(state.players[seat], LEFTOVER)
    if leftover_chooser(state) != seat or card is None:
        return []
    commands: list[Any] = []
    for space in CARD_SPACES:
        river_card = state.river_cards[CARD_INDEX[space]]
        if river_card:
            commands += [
                PlayCard(card=card, target=space, crews=variant.crews)
                for variant in card_variants(space, river_card)
            ]
    return [*commands, Pass()]


def check_leftover(state: EgiziaState, seat: int, command: PlayCard) -> None:
    if leftover_chooser(state) != seat:
        raise RuleViolation(
            "card.leftover_timing",
            msg(
                "{card} takes a leftover card only at the end of ship placement, once per round.",
                card=card_name(command.card),
            ),
            {"field": "card", "card": command.card},
        )
    index = CARD_INDEX.get(command.target)
    if index is None or not state.river_cards[index]:
        raise RuleViolation(
            "card.leftover_space",
            msg("target: name a card space with a card left on it."),
            {"field": "target"},
        )
    river_card = state.river_cards[index]
    check_card_choice(river_card, PlaceShip(space=command.target, crews=command.crews))


def take_leftover(ctx: Ctx[EgiziaState], seat: int, command: PlayCard) -> None:
    """Take the card (no ship needed); an immediate card resolves at once. The choice is public."""
    river_card = ctx.state.river_cards[CARD_INDEX[command.target]]
    ctx.emit(ev.CardUsed(seat=seat, card=command.card))
    ctx.emit(ev.NileCardTaken(seat=seat, space=command.target, card=river_card))
    resolve_card(ctx, seat, river_card, command.crews)


def decline_leftover(state: EgiziaState, seat: int) -> ev.CardDeclined:
    card = ready_permanent(state.players[seat], LEFTOVER)
    if leftover_chooser(state) != seat or card is None:
        raise RuleViolation("place.turn", msg("It is not your turn: there is nothing to pass on."))
    return ev.CardDeclined(seat=seat, card=card)


# --- N5-03 first, N34-14 last: build turns out of the S1, S2, S3 order
def _declared(state: EgiziaState, seat: int, kind: str) -> str | None:
    return next((c for c in state.players[seat].used_this_round if NILE_BY_ID[c].kind == kind), None)


def card_build_turn(state: EgiziaState) -> list[Any]:
    """The event that opens a Nile-card build turn due now at the current site (empty: none is due).

    N5-03: its player builds before everyone at each site where they have a ship (DEFAULT Q15: a
    speculating ship builds too and displaces nobody). N34-14: after the regular occupants, the player's
    speculator builds.
    """
    if state.card_builder != NOBODY:
        return []
    site = state.sites[state.site]
    regulars_done = state.slot >= len(site.slots)
    for seat in state.order:
        if seat in site.card_turns:
            continue
        first = _declared(state, seat, "build_first")
        if first and (seat in site.slots or seat in site.speculators):
            return [ev.CardBuildTurn(seat=seat, site=site.id, card=first)]
        last = _declared(state, seat, "speculator_builds")
        if last and regulars_done and seat in site.speculators:
            return [ev.CardBuildTurn(seat=seat, site=site.id, card=last)]
    return []
