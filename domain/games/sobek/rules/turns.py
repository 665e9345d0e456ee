"""Whose turn it is, the guards every command passes first, and the end of a turn.

A turn is one action and every decision it leads to (a power's target, the token after a set, the token's
own choice, the Scribe's discards). When the last of them is made the turn ends: the round ends if the Nile
and the deck are both empty, a Flood gives the same player another turn, otherwise the player on the left
plays.
"""

from __future__ import annotations

from typing import NoReturn

from domain.engine import RuleViolation
from domain.games.sobek import events as ev
from domain.games.sobek.rules.context import Ctx
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

# What the player on turn is deciding, in words, for refusals ("first choose ...").
DECISION_WORDS = {
    ACTION: "your turn's action (take a Nile card, play a set or play a character)",
    TOKEN: "which event token to resolve",
    GUILD_PUSH: "which opponent the Guild pushes back",
    CURSE_TARGET: "which opponent receives the Curse",
    PROSPERITY_SET: "which set receives the Prosperity token",
    THIEF_TARGET: "whom the Thief robs, and which back colour",
    VIZIER_TARGET: "whose corruption pile the Vizier looks at",
    VIZIER_PICK: "which card the Vizier takes",
    COURTIER_ADD: "which cards the Courtier adds to which set",
    PRIEST_NAME: "which goods type to remove from your corruption pile",
    MERCHANT_TAKE: "which Nile card the Merchant takes",
}
PHASE_WORDS = {
    DEALING: "the next round is being dealt",
    STARTING: "the start player of the round is being chosen",
    PLAYING: "players take turns",
    SIDEWAYS: "the round is over: players lay sideways sets",
    ENDING: "the final ranking is being made",
    OVER: "the game is over",
}


def refuse(code: str, message: str, field: str = "") -> NoReturn:
    raise RuleViolation(code, message, {"field": field} if field else {})


def seat_checked(state: SobekState, seat: int) -> None:
    if not 0 <= seat < len(state.players):
        refuse("seat.unknown", f"There is no seat {seat} in this game.", "seat")
    if state.phase == OVER:
        refuse("game.over", "The game is over.")


def on_turn(state: SobekState, seat: int, decision: str) -> None:
    """Refuse unless ``seat`` is the player on turn and ``decision`` is what the turn awaits now."""
    if state.phase != PLAYING:
        refuse("turn.phase", f"Not now: {PHASE_WORDS[state.phase]}.")
    if state.discarding:
        refuse("turn.scribe", "Not now: the Scribe's victims are discarding down to six cards.")
    if seat != state.turn:
        refuse("turn.not_yours", "It is not your turn.")
    if state.pending != decision:
        refuse("turn.decision", f"Not now: first choose {DECISION_WORDS[state.pending]}.")


def next_seat(state: SobekState, seat: int) -> int:
    """Play passes to the left (the next seat number)."""
    return (seat + 1) % len(state.players)


def finish_turn(ctx: Ctx) -> None:
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
