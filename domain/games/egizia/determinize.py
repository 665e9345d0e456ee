"""An Egizia state as one seat could imagine it: the hidden cards and grave tiles dealt again.

Hidden from a seat: the order of each Nile deck (what is left of a deck is known: its printed cards less
those seen), the Sphinx cards it does not hold (the deck, the other players' unrevealed cards, the cards
another builder drew), and the face-down grave tiles (any of the tiles not seen face up, since twelve of the
twenty are laid out). Each is dealt again from what is known; every pool is sorted before its shuffle, so
where the items really lay never shows through.
"""

from __future__ import annotations

import random
from collections import Counter

from domain.games.egizia.data import GRAVE_TILES
from domain.games.egizia.rules.sphinx import sphinx_builder
from domain.games.egizia.state import OVER, EgiziaState, copy_state, graves_face_up


def determinize(state: EgiziaState, viewer: int | None, rng: random.Random) -> EgiziaState:
    sampled = copy_state(state)
    if state.phase == OVER:
        return sampled
    for deck in sampled.nile_decks:
        deck.sort()
        rng.shuffle(deck)
    _deal_sphinx_cards(sampled, viewer, rng)
    _lay_face_down_graves(sampled, rng)
    return sampled


def _deal_sphinx_cards(state: EgiziaState, viewer: int | None, rng: random.Random) -> None:
    holders = [p for p in state.players if p.seat != viewer and not p.sphinx_revealed]
    drawn_hidden = sphinx_builder(state) != viewer
    hidden = [*state.sphinx_deck, *(card for p in holders for card in p.sphinx)]
    if drawn_hidden:
        hidden += state.drawn
    hidden.sort()
    rng.shuffle(hidden)
    for player in holders:
        count = len(player.sphinx)
        player.sphinx, hidden = hidden[:count], hidden[count:]
    if drawn_hidden:
        count = len(state.drawn)
        state.drawn, hidden = hidden[:count], hidden[count:]
    state.sphinx_deck = hidden


def _lay_face_down_graves(state: EgiziaState, rng: random.Random) -> None:
    face_up = graves_face_up(state)
    unseen = Counter(GRAVE_TILES) - Counter(state.graves[:face_up])
    pool = sorted(unseen.elements())
    rng.shuffle(pool)
    state.graves[face_up:] = pool[: len(state.graves) - face_up]
