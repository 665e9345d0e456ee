"""A Sobek state as one seat could imagine it: every card and token it cannot see dealt again, the shuffles of
the rounds to come drawn anew.

Hidden cards go back where the table shows their back allows: another hand keeps its backs, a face-down Nile
place takes a character, the deck market goods and characters, the unused starters green cards, a
corruption pile or a priest's haul anything. Pools are sorted before they are shuffled, so where the items
really lay never shows through; the round's start player (or chooser) shown stays first in its seat order.
"""

from __future__ import annotations

import random

from domain.games.sobek.data import ALL_CARDS, BEIGE, CARDS, DECK_IDS, GREEN, ORANGE, STARTER_IDS, TOKEN_IDS
from domain.games.sobek.rules.round_end import laying_sideways
from domain.games.sobek.state import NOBODY, OVER, SIDEWAYS, RoundDeal, SobekState, copy_state
from domain.games.sobek.views import choosing_token, looking_at_pile

ANY = "any"  # a place any card may fill: a corruption pile, the cards a priest took off it
MARKET = "market"  # a place of the deck: market goods and characters, never a green card
SIDEWAYS_DEALS = 1000  # attempts at hands that agree with who may lay sideways sets (a few at most, seen)
_ALL_IDS = sorted(card.id for card in ALL_CARDS)


class _Places:
    """The hidden places of one state, each with what may fill it: a back colour, MARKET or ANY."""

    def __init__(self) -> None:
        self.cards: list[str] = []
        self.needs: list[str] = []

    def add(self, cards: list[str], needs: list[str]) -> None:
        self.cards += cards
        self.needs += needs

    def dealt(self, rng: random.Random) -> list[str]:
        """Every hidden card again, one per place, drawn at random among the fillings the places allow."""
        by_back: dict[str, list[str]] = {GREEN: [], BEIGE: [], ORANGE: []}
        for card in sorted(self.cards):
            by_back[CARDS[card].back].append(card)
        for pool in by_back.values():
            rng.shuffle(pool)
        filled = [by_back[need].pop() if need in by_back else "" for need in self.needs]
        market = by_back[BEIGE] + by_back[ORANGE]
        rng.shuffle(market)
        for index, need in enumerate(self.needs):
            if need == MARKET:
                filled[index] = market.pop()
        rest = by_back[GREEN] + market
        rng.shuffle(rest)
        return [card or rest.pop() for card in filled]


def determinize(state: SobekState, viewer: int | None, rng: random.Random) -> SobekState:
    sampled = copy_state(state)
    if state.phase == OVER:
        return sampled
    _deal_cards(sampled, viewer, rng)
    if state.phase == SIDEWAYS:
        _match_who_lays_sideways(state, sampled, viewer, rng)
    _deal_tokens(sampled, viewer, rng)
    sampled.deals = [_round_deal(sampled, number, rng) for number in range(1, len(state.deals) + 1)]
    return sampled


def _deal_cards(state: SobekState, viewer: int | None, rng: random.Random) -> None:
    places = _Places()
    places.add(state.deck, [MARKET] * len(state.deck))
    places.add(state.unused_starters, [GREEN] * len(state.unused_starters))
    face_down = [index for index, card in enumerate(state.nile) if CARDS[card].back == ORANGE]
    places.add([state.nile[index] for index in face_down], [ORANGE] * len(face_down))
    others = [player for player in state.players if player.seat != viewer]
    looked_at = state.target if looking_at_pile(state, viewer) else NOBODY
    for player in others:
        places.add(player.hand, sorted(CARDS[card].back for card in player.hand))
        if player.seat != looked_at:
            places.add(player.corruption, [ANY] * len(player.corruption))
        places.add(player.purged, [ANY] * len(player.purged))
    cards = places.dealt(rng)

    def take(count: int) -> list[str]:
        nonlocal cards
        taken, cards = cards[:count], cards[count:]
        return taken

    state.deck = take(len(state.deck))
    state.unused_starters = take(len(state.unused_starters))
    for index, card in zip(face_down, take(len(face_down)), strict=True):
        state.nile[index] = card
    for player in others:
        player.hand = take(len(player.hand))
        rng.shuffle(player.hand)
        if player.seat != looked_at:
            player.corruption = take(len(player.corruption))
        player.purged = take(len(player.purged))


def _match_who_lays_sideways(
    state: SobekState, sampled: SobekState, viewer: int | None, rng: random.Random
) -> None:
    """At a round's end everyone sees who may still lay a sideways set: deal again until the hands agree."""
    shown = laying_sideways(state)
    for _ in range(SIDEWAYS_DEALS):
        if laying_sideways(sampled) == shown:
            return
        _deal_cards(sampled, viewer, rng)


def _deal_tokens(state: SobekState, viewer: int | None, rng: random.Random) -> None:
    in_play = [] if choosing_token(state, viewer) else state.tokens
    hidden = sorted([*in_play, *state.unused_tokens])
    rng.shuffle(hidden)
    if in_play:
        state.tokens, hidden = hidden[: len(in_play)], hidden[len(in_play) :]
    state.unused_tokens = hidden


def _round_deal(state: SobekState, number: int, rng: random.Random) -> RoundDeal:
    """A round's shuffles drawn again; the current round keeps the seat its order showed first."""
    seats = list(range(len(state.players)))
    rng.shuffle(seats)
    if number == state.round:
        shown = state.start_player if number == 1 else state.chooser
        if shown != NOBODY:
            seats.remove(shown)
            seats.insert(0, shown)
    return RoundDeal(
        starters=rng.sample(STARTER_IDS, len(STARTER_IDS)),
        tokens=rng.sample(TOKEN_IDS, len(TOKEN_IDS)),
        deck=rng.sample(DECK_IDS, len(DECK_IDS)),
        seats=seats,
        thief=rng.sample(_ALL_IDS, len(_ALL_IDS)),
    )
