"""A small card game that exercises everything the store must handle, without naming a real game.

"Toy": a deck of cards 1..N is shuffled at setup (the order recorded as data, never shown to anyone);
``advance`` deals each seat a hidden hand. Every round each seat plays one card face down (secret until
the round is scored); when all have played, ``advance`` reveals them and the highest card scores its value.
After ``hand`` rounds the game ends, highest score first.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from domain.engine import (
    Command,
    Event,
    GameDefaults,
    GameResult,
    Prompt,
    RuleViolation,
    Seat,
    seed_commitment,
    waiting_prompt,
)
from domain.rng import shuffled

NAME = "toy"


class ToyOptions(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    hand: int = 3


class PlayCard(Command, frozen=True, kw_only=True, tag="toy.play_card"):
    card: int


class GameStarted(Event, frozen=True, kw_only=True, tag="toy.game_started"):
    seats: int
    hand: int
    seed_commitment: str
    variant: str


class DeckShuffled(Event, frozen=True, kw_only=True, tag="toy.deck_shuffled"):
    order: list[int]


class CardsDealt(Event, frozen=True, kw_only=True, tag="toy.cards_dealt"):
    seat: int
    cards: list[int]
    count: int


class CardPlayed(Event, frozen=True, kw_only=True, tag="toy.card_played"):
    seat: int
    card: int | None


class RoundScored(Event, frozen=True, kw_only=True, tag="toy.round_scored"):
    cards: list[int]
    winner: int
    points: int


class GameEnded(Event, frozen=True, kw_only=True, tag="toy.game_ended"):
    ranking: list[int]
    scores: list[int]


ToyCommand = PlayCard
ToyEvent = GameStarted | DeckShuffled | CardsDealt | CardPlayed | RoundScored | GameEnded


class ToyState(msgspec.Struct, kw_only=True):
    seats: int
    hand: int
    deck: list[int] = msgspec.field(default_factory=list)
    hands: list[list[int]] = msgspec.field(default_factory=list)
    played: dict[int, int] = msgspec.field(default_factory=dict)
    scores: list[int] = msgspec.field(default_factory=list)
    rounds_left: int = 0
    dealt: bool = False
    ranking: list[int] | None = None


class SeatView(msgspec.Struct, kw_only=True):
    seat: int | None
    hand: list[int] | None
    hand_sizes: list[int]
    played: list[int]
    my_card: int | None
    scores: list[int]
    rounds_left: int
    legal: list[dict[str, Any]]
    prompt: Prompt


def _upcast_started_v1(data: dict[str, Any]) -> dict[str, Any]:
    return {**data, "variant": "classic"}


class ToyGame(GameDefaults):
    name = NAME
    title = "Toy"
    min_players = 2
    max_players = 4
    Options: type[msgspec.Struct] = ToyOptions
    Command: Any = ToyCommand
    Event: Any = ToyEvent
    State: type[msgspec.Struct] = ToyState
    event_schema_versions = {"toy.game_started": 2}
    upcasters = {("toy.game_started", 1): _upcast_started_v1}

    def setup(self, seats: int, options: ToyOptions, seed: bytes) -> list[Any]:
        deck = shuffled(seed, "toy/deck", list(range(1, seats * options.hand + 3)))
        commitment = seed_commitment(seed)
        return [
            GameStarted(seats=seats, hand=options.hand, seed_commitment=commitment, variant="classic"),
            DeckShuffled(order=deck),
        ]

    def evolve(self, state: ToyState | None, event: Any) -> ToyState:
        """Folds in place, as games may (the store must never fold onto a state it still uses)."""
        if isinstance(event, GameStarted):
            return ToyState(
                seats=event.seats, hand=event.hand, scores=[0] * event.seats, rounds_left=event.hand
            )
        assert state is not None
        if isinstance(event, DeckShuffled):
            state.deck = list(event.order)
        elif isinstance(event, CardsDealt):
            state.hands.append(list(event.cards))
            del state.deck[: event.count]
            state.dealt = len(state.hands) == state.seats
        elif isinstance(event, CardPlayed):
            assert event.card is not None
            state.hands[event.seat].remove(event.card)
            state.played[event.seat] = event.card
        elif isinstance(event, RoundScored):
            state.scores[event.winner] += event.points
            state.played.clear()
            state.rounds_left -= 1
        elif isinstance(event, GameEnded):
            state.ranking = list(event.ranking)
        else:
            raise TypeError(f"unknown event {event!r}")
        return state

    def decide(self, state: ToyState, seat: Seat, command: Any) -> list[Any]:
        if seat not in self.to_act(state):
            raise RuleViolation("turn.not_yours", "You have nothing to play right now.", {"seat": seat})
        if not isinstance(command, PlayCard) or command.card not in state.hands[seat]:
            card = getattr(command, "card", None)
            raise RuleViolation("card.not_in_hand", f"You do not hold card {card}.", {"card": card})
        return [CardPlayed(seat=seat, card=command.card)]

    def advance(self, state: ToyState) -> list[Any]:
        if state.ranking is not None:
            return []
        if not state.dealt:
            seat = len(state.hands)
            cards = state.deck[: state.hand]
            return [CardsDealt(seat=seat, cards=cards, count=len(cards))]
        if len(state.played) == state.seats:
            cards = [state.played[s] for s in range(state.seats)]
            winner = max(range(state.seats), key=lambda s: cards[s])
            return [RoundScored(cards=cards, winner=winner, points=cards[winner])]
        if state.rounds_left == 0:
            ranking = sorted(range(state.seats), key=lambda s: (-state.scores[s], s))
            return [GameEnded(ranking=ranking, scores=list(state.scores))]
        return []

    def to_act(self, state: ToyState) -> set[Seat]:
        if state.ranking is not None or not state.dealt or state.rounds_left == 0:
            return set()
        return {s for s in range(state.seats) if s not in state.played}

    def legal_commands(self, state: ToyState, seat: Seat) -> list[Any]:
        if seat not in self.to_act(state):
            return []
        return [PlayCard(card=card) for card in sorted(state.hands[seat])]

    def view(self, state: ToyState, seat: Seat | None) -> msgspec.Struct:
        mine = seat is not None and seat < len(state.hands)
        return SeatView(
            seat=seat,
            hand=sorted(state.hands[seat]) if mine and seat is not None else None,
            hand_sizes=[len(h) for h in state.hands],
            played=sorted(state.played),
            my_card=state.played.get(seat) if seat is not None else None,
            scores=list(state.scores),
            rounds_left=state.rounds_left,
            legal=[msgspec.to_builtins(c) for c in self.legal_commands(state, seat)]
            if seat is not None
            else [],
            prompt=self._prompt(state, seat),
        )

    def _prompt(self, state: ToyState, seat: Seat | None) -> Prompt:
        to_act = self.to_act(state)
        if seat in to_act:
            return Prompt(waiting_for=sorted(to_act), decision="toy.play", text="Play one card face down.")
        return waiting_prompt(to_act, state.ranking is not None)

    def secrets(self, state: ToyState, viewer: Seat | None) -> set[str]:
        """Toy cards are bare numbers, so its secrets cannot be searched for as words."""
        return set()

    def redact(self, event: Any, seat: Seat | None) -> Any | None:
        if isinstance(event, DeckShuffled):
            return DeckShuffled(order=[])
        if isinstance(event, CardsDealt) and event.seat != seat:
            return CardsDealt(seat=event.seat, cards=[], count=event.count)
        if isinstance(event, CardPlayed) and event.seat != seat:
            return CardPlayed(seat=event.seat, card=None)
        return event

    def describe(self, event: Any, names: Sequence[str]) -> str:
        return type(event).__name__

    def result(self, state: ToyState) -> GameResult | None:
        if state.ranking is None:
            return None
        return GameResult(ranking=list(state.ranking), scores=list(state.scores))

    def timeout_command(self, state: ToyState, seat: Seat) -> Any:
        return PlayCard(card=min(state.hands[seat]))

    def reveals(self, event: Any) -> bool:
        """The deal, the shuffle and the scoring of a round (its cards turned up) reveal; a card played face
        down does not."""
        return not isinstance(event, CardPlayed)


GAME = ToyGame()
