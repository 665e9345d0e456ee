"""Game setup and round setup. Every shuffle of the game is drawn at setup from the seed through
``domain.rng`` (one labelled stream each) and recorded in the setup event; a round's deal reads them."""

from __future__ import annotations

from typing import Any

from domain.engine import Ctx, seed_commitment
from domain.games.sobek import commands as cmd
from domain.games.sobek import events as ev
from domain.games.sobek.data import (
    ALL_CARDS,
    CARDS,
    DECK_IDS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NILE_SIZE,
    ROUNDS,
    STARTER_IDS,
    STARTERS_PER_PLAYER,
    TOKEN_IDS,
    TOKENS_PER_ROUND,
)
from domain.games.sobek.rules.turns import refuse
from domain.games.sobek.state import STARTING, RoundDeal, SobekOptions, SobekState
from domain.messages import msg
from domain.rng import shuffled


def round_deal(seed: bytes, players: int, round_number: int) -> RoundDeal:
    label = f"sobek/{{}}/{round_number}"
    return RoundDeal(
        starters=shuffled(seed, label.format("starters"), STARTER_IDS),
        tokens=shuffled(seed, label.format("tokens"), TOKEN_IDS),
        deck=shuffled(seed, label.format("deck"), DECK_IDS),
        seats=shuffled(seed, label.format("seats"), range(players)),
        thief=shuffled(seed, label.format("thief"), [card.id for card in ALL_CARDS]),
    )


def setup_events(players: int, options: SobekOptions, seed: bytes) -> list[Any]:
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"players: Sobek is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
    deals = [round_deal(seed, players, number) for number in range(1, ROUNDS + 1)]
    return [
        ev.GameSetUp(seed_commitment=seed_commitment(seed), options=options, players=players, deals=deals)
    ]


def deal_nile(ctx: Ctx[SobekState]) -> None:
    """Up to nine cards from the top of the deck into the empty Nile."""
    cards = ctx.state.deck[:NILE_SIZE]
    ctx.emit(ev.NileDealt(cards=cards, backs=[CARDS[card].back for card in cards]))


def lowest_scorers(state: SobekState) -> list[int]:
    lowest = min(player.score for player in state.players)
    return [player.seat for player in state.players if player.score == lowest]


def deal_round(ctx: Ctx[SobekState]) -> None:
    """A new round: two green cards each, five face-down tokens, the shuffled deck, nine cards into the Nile;
    the start player is the seat order's first in round 1; later the lowest score chooses (ties: the first
    of them in the round's seat order)."""
    state = ctx.state
    number = state.round + 1
    deal = state.deals[number - 1]
    players = len(state.players)
    dealt = STARTERS_PER_PLAYER * players
    hands = [
        deal.starters[seat * STARTERS_PER_PLAYER : (seat + 1) * STARTERS_PER_PLAYER]
        for seat in range(players)
    ]
    nile = deal.deck[:NILE_SIZE]
    tied = lowest_scorers(state) if number > 1 else []
    chooser = next(seat for seat in deal.seats if seat in tied) if tied else -1
    started = ev.RoundStarted(
        round=number,
        hands=hands,
        hand_sizes=[len(hand) for hand in hands],
        tokens=deal.tokens[:TOKENS_PER_ROUND],
        token_count=TOKENS_PER_ROUND,
        unused_tokens=deal.tokens[TOKENS_PER_ROUND:],
        unused_starters=deal.starters[dealt:],
        deck=list(deal.deck),
        deck_size=len(deal.deck),
        nile=nile,
        nile_backs=[CARDS[card].back for card in nile],
        start_player=deal.seats[0] if number == 1 else -1,
        chooser=chooser,
        tied=tied,
    )
    ctx.emit(started)
    if number == 1:
        ctx.emit(ev.TurnBegan(seat=deal.seats[0]))


def decide_choose_start(ctx: Ctx[SobekState], seat: int, command: cmd.ChooseStart) -> None:
    state = ctx.state
    if state.phase != STARTING or seat != state.chooser:
        refuse(
            "start.not_chooser",
            msg("Only the player with the lowest score chooses the start player, before the round."),
        )
    if not 0 <= command.seat < len(state.players):
        refuse("start.seat", msg("Choose a seat from 0 to {last}.", last=len(state.players) - 1), "seat")
    ctx.emit(ev.StartPlayerChosen(seat=command.seat, by=seat), ev.TurnBegan(seat=command.seat))


def start_commands(state: SobekState) -> list[cmd.ChooseStart]:
    return [cmd.ChooseStart(seat=seat) for seat in range(len(state.players))]
