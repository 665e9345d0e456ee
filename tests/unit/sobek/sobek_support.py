"""Helpers for the Sobek rules tests: set a game up, put cards where a test needs them, run commands.

The helpers move cards rather than invent them: every card stays in exactly one place, so a test situation
is still a real game's (cards taken out of play go to the deck's bottom).
"""

from __future__ import annotations

from typing import Any

from domain.engine import fold, run_automatic, start
from domain.games.sobek import GAME, SobekOptions, SobekState, copy_state
from domain.games.sobek.data import TOKEN_IDS
from domain.games.sobek.state import ACTION, PLAYING, GoodsSet

NAMES = ["Ann", "Ben", "Cleo", "Dan"]


def new_game(players: int = 3, seed: bytes = b"sobek-test") -> SobekState:
    """A fresh game in round 1, waiting for the start player's first action."""
    state, _ = start(GAME, players, SobekOptions(), seed)
    assert isinstance(state, SobekState) and state.phase == PLAYING
    return state


def card_lists(state: SobekState) -> list[list[str]]:
    """Every list a card can lie in."""
    lists = [state.deck, state.nile, state.unused_starters, state.discard]
    for player in state.players:
        lists += [player.hand, player.corruption, player.purged]
        lists += [goods_set.cards for goods_set in player.upright + player.sideways]
    return lists


def pull(state: SobekState, card: str) -> None:
    for cards in card_lists(state):
        if card in cards:
            cards.remove(card)
            return
    raise AssertionError(f"{card} is nowhere")


def give(state: SobekState, seat: int, cards: list[str], pile: str = "hand") -> None:
    """Move ``cards`` into a seat's hand (or ``pile="corruption"``)."""
    for card in cards:
        pull(state, card)
    getattr(state.players[seat], pile).extend(cards)


def empty_hands(state: SobekState) -> None:
    for player in state.players:
        state.deck.extend(player.hand)
        player.hand = []


def set_nile(state: SobekState, cards: list[str]) -> None:
    """The Nile holds exactly ``cards``, left to right (its old cards go under the deck)."""
    old = [card for card in state.nile if card not in cards]
    for card in cards:
        pull(state, card)
    state.deck.extend(old)
    state.nile = list(cards)


def set_deck(state: SobekState, cards: list[str]) -> None:
    """The deck holds exactly ``cards``, top first (the others leave play on the discard pile)."""
    for card in cards:
        pull(state, card)
    state.discard.extend(state.deck)
    state.deck = list(cards)


def lay(state: SobekState, seat: int, cards: list[str], goods: str, sideways: bool = False) -> GoodsSet:
    for card in cards:
        pull(state, card)
    goods_set = GoodsSet(goods=goods, cards=list(cards))
    (state.players[seat].sideways if sideways else state.players[seat].upright).append(goods_set)
    return goods_set


def set_tokens(state: SobekState, tokens: list[str]) -> None:
    """These tokens (and only these) lie face down this round."""
    state.tokens = list(tokens)
    state.unused_tokens = [token for token in TOKEN_IDS if token not in tokens]
    state.used_tokens = []


def turn_of(state: SobekState, seat: int) -> SobekState:
    state.phase, state.turn, state.pending, state.discarding = PLAYING, seat, ACTION, []
    return state


def play(state: SobekState, seat: int, command: Any) -> tuple[SobekState, list[Any]]:
    """Decide and fold a command on a copy (no automatic steps); the given state is left untouched."""
    events = GAME.decide(state, seat, command)
    return fold(GAME, events, copy_state(state)), events


def play_on(state: SobekState, seat: int, command: Any) -> tuple[SobekState, list[Any]]:
    """Like :func:`play`, then run the automatic steps that follow."""
    after, events = play(state, seat, command)
    after, automatic = run_automatic(GAME, after)
    return after, [*events, *automatic]


def of_type(events: list[Any], kind: type) -> list[Any]:
    return [event for event in events if isinstance(event, kind)]
