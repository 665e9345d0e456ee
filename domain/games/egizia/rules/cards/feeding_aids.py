"""Feeding aids in phase 3: N12-12 (+4 grain once), N12-18 (stones for grain 1:1) and the field
improvements N12-15 / N34-15 (Q18: one irrigation class per card, two may stack on one field).

A player is asked in phase 3 only when an aid could reduce the penalty. +4 grain and stones are named in
``Feed.aids``; an improvement is played with ``PlayCard`` (it needs a target field) before feeding.
"""

from __future__ import annotations

from itertools import combinations

from domain.engine import Ctx, RuleViolation
from domain.games.egizia import events as ev
from domain.games.egizia.data import GREEN, NILE_BY_ID
from domain.games.egizia.rules.cards.holding import hand_of_kind, has_permanent
from domain.games.egizia.rules.queries import effective_colour, shortfall
from domain.games.egizia.state import EgiziaState, Player
from domain.games.egizia.words import card_name
from domain.messages import msg

GRAIN_CARD = "grain_surplus"
STONES_CARD = "stones_for_grain"
IMPROVE_CARD = "improve_field"


def aid_cards(player: Player) -> list[str]:
    """The ``Feed.aids`` the player holds: +4 grain cards in hand, the stones-for-grain permanent."""
    aids = hand_of_kind(player, GRAIN_CARD)
    stones_card = has_permanent(player, STONES_CARD)
    if stones_card and player.stones > 0:
        aids.append(stones_card)
    return aids


def _extra_grain(player: Player, aids: tuple[str, ...] | list[str], missing: int) -> int:
    """Grain the aids add: the +4 cards first, then stones for what is still missing."""
    grain = sum(NILE_BY_ID[aid].grain for aid in aids if NILE_BY_ID[aid].kind == GRAIN_CARD)
    if any(NILE_BY_ID[aid].kind == STONES_CARD for aid in aids):
        grain += min(player.stones, max(0, missing - grain))
    return grain


def stones_paid(player: Player, aids: tuple[str, ...] | list[str], missing: int) -> int:
    """Stones the stones-for-grain card pays at most: what the +4 cards leave missing, up to the stones."""
    cards_grain = sum(NILE_BY_ID[aid].grain for aid in aids if NILE_BY_ID[aid].kind == GRAIN_CARD)
    return _extra_grain(player, aids, missing) - cards_grain


def _each_aid_counts(player: Player, combo: tuple[str, ...], missing: int) -> bool:
    """Every aid adds grain: a +4 card while other +4 cards leave grain missing, stones for what is left."""
    grain_cards = [aid for aid in combo if NILE_BY_ID[aid].kind == GRAIN_CARD]
    total = sum(NILE_BY_ID[aid].grain for aid in grain_cards)
    if any(total - NILE_BY_ID[aid].grain >= missing for aid in grain_cards):
        return False
    uses_stones = len(grain_cards) < len(combo)
    return not uses_stones or min(player.stones, missing - total) > 0


def aid_choices(state: EgiziaState, seat: int, missing: int) -> list[list[str]]:
    """Every set of ``Feed.aids`` in which each aid adds grain (the +4 cards count first, then stones)."""
    player = state.players[seat]
    held = aid_cards(player)
    return [
        list(combo)
        for size in range(1, len(held) + 1)
        for combo in combinations(held, size)
        if _each_aid_counts(player, combo, missing)
    ]


def improvable_fields(player: Player) -> list[str]:
    """Fields that an improvement card makes better (not yet green)."""
    return [field.card for field in player.fields if effective_colour(field) > GREEN]


def improvement_helps(state: EgiziaState, seat: int) -> bool:
    """Whether the improvement cards in hand could water one more field at the current ring position."""
    player = state.players[seat]
    cards = len(hand_of_kind(player, IMPROVE_CARD))
    return any(state.ring < effective_colour(field) <= state.ring + cards for field in player.fields)


def could_aid(state: EgiziaState, seat: int, missing: int) -> bool:
    return bool(aid_choices(state, seat, missing)) or improvement_helps(state, seat)


def _stones_to_pay(player: Player, aids: list[str], missing: int, stones: int) -> int:
    most = stones_paid(player, aids, missing)
    if stones == 0:
        return most
    if most == 0 or not 1 <= stones <= most:
        raise RuleViolation(
            "feed.stones",
            msg(
                "stones: with Stones for grain you may pay 1 to {most} stones now (one per missing grain, no "
                "more than you have); 0 pays all of them.",
                most=most,
            )
            if most
            else msg("stones: only the card Stones for grain pays stones for grain: name it in aids."),
            {"field": "stones", "stones": stones, "max": most},
        )
    return stones


def apply_aids(ctx: Ctx[EgiziaState], seat: int, aids: list[str], stones: int = 0) -> int:
    """Check the aids, emit their use and return the grain they add."""
    player = ctx.state.players[seat]
    missing = shortfall(ctx.state, seat)
    if len(set(aids)) != len(aids):
        raise RuleViolation(
            "feed.aid_twice", msg("aids: each feeding aid can be named once."), {"field": "aids"}
        )
    held = aid_cards(player)
    for aid in aids:
        if aid not in held:
            raise RuleViolation(
                "feed.aid_unavailable",
                msg(
                    "aids: {card} is not a feeding aid you can use now (feeding aids: Extra grain in your "
                    "hand, Stones for grain with at least one stone).",
                    card=card_name(aid),
                ),
                {"field": "aids", "aid": aid},
            )
    if aids and sorted(aids) not in [sorted(choice) for choice in aid_choices(ctx.state, seat, missing)]:
        raise RuleViolation(
            "feed.aid_useless",
            msg(
                "aids: your crews are {count} grain short: not every aid named would add grain.",
                count=missing,
            ),
            {"field": "aids", "missing": missing},
        )
    paid = _stones_to_pay(player, aids, missing, stones)
    grain = sum(NILE_BY_ID[aid].grain for aid in aids if NILE_BY_ID[aid].kind == GRAIN_CARD) + paid
    for aid in aids:
        ctx.emit(ev.CardUsed(seat=seat, card=aid))
        if NILE_BY_ID[aid].kind == STONES_CARD:
            ctx.emit(ev.StonesChanged(seat=seat, delta=-paid, reason=f"Nile card {aid}: stones for grain"))
    return grain
