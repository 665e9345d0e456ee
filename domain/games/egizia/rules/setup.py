"""Phase 0: the opening facts. Every shuffle comes from the seed through ``domain.rng`` and is recorded."""

from __future__ import annotations

from typing import Any

from domain.engine import seed_commitment
from domain.games.egizia import events as ev
from domain.games.egizia.data import (
    DECKS,
    GRAVE_SPACES,
    GRAVE_TILES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NILE_CARDS,
    SPECULATION_CARD,
    SPHINX_CARDS,
    SPHINX_DRAW_CARD,
    STARTING_SPHINX_CARDS,
    TENTH_CARD,
)
from domain.games.egizia.state import EgiziaOptions
from domain.rng import shuffled


def nile_deck_cards(deck: int, players: int, options: EgiziaOptions) -> list[str]:
    """The card ids of one Nile deck for this game, variants applied, in printed order."""
    removed = set()
    if options.without_sphinx_draw_card:
        removed.add(SPHINX_DRAW_CARD)
    if options.remove_speculation_card_in_2p and players == 2:
        removed.add(SPECULATION_CARD)
    return [card.id for card in NILE_CARDS if card.deck == deck and card.id not in removed]


def sphinx_deck_cards(options: EgiziaOptions) -> list[str]:
    """The 29 Sphinx cards (28 without the 1-per-10 card), one id per copy."""
    return [
        card.id
        for card in SPHINX_CARDS
        for _ in range(card.copies)
        if not (options.without_tenth_card and card.id == TENTH_CARD)
    ]


def setup_events(players: int, options: EgiziaOptions, seed: bytes) -> list[Any]:
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"players: Egizia is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
    tiles = shuffled(seed, "egizia/sequence-tiles", list(range(1, players + 1)))
    decks = [
        shuffled(seed, f"egizia/nile/{name}", nile_deck_cards(index, players, options))
        for index, name in enumerate(DECKS)
    ]
    sphinx = shuffled(seed, "egizia/sphinx", sphinx_deck_cards(options))
    per_player = STARTING_SPHINX_CARDS if options.starting_sphinx_card else 0
    by_tile = sorted(range(players), key=lambda seat: tiles[seat])
    hands: list[list[str]] = [[] for _ in range(players)]
    for seat in by_tile:
        hands[seat], sphinx = sphinx[:per_player], sphinx[per_player:]
    graves = shuffled(seed, "egizia/graves", list(GRAVE_TILES))[:GRAVE_SPACES]
    return [
        ev.GameSetUp(
            seed_commitment=seed_commitment(seed),
            options=options,
            players=players,
            tiles=tiles,
            nile_decks=decks,
            deck_sizes=[len(deck) for deck in decks],
            sphinx_deck=sphinx,
            sphinx_deck_size=len(sphinx),
            sphinx_hands=hands,
            graves=graves,
        ),
        ev.RoundStarted(round=1),
    ]
