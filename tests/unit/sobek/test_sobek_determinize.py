"""Sobek's determinize: a seat imagines every card it cannot see dealt anew where its back allows (another
hand keeps its backs, a face-down Nile place gets a character, the deck market goods and characters, the
unused starters green cards, a corruption pile anything), the hidden tokens shuffled, and the rounds to come
shuffled again; over many samples a hidden card reaches every place it could lie in."""

from __future__ import annotations

import random
from collections import Counter, defaultdict

from domain.games.sobek import GAME
from domain.games.sobek.data import BEIGE, CARDS, DECK_IDS, GREEN, ORANGE
from domain.games.sobek.state import SobekState
from tests.unit.sobek.sobek_support import give, new_game, set_nile

SAMPLES = 400


def _table() -> SobekState:
    """Round 1 of three players: seat 1 holds a beige, a green and a character, seat 2's pile holds two
    cards, and a character lies face down in the Nile."""
    state = new_game(players=3)
    beige = next(card for card in state.deck if CARDS[card].back == BEIGE)
    characters = [card for card in state.deck if CARDS[card].back == ORANGE][:2]
    give(state, 1, [beige, characters[0]])
    give(state, 2, [state.deck[-1], state.deck[-2]], pile="corruption")
    set_nile(state, [characters[1], *state.nile[:8]])
    return state


def _backs(cards: list[str]) -> Counter[str]:
    return Counter(CARDS[card].back for card in cards)


def test_cards_keep_the_backs_the_seat_sees_and_reach_every_place_they_could_lie_in() -> None:
    state = _table()
    places: dict[str, set[str]] = defaultdict(set)
    rng = random.Random(1)
    for _ in range(SAMPLES):
        imagined = GAME.determinize(state, 0, rng)
        assert imagined.players[0] == state.players[0]
        assert _backs(imagined.players[1].hand) == _backs(state.players[1].hand)
        assert len(imagined.players[2].corruption) == len(state.players[2].corruption)
        assert [CARDS[card].back for card in imagined.nile] == [CARDS[card].back for card in state.nile]
        assert set(imagined.deck) <= set(DECK_IDS) and len(imagined.deck) == len(state.deck)
        assert {CARDS[card].back for card in imagined.unused_starters} == {GREEN}
        for place, cards in {
            "deck": imagined.deck,
            "nile": [card for card in imagined.nile if CARDS[card].back == ORANGE],
            "hand": imagined.players[1].hand,
            "pile": imagined.players[2].corruption,
            "starters": imagined.unused_starters,
        }.items():
            for card in cards:
                places[card].add(place)
    character = next(card for card in state.players[1].hand if CARDS[card].back == ORANGE)
    beige = next(card for card in state.players[1].hand if CARDS[card].back == BEIGE)
    green = state.unused_starters[0]
    assert places[character] == {"deck", "nile", "hand", "pile"}
    assert places[beige] == {"deck", "hand", "pile"}
    assert places[green] == {"starters", "hand"}, "every green card hidden has a green place to fill"


def test_the_rounds_to_come_are_shuffled_again_but_the_start_player_shown_stays_first() -> None:
    state = _table()
    decks = set()
    rng = random.Random(2)
    for _ in range(30):
        imagined = GAME.determinize(state, 0, rng)
        decks.add(tuple(imagined.deals[2].deck))
        assert imagined.deals[0].seats[0] == state.start_player
    assert len(decks) == 30
