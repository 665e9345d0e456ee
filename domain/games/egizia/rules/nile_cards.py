"""Nile cards played on their own (``PlayCard``): which plays a seat may make now, and their events.

The effects live in ``rules/cards``; cards used inside another command (feeding aids, strength cards, the
double action) are checked there. ``docs/games/egizia.md`` lists how each card is played.
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.engine import Ctx, RuleViolation
from domain.games.egizia.commands import PlayCard
from domain.games.egizia.data import NILE_BY_ID
from domain.games.egizia.rules.cards.holding import own_turn
from domain.games.egizia.rules.cards.plays import PLAYS
from domain.games.egizia.rules.cards.turns import (
    LEFTOVER,
    check_leftover,
    leftover_chooser,
    leftover_commands,
    take_leftover,
)
from domain.games.egizia.state import EgiziaState
from domain.games.egizia.words import card_name
from domain.messages import msg

_FEED_AID = msg("{card} is a feeding aid: name it in the aids of your feeding when your crews are short.")
_BUILD_CARD = msg("{card} is played with a build action: name it in the cards of your build or Sphinx draw.")
_PLAYED_ELSEWHERE = {
    "grain_surplus": _FEED_AID,
    "stones_for_grain": _FEED_AID,
    "strength": _BUILD_CARD,
    "two_crews": _BUILD_CARD,
    "double_action": msg(
        "{card} is played with a ship placement on a round space: name it in the cards of that placement."
    ),
    "upstream": msg("{card} is used by itself when you place a ship upstream of your last one."),
    "occupied_round_space": msg("{card} is used by itself when you place a ship on an occupied round space."),
    "sphinx_extra": msg("{card} is used by itself when you draw Sphinx cards."),
    "sphinx_keep2": msg("{card} is used by itself when you keep two drawn Sphinx cards."),
    "grave_card": msg("{card} counts by itself at final scoring."),
}


def _held_cards(state: EgiziaState, seat: int) -> list[str]:
    player = state.players[seat]
    ready = [card for card in player.permanents if card not in player.used_this_round]
    return list(dict.fromkeys([*player.hand, *ready]))


def card_commands(state: EgiziaState, seat: int) -> list[Any]:
    """Card plays ``seat`` may make now, offered next to the phase's own commands."""
    if leftover_chooser(state) == seat:
        return leftover_commands(state, seat)
    if own_turn(state, seat) is None:
        return []
    commands: list[Any] = []
    for card in _held_cards(state, seat):
        play = PLAYS.get(NILE_BY_ID[card].kind)
        if play:
            commands += play[0](state, seat, card)
    return commands


def has_card_play(state: EgiziaState, seat: int) -> bool:
    return bool(card_commands(state, seat))


def _require_held(state: EgiziaState, seat: int, card: str) -> None:
    player = state.players[seat]
    if card in player.hand or (card in player.permanents and card not in player.used_this_round):
        return
    if card in player.permanents:
        raise RuleViolation(
            "card.used_this_round",
            msg("You have already used {card} this round; it works again next round.", card=card_name(card)),
            {"field": "card", "card": card},
        )
    raise RuleViolation(
        "card.not_held", msg("card: you do not hold that Nile card."), {"field": "card", "card": card}
    )


def decide_card(ctx: Ctx[EgiziaState], seat: int, command: PlayCard) -> None:
    """Emit the events of one card play into ``ctx`` or raise :class:`RuleViolation`."""
    state = ctx.state
    card = NILE_BY_ID.get(command.card)
    if card is None:
        raise RuleViolation("card.unknown", msg("card: there is no such Nile card."), {"field": "card"})
    _require_held(state, seat, card.id)
    if card.kind == LEFTOVER:
        check_leftover(state, seat, command)
        take_leftover(ctx, seat, command)
        return
    play = PLAYS.get(card.kind)
    if play is None:
        reason = _PLAYED_ELSEWHERE.get(card.kind, msg("{card} has no effect to play."))
        raise RuleViolation(
            "card.not_playable",
            msgspec.structs.replace(reason, args={"card": card_name(card.id)}),
            {"field": "card"},
        )
    if own_turn(state, seat) is None:
        raise RuleViolation(
            "card.not_your_turn",
            msg(
                "Nile cards are played only on your own turns (placing a ship, feeding when asked, your "
                "build turn), never during final scoring."
            ),
            {"field": "card", "card": card.id},
        )
    play[1](state, seat, command)
    play[2](ctx, seat, command)
