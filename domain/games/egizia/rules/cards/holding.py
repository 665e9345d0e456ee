"""Which Nile cards a player holds and may still use, and whether it is one of their own turns."""

from __future__ import annotations

from domain.games.egizia.data import CREW_MAX, NILE_BY_ID
from domain.games.egizia.rules.queries import builder, feeder
from domain.games.egizia.state import BUILDING, FEEDING, PLACEMENT, EgiziaState, Player

PLACEMENT_TURN = "placement"
FEEDING_TURN = "feeding"
BUILD_TURN = "build"


def kind_of(card_id: str) -> str:
    card = NILE_BY_ID.get(card_id)
    return card.kind if card else ""


def hand_of_kind(player: Player, kind: str) -> list[str]:
    """The anytime cards of this kind in the player's hand."""
    return [card for card in player.hand if NILE_BY_ID[card].kind == kind]


def ready_permanent(player: Player, kind: str) -> str | None:
    """A permanent card of this kind the player has not used yet this round."""
    for card in player.permanents:
        if NILE_BY_ID[card].kind == kind and card not in player.used_this_round:
            return card
    return None


def has_permanent(player: Player, kind: str) -> str | None:
    """A permanent card of this kind, used this round or not."""
    return next((card for card in player.permanents if NILE_BY_ID[card].kind == kind), None)


def boostable_crews(player: Player) -> list[int]:
    """Crews that can still move one step right."""
    return [crew for crew, strength in enumerate(player.crews) if strength < CREW_MAX[crew]]


def own_turn(state: EgiziaState, seat: int) -> str | None:
    """Which of the seat's own turns is running now (placement, feeding, own build turn), if any."""
    if state.phase == PLACEMENT and state.turn == seat:
        return PLACEMENT_TURN
    if state.phase == FEEDING and feeder(state) == seat:
        return FEEDING_TURN
    if state.phase == BUILDING and builder(state) == seat and not state.drawn:
        return BUILD_TURN
    return None
