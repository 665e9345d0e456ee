"""Nile cards used in a build action: strength +3/+4/+5 (N12-13, N34-11,
N5-02), two regular crews (N34-13), two free Sphinx draws (N12-19) and keeping two Sphinx cards (N5-04).
"""

from __future__ import annotations

from itertools import combinations

from domain.engine import Ctx, RuleViolation
from domain.games.egizia import events as ev
from domain.games.egizia.data import JOKER, NILE_BY_ID, REGULAR_CREWS, SPHINX_KEEP
from domain.games.egizia.rules.cards.holding import hand_of_kind, has_permanent
from domain.games.egizia.rules.crews import check_crews, crew_options
from domain.games.egizia.state import EgiziaState, Player
from domain.games.egizia.words import card_name
from domain.messages import msg

STRENGTH = "strength"
TWO_CREWS = "two_crews"
BUILD_KINDS = (STRENGTH, TWO_CREWS)

CrewOption = tuple[list[int], list[str], int, int]  # crews, cards, strength, strength without the cards


def _check_build_cards(player: Player, cards: list[str]) -> None:
    if len(set(cards)) != len(cards):
        raise RuleViolation(
            "build.card_twice", msg("cards: each Nile card can be played once."), {"field": "cards"}
        )
    for card in cards:
        if card not in player.hand or NILE_BY_ID[card].kind not in BUILD_KINDS:
            raise RuleViolation(
                "build.card_unavailable",
                msg(
                    "cards: {card} is not a build card in your hand (build cards: the strength cards and Two "
                    "crews).",
                    card=card_name(card),
                ),
                {"field": "cards", "card": card},
            )


def check_build_crews(player: Player, crews: list[int], cards: list[str]) -> int:
    """The strength of one build action: its crews (two regular crews with N34-13) plus strength cards."""
    _check_build_cards(player, cards)
    two = [card for card in cards if NILE_BY_ID[card].kind == TWO_CREWS]
    strength = check_crews(player, crews, regulars=NILE_BY_ID[two[0]].count if two else 1)
    if two and len([crew for crew in crews if crew != JOKER]) != NILE_BY_ID[two[0]].count:
        raise RuleViolation(
            "build.two_crews",
            msg(
                "{card} is played with two unused regular crews (plus the Joker if you like).",
                card=card_name(two[0]),
            ),
            {"field": "crews", "crews": crews},
        )
    return strength + sum(NILE_BY_ID[card].strength for card in cards)


def use_build_cards(ctx: Ctx[EgiziaState], seat: int, cards: list[str]) -> None:
    for card in cards:
        ctx.emit(ev.CardUsed(seat=seat, card=card))


def _two_crew_options(player: Player, card: str) -> list[CrewOption]:
    free = [crew for crew in REGULAR_CREWS if not player.crews_used[crew]]
    options: list[CrewOption] = []
    for pair in combinations(free, 2):
        strength = sum(player.crews[crew] for crew in pair)
        floor = strength - min(player.crews[crew] for crew in pair)
        options.append(([*pair], [card], strength, floor))
        if not player.crews_used[JOKER]:
            joker = player.crews[JOKER]
            options.append(([*pair, JOKER], [card], strength + joker, floor + joker))
    return options


def card_crew_options(player: Player) -> list[CrewOption]:
    """Crew choices that need a build card, each with the strength it has without the card."""
    options: list[CrewOption] = []
    base = crew_options(player)
    for card in dict.fromkeys(hand_of_kind(player, STRENGTH)):
        bonus = NILE_BY_ID[card].strength
        options += [(crews, [card], strength + bonus, strength) for crews, strength in base]
    for card in hand_of_kind(player, TWO_CREWS)[:1]:
        options += _two_crew_options(player, card)
    return options


def sphinx_free_draws(state: EgiziaState, seat: int) -> int:
    card = has_permanent(state.players[seat], "sphinx_extra")
    return NILE_BY_ID[card].count if card else 0


def keep_card(player: Player) -> str | None:
    cards = hand_of_kind(player, "sphinx_keep2")
    return cards[0] if cards else None


def sphinx_keep_limit(state: EgiziaState, seat: int) -> int:
    card = keep_card(state.players[seat])
    return NILE_BY_ID[card].count if card else SPHINX_KEEP


def use_sphinx_cards(ctx: Ctx[EgiziaState], seat: int, free: int, kept: int) -> None:
    """Mark N12-19 used when free cards were drawn, N5-04 when more than one card was kept."""
    player = ctx.state.players[seat]
    extra = has_permanent(player, "sphinx_extra")
    if free and extra:
        ctx.emit(ev.CardUsed(seat=seat, card=extra))
    keep = keep_card(player)
    if kept > SPHINX_KEEP and keep:
        ctx.emit(ev.CardUsed(seat=seat, card=keep))
