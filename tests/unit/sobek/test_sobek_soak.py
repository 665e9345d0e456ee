"""2,000 random-bot games over 2, 3 and 4 players, with invariants checked after every event.

The number of games defaults to 2,000 (override with SOBEK_RANDOM_GAMES for a quick local run): the fast tier
plays the first 200, the rest are marked slow (`make test` plays them all). After every
event: the 63 cards (54 market cards and 9 starters) each lie in exactly one place, the 12 event tokens too,
no score is below 0, and the corruption counts the history announces (Fraud, the round's count) are those
of the piles.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from typing import Any

import pytest

from domain.games.sobek import GAME, SobekOptions, SobekState
from domain.games.sobek import events as ev
from domain.games.sobek.data import CARDS, TOKEN_IDS
from domain.games.sobek.rules.corruption import corruption_count
from domain.games.sobek.state import CURSE_TARGET, OVER, PROSPERITY_SET

GAMES = int(os.environ.get("SOBEK_RANDOM_GAMES", "2000"))
FAST_GAMES = min(200, GAMES)  # the fast tier's share: the same first games on every run
SHARES = [
    pytest.param(range(FAST_GAMES), id="first-200"),
    pytest.param(range(FAST_GAMES, GAMES), id="the-rest", marks=pytest.mark.slow),
]
CHECK_LEGAL_EVERY = 50  # every 50th game also checks that decide accepts every listed command
ALL_CARDS = set(CARDS)
ALL_TOKENS = set(TOKEN_IDS)


def _once_each(places: list[list[str]], expected: set[str]) -> bool:
    """Whether every item of ``expected`` lies in exactly one place (and nothing else does)."""
    found = [item for place in places for item in place]
    return len(found) == len(expected) and set(found) == expected


def _cards(state: SobekState) -> list[list[str]]:
    places = [state.deck, state.nile, state.unused_starters, state.discard]
    for player in state.players:
        places += [player.hand, player.corruption, player.purged]
        places += [s.cards for s in player.upright + player.sideways]
    return places


def _tokens(state: SobekState) -> list[list[str]]:
    places = [state.tokens, state.unused_tokens, state.used_tokens]
    for player in state.players:
        places += [player.curses] + [s.prosperity for s in player.upright]
    if state.pending in (CURSE_TARGET, PROSPERITY_SET):  # chosen, waiting for its target
        places.append([state.token])
    return places


def _check(state: SobekState, event: Any) -> None:
    """Fold one event, checking the invariants around it."""
    if isinstance(event, ev.FraudRevealed):
        assert event.count == len(state.players[event.seat].corruption)
    GAME.evolve(state, event)
    if isinstance(event, ev.CorruptionCounted):
        assert event.counts == [corruption_count(p) for p in state.players]
    if state.round == 0:  # the setup event: nothing is dealt yet
        return
    assert _once_each(_cards(state), ALL_CARDS), f"cards not conserved after {type(event).__name__}"
    assert _once_each(_tokens(state), ALL_TOKENS), f"tokens not conserved after {type(event).__name__}"
    assert all(player.score >= 0 for player in state.players)


def _play(players: int, index: int) -> SobekState:
    state = None
    for event in GAME.setup(players, SobekOptions(), f"soak-{index}".encode()):
        state = GAME.evolve(state, event)
    assert isinstance(state, SobekState)
    choice = random.Random(index).choice  # the random bot's pick, from the list already made
    while state.phase != OVER:
        for event in GAME.advance(state):
            _check(state, event)
        acting = GAME.to_act(state)
        if not acting:
            continue
        seat = min(acting)
        commands = GAME.legal_commands(state, seat)
        assert commands, f"seat {seat} must act but has no legal command"
        if index % CHECK_LEGAL_EVERY == 0:
            assert all(GAME.decide(state, seat, command) for command in commands)
        for event in GAME.decide(state, seat, choice(commands)):
            _check(state, event)
    return state


@pytest.mark.parametrize("games", SHARES)
def test_random_games_finish_with_every_card_and_token_conserved(games: range) -> None:
    finished = Counter[int]()
    rounds = Counter[int]()
    for index in games:
        players = 2 + index % 3
        state = _play(players, index)
        result = GAME.result(state)
        assert result is not None and sorted(result.ranking) == list(range(players))
        finished[players] += 1
        rounds[state.round] += 1
    assert sum(finished.values()) == len(games)
    assert rounds[3] > 0 or not games
