"""Sobek bots: the generic random bot, and a greedy bot that scores each legal command one step ahead."""

from __future__ import annotations

from domain.bots import LookaheadBot
from domain.games.sobek.data import AMULET, CARDS, PENALTY_STEP_POINTS, TRADE_GOODS
from domain.games.sobek.rules.corruption import corruption_count
from domain.games.sobek.rules.sets import sideways_points, upright_points
from domain.games.sobek.state import SobekState, copy_state

CARDS_IN_PLAY = 63  # deck and Nile at the start of a round: how far the round has gone
HAND_WEIGHT = 0.45  # a card in hand may still join a set: part of what it would add
CORRUPTION_CARD = 0.8  # every corruption card raises the chance of the penalty
LEADER_RISK = 0.9  # the share of the penalty expected when the most corrupt
PENALTY_PER_STEP = 3.0  # about how many points one step back to the same symbol costs


def _hand_value(state: SobekState, seat: int) -> float:
    hand = state.players[seat].hand
    amulets = sum(1 for card in hand if CARDS[card].goods == AMULET)
    value = 0.0
    for goods in TRADE_GOODS:
        cards = [card for card in hand if CARDS[card].goods == goods]
        if cards:
            scarabs = sum(CARDS[card].scarabs for card in cards)
            value += scarabs * (len(cards) + amulets) * 0.5 + len(cards) * 0.3
    left = (len(state.deck) + len(state.nile)) / CARDS_IN_PLAY
    return HAND_WEIGHT * value * left


def position_value(state: SobekState, seat: int) -> float:
    """A rough worth of a seat's position: score, the sets on the table, the hand, less the corruption."""
    player = state.players[seat]
    table = sum(upright_points(s) for s in player.upright) + sum(sideways_points(s) for s in player.sideways)
    mine = corruption_count(player)
    highest_other = max(corruption_count(p) for p in state.players if p.seat != seat)
    risk = LEADER_RISK if mine >= highest_other and mine > 0 else 0.2
    penalty = risk * (table // PENALTY_STEP_POINTS) * PENALTY_PER_STEP
    rivals = max(p.score for p in state.players if p.seat != seat)
    return (
        player.score
        + table
        + _hand_value(state, seat)
        - CORRUPTION_CARD * mine
        - penalty
        - 0.1 * rivals
        + 0.5 * len([c for c in player.hand if CARDS[c].power])
    )


class GreedyBot(LookaheadBot):
    """Plays the legal command whose events leave the best :func:`position_value` (ties: first listed)."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, position_value, copy_state)
