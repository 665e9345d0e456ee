"""Egizia's determinize: a seat imagines each Nile deck in a new order (never a card of another deck), the
Sphinx cards it does not hold dealt anew among the deck and the other players, and the face-down grave tiles
drawn again from the tiles it has not seen face up."""

from __future__ import annotations

import random
from collections import Counter, defaultdict

from domain.games.egizia import GAME
from domain.games.egizia.data import GRAVE_TILES
from domain.games.egizia.state import EgiziaState, graves_face_up
from tests.unit.egizia.egizia_support import new_game

SAMPLES = 400


def test_each_nile_deck_keeps_its_cards_in_a_new_order() -> None:
    state = new_game(players=3)
    orders = set()
    rng = random.Random(1)
    for _ in range(50):
        imagined = GAME.determinize(state, 0, rng)
        assert [sorted(deck) for deck in imagined.nile_decks] == [sorted(deck) for deck in state.nile_decks]
        orders.add(tuple(imagined.nile_decks[1]))
    assert len(orders) == 50


def test_the_sphinx_cards_a_seat_does_not_hold_reach_the_deck_and_every_other_player() -> None:
    state = new_game(players=3)
    viewer = 0
    hidden = Counter(state.sphinx_deck) + Counter(state.players[1].sphinx) + Counter(state.players[2].sphinx)
    sizes = [len(state.sphinx_deck), len(state.players[1].sphinx), len(state.players[2].sphinx)]
    places: dict[str, set[str]] = defaultdict(set)
    rng = random.Random(2)
    for _ in range(SAMPLES):
        imagined = GAME.determinize(state, viewer, rng)
        assert imagined.players[viewer].sphinx == state.players[viewer].sphinx
        held = {"deck": imagined.sphinx_deck, "seat 1": imagined.players[1].sphinx}
        held["seat 2"] = imagined.players[2].sphinx
        assert sum((Counter(cards) for cards in held.values()), Counter()) == hidden
        assert [len(cards) for cards in held.values()] == sizes
        for place, cards in held.items():
            for card in cards:
                places[card].add(place)
    assert all(places[card] == {"deck", "seat 1", "seat 2"} for card in hidden)


def _graves_half_taken(state: EgiziaState) -> EgiziaState:
    for space in range(5):
        state.grave_owners[space] = space % 3
    return state


def test_face_down_graves_take_every_value_not_seen_face_up() -> None:
    state = _graves_half_taken(new_game(players=3))
    face_up = graves_face_up(state)
    unseen = Counter(GRAVE_TILES) - Counter(state.graves[:face_up])
    values: dict[int, set[int]] = defaultdict(set)
    rng = random.Random(3)
    for _ in range(SAMPLES):
        imagined = GAME.determinize(state, 0, rng)
        assert imagined.graves[:face_up] == state.graves[:face_up]
        assert not Counter(imagined.graves[face_up:]) - unseen, "a face-down tile is one already seen"
        for space in range(face_up, len(state.graves)):
            values[space].add(imagined.graves[space])
    assert all(values[space] == set(unseen) for space in range(face_up, len(state.graves)))
