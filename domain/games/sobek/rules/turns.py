"""Whose turn it is, the guards every command passes first, and the end of a turn.

A turn is one action and every decision it leads to (a power's target, the token after a set, the token's
own choice, the Scribe's discards). When the last of them is made the turn ends: the round ends if the Nile
and the deck are both empty, a Flood gives the same player another turn, otherwise the player on the left
plays.
"""

from __future__ import annotations

from typing import NoReturn

from domain.engine import Ctx, RuleViolation
from domain.games.sobek import events as ev
from domain.games.sobek.state import (
    ACTION,
    COURTIER_ADD,
    CURSE_TARGET,
    DEALING,
    ENDING,
    GUILD_PUSH,
    MERCHANT_TAKE,
    OVER,
    PLAYING,
    PRIEST_NAME,
    PROSPERITY_SET,
    SIDEWAYS,
    STARTING,
    THIEF_TARGET,
    TOKEN,
    VIZIER_PICK,
    VIZIER_TARGET,
    SobekState,
)
from domain.messages import Msg, msg

# What the player on turn is deciding, in words, for refusals ("first choose ...").
DECISION_WORDS = {
    ACTION: msg(
        "Not now: first choose your turn's action (take a Nile card, play a set or play a character)."
    ),
    TOKEN: msg("Not now: first choose which event token to resolve."),
    GUILD_PUSH: msg("Not now: first choose which opponent the Guild pushes back."),
    CURSE_TARGET: msg("Not now: first choose which opponent receives the Curse."),
    PROSPERITY_SET: msg("Not now: first choose which set receives the Prosperity token."),
    THIEF_TARGET: msg("Not now: first choose whom the Thief robs, and which back colour."),
    VIZIER_TARGET: msg("Not now: first choose whose corruption pile the Vizier looks at."),
    VIZIER_PICK: msg("Not now: first choose which card the Vizier takes."),
    COURTIER_ADD: msg("Not now: first choose which cards the Courtier adds to which set."),
    PRIEST_NAME: msg("Not now: first choose which goods type to remove from your corruption pile."),
    MERCHANT_TAKE: msg("Not now: first choose which Nile card the Merchant takes."),
}
PHASE_WORDS = {
    DEALING: msg("Not now: the next round is being dealt."),
    STARTING: msg("Not now: the start player of the round is being chosen."),
    PLAYING: msg("Not now: players take turns."),
    SIDEWAYS: msg("Not now: the round is over and players lay sideways sets."),
    ENDING: msg("Not now: the final ranking is being made."),
    OVER: msg("Not now: the game is over."),
}


def refuse(code: str, message: Msg, field: str = "") -> NoReturn:
    raise RuleViolation(code, message, {"field": field} if field else {})


def seat_checked(state: SobekState, seat: int) -> None:
    if not 0 <= seat < len(state.players):
        refuse("seat.unknown", msg("There is no such seat in this game."), "seat")
    if state.phase == OVER:
        refuse("game.over", msg("The game is over."))


def on_turn(state: SobekState, seat: int, decision: str) -> None:
    """Refuse unless ``seat`` is the player on turn and ``decision`` is what the turn awaits now."""
    if state.phase != PLAYING:
        refuse("turn.phase", PHASE_WORDS[state.phase])
    if state.discarding:
        refuse("turn.scribe", msg("Not now: the Scribe's victims are discarding down to six cards."))
    if seat != state.turn:
        refuse("turn.not_yours", msg("It is not your turn."))
    if state.pending != decision:
        refuse("turn.decision", DECISION_WORDS[state.pending])


def next_seat(state: SobekState, seat: int) -> int:
    """Play passes to the left (the next seat number)."""
    return (seat + 1) % len(state.players)


def finish_turn(ctx: Ctx[SobekState]) -> None:
    """End the turn if nothing is left to decide in it."""
    state = ctx.state
    if state.pending != ACTION or state.discarding:
        return
    if not state.nile and not state.deck:
        ctx.emit(ev.RoundEnding(round=state.round))
    elif state.extra_turns > 0:
        ctx.emit(ev.TurnBegan(seat=state.turn, extra=True))
    else:
        ctx.emit(ev.TurnBegan(seat=next_seat(state, state.turn)))
