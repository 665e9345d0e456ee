"""Hooks for the special effects of anytime and permanent Nile cards (issue 4).

The phases call these functions at the points where a card can change the rules. Until issue 4 fills them
in, anytime and permanent cards with special effects are simply held (hand / tableau) and have no effect:
no card play is offered and any attempt is refused with a clear message.
"""

from __future__ import annotations

from domain.engine import RuleViolation
from domain.games.egizia.commands import PlayCard
from domain.games.egizia.data import SPHINX_KEEP
from domain.games.egizia.rules.context import Ctx
from domain.games.egizia.state import EgiziaState


def card_commands(state: EgiziaState, seat: int) -> list[PlayCard]:
    """Card plays ``seat`` may make now, offered next to the phase's own commands."""
    return []


def decide_card(ctx: Ctx, seat: int, command: PlayCard) -> None:
    """Emit the events of one card play into ``ctx`` or raise :class:`RuleViolation`."""
    raise RuleViolation(
        "card.not_playable",
        f"Card {command.card} cannot be played now: its special effect is not available in this game yet.",
        {"card": command.card},
    )


def feeding_aid_choices(state: EgiziaState, seat: int, missing: int) -> list[list[str]]:
    """Sets of feeding aids ``seat`` could use when ``missing`` grain short (empty: feeding is automatic)."""
    return []


def apply_feeding_aids(ctx: Ctx, seat: int, aids: list[str]) -> int:
    """Use the feeding aids (emitting their events) and return the grain they add."""
    if aids:
        raise RuleViolation(
            "feed.aid_unavailable", f"No feeding aid can be used here: {aids}.", {"aids": aids}
        )
    return 0


def strength_cards_bonus(state: EgiziaState, seat: int, cards: list[str]) -> int:
    """The extra build strength of the listed anytime cards (validated), for one build action."""
    if cards:
        raise RuleViolation(
            "build.card_unavailable", f"No strength card can be played here: {cards}.", {"cards": cards}
        )
    return 0


def sphinx_free_draws(state: EgiziaState, seat: int) -> int:
    """Sphinx cards ``seat`` may draw for free at the Sphinx (N12-19)."""
    return 0


def sphinx_keep_limit(state: EgiziaState, seat: int) -> int:
    """How many drawn Sphinx cards ``seat`` may keep (N5-04 raises it)."""
    return SPHINX_KEEP
