"""The "what you must decide now" part of a view (``domain.engine.Prompt``)."""

from __future__ import annotations

from domain.engine import Prompt, waiting_prompt
from domain.games.sobek.data import CARDS, SCRIBE_LIMIT, SET_MINIMUM, TAKE_REACH, TOKEN_BY_ID
from domain.games.sobek.rules.sets import can_lay_a_set
from domain.games.sobek.rules.take import reach
from domain.games.sobek.state import (
    ACTION,
    COURTIER_ADD,
    CURSE_TARGET,
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
from domain.games.sobek.words import SYMBOL_NAMES
from domain.messages import Msg, msg, msgn

_DECISIONS = {
    TOKEN: (
        "sobek.choose_token",
        msg("Choose one of the event tokens left this round; you see their faces now."),
    ),
    CURSE_TARGET: (
        "sobek.curse",
        msg("Curse: choose the opponent who receives it (it counts as two corruption cards)."),
    ),
    PROSPERITY_SET: (
        "sobek.prosper",
        msg("Prosperity: choose your cattle, fish or wheat set it goes on (+2 scarabs)."),
    ),
    THIEF_TARGET: (
        "sobek.steal",
        msg(
            "Thief: choose an opponent and a back colour; you take a random card of that colour from their "
            "hand."
        ),
    ),
    VIZIER_TARGET: ("sobek.look", msg("Vizier: choose the opponent whose corruption pile you look at.")),
    VIZIER_PICK: ("sobek.pick", msg("Vizier: take one card of the corruption pile you see into your hand.")),
    COURTIER_ADD: (
        "sobek.court",
        msg("Courtier: add one or two matching cards from your hand to one of your sets."),
    ),
    PRIEST_NAME: ("sobek.purge", msg("Name a goods type: every card of it leaves your corruption pile.")),
    MERCHANT_TAKE: ("sobek.hire", msg("Merchant: take any one card of the Nile, with no corruption.")),
}


def _action(state: SobekState, seat: int) -> tuple[str, Msg, list[Msg]]:
    hand = state.players[seat].hand
    notes = []
    if reach(state) < TAKE_REACH:
        notes.append(
            msgn(
                "Only {count} card is left in the Nile.",
                "Only {count} cards are left in the Nile.",
                len(state.nile),
            )
        )
    if not can_lay_a_set(hand):
        notes.append(
            msg(
                "You hold no set: a set needs {least} cards of one goods type (amulets are wild).",
                least=SET_MINIMUM,
            )
        )
    if not any(CARDS[card].power for card in hand):
        notes.append(msg("You hold no character to play for its power."))
    if state.extra_turn:
        text = msg(
            "Flood: another turn. Take one of the first {reach} Nile cards (those left of it become your "
            "corruption), play a set, or play a character for its power.",
            reach=reach(state),
        )
    else:
        text = msg(
            "Your turn: take one of the first {reach} Nile cards (those left of it become your corruption), "
            "play a set, or play a character for its power.",
            reach=reach(state),
        )
    return "sobek.action", text, notes


def _turn(state: SobekState, seat: int) -> tuple[str, Msg, list[Msg]]:
    if state.discarding:
        excess = len(state.players[seat].hand) - SCRIBE_LIMIT
        text = msgn(
            "The Scribe: discard {count} more card onto your corruption pile (down to {limit}).",
            "The Scribe: discard {count} more cards onto your corruption pile (down to {limit}).",
            excess,
            limit=SCRIBE_LIMIT,
        )
        return "sobek.discard", text, []
    if state.pending == ACTION:
        return _action(state, seat)
    if state.pending == GUILD_PUSH:
        symbol = SYMBOL_NAMES[TOKEN_BY_ID[state.token].symbol]
        return (
            "sobek.push",
            msg("Guild: choose the opponent pushed back to the previous {symbol} square.", symbol=symbol),
            [],
        )
    code, text = _DECISIONS[state.pending]
    return code, text, []


def prompt_for(state: SobekState, viewer: int | None, to_act: set[int]) -> Prompt:
    if state.phase == OVER or viewer is None or viewer not in to_act:
        return waiting_prompt(to_act, state.phase == OVER)
    notes: list[Msg] = []
    if state.phase == STARTING:
        code = "sobek.choose_start"
        text = msg(
            "You have the lowest score: choose who starts round {round} (you may choose yourself).",
            round=state.round,
        )
    elif state.phase == SIDEWAYS:
        code = "sobek.sideways"
        text = msg(
            "The round is over: lay sideways sets from your hand (they score their scarabs only), then "
            "finish; the cards left in your hand become corruption."
        )
        notes = [msg("A sideways set cannot be added to a set already on the table.")]
    elif state.phase == PLAYING:
        code, text, notes = _turn(state, viewer)
    else:
        return waiting_prompt(to_act, False)
    return Prompt(waiting_for=sorted(to_act), decision=code, text=text, notes=list[Msg | str](notes))
