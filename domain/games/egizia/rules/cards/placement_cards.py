"""Nile cards that bend the placement rules (Q13 for the upstream card).

N34-17 (upstream) and N12-16 (occupied round space) are used automatically by a placement that needs them;
N12-14 (double action) is named in ``PlaceShip.cards``; N34-12 (extra ship) and N34-18 (leftover card) are
played with ``PlayCard``.
"""

from __future__ import annotations

from domain.engine import Ctx, RuleViolation
from domain.games.egizia import events as ev
from domain.games.egizia.commands import PlaceShip
from domain.games.egizia.data import (
    CREW_NAMES,
    NO_DOUBLE_ACTION,
    NO_SHARED_SPACE,
    RING_LEFT,
    RING_RIGHT,
    RING_SPACES,
)
from domain.games.egizia.rules.cards.holding import hand_of_kind, kind_of, ready_permanent
from domain.games.egizia.rules.round_spaces import resolve_round_space
from domain.games.egizia.state import EgiziaState
from domain.games.egizia.words import ROUND_SPACE_WORDS
from domain.messages import msg

CREWS = tuple(range(len(CREW_NAMES)))
ALYI = "R_ALYI"


def upstream_card(state: EgiziaState, seat: int) -> str | None:
    """N34-17, when the seat still may place one ship upstream this round."""
    return ready_permanent(state.players[seat], "upstream")


def share_card(state: EgiziaState, seat: int, space: str) -> str | None:
    """N12-16, when the seat may still put a ship on this occupied round space this round."""
    if space in NO_SHARED_SPACE:
        return None
    return ready_permanent(state.players[seat], "occupied_round_space")


def double_card(state: EgiziaState, seat: int, space: str) -> str | None:
    if space in NO_DOUBLE_ACTION:
        return None
    cards = hand_of_kind(state.players[seat], "double_action")
    return cards[0] if cards else None


def _double_ring_steps(state: EgiziaState) -> list[int]:
    return [step for step in (0, -1, 1, -2, 2) if RING_LEFT <= state.ring + step <= RING_RIGHT]


def double_variants(state: EgiziaState, seat: int, space: str) -> list[PlaceShip]:
    """The placements on this round space that resolve it twice with N12-14."""
    card = double_card(state, seat, space)
    if card is None:
        return []
    if space in RING_SPACES:
        return [PlaceShip(space=space, ring=step, cards=[card]) for step in _double_ring_steps(state)]
    if space == ALYI:
        pairs = [[first, second] for first in CREWS for second in CREWS if first <= second]
        return [PlaceShip(space=space, crews=pair, cards=[card]) for pair in pairs]
    return [PlaceShip(space=space, cards=[card])]


def check_double(state: EgiziaState, seat: int, command: PlaceShip, is_round_space: bool) -> str | None:
    """Validate ``command.cards``; return the double-action card named, if any."""
    if not command.cards:
        return None
    card = command.cards[0]
    if len(command.cards) > 1 or card not in state.players[seat].hand or not _is_double(card):
        raise RuleViolation(
            "place.cards",
            msg("cards: a placement takes at most one card, Double action from your hand."),
            {"field": "cards", "cards": command.cards},
        )
    if not is_round_space:
        raise RuleViolation(
            "place.cards", msg("Double action works only on a round space."), {"field": "cards"}
        )
    if command.space in NO_DOUBLE_ACTION:
        raise RuleViolation(
            "place.double_heliopolis",
            msg("Double action may not be used at Heliopolis."),
            {"field": "cards", "card": card},
        )
    _check_double_choice(state, command)
    return card


def _is_double(card: str) -> bool:
    return kind_of(card) == "double_action"


def _check_double_choice(state: EgiziaState, command: PlaceShip) -> None:
    name = ROUND_SPACE_WORDS[command.space]
    if command.space in RING_SPACES:
        if command.ring not in _double_ring_steps(state):
            raise RuleViolation(
                "place.ring",
                msg(
                    "ring: at {place} twice, the water ring may move up to two steps (-2..2) but not off the "
                    "board.",
                    place=name,
                ),
                {"field": "ring", "ring": command.ring},
            )
    elif command.ring:
        raise RuleViolation(
            "place.ring", msg("ring: {place} does not move the water ring.", place=name), {"field": "ring"}
        )
    if command.space == ALYI:
        if len(command.crews) != 2 or any(crew not in CREWS for crew in command.crews) or command.crew != -1:
            raise RuleViolation(
                "place.crews",
                msg("crews: at Alyi twice, name the two crews to move (one per resolution, may repeat)."),
                {"field": "crews"},
            )
    elif command.crews or command.crew != -1:
        raise RuleViolation(
            "place.crew",
            msg("crews: {place} does not let you choose a crew.", place=name),
            {"field": "crews"},
        )


def resolve_twice(ctx: Ctx[EgiziaState], seat: int, command: PlaceShip) -> None:
    """Resolve a round space two times (N12-14): Alyi moves each named crew, Passalon splits the ring."""
    if command.space == ALYI:
        for crew in command.crews:
            resolve_round_space(ctx, seat, PlaceShip(space=ALYI, crew=crew))
        return
    first = max(-1, min(1, command.ring))
    for ring in (first, command.ring - first):
        resolve_round_space(ctx, seat, PlaceShip(space=command.space, ring=ring))


def placement_card_events(ctx: Ctx[EgiziaState], seat: int, cards: list[str]) -> None:
    for card in cards:
        ctx.emit(ev.CardUsed(seat=seat, card=card))
