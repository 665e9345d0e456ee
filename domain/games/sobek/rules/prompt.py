"""The "what you must decide now" part of a view (``domain.engine.Prompt``)."""

from __future__ import annotations

from domain.engine import Prompt, waiting_prompt
from domain.games.sobek.data import CARDS, SCRIBE_LIMIT, SET_MINIMUM, SYMBOL_NAMES, TAKE_REACH, TOKEN_BY_ID
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

_DECISIONS = {
    TOKEN: ("sobek.choose_token", "Choose one of the event tokens left this round; you see their faces now."),
    CURSE_TARGET: (
        "sobek.curse",
        "Curse: choose the opponent who receives it (it counts as two corruption cards).",
    ),
    PROSPERITY_SET: (
        "sobek.prosper",
        "Prosperity: choose your cattle, fish or wheat set it goes on (+2 scarabs).",
    ),
    THIEF_TARGET: (
        "sobek.steal",
        "Thief: choose an opponent and a back colour; you take a random card of that colour from their hand.",
    ),
    VIZIER_TARGET: ("sobek.look", "Vizier: choose the opponent whose corruption pile you look at."),
    VIZIER_PICK: ("sobek.pick", "Vizier: take one card of the corruption pile you see into your hand."),
    COURTIER_ADD: (
        "sobek.court",
        "Courtier: add one or two matching cards from your hand to one of your sets.",
    ),
    PRIEST_NAME: ("sobek.purge", "Name a goods type: every card of it leaves your corruption pile."),
    MERCHANT_TAKE: ("sobek.hire", "Merchant: take any one card of the Nile, with no corruption."),
}


def _action(state: SobekState, seat: int) -> tuple[str, str, list[str]]:
    hand = state.players[seat].hand
    notes = []
    if reach(state) < TAKE_REACH:
        notes.append(f"Only {len(state.nile)} cards are left in the Nile.")
    if not can_lay_a_set(hand):
        notes.append(
            f"You hold no set: a set needs {SET_MINIMUM} cards of one goods type (amulets are wild)."
        )
    if not any(CARDS[card].power for card in hand):
        notes.append("You hold no character to play for its power.")
    extra = "Flood: another turn. " if state.extra_turn else ""
    text = (
        f"{extra}Your turn: take one of the first {reach(state)} Nile cards (those left of it become your "
        "corruption), play a set, or play a character for its power."
    )
    return "sobek.action", text, notes


def _turn(state: SobekState, seat: int) -> tuple[str, str, list[str]]:
    if state.discarding:
        excess = len(state.players[seat].hand) - SCRIBE_LIMIT
        return (
            "sobek.discard",
            f"The Scribe: discard {excess} more card{'s' if excess > 1 else ''} onto your corruption pile "
            f"(down to {SCRIBE_LIMIT}).",
            [],
        )
    if state.pending == ACTION:
        return _action(state, seat)
    if state.pending == GUILD_PUSH:
        symbol = SYMBOL_NAMES[TOKEN_BY_ID[state.token].symbol]
        return "sobek.push", f"Guild: choose the opponent pushed back to the previous {symbol} square.", []
    code, text = _DECISIONS[state.pending]
    return code, text, []


def prompt_for(state: SobekState, viewer: int | None, to_act: set[int]) -> Prompt:
    if state.phase == OVER or viewer is None or viewer not in to_act:
        return waiting_prompt(to_act, state.phase == OVER)
    notes: list[str] = []
    if state.phase == STARTING:
        code = "sobek.choose_start"
        text = f"You have the lowest score: choose who starts round {state.round} (you may choose yourself)."
    elif state.phase == SIDEWAYS:
        code = "sobek.sideways"
        text = (
            "The round is over: lay sideways sets from your hand (they score their scarabs only), then "
            "finish; the cards left in your hand become corruption."
        )
        notes = ["A sideways set cannot be added to a set already on the table."]
    elif state.phase == PLAYING:
        code, text, notes = _turn(state, viewer)
    else:
        return waiting_prompt(to_act, False)
    return Prompt(waiting_for=sorted(to_act), decision=code, text=text, notes=notes)
