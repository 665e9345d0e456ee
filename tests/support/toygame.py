"""Toy, the card game docs/adding-a-game.md is written around; the store, API and service tests play it.

The doc shows this file block by block (tests/unit/test_adding_a_game_doc.py keeps the two the same), and
the conformance suite plays it like every registered game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from domain.engine import (
    Command,
    Ctx,
    Event,
    Game,
    GameResult,
    Prompt,
    Rules,
    RuleViolation,
    Seat,
    seed_commitment,
    waiting_prompt,
)
from domain.rng import shuffled


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


ToyEvent = GameStarted | DeckShuffled | CardsDealt | CardPlayed | RoundScored | GameEnded


def started_without_variant(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 of ``toy.game_started`` had no variant: every such game was the classic one."""
    return {**data, "variant": "classic"}


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


def setup(seats: int, options: ToyOptions, seed: bytes) -> list[Any]:
    deck = shuffled(seed, "toy/deck", list(range(1, seats * options.hand + 3)))
    commitment = seed_commitment(seed)
    started = GameStarted(seats=seats, hand=options.hand, seed_commitment=commitment, variant="classic")
    return [started, DeckShuffled(order=deck)]


def evolve(state: ToyState | None, event: Any) -> ToyState:
    if isinstance(event, GameStarted):
        return ToyState(seats=event.seats, hand=event.hand, scores=[0] * event.seats, rounds_left=event.hand)
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


def to_act(state: ToyState) -> set[Seat]:
    if state.ranking is not None or not state.dealt or state.rounds_left == 0:
        return set()
    return {seat for seat in range(state.seats) if seat not in state.played}


def check_turn(state: ToyState, seat: Seat) -> None:
    if seat not in to_act(state):
        raise RuleViolation("turn.not_yours", "You have nothing to play right now.", {"seat": seat})


def play_card(ctx: Ctx[ToyState], seat: Seat, command: PlayCard) -> None:
    card = command.card
    if card not in ctx.state.hands[seat]:
        raise RuleViolation("card.not_in_hand", f"You do not hold card {card}.", {"card": card})
    ctx.emit(CardPlayed(seat=seat, card=card))


def phase(state: ToyState) -> str:
    if state.ranking is not None:
        return "over"
    if not state.dealt:
        return "dealing"
    return "playing" if state.rounds_left else "ending"


def deal(ctx: Ctx[ToyState]) -> None:
    state = ctx.state
    cards = state.deck[: state.hand]
    ctx.emit(CardsDealt(seat=len(state.hands), cards=cards, count=len(cards)))


def score_round(ctx: Ctx[ToyState]) -> None:
    state = ctx.state
    cards = [state.played[seat] for seat in range(state.seats)]
    winner = max(range(state.seats), key=lambda seat: cards[seat])
    ctx.emit(RoundScored(cards=cards, winner=winner, points=cards[winner]))


def end_game(ctx: Ctx[ToyState]) -> None:
    scores = ctx.state.scores
    ranking = sorted(range(len(scores)), key=lambda seat: (-scores[seat], seat))
    ctx.emit(GameEnded(ranking=ranking, scores=list(scores)))


def legal_commands(state: ToyState, seat: Seat) -> list[Any]:
    return [PlayCard(card=card) for card in sorted(state.hands[seat])]


def timeout_command(state: ToyState, seat: Seat) -> Any:
    return PlayCard(card=min(state.hands[seat], default=0))


def result(state: ToyState) -> GameResult | None:
    if state.ranking is None:
        return None
    return GameResult(ranking=list(state.ranking), scores=list(state.scores))


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


def view(state: ToyState, seat: Seat | None, legal: list[Any], acting: set[Seat]) -> SeatView:
    mine = seat is not None and seat < len(state.hands)
    if seat in acting:
        prompt = Prompt(waiting_for=sorted(acting), decision="toy.play", text="Play one card face down.")
    else:
        prompt = waiting_prompt(acting, state.ranking is not None)
    return SeatView(
        seat=seat,
        hand=sorted(state.hands[seat]) if mine and seat is not None else None,
        hand_sizes=[len(hand) for hand in state.hands],
        played=sorted(state.played),
        my_card=state.played.get(seat) if seat is not None else None,
        scores=list(state.scores),
        rounds_left=state.rounds_left,
        legal=[msgspec.to_builtins(command) for command in legal],
        prompt=prompt,
    )


def redact(event: Any, seat: Seat | None) -> Any | None:
    if isinstance(event, DeckShuffled):
        return DeckShuffled(order=[])
    if isinstance(event, CardsDealt) and event.seat != seat:
        return CardsDealt(seat=event.seat, cards=[], count=event.count)
    if isinstance(event, CardPlayed) and event.seat != seat:
        return CardPlayed(seat=event.seat, card=None)
    return event


def describe(event: Any, names: Sequence[str]) -> str:
    return type(event).__name__


def secrets(state: ToyState, viewer: Seat | None) -> set[str]:
    return set()


RULES = Rules(
    name="toy",
    title="Toy",
    min_players=2,
    max_players=4,
    Options=ToyOptions,
    Command=PlayCard,
    Event=ToyEvent,
    State=ToyState,
    setup=setup,
    evolve=evolve,
    check=check_turn,
    commands={PlayCard: play_card},
    phase=phase,
    steps={"dealing": deal, "playing": score_round, "ending": end_game},
    to_act=to_act,
    legal_commands=legal_commands,
    timeout_command=timeout_command,
    result=result,
    view=view,
    redact=redact,
    describe=describe,
    secrets=secrets,
    reveals=(GameStarted, DeckShuffled, CardsDealt, RoundScored, GameEnded),
    upcasters={("toy.game_started", 1): started_without_variant},
)

GAME = Game(RULES)
